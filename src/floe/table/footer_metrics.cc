#include "floe/table/footer_metrics.h"

#include <algorithm>

#include "floe/expr/bounds_evaluator.h"
#include "floe/spec/single_value.h"
#include "floe/table/iceberg_metrics.h"
#include "floe/table/parquet_pruning.h"
#include "floe/util/bytes.h"
#include "floe/util/time.h"

namespace floe::table {

namespace {

using columnar::TimeUnit;
using spec::Literal;
using spec::TypeId;

// A time or timestamp value of `unit` in micro- (or, with `nanos`, nano-) seconds; a lower bound
// rounds down and an upper bound up when precision is lost, so the bounds stay bounds.
int64_t ToUnit(int64_t v, TimeUnit unit, bool nanos, bool upper) {
  int64_t per_second = nanos ? 1'000'000'000 : 1'000'000;
  switch (unit) {
    case TimeUnit::kSecond:
      return v * per_second;
    case TimeUnit::kMilli:
      return v * (per_second / 1000);
    case TimeUnit::kMicro:
      return nanos ? v * 1000 : v;
    case TimeUnit::kNano:
      return nanos ? v : (upper ? -FloorDiv(-v, 1000) : FloorDiv(v, 1000));
  }
  return v;
}

// A statistics value in the file's columnar form (parquet_pruning.h) as a value of the table
// column's Iceberg type; nullopt when the pair has no conversion (then no bound is kept).
std::optional<Literal> ToTableValue(const columnar::DataType& file_type, const Literal& v,
                                    const spec::Type& table, bool upper) {
  const TypeId id = table.id();
  switch (id) {
    case TypeId::kBoolean:
      if (v.holds<bool>()) return v;
      return std::nullopt;
    case TypeId::kInt:
    case TypeId::kDate:
      if (v.holds<int32_t>()) return v;
      return std::nullopt;
    case TypeId::kLong:
      if (v.holds<int32_t>()) return Literal::Long(v.get<int32_t>());
      if (v.holds<int64_t>() && file_type.id() != columnar::TypeId::kUInt64) return v;
      return std::nullopt;
    case TypeId::kFloat:
      if (v.holds<float>()) return v;
      return std::nullopt;
    case TypeId::kDouble:
      if (v.holds<float>()) return Literal::Double(v.get<float>());
      if (v.holds<double>()) return v;
      return std::nullopt;
    case TypeId::kTime:
      if (!v.holds<int64_t>()) return std::nullopt;
      if (file_type.id() != columnar::TypeId::kTime32 &&
          file_type.id() != columnar::TypeId::kTime64) {
        return std::nullopt;
      }
      return Literal::Time(ToUnit(v.get<int64_t>(), file_type.unit(), false, upper));
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs: {
      if (!v.holds<int64_t>() || file_type.id() != columnar::TypeId::kTimestamp)
        return std::nullopt;
      bool nanos = id == TypeId::kTimestampNs || id == TypeId::kTimestampTzNs;
      return Literal::Timestamp(ToUnit(v.get<int64_t>(), file_type.unit(), nanos, upper));
    }
    case TypeId::kDecimal:
      if (v.holds<spec::Decimal>() && v.get<spec::Decimal>().scale == table.scale()) return v;
      return std::nullopt;
    case TypeId::kString:
      if (v.holds<std::string>()) return v;
      return std::nullopt;
    case TypeId::kBinary:
    case TypeId::kFixed:
      if (v.holds<spec::Bytes>()) return v;
      return std::nullopt;
    case TypeId::kUuid: {
      if (!v.holds<spec::Bytes>() || v.get<spec::Bytes>().data.size() != 16) return std::nullopt;
      Uuid u;
      std::copy_n(v.get<spec::Bytes>().data.begin(), 16, u.bytes.begin());
      return Literal::MakeUuid(u);
    }
    default:
      return std::nullopt;
  }
}

// A PLAIN statistics value of a leaf as a value in its columnar form (as parquet_pruning.h reads
// them), used where the order the writer compared in does not matter.
std::optional<Literal> PlainValue(parquet::Type physical, const columnar::DataType& type,
                                  const std::string& bytes) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  switch (physical) {
    case parquet::Type::kBoolean:
      if (bytes.size() != 1) return std::nullopt;
      return Literal::Boolean(bytes[0] != 0);
    case parquet::Type::kInt32: {
      if (bytes.size() != 4) return std::nullopt;
      auto v = LoadLittleEndian<int32_t>(p);
      switch (type.id()) {
        case columnar::TypeId::kUInt32:
          return Literal::Long(static_cast<uint32_t>(v));
        case columnar::TypeId::kTime32:
          return Literal::Long(v);
        case columnar::TypeId::kDecimal128:
          return Literal::MakeDecimal(v, type.scale());
        default:
          return Literal::Int(v);
      }
    }
    case parquet::Type::kInt64: {
      if (bytes.size() != 8 || type.id() == columnar::TypeId::kUInt64) return std::nullopt;
      auto v = LoadLittleEndian<int64_t>(p);
      if (type.id() == columnar::TypeId::kDecimal128) return Literal::MakeDecimal(v, type.scale());
      return Literal::Long(v);
    }
    case parquet::Type::kFloat: {
      if (bytes.size() != 4) return std::nullopt;
      auto v = LoadLittleEndian<float>(p);
      if (v != v) return std::nullopt;  // NaN
      return Literal::Float(v);
    }
    case parquet::Type::kDouble: {
      if (bytes.size() != 8) return std::nullopt;
      auto v = LoadLittleEndian<double>(p);
      if (v != v) return std::nullopt;
      return Literal::Double(v);
    }
    case parquet::Type::kByteArray:
    case parquet::Type::kFixedLenByteArray:
      switch (type.id()) {
        case columnar::TypeId::kString:
          return Literal::String(bytes);
        case columnar::TypeId::kDecimal128: {
          __int128 v = 0;
          if (!LoadWideBigEndianInt128(p, bytes.size(), &v)) return std::nullopt;
          return Literal::MakeDecimal(v, type.scale());
        }
        case columnar::TypeId::kFloat16:
          return std::nullopt;
        default:
          return Literal::Binary(std::vector<uint8_t>(bytes.begin(), bytes.end()));
      }
    default:
      return std::nullopt;  // INT96
  }
}

// The min (= max) bytes of a chunk whose statistics show a single value, or nullptr.
const std::string* SingleStatValue(const parquet::Statistics& s) {
  if (s.is_min_value_exact == false || s.is_max_value_exact == false) return nullptr;
  if (s.min_value && s.max_value) return *s.min_value == *s.max_value ? &*s.min_value : nullptr;
  if (s.min && s.max) return *s.min == *s.max ? &*s.min : nullptr;
  return nullptr;
}

// Where a row group starts: its file_offset, else its first chunk's first page.
int64_t RowGroupStart(const parquet::RowGroup& rg) {
  if (rg.file_offset && *rg.file_offset > 0) return *rg.file_offset;
  if (rg.columns.empty() || !rg.columns[0].meta_data) return 0;
  const parquet::ColumnMetaData& m = *rg.columns[0].meta_data;
  if (m.dictionary_page_offset && *m.dictionary_page_offset > 0) {
    return std::min(*m.dictionary_page_offset, m.data_page_offset);
  }
  return m.data_page_offset;
}

class FooterCollector {
 public:
  FooterCollector(const parquet::FileReader& file, const spec::Schema& table, FooterStatistics& out)
      : file_(file), table_(table), out_(out) {}

