#include "floe/spec/transform.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <vector>

#include "floe/spec/single_value.h"
#include "floe/util/bytes.h"
#include "floe/util/murmur3.h"
#include "floe/util/time.h"

namespace floe::spec {

namespace {

constexpr int64_t kMicrosPerHour = 3600LL * 1000000;
constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool IsTimestamp(TypeId id) {
  return id == TypeId::kTimestamp || id == TypeId::kTimestampTz || id == TypeId::kTimestampNs ||
         id == TypeId::kTimestampTzNs;
}
bool IsNanos(TypeId id) { return id == TypeId::kTimestampNs || id == TypeId::kTimestampTzNs; }

// A copy of a type as a shared pointer (types are immutable; nested children stay shared).
TypePtr CopyType(const Type& t) {
  switch (t.id()) {
    case TypeId::kDecimal:
      return Type::Decimal(t.precision(), t.scale());
    case TypeId::kFixed:
      return Type::Fixed(t.length());
    case TypeId::kGeometry:
      return Type::Geometry(t.crs());
    case TypeId::kGeography:
      return Type::Geography(t.crs(), t.algorithm());
    case TypeId::kStruct:
      return Type::Struct(t.fields());
    case TypeId::kList:
      return Type::List(t.element());
    case TypeId::kMap:
      return Type::Map(t.key(), t.value());
    default:
      return Type::Primitive(t.id());
  }
}

std::string ValueText(const Type& type, const Literal& value) { return ToHumanString(type, value); }

Error WrongValue(const Type& type, const Literal& value) {
  return InvalidArgument("value {} does not hold a {}", ValueText(type, value), type.ToString());
}

// The value of an int-like type (int, long, date, time, timestamps) as int64.
Result<int64_t> IntegerValue(const Type& type, const Literal& value) {
  if (value.holds<int32_t>()) return static_cast<int64_t>(value.get<int32_t>());
  if (value.holds<int64_t>()) return value.get<int64_t>();
  return WrongValue(type, value);
}

// Micros since epoch of a date (as midnight), timestamp or timestamp_ns (floored).
Result<int64_t> TimestampMicros(const Type& type, const Literal& value) {
  FLOE_ASSIGN_OR_RETURN(int64_t v, IntegerValue(type, value));
  if (type.id() == TypeId::kDate) return v * kMicrosPerDay;
  if (IsNanos(type.id())) return FloorDiv(v, 1000);
  return v;
}

Result<int64_t> DaysSinceEpoch(const Type& type, const Literal& value) {
  if (type.id() == TypeId::kDate) return IntegerValue(type, value);
  FLOE_ASSIGN_OR_RETURN(int64_t micros, TimestampMicros(type, value));
  return FloorDiv(micros, kMicrosPerDay);
}

// Number of UTF-8 bytes holding the first `n` code points of `s` (a code point starts at
// every byte that is not a continuation byte 10xxxxxx).
size_t CodePointPrefix(std::string_view s, int64_t n) {
  int64_t count = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (count == n) return i;
      ++count;
    }
  }
  return s.size();
}

// Levenshtein distance, to tell a misspelt transform from one a newer version defines.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

bool LooksLikeKnownTransform(std::string_view name) {
  static constexpr std::string_view kKnown[] = {"identity", "bucket", "truncate", "year",
                                                "month",    "day",    "hour",     "void"};
  for (std::string_view known : kKnown) {
    size_t allowed = known.size() <= 4 ? 1 : 2;
    if (EditDistance(name, known) <= allowed) return true;
  }
  return false;
}

Result<Literal> ApplyTruncate(const Type& type, const Literal& value, int32_t width) {
  switch (type.id()) {
    case TypeId::kInt: {
      if (!value.holds<int32_t>()) return WrongValue(type, value);
      int64_t v = value.get<int32_t>();
      // Java computes this in 32-bit arithmetic; wrap the same way at the extremes.
      return Literal::Int(static_cast<int32_t>(static_cast<uint32_t>(v - FloorMod(v, width))));
    }
    case TypeId::kLong: {
      if (!value.holds<int64_t>()) return WrongValue(type, value);
      int64_t v = value.get<int64_t>();
      int64_t mod = FloorMod(v, width);
      return Literal::Long(
          static_cast<int64_t>(static_cast<uint64_t>(v) - static_cast<uint64_t>(mod)));
    }
    case TypeId::kDecimal: {
      if (!value.holds<Decimal>()) return WrongValue(type, value);
      const Decimal& d = value.get<Decimal>();
      __int128 mod = d.unscaled % width;
      if (mod < 0) mod += width;
      return Literal::MakeDecimal(d.unscaled - mod, d.scale);
    }
    case TypeId::kString: {
      if (!value.holds<std::string>()) return WrongValue(type, value);
      const std::string& s = value.get<std::string>();
      return Literal::String(s.substr(0, CodePointPrefix(s, width)));
    }
    case TypeId::kBinary: {
      if (!value.holds<Bytes>()) return WrongValue(type, value);
      const auto& b = value.get<Bytes>().data;
      size_t n = std::min(b.size(), static_cast<size_t>(width));
      return Literal::Binary(std::vector<uint8_t>(b.begin(), b.begin() + n));
    }
    default:
      return InvalidArgument("truncate[{}] cannot transform {}", width, type.ToString());
  }
}

}  // namespace

