#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "floe/format/parquet/encoding/bit_packing.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "format/parquet/byte_span.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

std::vector<uint32_t> Decode(const std::string& runs, int width, int64_t n) {
  RleBitPackedDecoder d;
  EXPECT_OK(d.Init(Span(runs), width));
  std::vector<uint32_t> out(static_cast<size_t>(n));
  Status st = d.Decode(out.data(), n);
  EXPECT_OK(st);
  return out;
}

TEST(EncodingRleTest, SpecBitPackingExample) {
  // Encodings.md: 0..7 at bit width 3 pack as 10001000 11000110 11111010.
  std::string runs = {static_cast<char>((1 << 1) | 1), static_cast<char>(0b10001000),
                      static_cast<char>(0b11000110), static_cast<char>(0b11111010)};
  auto v = Decode(runs, 3, 8);
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(v[i], i);
  // And the encoder produces those bytes.
  RleBitPackedEncoder e(3);
  for (uint32_t i = 0; i < 8; ++i) e.Put(i);
  std::string out;
  e.Flush(&out);
  EXPECT_EQ(out, runs);
}

TEST(EncodingRleTest, RleRunWithMultiByteValue) {
  // 300 repeats of 0x1234 at width 13: header varint(600) = 0xD8 0x04, value in 2 bytes.
  std::string runs = {static_cast<char>(0xD8), 0x04, 0x34, 0x12};
  auto v = Decode(runs, 13, 300);
  for (auto x : v) ASSERT_EQ(x, 0x1234u);
}

TEST(EncodingRleTest, LengthPrefixedLevels) {
  RleBitPackedEncoder e(1);
  for (int i = 0; i < 100; ++i) e.Put(i % 3 == 0 ? 1 : 0);
  std::string page;
  e.FlushLengthPrefixed(&page);
  page += "rest";
  size_t consumed = 0;
  auto runs = SplitLengthPrefixed(Span(page), &consumed);
  ASSERT_OK(runs);
  EXPECT_EQ(consumed, page.size() - 4);
  RleBitPackedDecoder d;
  ASSERT_OK(d.Init(*runs, 1));
  std::vector<int16_t> levels(100);
  ASSERT_OK(d.Decode(levels.data(), 100));
  for (int i = 0; i < 100; ++i) ASSERT_EQ(levels[static_cast<size_t>(i)], i % 3 == 0 ? 1 : 0);

  std::string short_page = std::string("\x10\x00\x00\x00", 4) + "abc";
  EXPECT_EQ(SplitLengthPrefixed(Span(short_page), &consumed).error().kind, ErrorKind::kCorrupt);
  EXPECT_FALSE(SplitLengthPrefixed(Span(std::string("ab")), &consumed).ok());
}

// Random data of every width 0..32, as runs of repeats and of noise, round-trips, whatever the
// batch sizes the reader asks for.
TEST(EncodingRleTest, RoundTripAllWidths) {
  std::mt19937_64 rng(7);
  for (int width = 0; width <= 32; ++width) {
    const uint64_t mask = width == 32 ? 0xFFFFFFFFull : ((uint64_t{1} << width) - 1);
    std::vector<uint32_t> values;
    while (values.size() < 5000) {
      const int kind = static_cast<int>(rng() % 3);
      const size_t len = 1 + rng() % (kind == 0 ? 200 : 30);
      const uint32_t rep = static_cast<uint32_t>(rng() & mask);
      for (size_t i = 0; i < len; ++i) {
        values.push_back(kind == 0 ? rep : static_cast<uint32_t>(rng() & mask));
      }
    }
    RleBitPackedEncoder e(width);
    e.PutValues(values.data(), static_cast<int64_t>(values.size()));
    std::string runs;
    e.Flush(&runs);
    RleBitPackedDecoder d;
    ASSERT_OK(d.Init(Span(runs), width));
    std::vector<uint32_t> out(values.size());
    size_t at = 0;
    while (at < values.size()) {
      const int64_t want = std::min<int64_t>(static_cast<int64_t>(1 + rng() % 100),
                                             static_cast<int64_t>(values.size() - at));
      auto got = d.GetBatch(out.data() + at, want);
      ASSERT_OK(got);
      ASSERT_EQ(*got, want);
      at += static_cast<size_t>(want);
    }
    ASSERT_EQ(out, values) << "width " << width;
    EXPECT_EQ(d.bytes_consumed(), runs.size());
  }
}

