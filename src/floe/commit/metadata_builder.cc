#include "floe/commit/metadata_builder.h"

#include <algorithm>
#include <set>
#include <type_traits>

#include "floe/commit/commit_retry.h"
#include "floe/commit/fresh_ids.h"
#include "floe/commit/table_properties.h"
#include "floe/util/uuid.h"

namespace floe::commit {

namespace {

using spec::TableMetadata;

// ---- ApplyUpdates ---------------------------------------------------------------------------

// State carried across the updates of one commit: ids -1 resolve to the last added, and the
// snapshot-log takes an added snapshot's own timestamp (as Java's TableMetadata.Builder does).
struct Builder {
  TableMetadata m;
  int64_t now_ms = 0;
  std::optional<int32_t> last_added_schema_id;
  std::optional<int32_t> last_added_spec_id;
  std::optional<int32_t> last_added_sort_order_id;
  std::set<int64_t> added_snapshot_ids;

  Status Apply(const AssignUuid& u) {
    if (u.uuid.empty()) return InvalidArgument("assign-uuid: empty uuid");
    if (!m.table_uuid.empty() && m.table_uuid != u.uuid) {
      return InvalidArgument("assign-uuid: cannot reassign table uuid {} to {}", m.table_uuid,
                             u.uuid);
    }
    m.table_uuid = u.uuid;
    return Ok();
  }

  Status Apply(const UpgradeFormatVersion& u) {
    if (u.format_version > spec::kMaxFormatVersion) {
      return NotSupported("upgrade-format-version: format version {} is not supported (at most {})",
                          u.format_version, spec::kMaxFormatVersion);
    }
    if (u.format_version < m.format_version) {
      return InvalidArgument("upgrade-format-version: cannot downgrade from v{} to v{}",
                             m.format_version, u.format_version);
    }
    m.format_version = u.format_version;
    return Ok();
  }

  Status Apply(const AddSchema& u) {
    FLOE_RETURN_IF_ERROR(u.schema.Validate());
    FLOE_RETURN_IF_ERROR(u.schema.CheckFormatVersion(m.format_version));
    // An identical schema is reused rather than added twice; otherwise the id is the next free
    // one, whatever id the update carries (Java: reuseOrCreateNewSchemaId).
    int32_t id = 0;
    bool found = false;
    for (const spec::Schema& s : m.schemas) {
      if (s.SameSchema(u.schema)) {
        id = s.schema_id;
        found = true;
        break;
      }
      id = std::max(id, s.schema_id + 1);
    }
    if (!found) {
      spec::Schema schema = u.schema;
      schema.schema_id = id;
      m.schemas.push_back(std::move(schema));
    }
    m.last_column_id = std::max(m.last_column_id, u.schema.HighestFieldId());
    last_added_schema_id = id;
    return Ok();
  }

  Status Apply(const SetCurrentSchema& u) {
    int32_t id = u.schema_id;
    if (id == kLastAdded) {
      if (!last_added_schema_id) return InvalidArgument("set-current-schema: no schema was added");
      id = *last_added_schema_id;
    }
    if (m.SchemaById(id) == nullptr) {
      return InvalidArgument("set-current-schema: unknown schema id {}", id);
    }
    m.current_schema_id = id;
    return Ok();
  }

  Status Apply(const AddPartitionSpec& u) {
    if (const spec::Schema* schema = m.CurrentSchema()) {
      FLOE_RETURN_IF_ERROR(u.spec.Validate(*schema).WithContext("add-spec"));
    }
    int32_t id = 0;
    bool found = false;
    for (const spec::PartitionSpec& s : m.partition_specs) {
      if (s.fields == u.spec.fields) {
        id = s.spec_id;
        found = true;
        break;
      }
      id = std::max(id, s.spec_id + 1);
    }
    if (!found) {
      spec::PartitionSpec ps = u.spec;
      ps.spec_id = id;
      m.partition_specs.push_back(std::move(ps));
    }
    m.last_partition_id = std::max(m.last_partition_id, u.spec.LastAssignedFieldId());
    last_added_spec_id = id;
    return Ok();
  }

  Status Apply(const SetDefaultSpec& u) {
    int32_t id = u.spec_id;
    if (id == kLastAdded) {
      if (!last_added_spec_id) return InvalidArgument("set-default-spec: no spec was added");
      id = *last_added_spec_id;
    }
    if (m.SpecById(id) == nullptr)
      return InvalidArgument("set-default-spec: unknown spec id {}", id);
    m.default_spec_id = id;
    return Ok();
  }

