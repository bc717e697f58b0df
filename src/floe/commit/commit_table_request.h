// The body of a REST commit (rest-catalog-open-api.yaml, CommitTableRequest): the requirements and
// updates of one table, and optionally the table's identifier, which the single-table route
// (POST .../tables/{table}) may omit and CommitTransactionRequest's table-changes must carry:
//   {"identifier":{"namespace":["db"],"name":"t"},
//    "requirements":[{"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":1}],
//    "updates":[{"action":"add-snapshot","snapshot":{...}}, ...]}
// Errors are those of table_requirement_json.h and table_update_json.h, and kCorrupt for a
// missing or mistyped member of the request itself.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/commit/table_requirement.h"
#include "floe/commit/table_update.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::commit {

// REST's TableIdentifier: namespace levels, outermost first, and the table name. The same shape
// as catalog::TableIdentifier, which lives above this layer.
struct TableIdentifier {
  std::vector<std::string> ns;
  std::string name;
  bool operator==(const TableIdentifier&) const = default;
};

struct CommitTableRequest {
  std::optional<TableIdentifier> identifier;
  std::vector<TableRequirement> requirements;
  std::vector<TableUpdate> updates;
  bool operator==(const CommitTableRequest&) const = default;
};

// CommitTransactionRequest: the changes of several tables, committed together.
struct CommitTransactionRequest {
  std::vector<CommitTableRequest> table_changes;  // each with its identifier
  bool operator==(const CommitTransactionRequest&) const = default;
};

void WriteTableIdentifier(const TableIdentifier& identifier, JsonWriter& out);
Result<TableIdentifier> ParseTableIdentifier(const JsonValue& json);

// The identifier is written only when there is one.
void WriteCommitTableRequest(const CommitTableRequest& request, JsonWriter& out);
std::string WriteCommitTableRequest(const CommitTableRequest& request);  // compact JSON
Result<CommitTableRequest> ParseCommitTableRequest(const JsonValue& json);
Result<CommitTableRequest> ParseCommitTableRequest(std::string_view json);

// A table change without an identifier is refused.
void WriteCommitTransactionRequest(const CommitTransactionRequest& request, JsonWriter& out);
std::string WriteCommitTransactionRequest(const CommitTransactionRequest& request);
Result<CommitTransactionRequest> ParseCommitTransactionRequest(const JsonValue& json);
Result<CommitTransactionRequest> ParseCommitTransactionRequest(std::string_view json);

}  // namespace floe::commit