TEST(EncodingRleTest, AllValuesEqualBecomeOneRleRun) {
  RleBitPackedEncoder e(20);
  for (int i = 0; i < 100000; ++i) e.Put(777777);
  std::string runs;
  e.Flush(&runs);
  EXPECT_LE(runs.size(), 8u);
  auto v = Decode(runs, 20, 100000);
  EXPECT_EQ(v.front(), 777777u);
  EXPECT_EQ(v.back(), 777777u);
}

TEST(EncodingRleTest, SkipAndEndOfData) {
  RleBitPackedEncoder e(5);
  std::vector<uint32_t> values;
  for (uint32_t i = 0; i < 50; ++i) values.push_back(i < 20 ? 3 : i % 32);
  e.PutValues(values.data(), 50);
  std::string runs;
  e.Flush(&runs);
  RleBitPackedDecoder d;
  ASSERT_OK(d.Init(Span(runs), 5));
  EXPECT_EQ(*d.Skip(25), 25);
  uint32_t x;
  ASSERT_OK(d.Decode(&x, 1));
  EXPECT_EQ(x, values[25]);
  std::vector<uint32_t> rest(100);
  auto got = d.GetBatch(rest.data(), 100);
  ASSERT_OK(got);
  // 24 real values, then the zero padding of the last group of 8.
  EXPECT_GE(*got, 24);
  EXPECT_LT(*got, 32);
}

TEST(EncodingRleTest, CorruptInputs) {
  RleBitPackedDecoder d;
  EXPECT_EQ(d.Init({}, 33).error().kind, ErrorKind::kCorrupt);
  EXPECT_FALSE(d.Init({}, -1).ok());
  uint32_t out[16];
  // Truncated varint header.
  std::string bad_header = "\x80\x80";
  ASSERT_OK(d.Init(Span(bad_header), 4));
  EXPECT_EQ(d.GetBatch(out, 4).error().kind, ErrorKind::kCorrupt);
  // RLE run whose value is missing.
  std::string no_value = "\x08";
  ASSERT_OK(d.Init(Span(no_value), 9));
  EXPECT_EQ(d.GetBatch(out, 4).error().kind, ErrorKind::kCorrupt);
  // RLE value wider than the bit width.
  std::string too_wide = "\x08\x09";
  ASSERT_OK(d.Init(Span(too_wide), 3));
  EXPECT_EQ(d.GetBatch(out, 4).error().kind, ErrorKind::kCorrupt);
  // RLE run longer than 2^31 - 1.
  std::string huge = "\xfe\xff\xff\xff\x1f\x01";
  ASSERT_OK(d.Init(Span(huge), 1));
  EXPECT_EQ(d.GetBatch(out, 4).error().kind, ErrorKind::kCorrupt);
  // A bit-packed run claiming 2 groups with only 3 of 8 bytes: reads what is there, never more.
  std::string cut = "\x05\xff\xff\xff";
  ASSERT_OK(d.Init(Span(cut), 4));
  auto got = d.GetBatch(out, 16);
  ASSERT_OK(got);
  EXPECT_EQ(*got, 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(out[i], 15u);
  ASSERT_OK(d.Init(Span(cut), 4));
  EXPECT_EQ(d.Decode(out, 16).error().kind, ErrorKind::kCorrupt);
}

TEST(EncodingRleTest, FuzzNeverCrashes) {
  std::mt19937_64 rng(99);
  std::vector<uint32_t> out(4096);
  for (int iter = 0; iter < 3000; ++iter) {
    std::string bytes(rng() % 64, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    RleBitPackedDecoder d;
    ASSERT_OK(d.Init(Span(bytes), static_cast<int>(rng() % 33)));
    auto r = d.GetBatch(out.data(), static_cast<int64_t>(out.size()));
    if (!r.ok()) {
      EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
    }
  }
}

TEST(EncodingRleTest, UnpackMatchesSingleValueExtraction) {
  std::mt19937_64 rng(3);
  for (int width = 0; width <= 64; ++width) {
    std::string bytes(static_cast<size_t>(width) * 4, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    std::vector<uint64_t> out(32);
    UnpackGroups<uint64_t>(reinterpret_cast<const uint8_t*>(bytes.data()), 4, width, out.data());
    for (int i = 0; i < 32; ++i) {
      ASSERT_EQ(out[static_cast<size_t>(i)],
                UnpackOne(reinterpret_cast<const uint8_t*>(bytes.data()), i * width, width))
          << width << " " << i;
    }
    std::string packed;
    for (int g = 0; g < 4; ++g) PackGroup(out.data() + g * 8, width, &packed);
    EXPECT_EQ(packed, bytes) << width;
  }
}

}  // namespace
}  // namespace floe::parquet
