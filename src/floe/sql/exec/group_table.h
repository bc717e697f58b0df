// The groups of a hash aggregation: each distinct tuple of GROUP BY key values gets a dense group
// id (0, 1, 2, ... in the order first seen). A batch's rows are looked up all at once: their keys
// are encoded with AppendKeyBytes (so NULL groups with NULL, NaN with NaN, -0.0 with 0.0) into one
// buffer, hashed, and probed in an open-addressing table (linear probing, at most half full). The
// first row of each new group is copied into the key columns the aggregate outputs. Tables of
// several threads merge into one.
// Memory: the groups' key bytes and key values, and 8 bytes per table slot.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/columnar/array_builder.h"
#include "floe/util/result.h"

namespace floe::sql {

class GroupTable {
 public:
  static Result<GroupTable> Make(const std::vector<columnar::DataTypePtr>& key_types);

  // The group id of each of the `num_rows` rows of `keys` (one array per key column) into
  // `group_ids`, adding groups for keys not seen before.
  Status Insert(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows, std::vector<uint32_t>* group_ids);

  int64_t num_groups() const { return static_cast<int64_t>(group_hashes_.size()); }

  // Adds `other`'s groups (another thread's share of the same aggregation): (*mapping)[g] is the
  // id here of other's group g. Ends other's use.
  Status Merge(GroupTable& other, std::vector<uint32_t>* mapping);

  // The key columns, one value per group in id order. Ends the table's use.
  Result<std::vector<columnar::ArrayPtr>> FinishKeys();

 private:
  GroupTable() = default;
  // The rows' keys into batch_keys_ / batch_key_ends_.
  void EncodeKeys(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows);
  uint32_t FindOrAdd(std::string_view key, uint64_t hash, bool* added);
  std::string_view Key(uint32_t group) const;
  void Grow();

  std::vector<std::unique_ptr<columnar::ArrayBuilder>> builders_;
  std::string key_bytes_;              // every group's encoded key, one after another
  std::vector<size_t> key_ends_;       // group g's key ends at key_ends_[g]
  std::vector<uint64_t> group_hashes_;
  std::vector<int64_t> slots_;         // group id + 1 (0: empty); size a power of two

  // Per-batch scratch, kept to reuse its memory.
  std::string batch_keys_;
  std::vector<size_t> batch_key_ends_;
  std::vector<size_t> cursor_;
};

}  // namespace floe::sql
