// A table being replaced (commit/table_replacement.h) as TableOperations: the replacement and
// whatever is committed through it (REPLACE TABLE … AS SELECT's append) land in ONE swap.
//
// Refresh gives the table as the replacement leaves it (new schema and spec, no current
// snapshot), so a writer writes its files with the new column ids; Commit checks the writer's
// requirements against that view and asks the real table to check the replacement's
// requirements and apply the replacement's updates followed by the writer's. A table that
// changed in between fails the commit with a conflict, which is not retried here: the files were
// written for the table as it was (run the statement again). After the first attempt Refresh
// reads the real table, so an unknown outcome is resolved against what really landed.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "floe/commit/metadata_builder.h"
#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/util/result.h"

namespace floe::commit {

class ReplacingTableOperations : public TableOperations {
 public:
  // Reads the table through `inner` (which must outlive the result) and plans its replacement.
  static Result<std::unique_ptr<ReplacingTableOperations>> Make(TableOperations& inner,
                                                                const NewTableRequest& request,
                                                                int64_t now_ms);

  Result<TableBase> Refresh() override;
  Result<TableBase> Commit(std::span<const TableRequirement> requirements,
                           std::span<const TableUpdate> updates) override;
  io::FileIO& io() override { return inner_.io(); }
  std::optional<std::string> TakeUnrecordedMetadataFile() override {
    return inner_.TakeUnrecordedMetadataFile();
  }

  // Commits the replacement alone (REPLACE TABLE without rows): the table is then empty. A
  // metadata file a certainly failed swap left behind is deleted.
  Result<TableBase> CommitReplacement();
  // Whether a commit reached the real table (landed or not).
  bool attempted() const { return attempted_; }

 private:
  ReplacingTableOperations(TableOperations& inner, TableBase base, PendingChanges plan,
                           spec::TableMetadata replaced)
      : inner_(inner),
        base_(std::move(base)),
        plan_(std::move(plan)),
        replaced_(std::move(replaced)) {}

  TableOperations& inner_;
  TableBase base_;
  PendingChanges plan_;
  spec::TableMetadata replaced_;
  bool attempted_ = false;  // a commit reached the real table
};

}  // namespace floe::commit