  Status Visit(const std::vector<parquet::ReadNode>& nodes, bool inside_list_or_map) {
    for (const parquet::ReadNode& n : nodes) {
      switch (n.kind) {
        case parquet::ReadNode::Kind::kLeaf:
          FLOE_RETURN_IF_ERROR(Leaf(n, inside_list_or_map));
          break;
        case parquet::ReadNode::Kind::kStruct:
          FLOE_RETURN_IF_ERROR(Visit(n.children, inside_list_or_map));
          break;
        case parquet::ReadNode::Kind::kList:
        case parquet::ReadNode::Kind::kMap:
          FLOE_RETURN_IF_ERROR(Visit(n.children, true));
          break;
        case parquet::ReadNode::Kind::kVariant:
          break;  // no metrics: its leaves are the encoding's bytes, not the column's values
      }
    }
    return Ok();
  }

 private:
  Status Leaf(const parquet::ReadNode& leaf, bool inside_list_or_map) {
    std::optional<int32_t> id = leaf.field.field_id();
    if (!id) return Ok();
    const spec::NestedField* field = table_.FindFieldById(*id);
    if (field == nullptr || !field->type->is_primitive()) return Ok();
    const columnar::DataType& file_type = *leaf.field.type;
    FooterColumn c;
    c.field_id = *id;
    c.inside_list_or_map = inside_list_or_map;
    bool have_bounds = !inside_list_or_map;
    std::optional<Literal> min, max;    // in the file's columnar form
    std::optional<std::string> single;  // the bytes of every value, while all chunks agree
    bool single_possible = !inside_list_or_map;
    parquet::Type physical = parquet::Type::kInt32;
    int64_t nulls = 0, nans = 0;
    bool have_nulls = true;
    bool have_nans = file_type.id() == columnar::TypeId::kFloat32 ||
                     file_type.id() == columnar::TypeId::kFloat64;
    const auto& groups = file_.metadata().row_groups;
    for (size_t g = 0; g < groups.size(); ++g) {
      const auto& chunks = groups[g].columns;
      if (leaf.column < 0 || static_cast<size_t>(leaf.column) >= chunks.size() ||
          !chunks[static_cast<size_t>(leaf.column)].meta_data) {
        return Corrupt("{}: row group {} has no metadata for column {}", file_.location(), g,
                       leaf.field.name);
      }
      const parquet::ColumnMetaData& meta = *chunks[static_cast<size_t>(leaf.column)].meta_data;
      physical = meta.type;
      c.column_size += meta.total_compressed_size;
      c.value_count += meta.num_values;
      const parquet::Statistics* s = meta.statistics ? &*meta.statistics : nullptr;
      if (s && s->null_count) {
        nulls += *s->null_count;
      } else {
        have_nulls = false;
      }
      if (s && s->nan_count) {
        nans += *s->nan_count;
      } else {
        have_nans = false;
      }
      if (s && (s->is_min_value_exact == false || s->is_max_value_exact == false)) {
        c.exact_bounds = false;
      }
      bool only_nulls = s && s->null_count && *s->null_count == meta.num_values;
      if (single_possible && !only_nulls) {
        const std::string* v = s ? SingleStatValue(*s) : nullptr;
        if (v == nullptr || (single && *single != *v)) {
          single_possible = false;
        } else {
          single = *v;
        }
      }
      if (!have_bounds || meta.num_values == 0) continue;
      std::optional<expr::ColumnBounds> b =
          ParquetColumnBounds(file_, static_cast<int>(g), leaf.column, file_type);
      if (b && b->min && b->max) {
        if (!min || expr::CompareValues(file_type, *b->min, *min).value_or(0) < 0) min = b->min;
        if (!max || expr::CompareValues(file_type, *b->max, *max).value_or(0) > 0) max = b->max;
        continue;
      }
      // A chunk of nulls only has no bounds and needs none.
      if (!(s && s->null_count && *s->null_count == meta.num_values)) have_bounds = false;
    }
    if (single_possible && single) {
      if (auto v = PlainValue(physical, file_type, *single)) {
        c.only_value = ToTableValue(file_type, *v, *field->type, /*upper=*/false);
      }
    }
    if (have_nulls) c.null_count = nulls;
    if (have_nans) c.nan_count = nans;
    if (have_bounds && min && max) {
      c.lower = ToTableValue(file_type, *min, *field->type, /*upper=*/false);
      c.upper = ToTableValue(file_type, *max, *field->type, /*upper=*/true);
      if (!c.lower || !c.upper) c.lower.reset(), c.upper.reset();
    }
    out_.columns.push_back(std::move(c));
    return Ok();
  }

