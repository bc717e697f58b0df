// The JSON form of types and schemas (spec: Appendix C, "Schemas").
//   {"type":"struct","schema-id":0,"identifier-field-ids":[1],"fields":[
//     {"id":1,"name":"id","required":true,"type":"long"},
//     {"id":2,"name":"tags","required":false,"type":
//        {"type":"list","element-id":3,"element":"string","element-required":false}}]}
#pragma once

#include "floe/spec/schema.h"
#include "floe/spec/type.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

// A type: a primitive's name ("long", "decimal(9,2)") or a struct/list/map object. List elements
// are named "element", map keys "key" (always required) and map values "value".
Result<TypePtr> ParseType(const JsonValue& json);
void WriteType(const Type& type, JsonWriter& out);

// A struct's field list entry: {"id","name","required","type","doc","initial-default",
// "write-default"}. Defaults are kept as their JSON text.
Result<NestedField> ParseNestedField(const JsonValue& json);
void WriteNestedField(const NestedField& field, JsonWriter& out);

// A schema object. "schema-id" defaults to 0 (v1); "identifier-field-ids" to none.
// The result is not validated; call Schema::Validate() for the spec's rules.
Result<Schema> ParseSchema(const JsonValue& json);
// Writes "type", "schema-id", "identifier-field-ids" (only when non-empty) and "fields".
void WriteSchema(const Schema& schema, JsonWriter& out);

}  // namespace floe::spec
