#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "floe/format/parquet/encoding/delta_binary_packed.h"
#include "floe/format/parquet/encoding/delta_byte_array.h"
#include "floe/format/parquet/encoding/delta_length_byte_array.h"
#include "floe/util/bytes.h"
#include "format/parquet/byte_span.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

template <typename T>
std::vector<T> DecodeAll(const std::string& enc, size_t* consumed = nullptr) {
  DeltaBinaryPackedDecoder<T> d;
  Status st = d.Init(Span(enc));
  EXPECT_OK(st);
  std::vector<T> out(static_cast<size_t>(d.total_values()));
  st = d.Decode(out.data(), d.total_values());
  EXPECT_OK(st);
  if (consumed) *consumed = d.bytes_consumed();
  return out;
}

template <typename T>
void DeltaRoundTrip(const std::vector<T>& values, int block = 128, int minis = 4) {
  DeltaBinaryPackedEncoder<T> e(block, minis);
  e.Put(values.data(), static_cast<int64_t>(values.size()));
  std::string enc;
  e.Flush(&enc);
  const std::string tail = "TAIL";
  size_t consumed = 0;
  EXPECT_EQ(DecodeAll<T>(enc + tail, &consumed), values);
  EXPECT_EQ(consumed, enc.size());  // stops exactly where the encoding ends
  // Odd batch sizes across miniblock and block boundaries.
  DeltaBinaryPackedDecoder<T> d;
  ASSERT_OK(d.Init(Span(enc)));
  std::vector<T> out(values.size());
  size_t at = 0;
  std::mt19937 rng(static_cast<unsigned>(values.size()));
  while (at < values.size()) {
    const size_t k = std::min<size_t>(1 + rng() % 300, values.size() - at);
    ASSERT_OK(d.Decode(out.data() + at, static_cast<int64_t>(k)));
    at += k;
  }
  EXPECT_EQ(out, values);
  T extra;
  EXPECT_EQ(d.Decode(&extra, 1).error().kind, ErrorKind::kCorrupt);
}

TEST(EncodingDeltaBinaryPackedTest, SpecExample1) {
  // Encodings.md example 1 (block size 8, for brevity): 1, 2, 3, 4, 5.
  std::string enc;
  AppendVarint(enc, 8);
  AppendVarint(enc, 1);
  AppendVarint(enc, 5);
  AppendVarint(enc, ZigZagEncode(1));
  AppendVarint(enc, ZigZagEncode(1));  // min delta
  enc.push_back(0);                    // bit width 0: no data
  EXPECT_EQ(DecodeAll<int32_t>(enc), (std::vector<int32_t>{1, 2, 3, 4, 5}));
}

TEST(EncodingDeltaBinaryPackedTest, SpecExample2) {
  // 7, 5, 3, 1, 2, 3, 4, 5: min delta -2, relative deltas 0,0,0,3,3,3,3 on 2 bits.
  std::string enc;
  AppendVarint(enc, 8);
  AppendVarint(enc, 1);
  AppendVarint(enc, 8);
  AppendVarint(enc, ZigZagEncode(7));
  AppendVarint(enc, ZigZagEncode(-2));
  enc.push_back(2);
  // 0,0,0,3 | 3,3,3,(pad 0) packed LSB first: 0b11000000, 0b00111111
  enc.push_back(static_cast<char>(0b11000000));
  enc.push_back(static_cast<char>(0b00111111));
  EXPECT_EQ(DecodeAll<int64_t>(enc), (std::vector<int64_t>{7, 5, 3, 1, 2, 3, 4, 5}));
}