  const parquet::FileReader& file_;
  const spec::Schema& table_;
  FooterStatistics& out_;
};

}  // namespace

const FooterColumn* FooterStatistics::Find(int32_t field_id) const {
  for (const FooterColumn& c : columns) {
    if (c.field_id == field_id) return &c;
  }
  return nullptr;
}

Result<FooterStatistics> ReadFooterStatistics(const parquet::FileReader& file,
                                              const std::vector<parquet::ReadNode>& read_tree,
                                              const spec::Schema& table) {
  FooterStatistics out;
  out.row_count = file.metadata().num_rows;
  out.file_size = file.file_size();
  for (const parquet::RowGroup& rg : file.metadata().row_groups) {
    out.split_offsets.push_back(RowGroupStart(rg));
  }
  std::sort(out.split_offsets.begin(), out.split_offsets.end());
  FLOE_RETURN_IF_ERROR(FooterCollector(file, table, out).Visit(read_tree, false));
  return out;
}

Status SetDataFileMetrics(const FooterStatistics& stats, const spec::Schema& table,
                          const MetricsConfig& config, manifest::DataFile* file) {
  file->record_count = stats.row_count;
  file->file_size_in_bytes = stats.file_size;
  file->split_offsets = stats.split_offsets;
  for (const FooterColumn& c : stats.columns) {
    MetricsMode mode = config.ModeFor(c.field_id);
    if (mode.kind == MetricsMode::Kind::kNone) continue;
    file->column_sizes.emplace_back(c.field_id, c.column_size);
    file->value_counts.emplace_back(c.field_id, c.value_count);
    if (c.null_count) file->null_value_counts.emplace_back(c.field_id, *c.null_count);
    if (c.nan_count) file->nan_value_counts.emplace_back(c.field_id, *c.nan_count);
    if (mode.kind == MetricsMode::Kind::kCounts || !c.lower || !c.upper) continue;
    const spec::Type& type = *table.FindFieldById(c.field_id)->type;
    FLOE_ASSIGN_OR_RETURN(std::string lower, spec::ToBinary(type, *c.lower));
    FLOE_ASSIGN_OR_RETURN(std::string upper_bytes, spec::ToBinary(type, *c.upper));
    std::optional<std::string> upper = std::move(upper_bytes);
    if (mode.kind == MetricsMode::Kind::kTruncate && type.id() == TypeId::kString) {
      lower = TruncateStringLower(lower, mode.length);
      upper = TruncateStringUpper(*upper, mode.length);
    } else if (mode.kind == MetricsMode::Kind::kTruncate && type.id() == TypeId::kBinary) {
      lower = TruncateBinaryLower(lower, mode.length);
      upper = TruncateBinaryUpper(*upper, mode.length);
    }
    file->lower_bounds.emplace_back(c.field_id, std::move(lower));
    if (upper) file->upper_bounds.emplace_back(c.field_id, std::move(*upper));
  }
  return Ok();
}

}  // namespace floe::table