  Status Apply(const AddSortOrder& u) {
    if (const spec::Schema* schema = m.CurrentSchema(); schema && !u.sort_order.IsUnsorted()) {
      spec::SortOrder check = u.sort_order;
      if (check.order_id == spec::SortOrder::kUnsortedOrderId) check.order_id = 1;
      FLOE_RETURN_IF_ERROR(check.Validate(*schema).WithContext("add-sort-order"));
    }
    int32_t id = u.sort_order.IsUnsorted() ? spec::SortOrder::kUnsortedOrderId : 1;
    bool found = false;
    for (const spec::SortOrder& s : m.sort_orders) {
      if (s.fields == u.sort_order.fields) {
        id = s.order_id;
        found = true;
        break;
      }
      if (!u.sort_order.IsUnsorted()) id = std::max(id, s.order_id + 1);
    }
    if (!found) {
      spec::SortOrder so = u.sort_order;
      so.order_id = id;
      m.sort_orders.push_back(std::move(so));
    }
    last_added_sort_order_id = id;
    return Ok();
  }

  Status Apply(const SetDefaultSortOrder& u) {
    int32_t id = u.sort_order_id;
    if (id == kLastAdded) {
      if (!last_added_sort_order_id) {
        return InvalidArgument("set-default-sort-order: no sort order was added");
      }
      id = *last_added_sort_order_id;
    }
    if (m.SortOrderById(id) == nullptr) {
      return InvalidArgument("set-default-sort-order: unknown sort order id {}", id);
    }
    m.default_sort_order_id = id;
    return Ok();
  }

  Status Apply(const AddSnapshot& u) {
    const spec::Snapshot& s = u.snapshot;
    if (m.SnapshotById(s.snapshot_id) != nullptr) {
      return InvalidArgument("add-snapshot: snapshot {} already exists", s.snapshot_id);
    }
    if (s.parent_snapshot_id && m.SnapshotById(*s.parent_snapshot_id) == nullptr) {
      return InvalidArgument("add-snapshot: parent snapshot {} of snapshot {} does not exist",
                             *s.parent_snapshot_id, s.snapshot_id);
    }
    if (m.format_version == 1) {
      // v1 has no sequence numbers (spec: "Sequence Numbers").
      if (s.sequence_number != 0) {
        return InvalidArgument("add-snapshot: snapshot {} has sequence number {} in a v1 table",
                               s.snapshot_id, s.sequence_number);
      }
    } else if (s.sequence_number <= m.last_sequence_number) {
      return InvalidArgument(
          "add-snapshot: sequence number {} of snapshot {} is not after last-sequence-number {}",
          s.sequence_number, s.snapshot_id, m.last_sequence_number);
    }
    if (m.format_version >= 3) {
      // Row lineage (spec: "Row Lineage"): the snapshot's rows take ids from next-row-id on.
      if (!s.first_row_id || !s.added_rows) {
        return InvalidArgument("add-snapshot: v3 snapshot {} needs first-row-id and added-rows",
                               s.snapshot_id);
      }
      if (*s.first_row_id != m.next_row_id) {
        return InvalidArgument(
            "add-snapshot: first-row-id {} of snapshot {} is not the table's next-row-id {}",
            *s.first_row_id, s.snapshot_id, m.next_row_id);
      }
      if (*s.added_rows < 0) {
        return InvalidArgument("add-snapshot: negative added-rows {} in snapshot {}", *s.added_rows,
                               s.snapshot_id);
      }
      m.next_row_id += *s.added_rows;
    }
    if (m.format_version >= 2) m.last_sequence_number = s.sequence_number;
    m.snapshots.push_back(s);
    added_snapshot_ids.insert(s.snapshot_id);
    return Ok();
  }

  Status Apply(const SetSnapshotRef& u) {
    const spec::Snapshot* snapshot = m.SnapshotById(u.ref.snapshot_id);
    if (snapshot == nullptr) {
      return InvalidArgument("set-snapshot-ref: ref {} names unknown snapshot {}", u.ref_name,
                             u.ref.snapshot_id);
    }
    if (u.ref_name.empty()) return InvalidArgument("set-snapshot-ref: empty ref name");
    bool is_main = u.ref_name == spec::kMainBranch;
    if (is_main && !u.ref.is_branch())
      return InvalidArgument("set-snapshot-ref: main must be a branch");
    auto it = m.refs.find(u.ref_name);
    if (it != m.refs.end() && it->second == u.ref) return Ok();  // nothing changes
    m.refs[u.ref_name] = u.ref;
    if (is_main) {
      m.current_snapshot_id = u.ref.snapshot_id;
      int64_t ts = added_snapshot_ids.count(u.ref.snapshot_id) ? snapshot->timestamp_ms : now_ms;
      m.snapshot_log.push_back({ts, u.ref.snapshot_id});
    }
    return Ok();
  }

