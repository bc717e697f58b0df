// Avro's binary decoding of varints: reading past many short varints at once
// (Decoder::TrySkipShortVarints), or many int-keyed bytes items (SkipShortKeyedBytes), ends
// where reading them one by one ends, or declines.
#include "floe/format/avro/binary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "testing/result_matchers.h"

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
    data.append(rng() % 12, '\x02');                                  // what follows: not read
    if (rng() % 10 == 0) data.resize(start + rng() % (end - start));  // cut short
    SCOPED_TRACE(round);

    Decoder one(data);
    ASSERT_OK(one.Skip(static_cast<int64_t>(start)));
    bool read = true;
    for (int i = 0; i < count && read; ++i) read = one.TrySkipLong();

    Decoder many(data);
    ASSERT_OK(many.Skip(static_cast<int64_t>(start)));
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

// Items of a map of bytes keyed by ints, as the bounds maps of manifests hold them: the fast
// skip reads past a prefix of them and stops where reading one by one goes on (long keys, long
// or negative lengths, data cut short), never past the end.
TEST(BinaryTest, SkippingShortKeyedBytesStopsWhereItMust) {
  std::mt19937_64 rng(12);
  for (int round = 0; round < 3000; ++round) {
    std::string data;
    int count = 1 + static_cast<int>(rng() % 30);
    for (int i = 0; i < count; ++i) {
      int64_t key = rng() % 20 == 0 ? 64 + static_cast<int64_t>(rng() % 5000)
                                    : static_cast<int64_t>(rng() % 64);
      if (rng() % 40 == 0) key = -key;
      AppendVarint(data, ZigZagEncode(key));
      int64_t length = rng() % 20 == 0 ? 64 + static_cast<int64_t>(rng() % 100)
                                       : static_cast<int64_t>(rng() % 17);
      if (rng() % 60 == 0) length = -1;  // corrupt
      AppendVarint(data, ZigZagEncode(length));
      data.append(static_cast<size_t>(std::max<int64_t>(length, 0)), static_cast<char>(rng()));
    }
    if (rng() % 8 == 0) data.resize(rng() % (data.size() + 1));  // cut short
    SCOPED_TRACE(round);

    // One by one: how many items read, and where each ends.
    Decoder one(data);
    std::vector<int64_t> ends;
    for (int i = 0; i < count; ++i) {
      std::string_view bytes;
      if (!one.TrySkipInt() || !one.TryReadBytes(&bytes)) break;
      ends.push_back(one.offset());
    }

    Decoder fast(data);
    uint64_t skipped = fast.SkipShortKeyedBytes(static_cast<uint64_t>(count));
    ASSERT_LE(skipped, ends.size());
    EXPECT_EQ(fast.offset(), skipped == 0 ? 0 : ends[skipped - 1]);
  }
  // Corrupt or long items are left to the caller.
  std::string negative("\x02\x01", 2);  // key 1, length -1
  EXPECT_EQ(Decoder(negative).SkipShortKeyedBytes(1), 0u);
  std::string past_end(
      "\x02\x10"
      "abc",
      5);  // length 8, 3 bytes left
  EXPECT_EQ(Decoder(past_end).SkipShortKeyedBytes(1), 0u);
}

}  // namespace
}  // namespace floe::avro
