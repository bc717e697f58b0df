#include "floe/format/avro/json_default.h"

#include <cmath>

#include "floe/util/json_reader.h"

namespace floe::avro {
namespace {

// Bytes and fixed defaults are strings whose code points 0-255 are the bytes.
Result<std::string> Latin1Bytes(const JsonValue& v) {
  FLOE_ASSIGN_OR_RETURN(std::string_view s, v.AsString());
  std::string out;
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
    } else if ((c & 0xE0) == 0xC0 && i + 1 < s.size() && c <= 0xC3) {
      out.push_back(
          static_cast<char>(((c & 0x1F) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3F)));
      i += 2;
    } else {
      return v.Invalid("a bytes default may only hold code points up to U+00FF");
    }
  }
  return out;
}

Result<double> Number(const JsonValue& v) {
  if (v.IsString()) {
    FLOE_ASSIGN_OR_RETURN(std::string_view s, v.AsString());
    if (s == "NaN") return std::nan("");
    if (s == "Infinity") return HUGE_VAL;
    if (s == "-Infinity") return -HUGE_VAL;
  }
  return v.AsDouble();
}

Status Encode(const Node& type, const JsonValue& v, Encoder& e, int depth) {
  if (depth > 100) return v.Invalid("default nests too deeply");
  switch (type.type) {
    case Type::kNull:
      if (!v.IsNull()) return v.Invalid("expected null");
      return Ok();
    case Type::kBoolean: {
      FLOE_ASSIGN_OR_RETURN(bool b, v.AsBool());
      e.WriteBool(b);
      return Ok();
    }
    case Type::kInt: {
      FLOE_ASSIGN_OR_RETURN(int32_t i, v.AsInt32());
      e.WriteInt(i);
      return Ok();
    }
    case Type::kLong: {
      FLOE_ASSIGN_OR_RETURN(int64_t i, v.AsInt());
      e.WriteLong(i);
      return Ok();
    }
    case Type::kFloat: {
      FLOE_ASSIGN_OR_RETURN(double d, Number(v));
      e.WriteFloat(static_cast<float>(d));
      return Ok();
    }
    case Type::kDouble: {
      FLOE_ASSIGN_OR_RETURN(double d, Number(v));
      e.WriteDouble(d);
      return Ok();
    }
    case Type::kString: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, v.AsString());
      e.WriteBytes(s);
      return Ok();
    }
    case Type::kBytes: {
      FLOE_ASSIGN_OR_RETURN(std::string b, Latin1Bytes(v));
      e.WriteBytes(b);
      return Ok();
    }
    case Type::kFixed: {
      FLOE_ASSIGN_OR_RETURN(std::string b, Latin1Bytes(v));
      if (static_cast<int64_t>(b.size()) != type.size) return v.Invalid("wrong size for fixed");
      e.WriteFixed(b);
      return Ok();
    }
    case Type::kEnum: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, v.AsString());
      for (size_t i = 0; i < type.symbols.size(); ++i) {
        if (type.symbols[i] == s) {
          e.WriteLong(static_cast<int64_t>(i));
          return Ok();
        }
      }
      return v.Invalid(fmt::format("\"{}\" is not a symbol of the enum", s));
    }
    case Type::kArray: {
      FLOE_ASSIGN_OR_RETURN(auto items, v.AsArray());
      if (!items.empty()) {
        e.WriteLong(static_cast<int64_t>(items.size()));
        for (const JsonValue& item : items)
          FLOE_RETURN_IF_ERROR(Encode(*type.items, item, e, depth + 1));
      }
      e.WriteLong(0);
      return Ok();
    }
    case Type::kMap: {
      FLOE_ASSIGN_OR_RETURN(auto members, v.AsObject());
      if (!members.empty()) {
        e.WriteLong(static_cast<int64_t>(members.size()));
        for (const auto& [key, value] : members) {
          e.WriteBytes(key);
          FLOE_RETURN_IF_ERROR(Encode(*type.values, value, e, depth + 1));
        }
      }
      e.WriteLong(0);
      return Ok();
    }
    case Type::kRecord: {
      if (!v.IsObject()) return v.Invalid("expected an object");
      for (const Field& f : type.fields) {
        if (auto member = v.Find(f.name)) {
          FLOE_RETURN_IF_ERROR(Encode(*f.type, *member, e, depth + 1));
        } else if (f.default_json) {
          FLOE_RETURN_IF_ERROR(EncodeJsonDefault(*f.type, *f.default_json, e));
        } else {
          return v.Invalid(fmt::format("missing field {}", f.name));
        }
      }
      return Ok();
    }
    case Type::kUnion: {
      for (size_t i = 0; i < type.branches.size(); ++i) {
        std::string attempt;
        Encoder be(&attempt);
        if (Encode(*type.branches[i], v, be, depth + 1).ok()) {
          e.WriteLong(static_cast<int64_t>(i));
          e.out()->append(attempt);
          return Ok();
        }
      }
      return v.Invalid("the default matches no branch of the union");
    }
  }
  return Internal("unexpected type");
}

}  // namespace

Status EncodeJsonDefault(const Node& type, std::string_view json, Encoder& e) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return Encode(type, doc->root(), e, 0);
}

}  // namespace floe::avro