  Status Apply(const RemoveSnapshots& u) {
    std::set<int64_t> removed(u.snapshot_ids.begin(), u.snapshot_ids.end());
    std::erase_if(m.snapshots,
                  [&](const spec::Snapshot& s) { return removed.count(s.snapshot_id) > 0; });
    // Refs to a removed snapshot go with it (Java: removeSnapshots); so does main's pointer.
    for (auto it = m.refs.begin(); it != m.refs.end();) {
      if (removed.count(it->second.snapshot_id)) {
        if (it->first == spec::kMainBranch) m.current_snapshot_id.reset();
        it = m.refs.erase(it);
      } else {
        ++it;
      }
    }
    std::erase_if(m.statistics, [&](const auto& s) { return removed.count(s.snapshot_id) > 0; });
    std::erase_if(m.partition_statistics,
                  [&](const auto& s) { return removed.count(s.snapshot_id) > 0; });
    // The snapshot-log must stay a history of existing snapshots: drop everything up to the
    // last entry whose snapshot is gone (Java: updateSnapshotLog).
    size_t keep_from = 0;
    for (size_t i = 0; i < m.snapshot_log.size(); ++i) {
      if (m.SnapshotById(m.snapshot_log[i].snapshot_id) == nullptr) keep_from = i + 1;
    }
    m.snapshot_log.erase(m.snapshot_log.begin(),
                         m.snapshot_log.begin() + static_cast<std::ptrdiff_t>(keep_from));
    return Ok();
  }

  Status Apply(const RemoveSnapshotRef& u) {
    if (m.refs.erase(u.ref_name) > 0 && u.ref_name == spec::kMainBranch) {
      m.current_snapshot_id.reset();
    }
    return Ok();
  }

  Status Apply(const SetLocation& u) {
    if (u.location.empty()) return InvalidArgument("set-location: empty location");
    m.location = u.location;
    return Ok();
  }

  Status Apply(const SetProperties& u) {
    for (const auto& [k, v] : u.updates) {
      if (IsReservedProperty(k)) {
        return InvalidArgument("set-properties: {} is reserved table metadata, not a property{}", k,
                               k == kFormatVersion.name ? " (use upgrade-format-version)" : "");
      }
    }
    for (const auto& [k, v] : u.updates) m.properties[k] = v;
    return Ok();
  }

  Status Apply(const RemoveProperties& u) {
    for (const std::string& k : u.removals) {
      if (IsReservedProperty(k)) {
        return InvalidArgument("remove-properties: {} is reserved table metadata, not a property",
                               k);
      }
    }
    for (const std::string& k : u.removals) m.properties.erase(k);
    return Ok();
  }

  Status Apply(const SetStatistics& u) {
    if (m.SnapshotById(u.statistics.snapshot_id) == nullptr) {
      return InvalidArgument("set-statistics: unknown snapshot {}", u.statistics.snapshot_id);
    }
    std::erase_if(m.statistics, [&](const spec::StatisticsFile& s) {
      return s.snapshot_id == u.statistics.snapshot_id;
    });
    m.statistics.push_back(u.statistics);
    return Ok();
  }

