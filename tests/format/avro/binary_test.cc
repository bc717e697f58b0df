// Avro's binary decoding of varints: reading past many short varints at once
// (Decoder::TrySkipShortVarints) ends where reading them one by one ends, or declines.
#include "floe/format/avro/binary.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace floe::avro {
namespace {

// A varint of `bytes` bytes (1 to 10).
void AppendVarintOfLength(std::string* out, std::mt19937_64& rng, int bytes) {
  for (int i = 0; i < bytes - 1; ++i) out->push_back(static_cast<char>(0x80 | (rng() & 0x7f)));
  out->push_back(static_cast<char>(rng() & 0x7f));
}

TEST(BinaryTest, SkippingShortVarintsEndsWhereReadingThemDoes) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 3000; ++round) {
    // Mostly short varints, sometimes one of 5 to 10 bytes, at every alignment.
    std::string data(rng() % 8, '\x01');
    const size_t start = data.size();
    int count = 1 + static_cast<int>(rng() % 40);
    bool all_short = true;
    for (int i = 0; i < count; ++i) {
      int bytes = 1 + static_cast<int>(rng() % 4);
      if (rng() % 50 == 0) bytes = 5 + static_cast<int>(rng() % 6);
      all_short = all_short && bytes <= 4;
      AppendVarintOfLength(&data, rng, bytes);
    }
    const size_t end = data.size();
    data.append(rng() % 12, '\x02');  // what follows: not read
    if (rng() % 10 == 0) data.resize(start + rng() % (end - start));  // cut short
    SCOPED_TRACE(round);

    Decoder one(data);
    ASSERT_TRUE(one.Skip(static_cast<int64_t>(start)).ok());
    bool read = true;
    for (int i = 0; i < count && read; ++i) read = one.TrySkipLong();

    Decoder many(data);
    ASSERT_TRUE(many.Skip(static_cast<int64_t>(start)).ok());
    if (many.TrySkipShortVarints(static_cast<uint64_t>(count))) {
      EXPECT_TRUE(all_short);
      ASSERT_TRUE(read);
      EXPECT_EQ(many.offset(), one.offset());
      EXPECT_EQ(static_cast<size_t>(many.offset()), end);
    } else {
      EXPECT_EQ(static_cast<size_t>(many.offset()), start);  // nothing consumed
      // Declined only for a long varint, or data that ends within 8 bytes of the last one.
      EXPECT_TRUE(!all_short || !read || data.size() < end + 8);
    }
  }
}

TEST(BinaryTest, SkippingIntsChecksTheirRange) {
  std::string data;
  AppendVarint(data, ZigZagEncode(int64_t{INT32_MAX}));
  AppendVarint(data, ZigZagEncode(int64_t{INT32_MAX} + 1));
  Decoder d(data);
  EXPECT_TRUE(d.TrySkipInt());
  EXPECT_FALSE(d.TrySkipInt());
  EXPECT_TRUE(d.TrySkipLong());
  EXPECT_TRUE(d.AtEnd());
}

}  // namespace
}  // namespace floe::avro
