// The header of a split-block bloom filter (parquet.thrift `BloomFilterHeader`), stored at the
// column chunk's bloom_filter_offset and followed by num_bytes of bitset.
#pragma once

#include <cstddef>
#include <cstdint>

#include "floe/util/result.h"

namespace floe::parquet {

struct BloomFilterHeader {
  int32_t num_bytes = 0;    // 1 numBytes
  int16_t algorithm = 0;    // 2 BloomFilterAlgorithm member: 1 BLOCK
  int16_t hash = 0;         // 3 BloomFilterHash member: 1 XXHASH
  int16_t compression = 0;  // 4 BloomFilterCompression member: 1 UNCOMPRESSED
};

// Decodes the header at the start of [data, data + size); *header_size receives its length.
// A header of an algorithm, hash or compression floe does not know decodes (with that member id);
// the caller decides whether it can use the filter (SupportedBloomFilter).
Result<BloomFilterHeader> DecodeBloomFilterHeader(const uint8_t* data, size_t size,
                                                  size_t* header_size);

// True for the only combination the format defines today: BLOCK, XXHASH, UNCOMPRESSED.
inline bool SupportedBloomFilter(const BloomFilterHeader& h) {
  return h.algorithm == 1 && h.hash == 1 && h.compression == 1;
}

}  // namespace floe::parquet
