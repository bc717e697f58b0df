// The groups of a hash aggregation: each distinct tuple of GROUP BY key values gets a dense group
// id (0, 1, 2, ... in the order first seen). A batch's rows are looked up all at once: their keys
// are encoded with AppendKeyBytes (so NULL groups with NULL, NaN with NaN, -0.0 with 0.0) into one
// buffer, hashed, and probed in an open-addressing table (linear probing, at most half full). The
// first row of each new group is copied into the key columns the aggregate outputs. Tables of
// several threads merge into one.
// Short keys take a faster way: when every key column is a string, binary, int or date and a
// row's key packs into one 64-bit word (each column a tag byte — 0 for NULL, else 1 + the
// length of the bytes that follow — and its bytes), the word is looked up in a second table
// from words to groups; only words not seen yet go through the key bytes.
// Memory: the groups' key bytes and key values, 8 bytes per table slot, and 12 per packed group.
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
  Status Insert(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows,
                std::vector<uint32_t>* group_ids);

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
  // Each row's key packed into packed_; false when some row's key does not fit 64 bits.
  bool PackKeys(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows);
  // PackKeys' loop for keys without NULLs whose strings have one length per column (flags and
  // codes); false, having packed nothing, for other keys.
  bool PackUniformKeys(const std::vector<columnar::ArrayPtr>& keys, size_t n);
  // Insert for rows whose keys PackKeys packed.
  Status InsertPacked(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows,
                      std::vector<uint32_t>* group_ids);
  void GrowPacked();
  std::string_view Key(uint32_t group) const;
  void Grow();

  std::vector<std::unique_ptr<columnar::ArrayBuilder>> builders_;
  std::string key_bytes_;         // every group's encoded key, one after another
  std::vector<size_t> key_ends_;  // group g's key ends at key_ends_[g]
  std::vector<uint64_t> group_hashes_;
  std::vector<int64_t> slots_;  // group id + 1 (0: empty); size a power of two

  // The packed keys' table: a word and its group id + 1 (0: empty) per slot; size a power of two.
  bool packable_ = false;  // every key column's type can be packed
  std::vector<uint64_t> packed_words_;
  std::vector<uint32_t> packed_groups_;
  size_t packed_count_ = 0;

  // Per-batch scratch, kept to reuse its memory.
  std::string batch_keys_;
  std::vector<size_t> batch_key_ends_;
  std::vector<size_t> cursor_;
  std::vector<uint64_t> packed_;      // each row's packed key
  std::vector<uint8_t> packed_bits_;  // bits of it used so far
  std::string row_key_;
};

}  // namespace floe::sql
