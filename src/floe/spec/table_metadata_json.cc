#include "floe/spec/table_metadata_json.h"

#include <algorithm>

#include "floe/spec/json_fields.h"
#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/spec/snapshot_json.h"
#include "floe/spec/snapshot_ref_json.h"
#include "floe/spec/sort_order_json.h"
#include "floe/spec/statistics_json.h"
#include "floe/util/uuid.h"

namespace floe::spec {

using internal::FieldReader;

namespace {

// The member as a JsonValue, or nullopt when absent or null.
std::optional<JsonValue> Member(const FieldReader& in, std::string_view key) {
  auto e = in.FindNonNull(key);
  if (!e) return std::nullopt;
  return in.Value(key, *e);
}

template <typename T, typename F>
Result<std::vector<T>> ParseArray(const JsonValue& array, F parse_one) {
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<T> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(T value, parse_one(item));
    out.push_back(std::move(value));
  }
  return out;
}

// A schema object: ParseSchema, after checking it says it is a struct (Java rejects a schema
// without "type", and so does floe).
Result<Schema> ParseSchemaObject(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(std::string_view type, json.GetString("type"));
  if (type != "struct") {
    return json.Invalid(fmt::format("a schema must have type \"struct\", got \"{}\"", type));
  }
  return ParseSchema(json);
}

Status ParseSchemas(const FieldReader& in, TableMetadata& m) {
  std::optional<JsonValue> schemas = Member(in, "schemas");
  std::optional<JsonValue> schema = Member(in, "schema");
  if (schemas) {
    FLOE_ASSIGN_OR_RETURN(m.schemas, ParseArray<Schema>(*schemas, ParseSchemaObject));
    if (m.schemas.empty()) return schemas->Invalid("must hold at least one schema");
    FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> current, in.FindInt("current-schema-id"));
    if (current) {
      m.current_schema_id = *current;
    } else if (m.format_version >= 2) {
      return in.Missing("current-schema-id");
    } else if (schema) {
      // v1 with `schemas` but no `current-schema-id`: the current one is the one `schema` holds.
      FLOE_ASSIGN_OR_RETURN(Schema legacy, ParseSchemaObject(*schema));
      auto it = std::find_if(m.schemas.begin(), m.schemas.end(),
                             [&](const Schema& s) { return s.SameSchema(legacy); });
      if (it == m.schemas.end()) {
        return in.Invalid("schema", "no current-schema-id, and the schema matches none of schemas");
      }
      m.current_schema_id = it->schema_id;
    } else {
      return Corrupt("no valid schema: schemas without current-schema-id, and no schema");
    }
  } else if (m.format_version >= 2) {
    return in.Missing("schemas");
  } else {
    if (!schema)
      return Corrupt("no valid schema: missing required field \"schema\" (or \"schemas\")");
    FLOE_ASSIGN_OR_RETURN(Schema legacy, ParseSchemaObject(*schema));
    m.current_schema_id = legacy.schema_id;
    m.schemas.push_back(std::move(legacy));
  }
  for (size_t i = 0; i < m.schemas.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (m.schemas[j].schema_id == m.schemas[i].schema_id) {
        return Corrupt("schemas[{}]: duplicate schema-id {}", i, m.schemas[i].schema_id);
      }
    }
    FLOE_RETURN_IF_ERROR(m.schemas[i].Validate().WithContext(schemas ? fmt::format("schemas[{}]", i)
                                                                     : std::string("schema")));
  }
  if (m.CurrentSchema() == nullptr) {
    return in.Invalid("current-schema-id",
                      fmt::format("schema {} not found among schemas", m.current_schema_id));
  }
  return Ok();
}