TEST(EncodingDeltaBinaryPackedTest, RandomSortedAndExtremes) {
  std::mt19937_64 rng(11);
  std::vector<int64_t> random64, sorted64, extremes64;
  std::vector<int32_t> random32, extremes32;
  for (int i = 0; i < 5000; ++i) {
    random64.push_back(static_cast<int64_t>(rng()));
    random32.push_back(static_cast<int32_t>(rng()));
    sorted64.push_back(static_cast<int64_t>(rng() % 1000000));
  }
  std::sort(sorted64.begin(), sorted64.end());
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  for (int i = 0; i < 300; ++i) {
    extremes64.push_back(i % 3 == 0 ? lo : i % 3 == 1 ? hi : 0);
    extremes32.push_back(i % 2 ? std::numeric_limits<int32_t>::min()
                               : std::numeric_limits<int32_t>::max());
  }
  DeltaRoundTrip(random64);
  DeltaRoundTrip(random32);
  DeltaRoundTrip(sorted64);
  DeltaRoundTrip(extremes64);
  DeltaRoundTrip(extremes32);
  DeltaRoundTrip(std::vector<int64_t>{lo, hi, lo, hi});
  DeltaRoundTrip(std::vector<int32_t>{42});
  DeltaRoundTrip(std::vector<int64_t>{hi});
  DeltaRoundTrip(std::vector<int64_t>{});
  DeltaRoundTrip(std::vector<int32_t>(1000, -7));
  // Other block shapes: 256 values in 8 miniblocks of 32, 1024 in 1 miniblock.
  DeltaRoundTrip(random64, 256, 8);
  DeltaRoundTrip(random32, 1024, 1);
  // Lengths that end exactly on and just past block boundaries.
  for (size_t n : {128u, 129u, 257u, 33u, 32u, 31u}) {
    DeltaRoundTrip(std::vector<int64_t>(sorted64.begin(), sorted64.begin() + static_cast<long>(n)));
  }
}

TEST(EncodingDeltaBinaryPackedTest, CorruptInputs) {
  DeltaBinaryPackedDecoder<int32_t> d;
  auto init = [&d](const std::string& s) { return d.Init(Span(s)); };
  EXPECT_EQ(init("").error().kind, ErrorKind::kCorrupt);  // no header
  std::string h;
  AppendVarint(h, 100);  // not a multiple of 8
  AppendVarint(h, 1);
  AppendVarint(h, 5);
  AppendVarint(h, 0);
  EXPECT_EQ(init(h).error().kind, ErrorKind::kCorrupt);
  h.clear();
  AppendVarint(h, 128);
  AppendVarint(h, 0);  // no miniblocks
  AppendVarint(h, 5);
  AppendVarint(h, 0);
  EXPECT_EQ(init(h).error().kind, ErrorKind::kCorrupt);
  h.clear();
  AppendVarint(h, 128);
  AppendVarint(h, 3);  // does not divide 128
  AppendVarint(h, 5);
  AppendVarint(h, 0);
  EXPECT_EQ(init(h).error().kind, ErrorKind::kCorrupt);
  h.clear();
  AppendVarint(h, 128);
  AppendVarint(h, 4);
  AppendVarint(h, uint64_t{1} << 40);  // absurd count
  AppendVarint(h, 0);
  EXPECT_EQ(init(h).error().kind, ErrorKind::kCorrupt);

  // A miniblock bit width above 32 for INT32.
  h.clear();
  AppendVarint(h, 128);
  AppendVarint(h, 4);
  AppendVarint(h, 10);
  AppendVarint(h, 0);
  AppendVarint(h, 0);
  h += std::string("\x21\x00\x00\x00", 4);
  h += std::string(200, '\0');
  ASSERT_OK(init(h));
  int32_t out[10];
  EXPECT_EQ(d.Decode(out, 10).error().kind, ErrorKind::kCorrupt);

  // Every truncation of a valid encoding fails cleanly (or decodes what is complete).
  std::vector<int64_t> values;
  std::mt19937_64 rng(2);
  for (int i = 0; i < 700; ++i) values.push_back(static_cast<int64_t>(rng() % 100000));
  DeltaBinaryPackedEncoder<int64_t> e;
  e.Put(values.data(), 700);
  std::string enc;
  e.Flush(&enc);
  std::vector<int64_t> buf(700);
  for (size_t cut = 0; cut < enc.size(); ++cut) {
    DeltaBinaryPackedDecoder<int64_t> t;
    std::string part = enc.substr(0, cut);
    Status st = t.Init(Span(part));
    if (st.ok()) st = t.Decode(buf.data(), 700);
    ASSERT_FALSE(st.ok()) << cut;
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
  }
}

TEST(EncodingDeltaBinaryPackedTest, FuzzNeverCrashes) {
  std::mt19937_64 rng(77);
  std::vector<int64_t> out(4096);
  for (int iter = 0; iter < 3000; ++iter) {
    std::string bytes;
    AppendVarint(bytes, 128 * (1 + rng() % 2));
    AppendVarint(bytes, 1u << (rng() % 3));
    AppendVarint(bytes, rng() % 4096);
    std::string noise(rng() % 300, '\0');
    for (char& c : noise) c = static_cast<char>(rng());
    bytes += noise;
    DeltaBinaryPackedDecoder<int64_t> d;
    Status st = d.Init(Span(bytes));
    if (st.ok()) st = d.Decode(out.data(), d.total_values());
    if (!st.ok()) {
      EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
    }
  }
}

