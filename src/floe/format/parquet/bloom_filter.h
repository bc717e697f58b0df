// Split-block bloom filters (BloomFilter.md in parquet-format): a column chunk's filter is a
// BloomFilterHeader and a bitset of 32-byte blocks of eight 32-bit words. A value's hash is the
// xxHash64 (seed 0) of its PLAIN encoding (byte arrays without their length); the upper 32 bits
// pick a block, the lower 32 bits, multiplied by eight salts, pick one bit in each word.
// "Not contained" is certain; "contained" may be a false positive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "floe/format/parquet/file_reader.h"
#include "floe/util/result.h"

namespace floe::parquet {

class BloomFilter {
 public:
  // The filter of a column chunk; nullopt when the chunk has none or one of an algorithm, hash
  // or compression floe does not know. Corrupt when the filter lies outside the file.
  static Result<std::optional<BloomFilter>> Read(const FileReader& file, int row_group, int column);
  // A filter over a bitset (a multiple of 32 bytes).
  static Result<BloomFilter> FromBitset(std::string bitset);

  // xxHash64 (seed 0) of a value's PLAIN bytes.
  static uint64_t Hash(std::string_view plain_bytes);
  bool MightContain(uint64_t hash) const;
  bool MightContainValue(std::string_view plain_bytes) const {
    return MightContain(Hash(plain_bytes));
  }

  // Sets the value's bits (writers and tests).
  void Insert(uint64_t hash);
  const std::string& bitset() const { return bitset_; }

 private:
  explicit BloomFilter(std::string bitset) : bitset_(std::move(bitset)) {}
  std::string bitset_;
};

}  // namespace floe::parquet