Status ParseSpecs(const FieldReader& in, TableMetadata& m) {
  std::optional<JsonValue> specs = Member(in, "partition-specs");
  std::optional<JsonValue> legacy = Member(in, "partition-spec");
  if (specs) {
    FLOE_ASSIGN_OR_RETURN(m.partition_specs,
                          ParseArray<PartitionSpec>(
                              *specs, [](const JsonValue& v) { return ParsePartitionSpec(v); }));
    if (m.partition_specs.empty()) return specs->Invalid("must hold at least one partition spec");
    FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> default_id, in.FindInt("default-spec-id"));
    if (default_id) {
      m.default_spec_id = *default_id;
    } else if (m.format_version >= 2) {
      return in.Missing("default-spec-id");
    } else {
      // v1 without default-spec-id: the spec `partition-spec` holds, else the newest spec.
      std::optional<std::vector<PartitionField>> fields;
      if (legacy) {
        FLOE_ASSIGN_OR_RETURN(fields, ParsePartitionFields(*legacy));
      }
      const PartitionSpec* pick = nullptr;
      for (const PartitionSpec& s : m.partition_specs) {
        if (fields && s.fields != *fields) continue;
        if (pick == nullptr || s.spec_id > pick->spec_id) pick = &s;
      }
      if (pick == nullptr) {
        return in.Invalid("partition-spec",
                          "no default-spec-id, and the fields match none of partition-specs");
      }
      m.default_spec_id = pick->spec_id;
    }
  } else if (m.format_version >= 2) {
    return in.Missing("partition-specs");
  } else {
    if (!legacy) return in.Missing("partition-spec");
    PartitionSpec spec;
    FLOE_ASSIGN_OR_RETURN(spec.fields, ParsePartitionFields(*legacy));
    m.partition_specs.push_back(std::move(spec));
    m.default_spec_id = 0;
  }
  for (size_t i = 0; i < m.partition_specs.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (m.partition_specs[j].spec_id == m.partition_specs[i].spec_id) {
        return Corrupt("partition-specs[{}]: duplicate spec-id {}", i,
                       m.partition_specs[i].spec_id);
      }
    }
  }
  if (m.DefaultSpec() == nullptr) {
    return in.Invalid(
        "default-spec-id",
        fmt::format("partition spec {} not found among partition-specs", m.default_spec_id));
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> last_partition_id, in.FindInt("last-partition-id"));
  if (last_partition_id) {
    m.last_partition_id = *last_partition_id;
  } else if (m.format_version >= 2) {
    return in.Missing("last-partition-id");
  } else {
    m.last_partition_id = PartitionSpec::kPartitionDataIdStart - 1;
    for (const PartitionSpec& s : m.partition_specs) {
      m.last_partition_id = std::max(m.last_partition_id, s.LastAssignedFieldId());
    }
  }
  return Ok();
}

Status ParseSortOrders(const FieldReader& in, TableMetadata& m) {
  std::optional<JsonValue> orders = Member(in, "sort-orders");
  if (!orders) {
    if (m.format_version >= 2) return in.Missing("sort-orders");
    m.sort_orders.push_back(SortOrder::Unsorted());
    m.default_sort_order_id = SortOrder::kUnsortedOrderId;
    return Ok();
  }
  FLOE_ASSIGN_OR_RETURN(m.sort_orders, ParseArray<SortOrder>(*orders, [](const JsonValue& v) {
                          return ParseSortOrder(v);
                        }));
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> default_id, in.FindInt("default-sort-order-id"));
  if (default_id) {
    m.default_sort_order_id = *default_id;
  } else if (m.format_version >= 2) {
    return in.Missing("default-sort-order-id");
  } else {
    m.default_sort_order_id = SortOrder::kUnsortedOrderId;
  }
  if (m.sort_orders.empty()) {
    // An empty list is the unsorted order.
    if (m.default_sort_order_id != SortOrder::kUnsortedOrderId) {
      return in.Invalid(
          "default-sort-order-id",
          fmt::format("sort order {} not found among sort-orders", m.default_sort_order_id));
    }
    m.sort_orders.push_back(SortOrder::Unsorted());
  }
  if (m.DefaultSortOrder() == nullptr) {
    return in.Invalid(
        "default-sort-order-id",
        fmt::format("sort order {} not found among sort-orders", m.default_sort_order_id));
  }
  return Ok();
}

