// The file metadata tables (Java's BaseFilesTable and BaseEntriesTable families):
//   files, data_files, delete_files          live files of one snapshot's manifests
//   all_files, all_data_files, all_delete_files   live files of every reachable manifest
//   entries, all_entries                     every entry (DELETED too) with status, snapshot id
//                                            and sequence numbers, the file as a data_file struct
// A file's columns are Java's DataFile.getType: content, file_path, file_format (upper case, as
// Java's FileFormat prints), spec_id, partition (the table's unified partition type; left out
// when no spec has a field), counts, metric maps, bounds as bytes, key_metadata, split_offsets,
// equality_ids, sort_order_id, first_row_id, referenced_data_file, content_offset,
// content_size_in_bytes. Then readable_metrics: one struct per primitive column of the current
// schema (named by its full dotted name, sorted by name) of column_size, value_count,
// null_value_count, nan_value_count and the lower and upper bounds decoded to the column's type.
// Its field ids continue after the highest id of the columns before it, as Java numbers them.
#pragma once

#include <functional>
#include <vector>

#include "floe/inspect/row_batch_builder.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"

namespace floe::inspect {

// Which files of the manifests a files table lists.
enum class FileContentFilter { kAll, kData, kDeletes };

// The data_file struct's fields for this partition type (an empty struct: no partition field).
std::vector<spec::NestedField> DataFileFields(const spec::TypePtr& partition_type);

Result<spec::Schema> FilesTableSchema(const spec::TableMetadata& metadata);
Result<spec::Schema> EntriesTableSchema(const spec::TableMetadata& metadata);

// The rows of the files tables: each live entry of `manifests` (data manifests only for kData,
// delete manifests for kDeletes), manifest by manifest. `floe files` lists the same entries.
// Without `column_metrics` the entries carry no column metrics (read past in the manifests).
Status ForEachLiveFile(io::FileIO& io, const spec::TableMetadata& metadata,
                       const std::vector<manifest::ManifestFile>& manifests,
                       FileContentFilter filter, bool column_metrics,
                       const std::function<Status(const manifest::ManifestEntry&)>& on_entry);

// The live files of `manifests` as ForEachLiveFile hands them on. Without `column_metrics` the
// metric maps and readable_metrics are nulls.
Status ReadFilesTable(io::FileIO& io, const spec::TableMetadata& metadata,
                      const std::vector<manifest::ManifestFile>& manifests,
                      FileContentFilter filter, bool column_metrics, RowBatchBuilder& rows);
// Every entry of `manifests`.
Status ReadEntriesTable(io::FileIO& io, const spec::TableMetadata& metadata,
                        const std::vector<manifest::ManifestFile>& manifests, bool column_metrics,
                        RowBatchBuilder& rows);

}  // namespace floe::inspect
