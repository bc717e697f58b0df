#include "floe/sql/exec/sql_type.h"

#include <fmt/format.h>

#include <algorithm>

#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::DataType;
using columnar::DataTypePtr;
using columnar::TypeId;

DataTypePtr TimestampType() { return columnar::Timestamp(columnar::TimeUnit::kMicro, "UTC"); }
DataTypePtr TimestampNtzType() { return columnar::Timestamp(columnar::TimeUnit::kMicro, ""); }

bool IsIntegral(const DataType& t) {
  switch (t.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
      return true;
    default:
      return false;
  }
}
bool IsFloating(const DataType& t) {
  return t.id() == TypeId::kFloat16 || t.id() == TypeId::kFloat32 || t.id() == TypeId::kFloat64;
}
bool IsNumeric(const DataType& t) {
  return IsIntegral(t) || IsFloating(t) || t.id() == TypeId::kDecimal128;
}
bool IsStringLike(const DataType& t) { return t.id() == TypeId::kString; }
bool IsTimestamp(const DataType& t) { return t.id() == TypeId::kTimestamp; }
bool IsZonedTimestamp(const DataType& t) {
  return t.id() == TypeId::kTimestamp && !t.timezone().empty();
}

std::string SparkTypeName(const DataType& t) {
  switch (t.id()) {
    case TypeId::kNull:
      return "void";
    case TypeId::kBool:
      return "boolean";
    case TypeId::kInt8:
      return "tinyint";
    case TypeId::kInt16:
      return "smallint";
    case TypeId::kInt32:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
      return "int";
    case TypeId::kInt64:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
      return "bigint";
    case TypeId::kFloat16:
    case TypeId::kFloat32:
      return "float";
    case TypeId::kFloat64:
      return "double";
    case TypeId::kDecimal128:
      return fmt::format("decimal({},{})", t.precision(), t.scale());
    case TypeId::kString:
      return "string";
    case TypeId::kBinary:
      return "binary";
    case TypeId::kFixedSizeBinary:
      return t.byte_width() == 16 ? "binary(16)" : fmt::format("binary({})", t.byte_width());
    case TypeId::kDate32:
      return "date";
    case TypeId::kTime32:
    case TypeId::kTime64:
      return "time";
    case TypeId::kTimestamp: {
      std::string base = t.timezone().empty() ? "timestamp_ntz" : "timestamp";
      return t.unit() == columnar::TimeUnit::kNano ? base + "(ns)" : base;
    }
    case TypeId::kStruct: {
      if (t.is_variant()) return "variant";
      std::string out = "struct<";
      for (int i = 0; i < t.num_children(); ++i) {
        if (i > 0) out += ",";
        out += t.child(i).name + ":" + SparkTypeName(*t.child(i).type);
      }
      return out + ">";
    }
    case TypeId::kList:
      return "array<" + SparkTypeName(*t.value_field().type) + ">";
    case TypeId::kMap:
      return "map<" + SparkTypeName(*t.key_field().type) + "," +
             SparkTypeName(*t.item_field().type) + ">";
  }
  return t.ToString();
}

DataTypePtr NormalizeType(const DataTypePtr& t) {
  switch (t->id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
      return columnar::Int32();
    case TypeId::kUInt32:
    case TypeId::kUInt64:
      return columnar::Int64();
    case TypeId::kFloat16:
      return columnar::Float32();
    case TypeId::kTime32:
      return columnar::Time64(columnar::TimeUnit::kMicro);
    case TypeId::kTimestamp:
      if (t->unit() == columnar::TimeUnit::kSecond || t->unit() == columnar::TimeUnit::kMilli) {
        return columnar::Timestamp(columnar::TimeUnit::kMicro, t->timezone());
      }
      return t;
    case TypeId::kStruct: {
      if (t->is_variant()) return t;
      std::vector<columnar::Field> fields = t->children();
      for (auto& f : fields) f.type = NormalizeType(f.type);
      return columnar::Struct(std::move(fields));
    }
    case TypeId::kList: {
      columnar::Field e = t->value_field();
      e.type = NormalizeType(e.type);
      return columnar::List(std::move(e));
    }
    case TypeId::kMap: {
      columnar::Field k = t->key_field(), v = t->item_field();
      k.type = NormalizeType(k.type);
      v.type = NormalizeType(v.type);
      return columnar::Map(std::move(k), std::move(v), t->keys_sorted());
    }
    default:
      return t;
  }
}

DataTypePtr DecimalForIntegral(const DataTypePtr& t) {
  if (!IsIntegral(*t)) return t;
  return t->id() == TypeId::kInt64 || t->id() == TypeId::kUInt32 || t->id() == TypeId::kUInt64
             ? columnar::Decimal128(20, 0)
             : columnar::Decimal128(10, 0);
}

DataTypePtr BoundedDecimal(int precision, int scale) {
  if (precision <= 38) return columnar::Decimal128(std::max(precision, 1), scale);
  int int_digits = precision - scale;
  int min_scale = std::min(scale, 6);
  int adjusted = std::max(38 - int_digits, min_scale);
  return columnar::Decimal128(38, adjusted);
}

