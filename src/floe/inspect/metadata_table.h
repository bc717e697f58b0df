// Iceberg metadata tables (Java's MetadataTableType, what Spark shows for `t.snapshots`,
// `t.files`, ...): a table's snapshots, history, refs, metadata files, manifests, data and delete
// files, manifest entries and partitions as rows. Each table has exactly Java's schema — column
// names, order, required/optional, field ids (`PARQUET:field_id`) — with Iceberg types mapped to
// columnar types as table/schema_conversion.h maps them (timestamptz → timestamp[us, UTC]).
//
// Which snapshot: snapshots, history, refs and metadata_log_entries describe the whole table;
// files, data_files, delete_files, entries, manifests and partitions read one snapshot (the
// current one unless a snapshot id is given; none at all gives no rows); the all_* tables read
// every manifest reachable from any snapshot, each manifest once (all_manifests lists each
// snapshot's manifests, with reference_snapshot_id).
//
// Where floe differs from Java on purpose or by necessity: rows of refs come sorted by name and
// partitions sorted by partition tuple (Java: hash-map order); a snapshot's summary map is sorted
// by key (floe keeps summaries sorted); human text of partition bounds uses floe's formats
// (docs/cli.md: "2026-03-01T10:00:00.000000+00:00" where Java prints "2026-03-01T10:00Z");
// metadata_log_entries has no `properties` column (newer Java versions add one, id 6); a v1
// manifest list without file counts has them counted from the manifest (Java shows nulls).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "floe/columnar/record_batch.h"
#include "floe/inspect/row_batch_builder.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::inspect {

enum class MetadataTableKind {
  kSnapshots,
  kHistory,
  kRefs,
  kMetadataLogEntries,
  kManifests,
  kAllManifests,
  kFiles,
  kDataFiles,
  kDeleteFiles,
  kAllFiles,
  kAllDataFiles,
  kAllDeleteFiles,
  kEntries,
  kAllEntries,
  kPartitions,
};

// The name as Spark writes it after the table name: "snapshots", "all_data_files", ...
std::string_view MetadataTableName(MetadataTableKind kind);
// The kind of a name (ASCII case ignored, as Spark resolves identifiers); NotFound listing the
// known names otherwise.
Result<MetadataTableKind> MetadataTableKindFromName(std::string_view name);

// Java's schema of the metadata table of this table (files, entries and partitions depend on
// the table's partition specs and current schema).
Result<spec::Schema> MetadataTableIcebergSchema(MetadataTableKind kind,
                                                const spec::TableMetadata& metadata);
// The same as a columnar schema.
Result<columnar::SchemaPtr> MetadataTableSchema(MetadataTableKind kind,
                                                const spec::TableMetadata& metadata);

struct MetadataTableReadOptions {
  // The snapshot of the per-snapshot tables (NotFound when the table has no such snapshot);
  // unset: the current one. The other tables ignore it.
  std::optional<int64_t> snapshot_id;
  // false: the files and entries tables leave the column metrics (column_sizes, value_counts,
  // null_value_counts, nan_value_counts, lower_bounds, upper_bounds, readable_metrics) null and
  // read past them in the manifests — for callers that read none of those columns (Java builds
  // readable_metrics only when a query selects it). Other tables ignore it.
  bool column_metrics = true;
};

// Reads the metadata table, handing its rows to `on_batch` in batches of at most
// kMetadataBatchRows rows (every batch has MetadataTableSchema's schema). `metadata_location`
// is the metadata file `metadata` was read from (the last row of metadata_log_entries).
Status ReadMetadataTable(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, MetadataTableKind kind,
                         const MetadataTableReadOptions& options, const BatchCallback& on_batch);
// The same with every column and `snapshot_id` as the snapshot.
Status ReadMetadataTable(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, MetadataTableKind kind,
                         std::optional<int64_t> snapshot_id, const BatchCallback& on_batch);

}  // namespace floe::inspect