std::vector<std::string> RandomStrings(std::mt19937_64& rng, size_t n, bool shared_prefixes) {
  std::vector<std::string> out;
  std::string prev;
  for (size_t i = 0; i < n; ++i) {
    std::string s;
    if (shared_prefixes && !prev.empty()) s = prev.substr(0, rng() % (prev.size() + 1));
    const size_t extra = rng() % 20;
    for (size_t k = 0; k < extra; ++k) s.push_back(static_cast<char>('a' + rng() % 26));
    out.push_back(s);
    prev = s;
  }
  return out;
}

TEST(EncodingDeltaLengthByteArrayTest, SpecExampleAndRoundTrip) {
  std::vector<std::string_view> spec = {"Hello", "World", "Foobar", "ABCDEF"};
  std::string enc;
  EncodeDeltaLengthByteArray(spec.data(), 4, &enc);
  DeltaBinaryPackedEncoder<int32_t> lens;
  for (int32_t l : {5, 5, 6, 6}) lens.Put(l);
  std::string expected;
  lens.Flush(&expected);
  expected += "HelloWorldFoobarABCDEF";
  EXPECT_EQ(enc, expected);

  DeltaLengthByteArrayDecoder d;
  ASSERT_OK(d.Init(Span(enc), 4));
  columnar::BinaryBuilder b(columnar::Utf8());
  ASSERT_OK(d.Decode(1, &b));
  ASSERT_OK(d.Decode(3, &b));
  EXPECT_EQ(d.end_offset(), enc.size());
  EXPECT_EQ(d.bytes_consumed(), enc.size());
  auto arr = b.Finish();
  ASSERT_OK(arr);
  for (int i = 0; i < 4; ++i) EXPECT_EQ((*arr)->GetView(i), spec[static_cast<size_t>(i)]);

  std::mt19937_64 rng(5);
  auto strings = RandomStrings(rng, 3000, false);
  std::vector<std::string_view> views(strings.begin(), strings.end());
  enc.clear();
  EncodeDeltaLengthByteArray(views.data(), 3000, &enc);
  ASSERT_OK(d.Init(Span(enc), 3000));
  std::vector<std::string_view> out(3000);
  ASSERT_OK(d.Decode(3000, out.data()));
  EXPECT_EQ(out, views);
}

TEST(EncodingDeltaLengthByteArrayTest, Corrupt) {
  std::vector<std::string_view> v = {"abc", "defg"};
  std::string enc;
  EncodeDeltaLengthByteArray(v.data(), 2, &enc);
  DeltaLengthByteArrayDecoder d;
  // More values than the page holds.
  EXPECT_EQ(d.Init(Span(enc), 1).error().kind, ErrorKind::kCorrupt);
  // Bytes missing.
  std::string cut = enc.substr(0, enc.size() - 1);
  EXPECT_EQ(d.Init(Span(cut), 2).error().kind, ErrorKind::kCorrupt);
  // A negative length.
  DeltaBinaryPackedEncoder<int32_t> lens;
  lens.Put(-1);
  std::string neg;
  lens.Flush(&neg);
  EXPECT_EQ(d.Init(Span(neg), 1).error().kind, ErrorKind::kCorrupt);
  // Asking for more than there is.
  ASSERT_OK(d.Init(Span(enc), 2));
  std::string_view out[3];
  EXPECT_EQ(d.Decode(3, out).error().kind, ErrorKind::kCorrupt);
}

TEST(EncodingDeltaByteArrayTest, SpecExampleAndRoundTrip) {
  std::vector<std::string_view> spec = {"axis", "axle", "babble", "babyhood"};
  std::string enc;
  EncodeDeltaByteArray(spec.data(), 4, &enc);
  DeltaBinaryPackedEncoder<int32_t> prefixes;
  for (int32_t p : {0, 2, 0, 3}) prefixes.Put(p);
  std::string expected;
  prefixes.Flush(&expected);
  std::vector<std::string_view> suffixes = {"axis", "le", "babble", "yhood"};
  EncodeDeltaLengthByteArray(suffixes.data(), 4, &expected);
  EXPECT_EQ(enc, expected);
  EXPECT_NE(enc.find("axislebabbleyhood"), std::string::npos);

  DeltaByteArrayDecoder d;
  ASSERT_OK(d.Init(Span(enc), 4));
  EXPECT_EQ(d.end_offset(), enc.size());
  columnar::BinaryBuilder b(columnar::Utf8());
  ASSERT_OK(d.Decode(2, &b));
  ASSERT_OK(d.Decode(2, &b));
  auto arr = b.Finish();
  ASSERT_OK(arr);
  for (int i = 0; i < 4; ++i) EXPECT_EQ((*arr)->GetView(i), spec[static_cast<size_t>(i)]);

  std::mt19937_64 rng(8);
  auto strings = RandomStrings(rng, 5000, true);
  std::vector<std::string_view> views(strings.begin(), strings.end());
  enc.clear();
  EncodeDeltaByteArray(views.data(), 5000, &enc);
  ASSERT_OK(d.Init(Span(enc), 5000));
  columnar::BinaryBuilder b2(columnar::Binary());
  ASSERT_OK(d.Decode(5000, &b2));
  auto arr2 = b2.Finish();
  ASSERT_OK(arr2);
  for (int i = 0; i < 5000; ++i) ASSERT_EQ((*arr2)->GetView(i), views[static_cast<size_t>(i)]);
}

