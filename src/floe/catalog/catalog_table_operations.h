// TableOperations over a Catalog (commit/table_operations.h): how FastAppend, MergeAppend and
// the other updates commit to a catalog table.
#pragma once
#include "floe/catalog/catalog.h"
#include "floe/commit/table_operations.h"

namespace floe::catalog {

class CatalogTableOperations : public commit::TableOperations {
 public:
  // `catalog` must outlive this object.
  CatalogTableOperations(Catalog& catalog, TableIdentifier id)
      : catalog_(catalog), id_(std::move(id)) {}

  Result<commit::TableBase> Refresh() override;
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override;
  io::FileIO& io() override { return catalog_.io(); }
  std::optional<std::string> TakeUnrecordedMetadataFile() override {
    return catalog_.TakeUnrecordedMetadataFile(id_);
  }

  const TableIdentifier& id() const { return id_; }

 private:
  Catalog& catalog_;
  TableIdentifier id_;
};

}  // namespace floe::catalog
