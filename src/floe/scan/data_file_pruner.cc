#include "floe/scan/data_file_pruner.h"

#include <utility>

#include "floe/expr/rewrite_not.h"
#include "floe/scan/partition_bounds.h"
#include "floe/scan/strict_metrics_evaluator.h"
#include "floe/spec/single_value.h"

namespace floe::scan {

DataFilePruner::DataFilePruner(ScanFilter filter, const spec::PartitionSpec& spec)
    : filter_(std::move(filter)),
      rewritten_(expr::RewriteNot(filter_.expr)),
      spec_id_(spec.spec_id),
      num_partition_fields_(spec.fields.size()) {
  fields_ = PartitionSources(spec, filter_.schema);
}

bool DataFilePruner::PartitionUsable(const manifest::DataFile& file) const {
  return file.partition.size() == num_partition_fields_;
}

std::optional<expr::ColumnBounds> DataFilePruner::Bounds(const manifest::DataFile& file,
                                                         const expr::BoundReference& ref,
                                                         bool use_metrics) const {
  const spec::NestedField* field = filter_.Field(ref);
  if (!field || !ref.type) return std::nullopt;
  const columnar::DataType& type = *ref.type;
  std::optional<expr::ColumnBounds> result;
  auto add = [&](const expr::ColumnBounds& b) {
    result = result ? IntersectBounds(type, *result, b) : b;
  };
  if (PartitionUsable(file)) {
    for (const PartitionSource& pf : fields_) {
      if (pf.source_id != field->id) continue;
      std::optional<expr::ColumnBounds> b = PartitionValueBounds(
          pf.transform, *pf.source_type, file.partition[pf.index], file.record_count);
      if (b) add(*b);
    }
  }
  if (use_metrics && field->type && field->type->is_primitive()) {
    // Bounds that do not decode as the field's type are ignored (e.g. 4-byte dates of a column
    // promoted to timestamp in v3: FromBinary wants 8 bytes).
    expr::ColumnBounds m;
    bool any = false;
    const std::string* lower = manifest::FindBound(file.lower_bounds, field->id);
    const std::string* upper = manifest::FindBound(file.upper_bounds, field->id);
    if (lower) {
      Result<spec::Literal> v = spec::FromBinary(*field->type, *lower);
      if (v.ok() && !v->is_null()) {
        m.min = std::move(*v);
        any = true;
      }
    }
    if (upper) {
      Result<spec::Literal> v = spec::FromBinary(*field->type, *upper);
      if (v.ok() && !v->is_null()) {
        m.max = std::move(*v);
        any = true;
      }
    }
    const int64_t* nulls = manifest::FindCount(file.null_value_counts, field->id);
    const int64_t* values = manifest::FindCount(file.value_counts, field->id);
    const int64_t* nans = manifest::FindCount(file.nan_value_counts, field->id);
    if (nulls && *nulls >= 0) {
      // value_count == null_count: nothing but nulls (as Java's metrics evaluators).
      m.null_count = (values && *values == *nulls) ? file.record_count : *nulls;
      any = true;
    }
    if (nans && *nans >= 0) {
      m.nan_count = *nans;
      any = true;
    }
    if (any) add(m);
  }
  return result;
}

bool DataFilePruner::Evaluate(const manifest::DataFile& file, bool use_metrics) const {
  if (filter_.always_true()) return true;
  expr::BoundExpression filter = rewritten_;
  if (PartitionUsable(file)) {
    auto buckets = [&](const expr::BoundReference& ref) {
      std::vector<BucketField> out;
      std::optional<int32_t> id = filter_.FieldId(ref);
      if (!id) return out;
      for (const PartitionSource& pf : fields_) {
        if (pf.source_id != *id || pf.transform.kind() != spec::TransformKind::kBucket) continue;
        const spec::Literal& value = file.partition[pf.index];
        out.push_back(BucketField{pf.source_type.get(), pf.transform.param(), [&value](int32_t b) {
                                    // A null bucket: every source value is null.
                                    return value.holds<int32_t>() && value.get<int32_t>() == b;
                                  }});
      }
      return out;
    };
    filter = PruneBucketPredicates(rewritten_, buckets);
    if (filter.op() == expr::Operation::kFalse) return false;
  }
  auto provider = [&](const expr::BoundReference& ref) { return Bounds(file, ref, use_metrics); };
  // Row count 0 means no rows, but a delete file's count is not the data's: keep it positive.
  int64_t rows = use_metrics ? file.record_count : std::max<int64_t>(file.record_count, 1);
  return expr::MightMatch(filter, rows, provider);
}

bool DataFilePruner::MightMatch(const manifest::DataFile& file) const {
  return Evaluate(file, /*use_metrics=*/true);
}

bool DataFilePruner::PartitionMightMatch(const manifest::DataFile& file) const {
  return Evaluate(file, /*use_metrics=*/false);
}

bool DataFilePruner::AllRowsMatch(const manifest::DataFile& file) const {
  if (filter_.always_true()) return true;
  auto provider = [&](const expr::BoundReference& ref) { return Bounds(file, ref, true); };
  return scan::AllRowsMatch(filter_.expr, file.record_count, provider);
}

}  // namespace floe::scan
