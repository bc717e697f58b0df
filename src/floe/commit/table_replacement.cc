#include "floe/commit/table_replacement.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "floe/commit/fresh_ids.h"
#include "floe/commit/table_properties.h"

namespace floe::commit {
namespace {

// The partition field id of (source, transform) in any of the table's specs, the highest when
// several have one (Java reuses ids the same way so that manifests of all specs agree).
std::map<std::pair<int32_t, std::string>, int32_t> PartitionFieldIds(
    const spec::TableMetadata& base) {
  std::map<std::pair<int32_t, std::string>, int32_t> ids;
  for (const spec::PartitionSpec& s : base.partition_specs) {
    for (const spec::PartitionField& f : s.fields) {
      int32_t& id = ids[{f.source_id, f.transform.ToString()}];
      id = std::max(id, f.field_id);
    }
  }
  return ids;
}

}  // namespace

Result<PendingChanges> ReplaceTableChanges(const spec::TableMetadata& base,
                                           const NewTableRequest& request) {
  PendingChanges out;
  out.requirements.push_back(AssertTableUuid{base.table_uuid});
  std::optional<int64_t> main;
  if (auto it = base.refs.find(std::string(spec::kMainBranch)); it != base.refs.end()) {
    main = it->second.snapshot_id;
  }
  out.requirements.push_back(AssertRefSnapshotId{std::string(spec::kMainBranch), main});
  out.requirements.push_back(AssertCurrentSchemaId{base.current_schema_id});
  out.requirements.push_back(AssertLastAssignedFieldId{base.last_column_id});
  out.requirements.push_back(AssertDefaultSpecId{base.default_spec_id});
  out.requirements.push_back(AssertLastAssignedPartitionId{base.last_partition_id});
  out.requirements.push_back(AssertDefaultSortOrderId{base.default_sort_order_id});

  std::map<std::string, std::string> properties = request.properties;
  int format_version = std::max(base.format_version, request.format_version);
  if (properties.count(std::string(kFormatVersion.name))) {
    FLOE_ASSIGN_OR_RETURN(format_version, kFormatVersion.Get(properties));
    properties.erase(std::string(kFormatVersion.name));
  }
  if (format_version != base.format_version) {
    out.updates.push_back(UpgradeFormatVersion{format_version});
  }

  FreshIds ids(base.CurrentSchema(), base.last_column_id);
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, ids.Assign(request.schema));
  out.updates.push_back(AddSchema{schema});
  out.updates.push_back(SetCurrentSchema{kLastAdded});

  spec::PartitionSpec ps;
  const auto reusable = PartitionFieldIds(base);
  int32_t last_partition_id =
      std::max(base.last_partition_id, spec::PartitionSpec::kPartitionDataIdStart - 1);
  for (size_t i = 0; i < request.spec.fields.size(); ++i) {
    const spec::PartitionField& f = request.spec.fields[i];
    spec::PartitionField nf = f;
    FLOE_ASSIGN_OR_RETURN(nf.source_id, ids.Map(f.source_id, "partition field " + f.name));
    for (int32_t& s : nf.source_ids) {
      FLOE_ASSIGN_OR_RETURN(s, ids.Map(s, "partition field " + f.name));
    }
    if (format_version == 1) {
      nf.field_id = spec::PartitionSpec::kPartitionDataIdStart + static_cast<int32_t>(i);
    } else if (auto it = reusable.find({nf.source_id, nf.transform.ToString()});
               it != reusable.end()) {
      nf.field_id = it->second;
    } else {
      nf.field_id = ++last_partition_id;
    }
    ps.fields.push_back(std::move(nf));
  }
  out.updates.push_back(AddPartitionSpec{std::move(ps)});
  out.updates.push_back(SetDefaultSpec{kLastAdded});

  spec::SortOrder order;
  for (const spec::SortField& f : request.sort_order.fields) {
    spec::SortField nf = f;
    FLOE_ASSIGN_OR_RETURN(nf.source_id, ids.Map(f.source_id, "sort field"));
    for (int32_t& s : nf.source_ids) {
      FLOE_ASSIGN_OR_RETURN(s, ids.Map(s, "sort field"));
    }
    order.fields.push_back(std::move(nf));
  }
  order.order_id = order.IsUnsorted() ? spec::SortOrder::kUnsortedOrderId : 1;
  out.updates.push_back(AddSortOrder{std::move(order)});
  out.updates.push_back(SetDefaultSortOrder{kLastAdded});

  if (!properties.empty()) out.updates.push_back(SetProperties{std::move(properties)});
  if (!request.location.empty() && request.location != base.location) {
    out.updates.push_back(SetLocation{request.location});
  }
  if (main) out.updates.push_back(RemoveSnapshotRef{std::string(spec::kMainBranch)});
  return out;
}

}  // namespace floe::commit
