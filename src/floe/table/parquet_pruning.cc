#include "floe/table/parquet_pruning.h"

#include <cmath>
#include <cstring>
#include <map>

#include "floe/expr/rewrite_not.h"
#include "floe/format/parquet/bloom_filter.h"
#include "floe/spec/single_value.h"
#include "floe/util/bytes.h"

namespace floe::table {

namespace {

using columnar::DataType;
namespace col = floe::columnar;
using parquet::Type;
using spec::Literal;

template <typename T>
std::optional<T> Load(const std::string& bytes) {
  if (bytes.size() != sizeof(T)) return std::nullopt;
  T v;
  std::memcpy(&v, bytes.data(), sizeof(T));
  return v;
}

std::optional<__int128> BigEndian(const std::string& bytes) {
  __int128 v = 0;
  if (!LoadWideBigEndianInt128(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &v))
    return std::nullopt;
  return v;
}

// A statistics value (PLAIN bytes) as a bound-expression literal of the column's type.
std::optional<Literal> StatValue(Type physical, const DataType& type, const std::string& bytes) {
  switch (physical) {
    case Type::kBoolean:
      if (bytes.size() != 1) return std::nullopt;
      return Literal::Boolean(bytes[0] != 0);
    case Type::kInt32: {
      auto v = Load<int32_t>(bytes);
      if (!v) return std::nullopt;
      switch (type.id()) {
        case col::TypeId::kUInt32:
          return Literal::Long(static_cast<uint32_t>(*v));
        case col::TypeId::kDate32:
          return Literal::Date(*v);
        case col::TypeId::kTime32:
          return Literal::Long(*v);
        case col::TypeId::kDecimal128:
          return Literal::MakeDecimal(*v, type.scale());
        default:
          return Literal::Int(*v);
      }
    }
    case Type::kInt64: {
      auto v = Load<int64_t>(bytes);
      if (!v) return std::nullopt;
      if (type.id() == col::TypeId::kDecimal128) return Literal::MakeDecimal(*v, type.scale());
      return Literal::Long(*v);
    }
    case Type::kFloat: {
      auto v = Load<float>(bytes);
      if (!v || std::isnan(*v)) return std::nullopt;
      return Literal::Float(*v);
    }
    case Type::kDouble: {
      auto v = Load<double>(bytes);
      if (!v || std::isnan(*v)) return std::nullopt;
      return Literal::Double(*v);
    }
    case Type::kByteArray:
    case Type::kFixedLenByteArray:
      switch (type.id()) {
        case col::TypeId::kString:
          return Literal::String(bytes);
        case col::TypeId::kDecimal128: {
          auto v = BigEndian(bytes);
          if (!v) return std::nullopt;
          return Literal::MakeDecimal(*v, type.scale());
        }
        case col::TypeId::kFloat16:
          return std::nullopt;
        default:
          return Literal::Binary(std::vector<uint8_t>(bytes.begin(), bytes.end()));
      }
    default:
      return std::nullopt;  // INT96: no defined order
  }
}

// Whether the deprecated signed-order min/max may be used for this column.
bool LegacyOrderIsValid(Type physical, const DataType& type) {
  switch (type.id()) {
    case col::TypeId::kUInt8:
    case col::TypeId::kUInt16:
    case col::TypeId::kUInt32:
    case col::TypeId::kUInt64:
    case col::TypeId::kString:
    case col::TypeId::kBinary:
    case col::TypeId::kFixedSizeBinary:
    case col::TypeId::kFloat16:
      return false;
    case col::TypeId::kDecimal128:
      return physical == Type::kInt32 || physical == Type::kInt64;
    default:
      return physical != Type::kInt96;
  }
}

// GEOMETRY and GEOGRAPHY columns have no linear order (LogicalTypes.md): their min/max, whatever
// a writer put there, bound nothing a comparison could use.
bool IsGeospatial(const parquet::FileReader& file, int column) {
  const auto& lt = file.schema().column(column).logical_type;
  return lt && (lt->kind == parquet::LogicalType::Kind::kGeometry ||
                lt->kind == parquet::LogicalType::Kind::kGeography);
}

// Whether the file declares the type-defined order for the column (ColumnOrder), which makes
// min_value/max_value and the page index's bounds usable.
bool DeclaresTypeOrder(const parquet::FileReader& file, int column) {
  const auto& orders = file.metadata().column_orders;
  return orders && column < static_cast<int>(orders->size()) &&
         ((*orders)[column].kind == 1 || (*orders)[column].kind == 2);
}

// Whether the file declares an order floe does not know for the column: then no min/max may be
// used (parquet.thrift, ColumnOrder).
bool DeclaresUnknownOrder(const parquet::FileReader& file, int column) {
  const auto& orders = file.metadata().column_orders;
  return orders && column < static_cast<int>(orders->size()) && !DeclaresTypeOrder(file, column);
}

// The leaf a bound reference reaches by its path of field indices; nullptr for a non-leaf.
const parquet::ReadNode* LeafOf(const std::vector<parquet::ReadNode>& tree,
                                const expr::BoundReference& ref) {
  // A variant_get term has no column of its own: no statistics, bloom filter or page index.
  if (ref.column.variant_get) return nullptr;
  const std::vector<parquet::ReadNode>* level = &tree;
  const parquet::ReadNode* node = nullptr;
  for (int index : ref.path) {
    if (index < 0 || index >= static_cast<int>(level->size())) return nullptr;
    node = &(*level)[static_cast<size_t>(index)];
    if (node->kind != parquet::ReadNode::Kind::kStruct &&
        node->kind != parquet::ReadNode::Kind::kLeaf) {
      return nullptr;
    }
    level = &node->children;
  }
  return node && node->kind == parquet::ReadNode::Kind::kLeaf ? node : nullptr;
}

template <typename T>
std::string Plain(T v) {
  std::string out(sizeof(T), '\0');
  std::memcpy(out.data(), &v, sizeof(T));
  return out;
}

std::string BigEndianBytes(__int128 v, int width) {
  std::string out(static_cast<size_t>(width), '\0');
  auto u = static_cast<unsigned __int128>(v);
  for (int i = width - 1; i >= 0; --i, u >>= 8)
    out[static_cast<size_t>(i)] = static_cast<char>(u & 0xff);
  return out;
}

// True when the filter certainly matches no row of the row group by its bloom filters: an = or IN
// on a column whose filter contains none of the values; AND if any side, OR if both sides.
class BloomCheck {
 public:
  BloomCheck(const parquet::FileReader& file, const std::vector<parquet::ReadNode>& tree, int rg)
      : file_(file), tree_(tree), rg_(rg) {}

