#include "floe/scan/partition_bounds.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "floe/spec/single_value.h"
#include "floe/util/time.h"

namespace floe::scan {
namespace {

using spec::Literal;
using spec::TransformKind;
using spec::Type;
using spec::TypeId;

constexpr int64_t kMicrosPerDay = 86400LL * 1000 * 1000;
constexpr int64_t kMicrosPerHour = 3600LL * 1000 * 1000;

std::optional<int64_t> IntOf(const Literal& v) {
  if (v.holds<int32_t>()) return v.get<int32_t>();
  if (v.holds<int64_t>()) return v.get<int64_t>();
  return std::nullopt;
}

bool IsFloat(const Type& type) {
  return type.id() == TypeId::kFloat || type.id() == TypeId::kDouble;
}

bool IsNaNValue(const Literal& v) {
  if (v.holds<float>()) return std::isnan(v.get<float>());
  if (v.holds<double>()) return std::isnan(v.get<double>());
  return false;
}

bool IsNanosTimestamp(TypeId id) {
  return id == TypeId::kTimestampNs || id == TypeId::kTimestampTzNs;
}

bool IsMicrosTimestamp(TypeId id) { return id == TypeId::kTimestamp || id == TypeId::kTimestampTz; }

std::optional<Literal> LongIfFits(__int128 v) {
  if (v < std::numeric_limits<int64_t>::min() || v > std::numeric_limits<int64_t>::max()) {
    return std::nullopt;
  }
  return Literal::Long(static_cast<int64_t>(v));
}

std::optional<Literal> DateIfFits(int64_t days) {
  if (days < std::numeric_limits<int32_t>::min() || days > std::numeric_limits<int32_t>::max()) {
    return std::nullopt;
  }
  return Literal::Date(static_cast<int32_t>(days));
}

// The first and last day (since 1970-01-01) of a year, month or day transform value.
bool DayRange(TransformKind kind, int64_t v, int64_t* first, int64_t* last) {
  switch (kind) {
    case TransformKind::kYear:
      *first = DaysFromCivil(1970 + v, 1, 1);
      *last = DaysFromCivil(1970 + v + 1, 1, 1) - 1;
      return true;
    case TransformKind::kMonth: {
      int64_t year = 1970 + FloorDiv(v, 12);
      int month = static_cast<int>(FloorMod(v, 12)) + 1;
      *first = DaysFromCivil(year, month, 1);
      *last = (month == 12 ? DaysFromCivil(year + 1, 1, 1) : DaysFromCivil(year, month + 1, 1)) - 1;
      return true;
    }
    case TransformKind::kDay:
      *first = v;
      *last = v;
      return true;
    default:
      return false;
  }
}

SourceRange TimeRange(const spec::Transform& transform, const Type& source, int64_t v) {
  SourceRange r;
  TypeId id = source.id();
  if (transform.kind() == TransformKind::kHour) {
    if (!IsMicrosTimestamp(id) && !IsNanosTimestamp(id)) return r;
    __int128 unit = IsNanosTimestamp(id) ? kMicrosPerHour * 1000 : kMicrosPerHour;
    r.min = LongIfFits(static_cast<__int128>(v) * unit);
    r.max = LongIfFits((static_cast<__int128>(v) + 1) * unit - 1);
    return r;
  }
  int64_t first = 0, last = 0;
  if (!DayRange(transform.kind(), v, &first, &last)) return r;
  if (id == TypeId::kDate) {
    r.min = DateIfFits(first);
    r.max = DateIfFits(last);
  } else if (IsMicrosTimestamp(id) || IsNanosTimestamp(id)) {
    __int128 unit = IsNanosTimestamp(id) ? kMicrosPerDay * 1000 : kMicrosPerDay;
    r.min = LongIfFits(static_cast<__int128>(first) * unit);
    r.max = LongIfFits((static_cast<__int128>(last) + 1) * unit - 1);
  }
  return r;
}

// The smallest byte string above every string that starts with `prefix`: the prefix with its
// last byte below 0xFF raised by one and what follows dropped; nullopt when all bytes are 0xFF.
std::optional<std::string> RaisePrefix(std::string prefix) {
  while (!prefix.empty()) {
    unsigned char last = static_cast<unsigned char>(prefix.back());
    if (last != 0xFF) {
      prefix.back() = static_cast<char>(last + 1);
      return prefix;
    }
    prefix.pop_back();
  }
  return std::nullopt;
}

int64_t CodePoints(std::string_view s) {
  int64_t n = 0;
  for (char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  }
  return n;
}

SourceRange TruncateRange(const Type& source, const Literal& v, int32_t width) {
  SourceRange r;
  if (width <= 0) return r;
  switch (source.id()) {
    case TypeId::kInt:
    case TypeId::kLong: {
      std::optional<int64_t> x = IntOf(v);
      if (!x) return r;
      __int128 hi = static_cast<__int128>(*x) + width - 1;
      if (source.id() == TypeId::kInt) {
        r.min = Literal::Int(static_cast<int32_t>(*x));
        r.max = Literal::Int(static_cast<int32_t>(
            hi > std::numeric_limits<int32_t>::max() ? std::numeric_limits<int32_t>::max() : hi));
      } else {
        r.min = Literal::Long(*x);
        r.max = Literal::Long(static_cast<int64_t>(
            hi > std::numeric_limits<int64_t>::max() ? std::numeric_limits<int64_t>::max() : hi));
      }
      return r;
    }
    case TypeId::kDecimal: {
      if (!v.holds<spec::Decimal>()) return r;
      const spec::Decimal& d = v.get<spec::Decimal>();
      r.min = v;
      r.max = Literal::MakeDecimal(d.unscaled + width - 1, d.scale);
      return r;
    }
    case TypeId::kString: {
      if (!v.holds<std::string>()) return r;
      const std::string& p = v.get<std::string>();
      r.min = v;
      if (CodePoints(p) < width) {
        r.max = v;  // shorter than the width: the value itself
      } else if (std::optional<std::string> up = RaisePrefix(p)) {
        r.max = Literal::String(*up);
      }
      return r;
    }
    case TypeId::kBinary: {
      if (!v.holds<spec::Bytes>()) return r;
      const std::vector<uint8_t>& p = v.get<spec::Bytes>().data;
      r.min = v;
      if (p.size() < static_cast<size_t>(width)) {
        r.max = v;
      } else if (std::optional<std::string> up = RaisePrefix(std::string(p.begin(), p.end()))) {
        r.max = Literal::Binary(std::vector<uint8_t>(up->begin(), up->end()));
      }
      return r;
    }
    default:
      return r;
  }
}

}  // namespace

std::vector<PartitionSource> PartitionSources(const spec::PartitionSpec& spec,
                                              const spec::Schema& schema) {
  std::vector<PartitionSource> out;
  for (size_t i = 0; i < spec.fields.size(); ++i) {
    const spec::PartitionField& pf = spec.fields[i];
    if (pf.source_ids.size() > 1) continue;  // v3 multi-argument transforms
    int32_t source_id = pf.source_ids.empty() ? pf.source_id : pf.source_ids[0];
    const spec::NestedField* source = schema.FindFieldById(source_id);
    if (!source || !source->type || !source->type->is_primitive()) continue;
    if (pf.transform.is_void() || pf.transform.is_unknown()) continue;
    if (!pf.transform.CanTransform(*source->type)) continue;
    out.push_back(PartitionSource{i, source_id, source->type, pf.transform});
  }
  return out;
}

SourceRange InverseRange(const spec::Transform& transform, const Type& source,
                         const Literal& transformed) {
  if (transformed.is_null()) return {};
  switch (transform.kind()) {
    case TransformKind::kIdentity:
      if (IsNaNValue(transformed)) return {};
      // A 4-byte value of a timestamp column is a date from before a v3 date → timestamp
      // promotion: days, not the column's unit. Say nothing rather than compare wrongly.
      if ((IsMicrosTimestamp(source.id()) || IsNanosTimestamp(source.id())) &&
          transformed.holds<int32_t>()) {
        return {};
      }
      return SourceRange{transformed, transformed};
    case TransformKind::kYear:
    case TransformKind::kMonth:
    case TransformKind::kDay:
    case TransformKind::kHour: {
      std::optional<int64_t> v = IntOf(transformed);
      if (!v) return {};
      return TimeRange(transform, source, *v);
    }
    case TransformKind::kTruncate:
      return TruncateRange(source, transformed, transform.param());
    default:
      return {};
  }
}

std::optional<expr::ColumnBounds> PartitionValueBounds(const spec::Transform& transform,
                                                       const Type& source, const Literal& value,
                                                       int64_t record_count) {
  if (transform.is_void() || transform.is_unknown()) return std::nullopt;
  expr::ColumnBounds b;
  if (value.is_null()) {
    b.null_count = record_count;
    b.nan_count = 0;
    return b;
  }
  b.null_count = 0;
  if (transform.is_identity() && IsFloat(source)) {
    if (IsNaNValue(value)) {
      b.nan_count = record_count;
      return b;
    }
    b.nan_count = 0;
  }
  SourceRange r = InverseRange(transform, source, value);
  b.min = std::move(r.min);
  b.max = std::move(r.max);
  return b;
}

std::optional<expr::ColumnBounds> PartitionSummaryBounds(
    const spec::Transform& transform, const Type& source,
    const manifest::PartitionFieldSummary& summary, int64_t row_count) {
  if (transform.is_void() || transform.is_unknown()) return std::nullopt;
  expr::ColumnBounds b;
  bool is_float = IsFloat(source);
  if (!summary.contains_null) b.null_count = 0;
  if (is_float && summary.contains_nan.has_value() && !*summary.contains_nan) b.nan_count = 0;
  // A null and no lower bound: every value is null (floats: unless NaN may hide there).
  bool all_null = summary.contains_null && !summary.lower_bound &&
                  (!is_float || (summary.contains_nan.has_value() && !*summary.contains_nan));
  if (all_null) {
    b.null_count = row_count;
    b.nan_count = 0;
    return b;
  }
  if (!transform.PreservesOrder()) return b;
  Result<spec::TypePtr> result_type = transform.ResultType(source);
  if (!result_type.ok()) return b;
  if (summary.lower_bound) {
    Result<Literal> lower = spec::FromBinary(**result_type, *summary.lower_bound);
    if (lower.ok()) b.min = InverseRange(transform, source, *lower).min;
  }
  if (summary.upper_bound) {
    Result<Literal> upper = spec::FromBinary(**result_type, *summary.upper_bound);
    if (upper.ok()) b.max = InverseRange(transform, source, *upper).max;
  }
  return b;
}

expr::ColumnBounds IntersectBounds(const columnar::DataType& type, const expr::ColumnBounds& a,
                                   const expr::ColumnBounds& b) {
  expr::ColumnBounds r = a;
  if (!r.min) {
    r.min = b.min;
  } else if (b.min) {
    std::optional<int> c = expr::CompareValues(type, *b.min, *r.min);
    if (c && *c > 0) r.min = b.min;
  }
  if (!r.max) {
    r.max = b.max;
  } else if (b.max) {
    std::optional<int> c = expr::CompareValues(type, *b.max, *r.max);
    if (c && *c < 0) r.max = b.max;
  }
  if (!r.null_count) r.null_count = b.null_count;
  if (!r.nan_count) r.nan_count = b.nan_count;
  return r;
}

std::optional<Literal> ToSpecLiteral(const Type& type, const Literal& value) {
  if (value.is_null()) return std::nullopt;
  switch (type.id()) {
    case TypeId::kBoolean:
      if (value.holds<bool>()) return value;
      return std::nullopt;
    case TypeId::kInt:
    case TypeId::kDate: {
      std::optional<int64_t> v = IntOf(value);
      if (!v || *v < std::numeric_limits<int32_t>::min() ||
          *v > std::numeric_limits<int32_t>::max()) {
        return std::nullopt;
      }
      return Literal::Int(static_cast<int32_t>(*v));
    }
    case TypeId::kLong:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs: {
      std::optional<int64_t> v = IntOf(value);
      if (!v) return std::nullopt;
      return Literal::Long(*v);
    }
    case TypeId::kFloat:
      if (value.holds<float>()) return value;
      return std::nullopt;
    case TypeId::kDouble:
      if (value.holds<double>()) return value;
      if (value.holds<float>()) return Literal::Double(value.get<float>());
      return std::nullopt;
    case TypeId::kDecimal:
      if (value.holds<spec::Decimal>() && value.get<spec::Decimal>().scale == type.scale()) {
        return value;
      }
      return std::nullopt;
    case TypeId::kString:
      if (value.holds<std::string>()) return value;
      return std::nullopt;
    case TypeId::kUuid:
      if (value.holds<Uuid>()) return value;
      if (value.holds<spec::Bytes>() && value.get<spec::Bytes>().data.size() == 16) {
        Uuid u;
        const std::vector<uint8_t>& d = value.get<spec::Bytes>().data;
        std::copy(d.begin(), d.end(), u.bytes.begin());
        return Literal::MakeUuid(u);
      }
      return std::nullopt;
    case TypeId::kFixed:
    case TypeId::kBinary:
      if (value.holds<spec::Bytes>()) return value;
      if (value.holds<std::string>()) {
        const std::string& s = value.get<std::string>();
        return Literal::Binary(std::vector<uint8_t>(s.begin(), s.end()));
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

namespace {

// Whether some value of `values` might have a bucket the rows hold.
bool SomeValueMightHold(const BucketField& field, const std::vector<Literal>& values) {
  spec::Transform bucket = spec::Transform::Bucket(field.num_buckets);
  for (const Literal& v : values) {
    if (v.is_null()) continue;  // `= NULL` is never true
    std::optional<Literal> value = ToSpecLiteral(*field.source, v);
    if (!value) return true;
    Result<Literal> b = bucket.Apply(*field.source, *value);
    if (!b.ok() || !b->holds<int32_t>()) return true;
    if (field.might_hold(b->get<int32_t>())) return true;
  }
  return false;
}

}  // namespace

expr::BoundExpression PruneBucketPredicates(const expr::BoundExpression& e,
                                            const BucketFieldProvider& buckets) {
  using E = expr::BoundExpression;
  switch (e.op()) {
    case expr::Operation::kAnd:
    case expr::Operation::kOr: {
      bool is_and = e.op() == expr::Operation::kAnd;
      E a = PruneBucketPredicates(e.child(0), buckets);
      E b = PruneBucketPredicates(e.child(1), buckets);
      if (a == e.child(0) && b == e.child(1)) return e;
      if (a.op() == expr::Operation::kFalse) return is_and ? a : b;
      if (b.op() == expr::Operation::kFalse) return is_and ? b : a;
      return is_and ? E::And(a, b) : E::Or(a, b);
    }
    case expr::Operation::kEq:
    case expr::Operation::kIn:
      if (e.term().column.variant_get) return e;  // a residual: no partition says anything of it
      for (const BucketField& field : buckets(e.term())) {
        if (field.source && field.num_buckets > 0 && field.might_hold &&
            !SomeValueMightHold(field, e.values())) {
          return E::False();
        }
      }
      return e;
    default:
      return e;
  }
}

}  // namespace floe::scan