Result<Transform> Transform::Parse(std::string_view text) { return ParseImpl(text, false); }

Result<Transform> Transform::ParseAllowUnknown(std::string_view text) {
  return ParseImpl(text, true);
}

Result<Transform> Transform::ParseImpl(std::string_view text, bool allow_unknown) {
  std::string lower = Lower(text);
  if (lower == "identity") return Identity();
  if (lower == "year") return Year();
  if (lower == "month") return Month();
  if (lower == "day") return Day();
  if (lower == "hour") return Hour();
  if (lower == "void") return Void();
  size_t open = lower.find('[');
  if (open != std::string::npos && !lower.empty() && lower.back() == ']') {
    std::string_view name = std::string_view(lower).substr(0, open);
    std::string_view arg = std::string_view(lower).substr(open + 1, lower.size() - open - 2);
    if (name == "bucket" || name == "truncate") {
      int32_t n = 0;
      auto [ptr, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
      if (ec != std::errc() || ptr != arg.data() + arg.size() || n <= 0) {
        return Corrupt("invalid transform \"{}\": {} needs a positive integer parameter", text,
                       name);
      }
      return name == "bucket" ? Bucket(n) : Truncate(n);
    }
  }
  std::string_view base = std::string_view(lower).substr(0, std::min(open, lower.size()));
  if (allow_unknown && !base.empty() && !LooksLikeKnownTransform(base)) {
    Transform t(TransformKind::kUnknown, 0);
    t.unknown_ = std::string(text);
    return t;
  }
  return Corrupt("unknown transform \"{}\"", text);
}

bool Transform::is_time() const {
  return kind_ == TransformKind::kYear || kind_ == TransformKind::kMonth ||
         kind_ == TransformKind::kDay || kind_ == TransformKind::kHour;
}

std::string Transform::ToString() const {
  switch (kind_) {
    case TransformKind::kIdentity:
      return "identity";
    case TransformKind::kBucket:
      return fmt::format("bucket[{}]", param_);
    case TransformKind::kTruncate:
      return fmt::format("truncate[{}]", param_);
    case TransformKind::kYear:
      return "year";
    case TransformKind::kMonth:
      return "month";
    case TransformKind::kDay:
      return "day";
    case TransformKind::kHour:
      return "hour";
    case TransformKind::kVoid:
      return "void";
    case TransformKind::kUnknown:
      return unknown_;
  }
  return unknown_;
}

bool Transform::CanTransform(const Type& source) const {
  TypeId id = source.id();
  switch (kind_) {
    case TransformKind::kIdentity:
      return source.is_primitive() && id != TypeId::kVariant && id != TypeId::kGeometry &&
             id != TypeId::kGeography;
    case TransformKind::kBucket:
      switch (id) {
        case TypeId::kInt:
        case TypeId::kLong:
        case TypeId::kDecimal:
        case TypeId::kDate:
        case TypeId::kTime:
        case TypeId::kTimestamp:
        case TypeId::kTimestampTz:
        case TypeId::kTimestampNs:
        case TypeId::kTimestampTzNs:
        case TypeId::kString:
        case TypeId::kUuid:
        case TypeId::kFixed:
        case TypeId::kBinary:
          return true;
        default:
          return false;
      }
    case TransformKind::kTruncate:
      return id == TypeId::kInt || id == TypeId::kLong || id == TypeId::kDecimal ||
             id == TypeId::kString || id == TypeId::kBinary;
    case TransformKind::kYear:
    case TransformKind::kMonth:
    case TransformKind::kDay:
      return id == TypeId::kDate || IsTimestamp(id);
    case TransformKind::kHour:
      return IsTimestamp(id);
    case TransformKind::kVoid:
    case TransformKind::kUnknown:
      return true;
  }
  return false;
}

Result<TypePtr> Transform::ResultType(const Type& source) const {
  if (!CanTransform(source)) {
    return InvalidArgument("{} cannot transform {}", ToString(), source.ToString());
  }
  switch (kind_) {
    case TransformKind::kBucket:
    case TransformKind::kYear:
    case TransformKind::kMonth:
    case TransformKind::kHour:
      return Type::Int();
    case TransformKind::kDay:
      return Type::Date();
    case TransformKind::kUnknown:
      return Type::String();
    default:
      return CopyType(source);
  }
}

bool Transform::PreservesOrder() const {
  return kind_ == TransformKind::kIdentity || kind_ == TransformKind::kTruncate || is_time();
}

Result<int32_t> BucketHash(const Type& source, const Literal& value) {
  std::string bytes;
  switch (source.id()) {
    case TypeId::kInt:
    case TypeId::kLong:
    case TypeId::kDate:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz: {
      // Ints and longs hash alike, as an 8-byte little-endian long, so promotion keeps buckets.
      FLOE_ASSIGN_OR_RETURN(int64_t v, IntegerValue(source, value));
      AppendLittleEndian<int64_t>(bytes, v);
      break;
    }
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs: {
      // Nanosecond timestamps hash as their microseconds, matching timestamp buckets.
      FLOE_ASSIGN_OR_RETURN(int64_t micros, TimestampMicros(source, value));
      AppendLittleEndian<int64_t>(bytes, micros);
      break;
    }
    case TypeId::kDecimal:
    case TypeId::kString:
    case TypeId::kUuid:
    case TypeId::kFixed:
    case TypeId::kBinary: {
      FLOE_ASSIGN_OR_RETURN(bytes, ToBinary(source, value));
      break;
    }
    default:
      return InvalidArgument("bucket cannot hash {}", source.ToString());
  }
  return static_cast<int32_t>(Murmur3X86_32(bytes));
}

Result<Literal> Transform::Apply(const Type& source, const Literal& value) const {
  if (!CanTransform(source)) {
    return InvalidArgument("{} cannot transform {}", ToString(), source.ToString());
  }
  if (kind_ == TransformKind::kUnknown) {
    return NotSupported("cannot apply unknown transform \"{}\"", unknown_);
  }
  if (value.is_null() || kind_ == TransformKind::kVoid) return Literal::Null();
  switch (kind_) {
    case TransformKind::kIdentity:
      return value;
    case TransformKind::kBucket: {
      FLOE_ASSIGN_OR_RETURN(int32_t hash, BucketHash(source, value));
      return Literal::Int((hash & INT32_MAX) % param_);
    }
    case TransformKind::kTruncate:
      return ApplyTruncate(source, value, param_);
    case TransformKind::kYear: {
      FLOE_ASSIGN_OR_RETURN(int64_t days, DaysSinceEpoch(source, value));
      return Literal::Int(static_cast<int32_t>(CivilFromDays(days).year - 1970));
    }
    case TransformKind::kMonth: {
      FLOE_ASSIGN_OR_RETURN(int64_t days, DaysSinceEpoch(source, value));
      CivilDate c = CivilFromDays(days);
      return Literal::Int(static_cast<int32_t>((c.year - 1970) * 12 + (c.month - 1)));
    }
    case TransformKind::kDay: {
      FLOE_ASSIGN_OR_RETURN(int64_t days, DaysSinceEpoch(source, value));
      return Literal::Date(static_cast<int32_t>(days));
    }
    case TransformKind::kHour: {
      FLOE_ASSIGN_OR_RETURN(int64_t micros, TimestampMicros(source, value));
      return Literal::Int(static_cast<int32_t>(FloorDiv(micros, kMicrosPerHour)));
    }
    default:
      break;
  }
  return Internal("transform {} not handled", ToString());
}

std::string Transform::ToHumanString(const Type& source, const Literal& v) const {
  if (v.is_null()) return "null";
  auto as_int = [&]() -> int64_t {
    if (v.holds<int32_t>()) return v.get<int32_t>();
    if (v.holds<int64_t>()) return v.get<int64_t>();
    return 0;
  };
  switch (kind_) {
    case TransformKind::kIdentity:
    case TransformKind::kTruncate:
      return spec::ToHumanString(source, v);
    case TransformKind::kBucket:
      return std::to_string(as_int());
    case TransformKind::kYear:
      return fmt::format("{:04d}", 1970 + as_int());
    case TransformKind::kMonth: {
      int64_t m = as_int();
      return fmt::format("{:04d}-{:02d}", 1970 + FloorDiv(m, 12), FloorMod(m, 12) + 1);
    }
    case TransformKind::kDay:
      return FormatDate(as_int());
    case TransformKind::kHour: {
      int64_t h = as_int();
      return fmt::format("{}-{:02d}", FormatDate(FloorDiv(h, 24)), FloorMod(h, 24));
    }
    case TransformKind::kVoid:
      return "null";
    case TransformKind::kUnknown:
      if (v.holds<std::string>()) return v.get<std::string>();
      return spec::ToHumanString(source, v);
  }
  return "null";
}

std::string UrlEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
        c == '-' || c == '*' || c == '_') {
      out.push_back(ch);
    } else if (c == ' ') {
      out.push_back('+');
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xF]);
    }
  }
  return out;
}

std::string PartitionPathSegment(std::string_view name, std::string_view human_value) {
  return UrlEncode(name) + "=" + UrlEncode(human_value);
}

bool PathHasPartitionSegment(std::string_view path, std::string_view name,
                             std::string_view human_value) {
  const std::string segment = PartitionPathSegment(name, human_value);
  for (size_t at = path.find(segment); at != std::string_view::npos;
       at = path.find(segment, at + 1)) {
    const size_t end = at + segment.size();
    if ((at == 0 || path[at - 1] == '/') && (end == path.size() || path[end] == '/')) return true;
  }
  return false;
}

}  // namespace floe::spec