  Result<bool> Excludes(const expr::BoundExpression& e) {
    switch (e.op()) {
      case expr::Operation::kAnd: {
        FLOE_ASSIGN_OR_RETURN(bool left, Excludes(e.child(0)));
        if (left) return true;
        return Excludes(e.child(1));
      }
      case expr::Operation::kOr: {
        FLOE_ASSIGN_OR_RETURN(bool left, Excludes(e.child(0)));
        if (!left) return false;
        return Excludes(e.child(1));
      }
      case expr::Operation::kEq:
      case expr::Operation::kIn:
        return ValuesAbsent(e);
      default:
        return false;
    }
  }

 private:
  Result<bool> ValuesAbsent(const expr::BoundExpression& e) {
    const parquet::ReadNode* leaf = LeafOf(tree_, e.term());
    if (!leaf) return false;
    FLOE_ASSIGN_OR_RETURN(auto filter, parquet::BloomFilter::Read(file_, rg_, leaf->column));
    if (!filter) return false;
    const parquet::SchemaNode& node = file_.schema().column(leaf->column);
    for (const Literal& v : e.values()) {
      if (v.is_null()) continue;  // = NULL matches no row anyway
      std::optional<std::string> bytes = ParquetPlainBytes(node, *leaf->field.type, v);
      if (!bytes || filter->MightContainValue(*bytes)) return false;
    }
    return true;
  }

  const parquet::FileReader& file_;
  const std::vector<parquet::ReadNode>& tree_;
  int rg_;
};

// The page index of the columns one row group's filter reads, each read once.
class PageIndexRanges {
 public:
  PageIndexRanges(const parquet::FileReader& file, const std::vector<parquet::ReadNode>& tree,
                  int rg)
      : file_(file), tree_(tree), rg_(rg), rows_(file.metadata().row_groups[rg].num_rows) {}

  Result<parquet::RowRanges> Of(const expr::BoundExpression& e) {
    switch (e.op()) {
      case expr::Operation::kTrue:
        return parquet::RowRanges::All(rows_);
      case expr::Operation::kFalse:
        return parquet::RowRanges();
      case expr::Operation::kAnd: {
        FLOE_ASSIGN_OR_RETURN(auto left, Of(e.child(0)));
        if (left.empty()) return left;
        FLOE_ASSIGN_OR_RETURN(auto right, Of(e.child(1)));
        return parquet::RowRanges::Intersection(left, right);
      }
      case expr::Operation::kOr: {
        FLOE_ASSIGN_OR_RETURN(auto left, Of(e.child(0)));
        FLOE_ASSIGN_OR_RETURN(auto right, Of(e.child(1)));
        return parquet::RowRanges::Union(left, right);
      }
      case expr::Operation::kNot:
        return parquet::RowRanges::All(rows_);  // gone after RewriteNot
      default:
        return Predicate(e);
    }
  }

