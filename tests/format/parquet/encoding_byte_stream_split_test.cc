#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "floe/format/parquet/encoding/byte_stream_split.h"
#include "format/parquet/byte_span.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

TEST(EncodingByteStreamSplitTest, SpecExample) {
  // Encodings.md: AA BB CC DD | 00 11 22 33 | A3 B4 C5 D6 -> AA 00 A3 BB 11 B4 CC 22 C5 DD 33 D6.
  const std::string values("\xAA\xBB\xCC\xDD\x00\x11\x22\x33\xA3\xB4\xC5\xD6", 12);
  const std::string split("\xAA\x00\xA3\xBB\x11\xB4\xCC\x22\xC5\xDD\x33\xD6", 12);
  std::string enc;
  EncodeByteStreamSplit(reinterpret_cast<const uint8_t*>(values.data()), 3, 4, &enc);
  EXPECT_EQ(enc, split);
  ByteStreamSplitDecoder d;
  ASSERT_OK(d.Init(Span(split), 4));
  EXPECT_EQ(d.total_values(), 3);
  float out[3];
  ASSERT_OK(d.Decode(3, out));
  EXPECT_EQ(std::memcmp(out, values.data(), 12), 0);
}

template <typename T>
void SplitRoundTrip(const std::vector<T>& values) {
  std::string enc;
  EncodeByteStreamSplit(reinterpret_cast<const uint8_t*>(values.data()),
                        static_cast<int64_t>(values.size()), sizeof(T), &enc);
  ByteStreamSplitDecoder d;
  ASSERT_OK(d.Init(Span(enc), sizeof(T)));
  std::vector<T> out(values.size());
  const size_t half = values.size() / 2;
  ASSERT_OK(d.Decode(static_cast<int64_t>(half), out.data()));
  ASSERT_OK(d.Decode(static_cast<int64_t>(values.size() - half), out.data() + half));
  EXPECT_EQ(std::memcmp(out.data(), values.data(), values.size() * sizeof(T)), 0);
  T extra;
  EXPECT_EQ(d.Decode(1, &extra).error().kind, ErrorKind::kCorrupt);
}

TEST(EncodingByteStreamSplitTest, RoundTripsAllTypes) {
  std::mt19937_64 rng(4);
  std::vector<float> f;
  std::vector<double> d;
  std::vector<int32_t> i32;
  std::vector<int64_t> i64;
  for (int i = 0; i < 1001; ++i) {
    f.push_back(static_cast<float>(rng() % 100000) / 7.0f);
    d.push_back(static_cast<double>(rng()) / 3.0);
    i32.push_back(static_cast<int32_t>(rng()));
    i64.push_back(static_cast<int64_t>(rng()));
  }
  SplitRoundTrip(f);
  SplitRoundTrip(d);
  SplitRoundTrip(i32);
  SplitRoundTrip(i64);
  // FIXED_LEN_BYTE_ARRAY of odd widths.
  for (int width : {1, 3, 5, 16, 17}) {
    std::string values(static_cast<size_t>(width) * 101, '\0');
    for (char& c : values) c = static_cast<char>(rng());
    std::string enc;
    EncodeByteStreamSplit(reinterpret_cast<const uint8_t*>(values.data()), 101, width, &enc);
    ByteStreamSplitDecoder dec;
    ASSERT_OK(dec.Init(Span(enc), width));
    std::string out(values.size(), '\0');
    ASSERT_OK(dec.Decode(101, reinterpret_cast<uint8_t*>(out.data())));
    EXPECT_EQ(out, values) << width;
  }
}

TEST(EncodingByteStreamSplitTest, Corrupt) {
  ByteStreamSplitDecoder d;
  EXPECT_EQ(d.Init(Span(std::string(7, 'x')), 4).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(d.Init(Span(std::string(8, 'x')), 0).error().kind, ErrorKind::kCorrupt);
  ASSERT_OK(d.Init(Span(std::string(8, 'x')), 4));
  double wrong;
  EXPECT_EQ(d.Decode(1, &wrong).error().kind, ErrorKind::kInvalidArgument);
  int32_t out[3];
  EXPECT_EQ(d.Decode(3, out).error().kind, ErrorKind::kCorrupt);
}

}  // namespace
}  // namespace floe::parquet
