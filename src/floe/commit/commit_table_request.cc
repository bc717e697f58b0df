#include "floe/commit/commit_table_request.h"

#include "floe/commit/table_requirement_json.h"
#include "floe/commit/table_update_json.h"

namespace floe::commit {

void WriteTableIdentifier(const TableIdentifier& identifier, JsonWriter& out) {
  out.BeginObject();
  out.Key("namespace");
  out.BeginArray();
  for (const std::string& level : identifier.ns) out.String(level);
  out.EndArray();
  out.Member("name", identifier.name);
  out.EndObject();
}

Result<TableIdentifier> ParseTableIdentifier(const JsonValue& json) {
  TableIdentifier identifier;
  FLOE_ASSIGN_OR_RETURN(JsonValue ns, json.Get("namespace"));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> levels, ns.AsArray());
  for (const JsonValue& level : levels) {
    FLOE_ASSIGN_OR_RETURN(std::string_view s, level.AsString());
    identifier.ns.emplace_back(s);
  }
  FLOE_ASSIGN_OR_RETURN(std::string_view name, json.GetString("name"));
  identifier.name = std::string(name);
  return identifier;
}

void WriteCommitTableRequest(const CommitTableRequest& request, JsonWriter& out) {
  out.BeginObject();
  if (request.identifier) {
    out.Key("identifier");
    WriteTableIdentifier(*request.identifier, out);
  }
  out.Key("requirements");
  WriteTableRequirements(request.requirements, out);
  out.Key("updates");
  WriteTableUpdates(request.updates, out);
  out.EndObject();
}

std::string WriteCommitTableRequest(const CommitTableRequest& request) {
  JsonWriter out;
  WriteCommitTableRequest(request, out);
  return out.Take();
}

Result<CommitTableRequest> ParseCommitTableRequest(const JsonValue& json) {
  CommitTableRequest request;
  if (std::optional<JsonValue> identifier = json.Find("identifier");
      identifier && !identifier->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(request.identifier, ParseTableIdentifier(*identifier));
  }
  FLOE_ASSIGN_OR_RETURN(JsonValue requirements, json.Get("requirements"));
  FLOE_ASSIGN_OR_RETURN(request.requirements, ParseTableRequirements(requirements));
  FLOE_ASSIGN_OR_RETURN(JsonValue updates, json.Get("updates"));
  FLOE_ASSIGN_OR_RETURN(request.updates, ParseTableUpdates(updates));
  return request;
}

Result<CommitTableRequest> ParseCommitTableRequest(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return ParseCommitTableRequest(doc->root());
}

void WriteCommitTransactionRequest(const CommitTransactionRequest& request, JsonWriter& out) {
  out.BeginObject();
  out.Key("table-changes");
  out.BeginArray();
  for (const CommitTableRequest& change : request.table_changes) {
    WriteCommitTableRequest(change, out);
  }
  out.EndArray();
  out.EndObject();
}

std::string WriteCommitTransactionRequest(const CommitTransactionRequest& request) {
  JsonWriter out;
  WriteCommitTransactionRequest(request, out);
  return out.Take();
}

Result<CommitTransactionRequest> ParseCommitTransactionRequest(const JsonValue& json) {
  CommitTransactionRequest request;
  FLOE_ASSIGN_OR_RETURN(JsonValue changes, json.Get("table-changes"));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, changes.AsArray());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(CommitTableRequest change, ParseCommitTableRequest(item));
    if (!change.identifier) {
      return item.Invalid(
          "missing required field \"identifier\" (each table change names its table)");
    }
    request.table_changes.push_back(std::move(change));
  }
  return request;
}

Result<CommitTransactionRequest> ParseCommitTransactionRequest(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return ParseCommitTransactionRequest(doc->root());
}

}  // namespace floe::commit
