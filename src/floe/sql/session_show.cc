// SHOW COLUMNS and SHOW PARTITIONS: a table's column names, and the partitions its current data
// files are in.
#include <fmt/format.h>

#include <set>

#include "floe/manifest/snapshot_files.h"
#include "floe/spec/transform.h"
#include "floe/sql/session.h"
#include "floe/sql/statement_rows.h"

namespace floe::sql {

Result<std::string> Session::ShowColumns(const syntax::ShowColumns& stmt,
                                         const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, ref.catalog->LoadTable(ref.id));
  const spec::Schema* schema = table.metadata.CurrentSchema();
  if (schema == nullptr) return Corrupt("{}: no current schema", table.metadata_location);
  std::vector<std::vector<std::optional<std::string>>> rows;
  for (const auto& field : schema->fields) rows.push_back({field.name});
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"col_name"}, rows));
  return std::string();
}

Result<std::string> Session::ShowPartitions(const syntax::ShowPartitions& stmt,
                                            const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, ref.catalog->LoadTable(ref.id));
  const spec::TableMetadata& m = table.metadata;
  bool partitioned = false;
  for (const auto& spec : m.partition_specs) partitioned |= !spec.IsUnpartitioned();
  if (!partitioned) {
    return InvalidArgument("SHOW PARTITIONS: {} is not partitioned", ref.display);
  }
  const spec::Schema* schema = m.CurrentSchema();
  if (schema == nullptr) return Corrupt("{}: no current schema", table.metadata_location);
  // Hive-style paths, as data files are laid out: region=eu/ts_day=2026-03-01.
  std::set<std::string> paths;
  if (const spec::Snapshot* current = m.CurrentSnapshot()) {
    FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                          manifest::ReadSnapshotManifests(ref.catalog->io(), m, *current));
    FLOE_RETURN_IF_ERROR(manifest::ForEachLiveEntry(
        ref.catalog->io(), m, list, manifest::ManifestContent::kData,
        [&](const manifest::ManifestEntry& e) -> Result<bool> {
          const spec::PartitionSpec* spec = m.SpecById(e.data_file.spec_id);
          if (spec == nullptr) {
            return Corrupt(
                "{}: data file {} names partition spec {}, which the table does not have",
                table.metadata_location, e.data_file.file_path, e.data_file.spec_id);
          }
          if (spec->IsUnpartitioned()) return true;
          FLOE_ASSIGN_OR_RETURN(std::string path,
                                spec->PartitionPath(*schema, e.data_file.partition));
          paths.insert(std::move(path));
          return true;
        }));
  }
  std::vector<std::vector<std::optional<std::string>>> rows;
  for (const std::string& path : paths) {
    bool keep = true;
    for (const auto& p : stmt.partition) {
      keep &= spec::PathHasPartitionSegment(path, p.key, p.value);
    }
    if (keep) rows.push_back({path});
  }
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"partition"}, rows));
  return std::string();
}

}  // namespace floe::sql
