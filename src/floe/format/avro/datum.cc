#include "floe/format/avro/datum.h"

#include "floe/util/json_writer.h"

namespace floe::avro {

using Op = ReadPlan::Op;

Result<Datum> DecodeDatum(const ReadPlan& plan, Decoder& d) {
  Datum out;
  out.type = plan.reader;
  if (plan.reader->type == Type::kUnion) {
    int reader_branch = -1;
    FLOE_ASSIGN_OR_RETURN(const ReadPlan* inner, ResolveBranch(plan, d, &reader_branch));
    out.integer = reader_branch;
    FLOE_ASSIGN_OR_RETURN(Datum value, DecodeDatum(*inner, d));
    out.items.push_back(std::move(value));
    return out;
  }
  int unused = -1;
  FLOE_ASSIGN_OR_RETURN(const ReadPlan* p, ResolveBranch(plan, d, &unused));
  switch (p->reader->type) {
    case Type::kNull:
      return out;
    case Type::kBoolean: {
      FLOE_ASSIGN_OR_RETURN(out.boolean, ReadBoolean(*p, d));
      return out;
    }
    case Type::kInt:
    case Type::kLong: {
      FLOE_ASSIGN_OR_RETURN(out.integer, ReadLongValue(*p, d));
      return out;
    }
    case Type::kFloat: {
      FLOE_ASSIGN_OR_RETURN(float f, ReadFloatValue(*p, d));
      out.real = f;
      return out;
    }
    case Type::kDouble: {
      FLOE_ASSIGN_OR_RETURN(out.real, ReadDoubleValue(*p, d));
      return out;
    }
    case Type::kBytes:
    case Type::kString:
    case Type::kFixed: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, ReadBytesValue(*p, d));
      out.bytes.assign(s);
      return out;
    }
    case Type::kEnum: {
      FLOE_ASSIGN_OR_RETURN(out.integer, ReadEnumValue(*p, d));
      return out;
    }
    case Type::kRecord: {
      out.items.resize(p->reader->fields.size());
      FLOE_RETURN_IF_ERROR(
          ReadRecord(*p, d, [&](int field, const ReadPlan& fp, Decoder& fd) -> Status {
            FLOE_ASSIGN_OR_RETURN(out.items[field], DecodeDatum(fp, fd));
            return Ok();
          }));
      return out;
    }
    case Type::kArray: {
      FLOE_RETURN_IF_ERROR(ReadArray(*p, d, [&](const ReadPlan& ip, Decoder& id) -> Status {
        FLOE_ASSIGN_OR_RETURN(Datum item, DecodeDatum(ip, id));
        out.items.push_back(std::move(item));
        return Ok();
      }));
      return out;
    }
    case Type::kMap: {
      FLOE_RETURN_IF_ERROR(
          ReadMap(*p, d, [&](std::string_view key, const ReadPlan& vp, Decoder& vd) -> Status {
            FLOE_ASSIGN_OR_RETURN(Datum value, DecodeDatum(vp, vd));
            out.keys.emplace_back(key);
            out.items.push_back(std::move(value));
            return Ok();
          }));
      return out;
    }
    case Type::kUnion:
      break;
  }
  return Internal("unexpected type");
}