Result<EncryptedKey> ParseEncryptedKey(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  EncryptedKey key;
  FLOE_ASSIGN_OR_RETURN(std::string_view id, in.GetString("key-id"));
  key.key_id = std::string(id);
  FLOE_ASSIGN_OR_RETURN(std::string_view metadata, in.GetString("encrypted-key-metadata"));
  key.encrypted_key_metadata = std::string(metadata);
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> by, in.FindString("encrypted-by-id"));
  if (by) key.encrypted_by_id = std::string(*by);
  FLOE_ASSIGN_OR_RETURN(key.properties, in.FindStringMap("properties"));
  return key;
}

void WriteStringMap(const std::map<std::string, std::string>& map, JsonWriter& out) {
  out.BeginObject();
  for (const auto& [k, v] : map) out.Member(k, v);
  out.EndObject();
}

}  // namespace

Result<TableMetadata> ParseTableMetadata(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<JsonDocument> doc, JsonDocument::Parse(json));
  return ParseTableMetadata(doc->root());
}

Result<TableMetadata> ParseTableMetadata(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  TableMetadata m;
  FLOE_ASSIGN_OR_RETURN(m.format_version, in.GetInt("format-version"));
  if (m.format_version < kMinFormatVersion || m.format_version > kMaxFormatVersion) {
    return NotSupported("format-version {} is not supported (floe reads versions {} to {})",
                        m.format_version, kMinFormatVersion, kMaxFormatVersion);
  }
  const int v = m.format_version;

  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> uuid, in.FindString("table-uuid"));
  if (uuid) {
    if (!Uuid::Parse(*uuid))
      return in.Invalid("table-uuid", fmt::format("invalid UUID \"{}\"", *uuid));
    m.table_uuid = std::string(*uuid);
  } else if (v >= 2) {
    return in.Missing("table-uuid");
  }
  FLOE_ASSIGN_OR_RETURN(std::string_view location, in.GetString("location"));
  m.location = std::string(location);
  if (v >= 2) {
    FLOE_ASSIGN_OR_RETURN(m.last_sequence_number, in.GetLong("last-sequence-number"));
    if (m.last_sequence_number < 0) {
      return in.Invalid("last-sequence-number",
                        fmt::format("must not be negative, got {}", m.last_sequence_number));
    }
  }
  FLOE_ASSIGN_OR_RETURN(m.last_updated_ms, in.GetLong("last-updated-ms"));
  FLOE_ASSIGN_OR_RETURN(m.last_column_id, in.GetInt("last-column-id"));

  FLOE_RETURN_IF_ERROR(ParseSchemas(in, m));
  FLOE_RETURN_IF_ERROR(ParseSpecs(in, m));
  FLOE_RETURN_IF_ERROR(ParseSortOrders(in, m));
  FLOE_ASSIGN_OR_RETURN(m.properties, in.FindStringMap("properties"));

  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> current, in.FindId("current-snapshot-id"));
  if (current && *current != -1) m.current_snapshot_id = *current;
  if (auto snapshots = Member(in, "snapshots")) {
    FLOE_ASSIGN_OR_RETURN(m.snapshots, ParseSnapshots(*snapshots, v));
  }
  if (auto log = Member(in, "snapshot-log")) {
    FLOE_ASSIGN_OR_RETURN(m.snapshot_log, ParseSnapshotLog(*log));
  }
  if (auto log = Member(in, "metadata-log")) {
    FLOE_ASSIGN_OR_RETURN(m.metadata_log, ParseMetadataLog(*log));
  }
  if (auto refs = Member(in, "refs")) {
    FLOE_ASSIGN_OR_RETURN(m.refs, ParseSnapshotRefs(*refs));
  }
  // "Always a main branch reference, even if refs is null": it points at the current snapshot.
  if (m.current_snapshot_id && m.refs.count(std::string(kMainBranch)) == 0) {
    m.refs.emplace(std::string(kMainBranch), SnapshotRef::Branch(*m.current_snapshot_id));
  }
  if (auto stats = Member(in, "statistics")) {
    FLOE_ASSIGN_OR_RETURN(m.statistics, ParseStatisticsFiles(*stats));
  }
  if (auto stats = Member(in, "partition-statistics")) {
    FLOE_ASSIGN_OR_RETURN(m.partition_statistics, ParsePartitionStatisticsFiles(*stats));
  }
  if (v >= 3) {
    // Required by v3; files written before row lineage existed lack it, and 0 is where row ids
    // start.
    FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> next_row_id, in.FindLong("next-row-id"));
    m.next_row_id = next_row_id.value_or(0);
    if (m.next_row_id < 0) {
      return in.Invalid("next-row-id", fmt::format("must not be negative, got {}", m.next_row_id));
    }
    if (auto keys = Member(in, "encryption-keys")) {
      FLOE_ASSIGN_OR_RETURN(m.encryption_keys, ParseArray<EncryptedKey>(*keys, ParseEncryptedKey));
    }
  }
  FLOE_RETURN_IF_ERROR(m.Validate());
  return m;
}