 private:
  struct Index {
    parquet::ColumnIndex column;
    std::vector<parquet::RowRange> pages;  // the rows of each page
  };

  Result<parquet::RowRanges> Predicate(const expr::BoundExpression& e) {
    const parquet::ReadNode* leaf = LeafOf(tree_, e.term());
    if (!leaf) return parquet::RowRanges::All(rows_);
    FLOE_ASSIGN_OR_RETURN(const Index* index, Load(leaf->column));
    if (!index) return parquet::RowRanges::All(rows_);
    const parquet::ColumnMetaData& meta =
        *file_.metadata().row_groups[rg_].columns[leaf->column].meta_data;
    const DataType& type = *leaf->field.type;
    const bool trusted =
        !IsGeospatial(file_, leaf->column) &&
        (DeclaresTypeOrder(file_, leaf->column) ||
         (LegacyOrderIsValid(meta.type, type) && !DeclaresUnknownOrder(file_, leaf->column)));
    const parquet::ColumnIndex& ci = index->column;
    std::vector<parquet::RowRange> kept;
    for (size_t i = 0; i < index->pages.size(); ++i) {
      const parquet::RowRange page = index->pages[i];
      expr::ColumnBounds b;
      if (ci.null_counts) b.null_count = (*ci.null_counts)[i];
      if (ci.nan_counts && i < ci.nan_counts->size()) b.nan_count = (*ci.nan_counts)[i];
      if (ci.null_pages[i]) {
        b.null_count = page.last - page.first;
      } else if (trusted) {
        b.min = StatValue(meta.type, type, ci.min_values[i]);
        b.max = StatValue(meta.type, type, ci.max_values[i]);
        if (!b.min || !b.max) b.min.reset(), b.max.reset();
      }
      auto bounds = [&](const expr::BoundReference&) { return std::optional(b); };
      if (expr::MightMatch(e, page.last - page.first, bounds)) kept.push_back(page);
    }
    return parquet::RowRanges::Of(std::move(kept));
  }

  // The page index of a column chunk; nullptr when it has none (or one that does not fit the
  // chunk: pages that disagree in number).
  Result<const Index*> Load(int column) {
    auto it = cache_.find(column);
    if (it != cache_.end()) return it->second ? &*it->second : nullptr;
    std::optional<Index>& slot = cache_[column];
    const parquet::ColumnChunk& chunk = file_.metadata().row_groups[rg_].columns[column];
    if (!chunk.column_index_offset || !chunk.offset_index_offset) return nullptr;
    auto ci = file_.ReadColumnIndex(rg_, column);
    if (!ci.ok()) {
      if (ci.error().kind == ErrorKind::kNotFound) return nullptr;
      return std::move(ci).error();
    }
    auto oi = file_.ReadOffsetIndex(rg_, column);
    if (!oi.ok()) {
      if (oi.error().kind == ErrorKind::kNotFound) return nullptr;
      return std::move(oi).error();
    }
    FLOE_ASSIGN_OR_RETURN(auto pages, parquet::PageRows(*oi, rows_));
    if (pages.size() != ci->null_pages.size()) return nullptr;
    slot = Index{std::move(ci).value(), std::move(pages)};
    return &*slot;
  }

