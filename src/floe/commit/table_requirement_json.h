// The JSON form of table requirements: the REST catalog's TableRequirement objects (Iceberg
// 1.11's rest-catalog-open-api.yaml, schemas TableRequirement and each Assert*):
//   {"type":"assert-create"}
//   {"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":null}
//   {"type":"assert-current-schema-id","current-schema-id":0}
// assert-ref-snapshot-id's snapshot-id is required and nullable: null (written explicitly, as
// Java writes it) says the ref must not exist; an absent one is refused, as the yaml requires it.
//
// Errors: a missing or mistyped member and an unknown type are kCorrupt, naming the type and the
// JSON path: `requirement assert-table-uuid: requirements[0]: missing required field "uuid"`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/commit/table_requirement.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::commit {

void WriteTableRequirement(const TableRequirement& requirement, JsonWriter& out);
std::string WriteTableRequirement(const TableRequirement& requirement);  // compact JSON

Result<TableRequirement> ParseTableRequirement(const JsonValue& json);
Result<TableRequirement> ParseTableRequirement(std::string_view json);

// A JSON array of requirements (CommitTableRequest's "requirements").
void WriteTableRequirements(const std::vector<TableRequirement>& requirements, JsonWriter& out);
Result<std::vector<TableRequirement>> ParseTableRequirements(const JsonValue& array);

}  // namespace floe::commit