Status EncodeDatum(const Node& type, const Datum& v, Encoder& e) {
  auto expect = [&](size_t n) -> Status {
    if (v.items.size() != n) {
      return InvalidArgument("datum for {} has {} values, expected {}", TypeName(type.type),
                             v.items.size(), n);
    }
    return Ok();
  };
  switch (type.type) {
    case Type::kNull:
      return Ok();
    case Type::kBoolean:
      e.WriteBool(v.boolean);
      return Ok();
    case Type::kInt:
      if (v.integer < INT32_MIN || v.integer > INT32_MAX) {
        return InvalidArgument("value {} does not fit an Avro int", v.integer);
      }
      e.WriteInt(static_cast<int32_t>(v.integer));
      return Ok();
    case Type::kLong:
      e.WriteLong(v.integer);
      return Ok();
    case Type::kFloat:
      e.WriteFloat(static_cast<float>(v.real));
      return Ok();
    case Type::kDouble:
      e.WriteDouble(v.real);
      return Ok();
    case Type::kBytes:
    case Type::kString:
      e.WriteBytes(v.bytes);
      return Ok();
    case Type::kFixed:
      if (static_cast<int64_t>(v.bytes.size()) != type.size) {
        return InvalidArgument("fixed {} takes {} bytes, got {}", type.FullName(), type.size,
                               v.bytes.size());
      }
      e.WriteFixed(v.bytes);
      return Ok();
    case Type::kEnum:
      if (v.integer < 0 || v.integer >= static_cast<int64_t>(type.symbols.size())) {
        return InvalidArgument("enum index {} out of range for {}", v.integer, type.FullName());
      }
      e.WriteLong(v.integer);
      return Ok();
    case Type::kRecord:
      FLOE_RETURN_IF_ERROR(expect(type.fields.size()));
      for (size_t i = 0; i < type.fields.size(); ++i) {
        FLOE_RETURN_IF_ERROR(EncodeDatum(*type.fields[i].type, v.items[i], e));
      }
      return Ok();
    case Type::kArray:
      if (!v.items.empty()) {
        e.WriteLong(static_cast<int64_t>(v.items.size()));
        for (const Datum& item : v.items) FLOE_RETURN_IF_ERROR(EncodeDatum(*type.items, item, e));
      }
      e.WriteLong(0);
      return Ok();
    case Type::kMap:
      FLOE_RETURN_IF_ERROR(expect(v.keys.size()));
      if (!v.items.empty()) {
        e.WriteLong(static_cast<int64_t>(v.items.size()));
        for (size_t i = 0; i < v.items.size(); ++i) {
          e.WriteBytes(v.keys[i]);
          FLOE_RETURN_IF_ERROR(EncodeDatum(*type.values, v.items[i], e));
        }
      }
      e.WriteLong(0);
      return Ok();
    case Type::kUnion:
      FLOE_RETURN_IF_ERROR(expect(1));
      if (v.integer < 0 || v.integer >= static_cast<int64_t>(type.branches.size())) {
        return InvalidArgument("union branch {} out of range", v.integer);
      }
      e.WriteLong(v.integer);
      return EncodeDatum(*type.branches[v.integer], v.items[0], e);
  }
  return Internal("unexpected type");
}

void WriteDatumJson(const Datum& v, JsonWriter& w) {
  static constexpr char kHex[] = "0123456789abcdef";
  switch (v.type->type) {
    case Type::kNull:
      w.Null();
      return;
    case Type::kBoolean:
      w.Bool(v.boolean);
      return;
    case Type::kInt:
    case Type::kLong:
      w.Int(v.integer);
      return;
    case Type::kFloat:
      w.Float(static_cast<float>(v.real));
      return;
    case Type::kDouble:
      w.Double(v.real);
      return;
    case Type::kString:
      w.String(v.bytes);
      return;
    case Type::kBytes:
    case Type::kFixed: {
      std::string hex;
      hex.reserve(v.bytes.size() * 2);
      for (unsigned char c : v.bytes) {
        hex.push_back(kHex[c >> 4]);
        hex.push_back(kHex[c & 15]);
      }
      w.String(hex);
      return;
    }
    case Type::kEnum:
      w.String(v.type->symbols[v.integer]);
      return;
    case Type::kUnion:
      WriteDatumJson(v.items[0], w);
      return;
    case Type::kRecord:
      w.BeginObject();
      for (size_t i = 0; i < v.items.size(); ++i) {
        w.Key(v.type->fields[i].name);
        WriteDatumJson(v.items[i], w);
      }
      w.EndObject();
      return;
    case Type::kArray:
      w.BeginArray();
      for (const Datum& item : v.items) WriteDatumJson(item, w);
      w.EndArray();
      return;
    case Type::kMap:
      w.BeginObject();
      for (size_t i = 0; i < v.items.size(); ++i) {
        w.Key(v.keys[i]);
        WriteDatumJson(v.items[i], w);
      }
      w.EndObject();
      return;
  }
}

std::string DatumToJson(const Datum& value) {
  JsonWriter w(false);
  WriteDatumJson(value, w);
  return w.Take();
}

}  // namespace floe::avro