  const parquet::FileReader& file_;
  const std::vector<parquet::ReadNode>& tree_;
  int rg_;
  int64_t rows_;
  std::map<int, std::optional<Index>> cache_;
};

}  // namespace

Result<parquet::RowRanges> PageIndexRowRanges(const parquet::FileReader& file,
                                              const std::vector<parquet::ReadNode>& read_tree,
                                              const expr::BoundExpression& filter, int row_group) {
  auto ranges = PageIndexRanges(file, read_tree, row_group).Of(expr::RewriteNot(filter));
  if (!ranges.ok()) {
    return std::move(ranges).error().WithContext(
        fmt::format("{}: row group {}: page index", file.location(), row_group));
  }
  return ranges;
}

std::function<Result<parquet::RowRanges>(int)> MakeRowRangesFilter(
    const parquet::FileReader& file, std::vector<parquet::ReadNode> read_tree,
    expr::BoundExpression filter) {
  filter = expr::RewriteNot(filter);
  return [&file, tree = std::move(read_tree), filter](int rg) -> Result<parquet::RowRanges> {
    auto ranges = PageIndexRanges(file, tree, rg).Of(filter);
    if (!ranges.ok()) {
      return std::move(ranges).error().WithContext(
          fmt::format("{}: row group {}: page index", file.location(), rg));
    }
    return ranges;
  };
}

std::optional<expr::ColumnBounds> ParquetColumnBounds(const parquet::FileReader& file,
                                                      int row_group, int column,
                                                      const DataType& type) {
  const parquet::ColumnMetaData* meta =
      file.metadata().row_groups[row_group].columns[column].meta_data
          ? &*file.metadata().row_groups[row_group].columns[column].meta_data
          : nullptr;
  if (!meta || !meta->statistics) return std::nullopt;
  const parquet::Statistics& s = *meta->statistics;
  const Type physical = meta->type;
  expr::ColumnBounds b;
  b.null_count = s.null_count;
  b.nan_count = s.nan_count;
  const bool type_order = DeclaresTypeOrder(file, column);
  if (IsGeospatial(file, column)) {
    // null counts only
  } else if (type_order && s.min_value && s.max_value) {
    b.min = StatValue(physical, type, *s.min_value);
    b.max = StatValue(physical, type, *s.max_value);
  } else if (s.min && s.max && LegacyOrderIsValid(physical, type) &&
             !DeclaresUnknownOrder(file, column)) {
    b.min = StatValue(physical, type, *s.min);
    b.max = StatValue(physical, type, *s.max);
  }
  if (!b.min || !b.max) b.min.reset(), b.max.reset();
  if (!b.min && !b.null_count && !b.nan_count) return std::nullopt;
  return b;
}

std::optional<std::string> ParquetPlainBytes(const parquet::SchemaNode& leaf, const DataType& type,
                                             const Literal& value) {
  const Type physical = *leaf.physical_type;
  if (value.holds<int32_t>()) {
    if (physical == Type::kInt32) return Plain(value.get<int32_t>());
    if (physical == Type::kInt64) return Plain(static_cast<int64_t>(value.get<int32_t>()));
    return std::nullopt;
  }
  if (value.holds<int64_t>()) {
    if (physical == Type::kInt64) return Plain(value.get<int64_t>());
    if (physical == Type::kInt32 && type.id() == col::TypeId::kUInt32) {
      return Plain(static_cast<uint32_t>(value.get<int64_t>()));
    }
    if (physical == Type::kInt32 && type.id() == col::TypeId::kTime32) {
      return Plain(static_cast<int32_t>(value.get<int64_t>()));
    }
    return std::nullopt;
  }
  if (value.holds<float>() && physical == Type::kFloat) return Plain(value.get<float>());
  if (value.holds<double>() && physical == Type::kDouble) return Plain(value.get<double>());
  if (value.holds<std::string>()) return value.get<std::string>();
  if (value.holds<spec::Bytes>()) {
    const auto& d = value.get<spec::Bytes>().data;
    return std::string(d.begin(), d.end());
  }
  if (value.holds<spec::Decimal>()) {
    __int128 unscaled = value.get<spec::Decimal>().unscaled;
    switch (physical) {
      case Type::kInt32:
        return Plain(static_cast<int32_t>(unscaled));
      case Type::kInt64:
        return Plain(static_cast<int64_t>(unscaled));
      case Type::kFixedLenByteArray:
        if (leaf.type_length < 1 || leaf.type_length > 16) return std::nullopt;
        return BigEndianBytes(unscaled, leaf.type_length);
      case Type::kByteArray:
        return spec::DecimalToBigEndian(unscaled);  // minimal, as writers store it
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

std::function<Result<bool>(int)> MakeRowGroupFilter(const parquet::FileReader& file,
                                                    std::vector<parquet::ReadNode> read_tree,
                                                    expr::BoundExpression filter,
                                                    PruningCounters* counters) {
  filter = expr::RewriteNot(filter);
  return [&file, tree = std::move(read_tree), filter, counters](int rg) -> Result<bool> {
    const int64_t rows = file.metadata().row_groups[rg].num_rows;
    auto bounds = [&](const expr::BoundReference& ref) -> std::optional<expr::ColumnBounds> {
      const parquet::ReadNode* leaf = LeafOf(tree, ref);
      if (!leaf) return std::nullopt;
      return ParquetColumnBounds(file, rg, leaf->column, *leaf->field.type);
    };
    if (!expr::MightMatch(filter, rows, bounds)) {
      if (counters) ++counters->by_statistics;
      return false;
    }
    FLOE_ASSIGN_OR_RETURN(bool excluded, BloomCheck(file, tree, rg).Excludes(filter));
    if (excluded) {
      if (counters) ++counters->by_bloom_filter;
      return false;
    }
    return true;
  };
}

}  // namespace floe::table
