#include "floe/write/avro_data_schema.h"

#include <fmt/format.h>

#include <set>

#include "floe/format/avro/compatible_name.h"
#include "floe/manifest/manifest_schema.h"
#include "floe/util/json_writer.h"

namespace floe::write {
namespace {

using spec::TypeId;

class SchemaBuilder {
 public:
  Status Type(const spec::Type& type, int32_t field_id) {
    switch (type.id()) {
      case TypeId::kStruct:
        return Record(fmt::format("r{}", field_id), type);
      case TypeId::kList:
        json_.BeginObject();
        json_.Member("type", "array");
        json_.Key("items");
        FLOE_RETURN_IF_ERROR(Optional(type.element()));
        json_.Member("element-id", type.element().id);
        json_.EndObject();
        return Ok();
      case TypeId::kMap:
        return Map(type);
      case TypeId::kUuid:
        return Fixed("uuid_fixed", 16, R"(,"logicalType":"uuid")");
      case TypeId::kFixed:
        return Fixed(fmt::format("fixed_{}", type.length()), type.length(), "");
      case TypeId::kDecimal:
        return Fixed(fmt::format("decimal_{}_{}", type.precision(), type.scale()),
                     manifest::DecimalRequiredBytes(type.precision()),
                     fmt::format(R"(,"logicalType":"decimal","precision":{},"scale":{})",
                                 type.precision(), type.scale()));
      case TypeId::kGeometry:
      case TypeId::kGeography:
        json_.String("bytes");
        return Ok();
      case TypeId::kVariant:
      case TypeId::kUnknown:
        return NotSupported("floe cannot write {} columns to Avro data files", type.ToString());
      default: {
        FLOE_ASSIGN_OR_RETURN(std::string primitive, manifest::AvroTypeJson(type));
        json_.Raw(primitive);
        return Ok();
      }
    }
  }

  Status Record(const std::string& name, const spec::Type& type) {
    json_.BeginObject();
    json_.Member("type", "record");
    json_.Member("name", name);
    json_.Key("fields");
    json_.BeginArray();
    for (const spec::NestedField& f : type.fields()) {
      json_.BeginObject();
      bool valid = avro::IsValidName(f.name);
      json_.Member("name", avro::CompatibleName(f.name));
      if (!f.doc.empty()) json_.Member("doc", f.doc);
      json_.Key("type");
      FLOE_RETURN_IF_ERROR(Optional(f));
      if (!f.required) {
        json_.Key("default");
        json_.Null();
      }
      json_.Member("field-id", f.id);
      if (!valid) json_.Member("iceberg-field-name", f.name);
      json_.EndObject();
    }
    json_.EndArray();
    json_.EndObject();
    return Ok();
  }

  std::string str() const { return json_.str(); }

 private:
  // T, or ["null", T] when the field is optional.
  Status Optional(const spec::NestedField& f) {
    if (f.required) return Type(*f.type, f.id);
    json_.BeginArray();
    json_.String("null");
    FLOE_RETURN_IF_ERROR(Type(*f.type, f.id));
    json_.EndArray();
    return Ok();
  }

  Status Map(const spec::Type& type) {
    const spec::NestedField& key = type.key();
    const spec::NestedField& value = type.value();
    json_.BeginObject();
    if (key.type->id() == TypeId::kString) {
      json_.Member("type", "map");
      json_.Key("values");
      FLOE_RETURN_IF_ERROR(Optional(value));
    } else {
      json_.Member("type", "array");
      json_.Key("items");
      json_.BeginObject();
      json_.Member("type", "record");
      json_.Member("name", fmt::format("k{}_v{}", key.id, value.id));
      json_.Key("fields");
      json_.BeginArray();
      for (const spec::NestedField* f : {&key, &value}) {
        json_.BeginObject();
        json_.Member("name", f == &key ? "key" : "value");
        json_.Key("type");
        FLOE_RETURN_IF_ERROR(Optional(*f));
        if (!f->required) {
          json_.Key("default");
          json_.Null();
        }
        json_.Member("field-id", f->id);
        json_.EndObject();
      }
      json_.EndArray();
      json_.EndObject();
      json_.Member("logicalType", "map");
    }
    json_.Member("key-id", key.id);
    json_.Member("value-id", value.id);
    json_.EndObject();
    return Ok();
  }

  // A named fixed type: in full the first time, then by name.
  Status Fixed(const std::string& name, int size, const std::string& extra) {
    if (!named_.insert(name).second) {
      json_.String(name);
      return Ok();
    }
    json_.Raw(fmt::format(R"({{"type":"fixed","name":"{}","size":{}{}}})", name, size, extra));
    return Ok();
  }

  JsonWriter json_;
  std::set<std::string> named_;
};

}  // namespace

Result<std::string> AvroDataSchemaJson(const spec::Schema& schema) {
  SchemaBuilder b;
  FLOE_RETURN_IF_ERROR(b.Record("table", *schema.AsStruct()));
  return b.str();
}

Result<std::shared_ptr<const avro::Schema>> AvroDataSchema(const spec::Schema& schema) {
  FLOE_ASSIGN_OR_RETURN(std::string json, AvroDataSchemaJson(schema));
  return avro::Schema::Parse(json);
}

}  // namespace floe::write
