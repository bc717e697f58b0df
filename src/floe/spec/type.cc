#include "floe/spec/type.h"

#include <array>
#include <charconv>

namespace floe::spec {

bool NestedField::operator==(const NestedField& o) const {
  return id == o.id && name == o.name && required == o.required && doc == o.doc &&
         initial_default == o.initial_default && write_default == o.write_default &&
         ((type == nullptr && o.type == nullptr) || (type && o.type && *type == *o.type));
}

namespace {

struct PrimitiveName {
  TypeId id;
  std::string_view name;
};
constexpr std::array<PrimitiveName, 16> kPrimitiveNames = {{
    {TypeId::kBoolean, "boolean"},
    {TypeId::kInt, "int"},
    {TypeId::kLong, "long"},
    {TypeId::kFloat, "float"},
    {TypeId::kDouble, "double"},
    {TypeId::kDate, "date"},
    {TypeId::kTime, "time"},
    {TypeId::kTimestamp, "timestamp"},
    {TypeId::kTimestampTz, "timestamptz"},
    {TypeId::kTimestampNs, "timestamp_ns"},
    {TypeId::kTimestampTzNs, "timestamptz_ns"},
    {TypeId::kString, "string"},
    {TypeId::kUuid, "uuid"},
    {TypeId::kBinary, "binary"},
    {TypeId::kUnknown, "unknown"},
    {TypeId::kVariant, "variant"},
}};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

bool ParseInt(std::string_view s, int* out) {
  s = Trim(s);
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

TypePtr Type::Primitive(TypeId id) {
  // Parameterless primitives are shared singletons.
  static const std::array<TypePtr, 23> cache = [] {
    std::array<TypePtr, 23> c;
    for (int i = 0; i < 23; ++i) c[i] = TypePtr(new Type(static_cast<TypeId>(i)));
    return c;
  }();
  return cache[static_cast<int>(id)];
}

TypePtr Type::Decimal(int precision, int scale) {
  auto t = new Type(TypeId::kDecimal);
  t->precision_ = precision;
  t->scale_ = scale;
  return TypePtr(t);
}

TypePtr Type::Fixed(int length) {
  auto t = new Type(TypeId::kFixed);
  t->length_ = length;
  return TypePtr(t);
}

TypePtr Type::Geometry(std::string crs) {
  auto t = new Type(TypeId::kGeometry);
  t->crs_ = std::move(crs);
  return TypePtr(t);
}

TypePtr Type::Geography(std::string crs, std::string algorithm) {
  auto t = new Type(TypeId::kGeography);
  t->crs_ = std::move(crs);
  t->algorithm_ = std::move(algorithm);
  return TypePtr(t);
}

TypePtr Type::Struct(std::vector<NestedField> fields) {
  auto t = new Type(TypeId::kStruct);
  t->fields_ = std::move(fields);
  return TypePtr(t);
}

TypePtr Type::List(NestedField element) {
  auto t = new Type(TypeId::kList);
  t->fields_.push_back(std::move(element));
  return TypePtr(t);
}

TypePtr Type::Map(NestedField key, NestedField value) {
  auto t = new Type(TypeId::kMap);
  t->fields_.push_back(std::move(key));
  t->fields_.push_back(std::move(value));
  return TypePtr(t);
}

const NestedField* Type::FieldById(int32_t id) const {
  for (const NestedField& f : fields_) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const NestedField* Type::FieldByName(std::string_view name) const {
  for (const NestedField& f : fields_) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

std::string Type::ToString() const {
  switch (id_) {
    case TypeId::kDecimal:
      return fmt::format("decimal({},{})", precision_, scale_);
    case TypeId::kFixed:
      return fmt::format("fixed[{}]", length_);
    case TypeId::kGeometry:
      return crs_.empty() ? "geometry" : fmt::format("geometry({})", crs_);
    case TypeId::kGeography:
      if (crs_.empty() && algorithm_.empty()) return "geography";
      if (algorithm_.empty()) return fmt::format("geography({})", crs_);
      return fmt::format("geography({}, {})", crs_, algorithm_);
    case TypeId::kList:
      return fmt::format("list<{}>", element().type->ToString());
    case TypeId::kMap:
      return fmt::format("map<{}, {}>", key().type->ToString(), value().type->ToString());
    case TypeId::kStruct: {
      std::string out = "struct<";
      for (size_t i = 0; i < fields_.size(); ++i) {
        const NestedField& f = fields_[i];
        if (i > 0) out += ", ";
        out += fmt::format("{}: {}: {} {}", f.id, f.name, f.required ? "required" : "optional",
                           f.type->ToString());
      }
      return out + ">";
    }
    default:
      for (const PrimitiveName& p : kPrimitiveNames) {
        if (p.id == id_) return std::string(p.name);
      }
      return "?";
  }
}

bool Type::operator==(const Type& o) const {
  return id_ == o.id_ && precision_ == o.precision_ && scale_ == o.scale_ && length_ == o.length_ &&
         crs_ == o.crs_ && algorithm_ == o.algorithm_ && fields_ == o.fields_;
}

Result<TypePtr> ParsePrimitiveType(std::string_view name) {
  std::string_view s = Trim(name);
  for (const PrimitiveName& p : kPrimitiveNames) {
    if (p.name == s) return Type::Primitive(p.id);
  }
  auto inner = [&](std::string_view prefix, char open,
                   char close) -> std::optional<std::string_view> {
    if (s.size() < prefix.size() + 2 || s.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::string_view rest = Trim(s.substr(prefix.size()));
    if (rest.size() < 2 || rest.front() != open || rest.back() != close) return std::nullopt;
    return rest.substr(1, rest.size() - 2);
  };
  if (auto args = inner("decimal", '(', ')')) {
    size_t comma = args->find(',');
    int p = 0, sc = 0;
    if (comma != std::string_view::npos && ParseInt(args->substr(0, comma), &p) &&
        ParseInt(args->substr(comma + 1), &sc) && p >= 1 && p <= 38 && sc >= 0 && sc <= p) {
      return Type::Decimal(p, sc);
    }
    return Corrupt("invalid decimal type \"{}\": want decimal(P,S) with 1 <= P <= 38, 0 <= S <= P",
                   name);
  }
  if (auto args = inner("fixed", '[', ']')) {
    int len = 0;
    if (ParseInt(*args, &len) && len > 0) return Type::Fixed(len);
    return Corrupt("invalid fixed type \"{}\": want fixed[L] with L > 0", name);
  }
  if (s == "geometry") return Type::Geometry("");
  if (s == "geography") return Type::Geography("", "");
  if (auto args = inner("geometry", '(', ')')) return Type::Geometry(std::string(Trim(*args)));
  if (auto args = inner("geography", '(', ')')) {
    size_t comma = args->rfind(',');
    if (comma == std::string_view::npos) return Type::Geography(std::string(Trim(*args)), "");
    return Type::Geography(std::string(Trim(args->substr(0, comma))),
                           std::string(Trim(args->substr(comma + 1))));
  }
  return Corrupt("unknown type \"{}\"", name);
}

int MinFormatVersion(TypeId id) {
  switch (id) {
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
    case TypeId::kUnknown:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return 3;
    default:
      return 1;
  }
}

}  // namespace floe::spec
