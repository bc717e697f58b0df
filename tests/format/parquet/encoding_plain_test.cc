#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "floe/format/parquet/encoding/plain.h"
#include "format/parquet/byte_span.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

template <typename T>
void RoundTrip(const std::vector<T>& values) {
  std::string enc;
  EncodePlain(values.data(), static_cast<int64_t>(values.size()), &enc);
  EXPECT_EQ(enc.size(), values.size() * sizeof(T));
  std::vector<T> out(values.size());
  auto used = DecodePlain<T>(Span(enc), static_cast<int64_t>(values.size()), out.data());
  ASSERT_OK(used);
  EXPECT_EQ(*used, enc.size());
  if (!enc.empty()) {
    EXPECT_EQ(std::memcmp(out.data(), values.data(), enc.size()), 0);
  }
  // One value too many is corrupt.
  if (!values.empty()) {
    auto bad = DecodePlain<T>(Span(enc.substr(0, enc.size() - 1)),
                              static_cast<int64_t>(values.size()), out.data());
    EXPECT_EQ(bad.error().kind, ErrorKind::kCorrupt);
  }
}

TEST(EncodingPlainTest, FixedWidthRoundTrips) {
  std::mt19937_64 rng(1);
  std::vector<int32_t> i32 = {0, -1, std::numeric_limits<int32_t>::min(),
                              std::numeric_limits<int32_t>::max()};
  std::vector<int64_t> i64 = {0, -1, std::numeric_limits<int64_t>::min(),
                              std::numeric_limits<int64_t>::max()};
  std::vector<float> f = {0.0f, -0.0f, 1.5f, std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::infinity()};
  std::vector<double> d = {0.0, -2.25, std::numeric_limits<double>::quiet_NaN(), 1e300};
  for (int i = 0; i < 1000; ++i) {
    i32.push_back(static_cast<int32_t>(rng()));
    i64.push_back(static_cast<int64_t>(rng()));
    d.push_back(static_cast<double>(rng()) / 3.0);
  }
  RoundTrip(i32);
  RoundTrip(i64);
  RoundTrip(f);
  RoundTrip(d);
  RoundTrip(std::vector<int64_t>{});
}

TEST(EncodingPlainTest, LittleEndianBytes) {
  const std::string bytes("\x01\x00\x00\x00\xff\xff\xff\xff", 8);
  int32_t out[2];
  ASSERT_OK(DecodePlain<int32_t>(Span(bytes), 2, out));
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], -1);
  int64_t big;
  ASSERT_OK(DecodePlain<int64_t>(Span(bytes), 1, &big));
  EXPECT_EQ(big, static_cast<int64_t>(0xFFFFFFFF00000001ull));
}

TEST(EncodingPlainTest, Int96Timestamps) {
  // 2000-01-01T00:00:00.000000123 = Julian day 2451545, 123 ns into the day.
  Int96 v = {{123, 0, 2451545}};
  EXPECT_EQ(Int96ToUnixNanos(v), 946684800LL * 1000000000LL + 123);
  for (int64_t nanos :
       {int64_t{0}, int64_t{-1}, int64_t{1700000000123456789}, int64_t{-86400000000000} - 5}) {
    Int96 x = UnixNanosToInt96(nanos);
    EXPECT_EQ(Int96ToUnixNanos(x), nanos);
  }
  std::vector<Int96> vals = {v, UnixNanosToInt96(-1)};
  std::string enc;
  EncodePlain(vals.data(), 2, &enc);
  ASSERT_EQ(enc.size(), 24u);
  Int96 out[2];
  ASSERT_OK(DecodePlain<Int96>(Span(enc), 2, out));
  EXPECT_EQ(Int96ToUnixNanos(out[1]), -1);
  EXPECT_FALSE(DecodePlain<Int96>(Span(enc), 3, out).ok());
  // Extreme Julian days wrap instead of overflowing (UBSan would abort otherwise).
  Int96 extreme = {{0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF}};
  (void)Int96ToUnixNanos(extreme);
}