void WriteTableMetadata(const TableMetadata& m, JsonWriter& out) {
  const int v = m.format_version;
  out.BeginObject();
  out.Member("format-version", v);
  if (!m.table_uuid.empty()) out.Member("table-uuid", m.table_uuid);
  out.Member("location", m.location);
  if (v >= 2) {
    out.Key("last-sequence-number");
    out.Int(m.last_sequence_number);
  }
  out.Key("last-updated-ms");
  out.Int(m.last_updated_ms);
  out.Member("last-column-id", m.last_column_id);
  if (v == 1) {
    // For v1 readers that know only the current schema.
    if (const Schema* current = m.CurrentSchema()) {
      out.Key("schema");
      WriteSchema(*current, out);
    }
  }
  out.Member("current-schema-id", m.current_schema_id);
  out.Key("schemas");
  out.BeginArray();
  for (const Schema& s : m.schemas) WriteSchema(s, out);
  out.EndArray();
  if (v == 1) {
    if (const PartitionSpec* spec = m.DefaultSpec()) {
      out.Key("partition-spec");
      WritePartitionFields(spec->fields, out);
    }
  }
  out.Member("default-spec-id", m.default_spec_id);
  out.Key("partition-specs");
  out.BeginArray();
  for (const PartitionSpec& s : m.partition_specs) WritePartitionSpec(s, out);
  out.EndArray();
  out.Member("last-partition-id", m.last_partition_id);
  out.Member("default-sort-order-id", m.default_sort_order_id);
  out.Key("sort-orders");
  out.BeginArray();
  for (const SortOrder& s : m.sort_orders) WriteSortOrder(s, out);
  out.EndArray();
  out.Key("properties");
  WriteStringMap(m.properties, out);
  out.Key("current-snapshot-id");
  out.Int(m.current_snapshot_id.value_or(-1));
  out.Key("refs");
  WriteSnapshotRefs(m.refs, out);
  out.Key("snapshots");
  out.BeginArray();
  for (const Snapshot& s : m.snapshots) WriteSnapshot(s, v, out);
  out.EndArray();
  out.Key("statistics");
  out.BeginArray();
  for (const StatisticsFile& s : m.statistics) WriteStatisticsFile(s, out);
  out.EndArray();
  out.Key("partition-statistics");
  out.BeginArray();
  for (const PartitionStatisticsFile& s : m.partition_statistics)
    WritePartitionStatisticsFile(s, out);
  out.EndArray();
  out.Key("snapshot-log");
  WriteSnapshotLog(m.snapshot_log, out);
  out.Key("metadata-log");
  WriteMetadataLog(m.metadata_log, out);
  if (v >= 3) {
    out.Key("next-row-id");
    out.Int(m.next_row_id);
    if (!m.encryption_keys.empty()) {
      out.Key("encryption-keys");
      out.BeginArray();
      for (const EncryptedKey& k : m.encryption_keys) {
        out.BeginObject();
        out.Member("key-id", k.key_id);
        out.Member("encrypted-key-metadata", k.encrypted_key_metadata);
        if (k.encrypted_by_id) out.Member("encrypted-by-id", *k.encrypted_by_id);
        if (!k.properties.empty()) {
          out.Key("properties");
          WriteStringMap(k.properties, out);
        }
        out.EndObject();
      }
      out.EndArray();
    }
  }
  out.EndObject();
}

std::string WriteTableMetadata(const TableMetadata& metadata) {
  JsonWriter out;
  WriteTableMetadata(metadata, out);
  return out.Take();
}

}  // namespace floe::spec
