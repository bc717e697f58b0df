// The JSON form of table updates: the REST catalog's TableUpdate objects (Iceberg 1.11's
// rest-catalog-open-api.yaml, schemas BaseUpdate and each *Update), as a REST client sends them
// and `floe serve` receives them:
//   {"action":"add-schema","schema":{...},"last-column-id":4}
//   {"action":"set-current-schema","schema-id":-1}
//   {"action":"set-snapshot-ref","ref-name":"main","snapshot-id":3,"type":"branch"}
// Schemas, specs, sort orders, snapshots, refs and statistics files take their spec/*_json.h
// forms. Members are written in Java's order (MetadataUpdateParser), including the two the yaml
// marks deprecated but older servers require: add-schema's last-column-id (the schema's highest
// field id, as Java writes it) and set-statistics' snapshot-id. Reading ignores both (as Java
// does) and any member it does not know.
//
// Errors: a missing or mistyped member and an unknown action are kCorrupt, naming the action and
// the JSON path: `update set-current-schema: updates[1]: missing required field "schema-id"`. An
// action the yaml has but floe does not model (remove-schemas, add-encryption-key, view updates,
// ...) is kNotSupported naming it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/commit/table_update.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::commit {

void WriteTableUpdate(const TableUpdate& update, JsonWriter& out);
std::string WriteTableUpdate(const TableUpdate& update);  // compact JSON

Result<TableUpdate> ParseTableUpdate(const JsonValue& json);
Result<TableUpdate> ParseTableUpdate(std::string_view json);

// A JSON array of updates (CommitTableRequest's "updates").
void WriteTableUpdates(const std::vector<TableUpdate>& updates, JsonWriter& out);
Result<std::vector<TableUpdate>> ParseTableUpdates(const JsonValue& array);

}  // namespace floe::commit