TEST(EncodingPlainTest, Booleans) {
  std::vector<uint8_t> values;
  std::mt19937 rng(5);
  for (int i = 0; i < 77; ++i) values.push_back(rng() & 1);
  std::string enc;
  EncodePlainBoolean(values.data(), 77, &enc);
  EXPECT_EQ(enc.size(), 10u);
  PlainBooleanDecoder d;
  d.Init(Span(enc));
  std::vector<uint8_t> out(77);
  ASSERT_OK(d.Decode(3, out.data()));
  ASSERT_OK(d.Decode(70, out.data() + 3));
  columnar::BooleanBuilder b;
  ASSERT_OK(d.Decode(4, &b));
  auto arr = b.Finish();
  ASSERT_OK(arr);
  for (int i = 0; i < 4; ++i) out[static_cast<size_t>(73 + i)] = (*arr)->GetBool(i);
  EXPECT_EQ(out, values);
  EXPECT_EQ(d.bytes_consumed(), 10u);
  // 80 bits in 10 bytes: 3 more padding bits, then corrupt.
  EXPECT_OK(d.Decode(3, out.data()));
  EXPECT_EQ(d.Decode(1, out.data()).error().kind, ErrorKind::kCorrupt);
  // LSB first: 0b00000101 = true, false, true.
  std::string one("\x05", 1);
  d.Init(Span(one));
  uint8_t three[3];
  ASSERT_OK(d.Decode(3, three));
  EXPECT_EQ(three[0], 1);
  EXPECT_EQ(three[1], 0);
  EXPECT_EQ(three[2], 1);
}

TEST(EncodingPlainTest, ByteArrays) {
  std::vector<std::string> strings = {"", "a", "hello", std::string(1000, 'x'), "\x00\x01"};
  std::vector<std::string_view> views(strings.begin(), strings.end());
  std::string enc;
  EncodePlainByteArray(views.data(), 5, &enc);
  columnar::BinaryBuilder b(columnar::Utf8());
  auto used = DecodePlainByteArray(Span(enc), 5, &b);
  ASSERT_OK(used);
  EXPECT_EQ(*used, enc.size());
  auto arr = b.Finish();
  ASSERT_OK(arr);
  for (int i = 0; i < 5; ++i) EXPECT_EQ((*arr)->GetView(i), views[static_cast<size_t>(i)]);
  std::vector<std::string_view> out(5);
  ASSERT_OK(DecodePlainByteArray(Span(enc), 5, out.data()));
  EXPECT_EQ(out, views);
  // Spec layout: 4-byte little-endian length, then the bytes.
  EXPECT_EQ(enc.substr(4, 0), "");
  EXPECT_EQ(enc.substr(4, 4), std::string("\x01\x00\x00\x00", 4));
  EXPECT_EQ(enc.substr(8, 1), "a");
}

TEST(EncodingPlainTest, CorruptByteArrays) {
  columnar::BinaryBuilder b(columnar::Binary());
  // Length passes the end.
  std::string bad(
      "\x05\x00\x00\x00"
      "abc",
      7);
  EXPECT_EQ(DecodePlainByteArray(Span(bad), 1, &b).error().kind, ErrorKind::kCorrupt);
  // Truncated length.
  std::string cut(
      "\x01\x00\x00\x00"
      "a"
      "\x01\x00",
      7);
  EXPECT_EQ(DecodePlainByteArray(Span(cut), 2, &b).error().kind, ErrorKind::kCorrupt);
  // A huge count is refused before anything is reserved.
  EXPECT_EQ(DecodePlainByteArray(Span(cut), int64_t{1} << 40, &b).error().kind,
            ErrorKind::kCorrupt);
  // Exactly 4 bytes per value, but the first length takes the bytes of the second value's
  // length: the bytes reserved up front must not be trusted (found by the fuzzer).
  std::string greedy(
      "\x04\x00\x00\x00"
      "abcd",
      8);
  columnar::BinaryBuilder fresh(columnar::Binary());
  EXPECT_EQ(DecodePlainByteArray(Span(greedy), 2, &fresh).error().kind, ErrorKind::kCorrupt);
  // Length 0xFFFFFFFF.
  std::string huge(
      "\xff\xff\xff\xff"
      "abcd",
      8);
  std::string_view v;
  EXPECT_EQ(DecodePlainByteArray(Span(huge), 1, &v).error().kind, ErrorKind::kCorrupt);
}

TEST(EncodingPlainTest, FixedLenByteArray) {
  std::string data = "0123456789abcdef0123456789ABCDEF";
  std::string enc;
  EncodePlainFixedLenByteArray(reinterpret_cast<const uint8_t*>(data.data()), 2, 16, &enc);
  EXPECT_EQ(enc, data);
  std::vector<uint8_t> out(32);
  auto used = DecodePlainFixedLenByteArray(Span(enc), 2, 16, out.data());
  ASSERT_OK(used);
  EXPECT_EQ(*used, 32u);
  EXPECT_EQ(std::string(out.begin(), out.end()), data);
  EXPECT_EQ(DecodePlainFixedLenByteArray(Span(enc), 3, 16, out.data()).error().kind,
            ErrorKind::kCorrupt);
  EXPECT_FALSE(DecodePlainFixedLenByteArray(Span(enc), 1, -1, out.data()).ok());
  EXPECT_FALSE(DecodePlainFixedLenByteArray(Span(enc), int64_t{1} << 62, 16, out.data()).ok());
}

}  // namespace
}  // namespace floe::parquet
