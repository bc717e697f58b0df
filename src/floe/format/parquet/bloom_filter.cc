#include "floe/format/parquet/bloom_filter.h"

#include <xxhash.h>

#include <cstring>

#include "floe/format/parquet/bloom_filter_header.h"

namespace floe::parquet {

namespace {

constexpr uint32_t kSalt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                               0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};
constexpr int64_t kBlockBytes = 32;
// The format caps filters at 128 MiB.
constexpr int64_t kMaxBitsetBytes = int64_t{128} << 20;

// The word of each block to test, and the bit in it.
uint32_t Mask(uint32_t key, int word) { return 1U << ((key * kSalt[word]) >> 27); }

}  // namespace

Result<BloomFilter> BloomFilter::FromBitset(std::string bitset) {
  if (bitset.empty() || bitset.size() % kBlockBytes != 0 ||
      static_cast<int64_t>(bitset.size()) > kMaxBitsetBytes) {
    return Corrupt("bloom filter of {} bytes is not a whole number of 32-byte blocks",
                   bitset.size());
  }
  return BloomFilter(std::move(bitset));
}

uint64_t BloomFilter::Hash(std::string_view plain_bytes) {
  return XXH64(plain_bytes.data(), plain_bytes.size(), 0);
}

bool BloomFilter::MightContain(uint64_t hash) const {
  const uint64_t blocks = bitset_.size() / kBlockBytes;
  const uint64_t block = ((hash >> 32) * blocks) >> 32;
  const auto key = static_cast<uint32_t>(hash);
  const char* base = bitset_.data() + block * kBlockBytes;
  for (int w = 0; w < 8; ++w) {
    uint32_t word;
    std::memcpy(&word, base + w * 4, 4);
    if ((word & Mask(key, w)) == 0) return false;
  }
  return true;
}

void BloomFilter::Insert(uint64_t hash) {
  const uint64_t blocks = bitset_.size() / kBlockBytes;
  const uint64_t block = ((hash >> 32) * blocks) >> 32;
  const auto key = static_cast<uint32_t>(hash);
  char* base = bitset_.data() + block * kBlockBytes;
  for (int w = 0; w < 8; ++w) {
    uint32_t word;
    std::memcpy(&word, base + w * 4, 4);
    word |= Mask(key, w);
    std::memcpy(base + w * 4, &word, 4);
  }
}

Result<std::optional<BloomFilter>> BloomFilter::Read(const FileReader& file, int row_group,
                                                     int column) {
  const ColumnMetaData& meta = *file.metadata().row_groups[row_group].columns[column].meta_data;
  if (!meta.bloom_filter_offset) return std::optional<BloomFilter>();
  const int64_t offset = *meta.bloom_filter_offset;
  const int64_t file_size = file.file_size();
  // The header is small; read it with some bitset when the length is not given.
  int64_t length = meta.bloom_filter_length.value_or(256);
  if (offset < 4 || offset >= file_size) {
    return Corrupt("{}: bloom filter offset {} lies outside the file", file.location(), offset);
  }
  length = std::min(length, file_size - offset);
  std::string head(static_cast<size_t>(length), '\0');
  FLOE_RETURN_IF_ERROR(file.file().ReadAt(offset, length, reinterpret_cast<uint8_t*>(head.data())));
  size_t header_size = 0;
  FLOE_ASSIGN_OR_RETURN(BloomFilterHeader header,
                        DecodeBloomFilterHeader(reinterpret_cast<const uint8_t*>(head.data()),
                                                head.size(), &header_size));
  if (!SupportedBloomFilter(header)) return std::optional<BloomFilter>();
  const int64_t bitset_start = offset + static_cast<int64_t>(header_size);
  if (header.num_bytes <= 0 || header.num_bytes > kMaxBitsetBytes ||
      header.num_bytes > file_size - bitset_start) {
    return Corrupt("{}: bloom filter of {} bytes at {} does not fit the file", file.location(),
                   header.num_bytes, offset);
  }
  std::string bitset;
  if (static_cast<int64_t>(head.size()) >= static_cast<int64_t>(header_size) + header.num_bytes) {
    bitset = head.substr(header_size, static_cast<size_t>(header.num_bytes));
  } else {
    bitset.resize(static_cast<size_t>(header.num_bytes));
    FLOE_RETURN_IF_ERROR(file.file().ReadAt(bitset_start, header.num_bytes,
                                            reinterpret_cast<uint8_t*>(bitset.data())));
  }
  FLOE_ASSIGN_OR_RETURN(BloomFilter filter, FromBitset(std::move(bitset)));
  return std::optional<BloomFilter>(std::move(filter));
}

}  // namespace floe::parquet
