#include "floe/inspect/metadata_table.h"

#include <array>
#include <utility>

#include "floe/inspect/files_table.h"
#include "floe/inspect/history_tables.h"
#include "floe/inspect/manifests_table.h"
#include "floe/inspect/partitions_table.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/ascii.h"

namespace floe::inspect {

namespace {

constexpr std::array<std::pair<MetadataTableKind, std::string_view>, 15> kMetadataTableNames = {{
    {MetadataTableKind::kSnapshots, "snapshots"},
    {MetadataTableKind::kHistory, "history"},
    {MetadataTableKind::kRefs, "refs"},
    {MetadataTableKind::kMetadataLogEntries, "metadata_log_entries"},
    {MetadataTableKind::kManifests, "manifests"},
    {MetadataTableKind::kAllManifests, "all_manifests"},
    {MetadataTableKind::kFiles, "files"},
    {MetadataTableKind::kDataFiles, "data_files"},
    {MetadataTableKind::kDeleteFiles, "delete_files"},
    {MetadataTableKind::kAllFiles, "all_files"},
    {MetadataTableKind::kAllDataFiles, "all_data_files"},
    {MetadataTableKind::kAllDeleteFiles, "all_delete_files"},
    {MetadataTableKind::kEntries, "entries"},
    {MetadataTableKind::kAllEntries, "all_entries"},
    {MetadataTableKind::kPartitions, "partitions"},
}};

FileContentFilter FilesFilterOf(MetadataTableKind kind) {
  switch (kind) {
    case MetadataTableKind::kDataFiles:
    case MetadataTableKind::kAllDataFiles:
      return FileContentFilter::kData;
    case MetadataTableKind::kDeleteFiles:
    case MetadataTableKind::kAllDeleteFiles:
      return FileContentFilter::kDeletes;
    default:
      return FileContentFilter::kAll;
  }
}

}  // namespace

std::string_view MetadataTableName(MetadataTableKind kind) {
  for (const auto& [k, name] : kMetadataTableNames) {
    if (k == kind) return name;
  }
  return "?";
}

Result<MetadataTableKind> MetadataTableKindFromName(std::string_view name) {
  std::string known;
  for (const auto& [kind, n] : kMetadataTableNames) {
    if (AsciiEqualsIgnoreCase(n, name)) return kind;
    if (!known.empty()) known += ", ";
    known += n;
  }
  return NotFound("no metadata table \"{}\"; the metadata tables are {}", name, known);
}

Result<spec::Schema> MetadataTableIcebergSchema(MetadataTableKind kind,
                                                const spec::TableMetadata& metadata) {
  switch (kind) {
    case MetadataTableKind::kSnapshots:
      return SnapshotsTableSchema();
    case MetadataTableKind::kHistory:
      return HistoryTableSchema();
    case MetadataTableKind::kRefs:
      return RefsTableSchema();
    case MetadataTableKind::kMetadataLogEntries:
      return MetadataLogEntriesTableSchema();
    case MetadataTableKind::kManifests:
      return ManifestsTableSchema();
    case MetadataTableKind::kAllManifests:
      return AllManifestsTableSchema();
    case MetadataTableKind::kFiles:
    case MetadataTableKind::kDataFiles:
    case MetadataTableKind::kDeleteFiles:
    case MetadataTableKind::kAllFiles:
    case MetadataTableKind::kAllDataFiles:
    case MetadataTableKind::kAllDeleteFiles:
      return FilesTableSchema(metadata);
    case MetadataTableKind::kEntries:
    case MetadataTableKind::kAllEntries:
      return EntriesTableSchema(metadata);
    case MetadataTableKind::kPartitions:
      return PartitionsTableSchema(metadata);
  }
  return Internal("unknown metadata table kind {}", static_cast<int>(kind));
}

Result<columnar::SchemaPtr> MetadataTableSchema(MetadataTableKind kind,
                                                const spec::TableMetadata& metadata) {
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, MetadataTableIcebergSchema(kind, metadata));
  return table::ToColumnarSchema(schema);
}

Status ReadMetadataTable(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, MetadataTableKind kind,
                         std::optional<int64_t> snapshot_id, const BatchCallback& on_batch) {
  MetadataTableReadOptions options;
  options.snapshot_id = snapshot_id;
  return ReadMetadataTable(io, metadata, metadata_location, kind, options, on_batch);
}

Status ReadMetadataTable(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, MetadataTableKind kind,
                         const MetadataTableReadOptions& options, const BatchCallback& on_batch) {
  const bool metrics = options.column_metrics;
  FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr schema, MetadataTableSchema(kind, metadata));
  FLOE_ASSIGN_OR_RETURN(RowBatchBuilder rows, RowBatchBuilder::Make(schema, on_batch));
  switch (kind) {
    case MetadataTableKind::kSnapshots:
      return ReadSnapshotsTable(metadata, rows);
    case MetadataTableKind::kHistory:
      return ReadHistoryTable(metadata, rows);
    case MetadataTableKind::kRefs:
      return ReadRefsTable(metadata, rows);
    case MetadataTableKind::kMetadataLogEntries:
      return ReadMetadataLogEntriesTable(metadata, metadata_location, rows);
    case MetadataTableKind::kAllManifests:
      return ReadAllManifestsTable(io, metadata, rows);
    case MetadataTableKind::kAllFiles:
    case MetadataTableKind::kAllDataFiles:
    case MetadataTableKind::kAllDeleteFiles:
    case MetadataTableKind::kAllEntries: {
      FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                            ReachableManifestFiles(io, metadata));
      if (kind == MetadataTableKind::kAllEntries) {
        return ReadEntriesTable(io, metadata, manifests, metrics, rows);
      }
      return ReadFilesTable(io, metadata, manifests, FilesFilterOf(kind), metrics, rows);
    }
    default:
      break;
  }
  // The tables of one snapshot.
  FLOE_ASSIGN_OR_RETURN(const spec::Snapshot* snapshot,
                        MetadataTableSnapshot(metadata, options.snapshot_id));
  switch (kind) {
    case MetadataTableKind::kManifests:
      return ReadManifestsTable(io, metadata, snapshot, rows);
    case MetadataTableKind::kPartitions:
      return ReadPartitionsTable(io, metadata, snapshot, rows);
    default:
      break;
  }
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                        SnapshotManifestFiles(io, metadata, snapshot));
  if (kind == MetadataTableKind::kEntries) {
    return ReadEntriesTable(io, metadata, manifests, metrics, rows);
  }
  return ReadFilesTable(io, metadata, manifests, FilesFilterOf(kind), metrics, rows);
}

}  // namespace floe::inspect