TEST(EncodingDeltaByteArrayTest, FixedLenAndCorrupt) {
  std::vector<std::string_view> fixed = {"aaaa", "aaab", "abbb", "bbbb"};
  std::string enc;
  EncodeDeltaByteArray(fixed.data(), 4, &enc);
  DeltaByteArrayDecoder d;
  ASSERT_OK(d.Init(Span(enc), 4));
  uint8_t out[16];
  ASSERT_OK(d.DecodeFixed(4, 4, out));
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out), 16), "aaaaaaababbbbbbb");
  ASSERT_OK(d.Init(Span(enc), 4));
  EXPECT_EQ(d.DecodeFixed(1, 3, out).error().kind, ErrorKind::kCorrupt);  // wrong width

  // A prefix longer than the previous value.
  DeltaBinaryPackedEncoder<int32_t> prefixes;
  prefixes.Put(0);
  prefixes.Put(9);
  std::string bad;
  prefixes.Flush(&bad);
  std::vector<std::string_view> suffixes = {"ab", "c"};
  EncodeDeltaLengthByteArray(suffixes.data(), 2, &bad);
  ASSERT_OK(d.Init(Span(bad), 2));
  columnar::BinaryBuilder b(columnar::Binary());
  EXPECT_EQ(d.Decode(2, &b).error().kind, ErrorKind::kCorrupt);

  // Prefix and suffix counts that differ.
  std::string mismatch;
  prefixes.Put(0);
  prefixes.Flush(&mismatch);
  EncodeDeltaLengthByteArray(suffixes.data(), 2, &mismatch);
  EXPECT_EQ(d.Init(Span(mismatch), 2).error().kind, ErrorKind::kCorrupt);

  // Every truncation fails cleanly.
  for (size_t cut = 0; cut < enc.size(); ++cut) {
    std::string part = enc.substr(0, cut);
    Status st = d.Init(Span(part), 4);
    if (st.ok()) st = d.Decode(4, &b);
    ASSERT_FALSE(st.ok()) << cut;
  }
}

TEST(EncodingDeltaByteArrayTest, FuzzNeverCrashes) {
  // Valid encodings with random bytes flipped, and pure noise behind a plausible header.
  std::mt19937_64 rng(31);
  std::vector<std::string> strings = {"alpha", "alphabet", "beta", "", "betamax", "gamma"};
  std::vector<std::string_view> views(strings.begin(), strings.end());
  std::string good_dba, good_dlba;
  EncodeDeltaByteArray(views.data(), 6, &good_dba);
  EncodeDeltaLengthByteArray(views.data(), 6, &good_dlba);
  for (int iter = 0; iter < 4000; ++iter) {
    std::string bytes = iter % 2 ? good_dba : good_dlba;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < flips; ++f) {
      bytes[rng() % bytes.size()] = static_cast<char>(rng());
    }
    columnar::BinaryBuilder b(columnar::Binary());
    Status st;
    if (iter % 2) {
      DeltaByteArrayDecoder d;
      st = d.Init(Span(bytes), 64);
      if (st.ok()) st = d.Decode(d.values_left(), &b);
    } else {
      DeltaLengthByteArrayDecoder d;
      st = d.Init(Span(bytes), 64);
      if (st.ok()) st = d.Decode(d.values_left(), &b);
    }
    if (!st.ok()) {
      EXPECT_TRUE(st.error().kind == ErrorKind::kCorrupt ||
                  st.error().kind == ErrorKind::kInvalidArgument)
          << st.error().message;
    }
  }
}

}  // namespace
}  // namespace floe::parquet