DataTypePtr DecimalResultType(char op, const DataType& a, const DataType& b) {
  int p1 = a.precision(), s1 = a.scale(), p2 = b.precision(), s2 = b.scale();
  switch (op) {
    case '+':
    case '-': {
      int scale = std::max(s1, s2);
      return BoundedDecimal(std::max(p1 - s1, p2 - s2) + scale + 1, scale);
    }
    case '*':
      return BoundedDecimal(p1 + p2 + 1, s1 + s2);
    case '/': {
      int scale = std::max(6, s1 + p2 + 1);
      return BoundedDecimal(p1 - s1 + s2 + scale, scale);
    }
    default: {  // '%'
      int scale = std::max(s1, s2);
      return BoundedDecimal(std::min(p1 - s1, p2 - s2) + scale, scale);
    }
  }
}

namespace {

// Rank of numeric types in Spark's widening order.
int NumericRank(const DataType& t) {
  if (IsIntegral(t)) return t.byte_width() >= 8 || t.id() == TypeId::kUInt32 ? 2 : 1;
  if (t.id() == TypeId::kDecimal128) return 3;
  if (t.id() == TypeId::kFloat32 || t.id() == TypeId::kFloat16) return 4;
  return 5;  // double
}

DataTypePtr WiderDecimal(const DataType& a, const DataType& b) {
  int scale = std::max(a.scale(), b.scale());
  int int_digits = std::max(a.precision() - a.scale(), b.precision() - b.scale());
  return BoundedDecimal(int_digits + scale, scale);
}

}  // namespace

bool SameType(const DataType& a, const DataType& b) {
  if (a.id() != b.id() || a.is_variant() != b.is_variant()) return false;
  if (a.num_children() != b.num_children()) return false;
  for (int i = 0; i < a.num_children(); ++i) {
    if (a.child(i).name != b.child(i).name && a.id() == TypeId::kStruct) return false;
    if (!SameType(*a.child(i).type, *b.child(i).type)) return false;
  }
  if (a.num_children() > 0) return true;
  return a.Equals(b, false);
}

Result<DataTypePtr> CommonType(const DataTypePtr& a, const DataTypePtr& b) {
  if (SameType(*a, *b)) return a;
  if (a->id() == TypeId::kNull) return b;
  if (b->id() == TypeId::kNull) return a;
  if (IsNumeric(*a) && IsNumeric(*b)) {
    int ra = NumericRank(*a), rb = NumericRank(*b);
    if (ra == 3 || rb == 3) {
      if (ra > 3 || rb > 3) return columnar::Float64();
      return WiderDecimal(*DecimalForIntegral(a), *DecimalForIntegral(b));
    }
    if (ra == 5 || rb == 5) return columnar::Float64();
    if (ra == 4 || rb == 4) return columnar::Float32();
    return ra >= rb ? NormalizeType(a) : NormalizeType(b);
  }
  if (IsStringLike(*a) && !b->is_nested()) return b;
  if (IsStringLike(*b) && !a->is_nested()) return a;
  if (a->id() == TypeId::kDate32 && IsTimestamp(*b)) return b;
  if (b->id() == TypeId::kDate32 && IsTimestamp(*a)) return a;
  if (IsTimestamp(*a) && IsTimestamp(*b)) {
    // timestamp_ntz meets timestamp as timestamp (Spark); the finer unit wins.
    auto unit = a->unit() == columnar::TimeUnit::kNano || b->unit() == columnar::TimeUnit::kNano
                    ? columnar::TimeUnit::kNano
                    : columnar::TimeUnit::kMicro;
    return columnar::Timestamp(unit, a->timezone().empty() ? b->timezone() : a->timezone());
  }
  if ((a->id() == TypeId::kBinary || a->id() == TypeId::kFixedSizeBinary) &&
      (b->id() == TypeId::kBinary || b->id() == TypeId::kFixedSizeBinary)) {
    return columnar::Binary();
  }
  // Nested types meet child by child (an array() of no element meets array<string>).
  if (a->id() == b->id() && a->is_nested() && a->num_children() == b->num_children()) {
    if (a->id() == TypeId::kList) {
      auto element = CommonType(a->value_field().type, b->value_field().type);
      if (element.ok()) return columnar::List(columnar::Field("element", *element));
    } else if (a->id() == TypeId::kMap) {
      auto key = CommonType(a->key_field().type, b->key_field().type);
      auto value = CommonType(a->item_field().type, b->item_field().type);
      if (key.ok() && value.ok()) {
        return columnar::Map(columnar::Field("key", *key, false), columnar::Field("value", *value));
      }
    } else {
      std::vector<columnar::Field> fields;
      for (int i = 0; i < a->num_children(); ++i) {
        auto field = CommonType(a->child(i).type, b->child(i).type);
        if (!field.ok() || !AsciiEqualsIgnoreCase(a->child(i).name, b->child(i).name)) break;
        fields.emplace_back(a->child(i).name, *field);
      }
      if (static_cast<int>(fields.size()) == a->num_children())
        return columnar::Struct(std::move(fields));
    }
  }
  return InvalidArgument("{} and {} have no common type", SparkTypeName(*a), SparkTypeName(*b));
}

}  // namespace floe::sql
