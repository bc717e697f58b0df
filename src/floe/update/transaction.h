// The library's way to change a table, as Java's Table and Transaction read:
//
//   catalog::CatalogTableOperations ops(catalog, id);
//   update::Table table(ops);
//   update::Transaction txn = table.NewTransaction();
//   txn.NewAppend().AppendFile(file);
//   txn.UpdateSchema().AddColumn("note", spec::Type::String());
//   txn.UpdateProperties().Set("owner", "data-eng");
//   Result<commit::TransactionResult> done = txn.Commit();  // one atomic swap for all three
//
// Each update is also a single-update commit of its own (`table.NewAppend()`, then the update's
// Commit()). Both run the one commit loop, commit::Transaction (commit/transaction.h): refresh,
// re-apply every update, validate, swap, retry.
#pragma once

#include "floe/commit/table_operations.h"
#include "floe/commit/transaction.h"
#include "floe/update/fast_append.h"
#include "floe/update/merge_append.h"
#include "floe/update/update_properties.h"
#include "floe/update/update_schema.h"

namespace floe::update {

// Several updates to one table, committed together. The updates it hands out live as long as the
// transaction and are applied in the order they were asked for.
class Transaction : public commit::Transaction {
 public:
  using commit::Transaction::Transaction;

  // The default append (MergeAppend, Java's newAppend).
  MergeAppend& NewAppend() { return Add<MergeAppend>(ops()); }
  FastAppend& NewFastAppend() { return Add<FastAppend>(ops()); }
  update::UpdateSchema& UpdateSchema() { return Add<update::UpdateSchema>(); }
  update::UpdateProperties& UpdateProperties() { return Add<update::UpdateProperties>(); }
};

// A table to change, through its operations (a catalog's, or a test's).
class Table {
 public:
  // `ops` must outlive the table and everything made from it.
  explicit Table(commit::TableOperations& ops) : ops_(ops) {}

  Transaction NewTransaction() { return Transaction(ops_); }
  // Single updates, each committed by its own Commit().
  MergeAppend NewAppend() { return MergeAppend(ops_); }
  FastAppend NewFastAppend() { return FastAppend(ops_); }
  update::UpdateSchema UpdateSchema() { return update::UpdateSchema(ops_); }
  update::UpdateProperties UpdateProperties() { return update::UpdateProperties(ops_); }

  commit::TableOperations& ops() { return ops_; }

 private:
  commit::TableOperations& ops_;
};

}  // namespace floe::update
