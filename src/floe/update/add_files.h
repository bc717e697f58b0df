// Adding existing Parquet files to a table without rewriting them (issue 6, "Add files"; Spark's
// add_files procedure, PyIceberg's Table.add_files): every file is registered in ONE FastAppend
// commit, as it is, at the location given.
//
// For each file only the footer is read:
//   - its columns are matched to the table's by field id when the file has ids, else by name
//     through the table's name mapping (`schema.name-mapping.default`; when the table has none,
//     one made from the current schema is set in the same commit, so readers resolve the file's
//     columns the same way); types are checked as `append` checks them (same messages): a column
//     the table cannot read as its type refuses the file, with nothing committed;
//   - a required table column must be required in the file, or its statistics must count no nulls;
//   - metrics (sizes, counts, bounds) come from the footer statistics (table/footer_metrics.h);
//   - the partition tuple from the statistics or a Hive-style path (write/file_partition.h).
// A file already in the table (unless check_duplicate_files is off), or named twice, is refused,
// whatever spelling of its location each uses. The files are never deleted, not even
// when the commit fails: they are the caller's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "floe/commit/table_operations.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/spec/name_mapping.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::update {

struct AddFilesOptions {
  std::string branch = "main";
  std::optional<std::string> app_id;  // summary app-id; generated when absent
  // Refuse a file the table's current snapshot already has (Spark's check_duplicate_files).
  bool check_duplicate_files = true;
  // Called after each file's footer is read and checked (files done, files in all).
  std::function<void(size_t, size_t)> progress;
};

struct AddFilesResult {
  int64_t snapshot_id = 0;
  int64_t added_records = 0;
  int64_t added_data_files = 0;
  int attempts = 0;
  bool wrote_name_mapping = false;  // the commit set schema.name-mapping.default
  commit::TableBase table;          // the table after the commit
};

// `files` are locations read through ops.io() and recorded in the manifests as given.
Result<AddFilesResult> AddFiles(commit::TableOperations& ops, const std::vector<std::string>& files,
                                const AddFilesOptions& options = {});

// The DataFile of one existing Parquet file for `table`'s current schema and default spec,
// `mapping` resolving the columns of a file without field ids. Errors name the file: Corrupt when
// its data does not fit the schema (as append), InvalidArgument when its partition is ambiguous.
Result<manifest::DataFile> ExistingDataFile(io::FileIO& io, const std::string& location,
                                            const spec::TableMetadata& table,
                                            const spec::NameMapping& mapping);

}  // namespace floe::update
