// The seam between pure updates and a catalog (docs/style.md 10): an update reads the table through
// Refresh, computes requirements and updates, and hands them to Commit, which a catalog
// (catalog/catalog_table_operations.h) or a test fake implements. update/ never includes
// catalog/: catalogs depend on updates, not the other way round.
#pragma once
#include <optional>
#include <span>
#include <string>

#include "floe/commit/table_requirement.h"
#include "floe/commit/table_update.h"
#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

// A table's current state: the metadata file and what it holds.
struct TableBase {
  std::string metadata_location;
  spec::TableMetadata metadata;
};

class TableOperations {
 public:
  virtual ~TableOperations() = default;
  // The current metadata, read afresh.
  virtual Result<TableBase> Refresh() = 0;
  // One atomic commit: kCommitConflict when a requirement fails or the swap loses a race
  // (retryable), kCommitStateUnknown when the outcome cannot be known.
  virtual Result<TableBase> Commit(std::span<const TableRequirement> requirements,
                                   std::span<const TableUpdate> updates) = 0;
  // Where the table's manifests and data are read and written.
  virtual io::FileIO& io() = 0;
  // After a failed Commit: the metadata file it wrote and left in place (then cleared). Its
  // swap may have landed (kCommitStateUnknown) or certainly did not (any other kind: a full
  // disk, a lost race); the transaction deletes it once it knows the commit did not land and
  // the table does not list it. nullopt: none, or not known.
  virtual std::optional<std::string> TakeUnrecordedMetadataFile() { return std::nullopt; }
};

}  // namespace floe::commit