  Status Apply(const RemoveStatistics& u) {
    std::erase_if(m.statistics,
                  [&](const spec::StatisticsFile& s) { return s.snapshot_id == u.snapshot_id; });
    return Ok();
  }
};

// The properties a commit reads from the metadata it commits on (the retry policy, the
// metadata-log length, the clean-up after the swap) must parse: checked on the metadata built
// here, so a table never gets a value its next commit cannot read (Java stores such a value and
// then fails every later commit, the one that would fix it too). The clean-up runs after the
// swap, where its error could no longer be reported.
Status CheckCommitProperties(const std::map<std::string, std::string>& properties) {
  if (auto r = CommitRetryPolicy::Parse(properties); !r.ok()) return std::move(r).error();
  if (auto r = kMetadataPreviousVersionsMax.Get(properties); !r.ok()) return std::move(r).error();
  if (auto r = kMetadataDeleteAfterCommitEnabled.Get(properties); !r.ok()) {
    return std::move(r).error();
  }
  return Ok();
}

}  // namespace

Result<spec::TableMetadata> ApplyUpdates(const spec::TableMetadata& base,
                                         std::span<const TableUpdate> updates, int64_t now_ms,
                                         std::optional<std::string> base_metadata_location) {
  Builder b{base, now_ms};
  for (const TableUpdate& u : updates) {
    FLOE_RETURN_IF_ERROR(std::visit([&](const auto& x) { return b.Apply(x); }, u));
  }
  TableMetadata& m = b.m;
  m.last_updated_ms = now_ms;
  if (base_metadata_location) {
    m.metadata_log.push_back({base.last_updated_ms, std::move(*base_metadata_location)});
    FLOE_ASSIGN_OR_RETURN(int previous_versions_max,
                          kMetadataPreviousVersionsMax.Get(m.properties));
    size_t max = static_cast<size_t>(std::max(1, previous_versions_max));  // as Java
    if (m.metadata_log.size() > max) {
      m.metadata_log.erase(m.metadata_log.begin(),
                           m.metadata_log.end() - static_cast<std::ptrdiff_t>(max));
    }
  }
  if (Status s = m.Validate(); !s.ok()) {
    return InvalidArgument("the updates leave invalid metadata: {}", s.error().message);
  }
  FLOE_RETURN_IF_ERROR(CheckCommitProperties(m.properties));
  return std::move(m);
}

Result<spec::TableMetadata> NewTableMetadata(const NewTableRequest& request, int64_t now_ms) {
  TableMetadata m;
  m.properties = request.properties;
  m.format_version = request.format_version;
  if (m.properties.count(std::string(kFormatVersion.name))) {
    FLOE_ASSIGN_OR_RETURN(m.format_version, kFormatVersion.Get(m.properties));
    m.properties.erase(std::string(kFormatVersion.name));
  }
  if (m.format_version < spec::kMinFormatVersion || m.format_version > spec::kMaxFormatVersion) {
    return NotSupported("format-version {}: floe writes versions {} to {}", m.format_version,
                        spec::kMinFormatVersion, spec::kMaxFormatVersion);
  }
  if (request.location.empty()) return InvalidArgument("new table: empty location");
  m.location = request.location;
  m.table_uuid = NewUuid().ToString();
  m.last_updated_ms = now_ms;

  FreshIds ids;
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, ids.Assign(request.schema));
  schema.schema_id = 0;
  FLOE_RETURN_IF_ERROR(schema.Validate());
  FLOE_RETURN_IF_ERROR(schema.CheckFormatVersion(m.format_version));
  m.last_column_id = ids.last_column_id();
  m.schemas.push_back(std::move(schema));
  m.current_schema_id = 0;

  spec::PartitionSpec ps;
  ps.spec_id = 0;
  int32_t field_id = spec::PartitionSpec::kPartitionDataIdStart;
  for (const spec::PartitionField& f : request.spec.fields) {
    spec::PartitionField nf = f;
    FLOE_ASSIGN_OR_RETURN(nf.source_id, ids.Map(f.source_id, "partition field " + f.name));
    for (int32_t& s : nf.source_ids) {
      FLOE_ASSIGN_OR_RETURN(s, ids.Map(s, "partition field " + f.name));
    }
    nf.field_id = field_id++;
    ps.fields.push_back(std::move(nf));
  }
  FLOE_RETURN_IF_ERROR(ps.Validate(m.schemas[0]));
  m.last_partition_id = ps.LastAssignedFieldId();
  m.partition_specs.push_back(std::move(ps));
  m.default_spec_id = 0;

  spec::SortOrder order;
  order.order_id = request.sort_order.IsUnsorted() ? spec::SortOrder::kUnsortedOrderId : 1;
  for (const spec::SortField& f : request.sort_order.fields) {
    spec::SortField nf = f;
    FLOE_ASSIGN_OR_RETURN(nf.source_id, ids.Map(f.source_id, "sort field"));
    for (int32_t& s : nf.source_ids) {
      FLOE_ASSIGN_OR_RETURN(s, ids.Map(s, "sort field"));
    }
    order.fields.push_back(std::move(nf));
  }
  FLOE_RETURN_IF_ERROR(order.Validate(m.schemas[0]));
  m.default_sort_order_id = order.order_id;
  m.sort_orders.push_back(std::move(order));
  FLOE_RETURN_IF_ERROR(CheckCommitProperties(m.properties));
  return m;
}

}  // namespace floe::commit
