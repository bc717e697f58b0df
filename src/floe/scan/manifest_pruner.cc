#include "floe/scan/manifest_pruner.h"

#include <utility>

#include "floe/expr/bounds_evaluator.h"
#include "floe/expr/rewrite_not.h"
#include "floe/scan/partition_bounds.h"
#include "floe/spec/single_value.h"

namespace floe::scan {
namespace {

// The evaluator needs a row count; a manifest's live row count is not always known, and any
// count at least as large as the real one is safe. Small enough that sums cannot overflow.
constexpr int64_t kManyRows = int64_t{1} << 40;

}  // namespace

ManifestPruner::ManifestPruner(ScanFilter filter, const std::vector<spec::PartitionSpec>& specs)
    : filter_(std::move(filter)), rewritten_(expr::RewriteNot(filter_.expr)) {
  for (const spec::PartitionSpec& ps : specs) {
    Spec s;
    s.num_fields = ps.fields.size();
    s.fields = PartitionSources(ps, filter_.schema);
    specs_[ps.spec_id] = std::move(s);
  }
}

bool ManifestPruner::MightMatch(const manifest::ManifestFile& manifest) const {
  if (filter_.always_true()) return true;
  auto it = specs_.find(manifest.partition_spec_id);
  if (it == specs_.end()) return true;
  const Spec& spec = it->second;
  if (!manifest.partitions || manifest.partitions->size() != spec.num_fields) return true;
  const std::vector<manifest::PartitionFieldSummary>& summaries = *manifest.partitions;

  auto buckets = [&](const expr::BoundReference& ref) {
    std::vector<BucketField> out;
    std::optional<int32_t> id = filter_.FieldId(ref);
    if (!id) return out;
    for (const PartitionSource& f : spec.fields) {
      if (f.source_id != *id || f.transform.kind() != spec::TransformKind::kBucket) continue;
      const manifest::PartitionFieldSummary& s = summaries[f.index];
      std::optional<int32_t> lower, upper;
      if (s.lower_bound) {
        Result<spec::Literal> v = spec::FromBinary(*spec::Type::Int(), *s.lower_bound);
        if (v.ok() && v->holds<int32_t>()) lower = v->get<int32_t>();
      }
      if (s.upper_bound) {
        Result<spec::Literal> v = spec::FromBinary(*spec::Type::Int(), *s.upper_bound);
        if (v.ok() && v->holds<int32_t>()) upper = v->get<int32_t>();
      }
      bool all_null = s.contains_null && !s.lower_bound;
      out.push_back(BucketField{f.source_type.get(), f.transform.param(),
                                [lower, upper, all_null](int32_t b) {
                                  if (all_null) return false;
                                  return (!lower || *lower <= b) && (!upper || b <= *upper);
                                }});
    }
    return out;
  };
  expr::BoundExpression filter = PruneBucketPredicates(rewritten_, buckets);
  if (filter.op() == expr::Operation::kFalse) return false;

  auto provider = [&](const expr::BoundReference& ref) -> std::optional<expr::ColumnBounds> {
    std::optional<int32_t> id = filter_.FieldId(ref);
    if (!id || !ref.type) return std::nullopt;
    std::optional<expr::ColumnBounds> result;
    for (const PartitionSource& f : spec.fields) {
      if (f.source_id != *id) continue;
      std::optional<expr::ColumnBounds> b =
          PartitionSummaryBounds(f.transform, *f.source_type, summaries[f.index], kManyRows);
      if (!b) continue;
      result = result ? IntersectBounds(*ref.type, *result, *b) : *b;
    }
    return result;
  };
  return expr::MightMatch(filter, kManyRows, provider);
}

}  // namespace floe::scan
