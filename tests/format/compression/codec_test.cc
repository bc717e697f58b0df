// Codec round trips on random data, corrupt input, concatenated streams and size limits.
#include "floe/format/compression/codec.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>

#include "floe/util/bytes.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::compression {
namespace {

const CodecKind kAllKinds[] = {
    CodecKind::kUncompressed, CodecKind::kSnappy, CodecKind::kGzip,      CodecKind::kDeflate,
    CodecKind::kZstd,         CodecKind::kLz4Raw, CodecKind::kLz4Hadoop, CodecKind::kBrotli,
    CodecKind::kBzip2,        CodecKind::kXz};

// Data with some structure (so codecs find matches) and some noise.
std::string RandomData(std::mt19937_64& rng, size_t n) {
  std::string s;
  s.reserve(n);
  std::uniform_int_distribution<int> kind(0, 3), byte(0, 255), len(1, 40);
  while (s.size() < n) {
    switch (kind(rng)) {
      case 0:
        s.append(static_cast<size_t>(len(rng)), static_cast<char>(byte(rng)));
        break;
      case 1:
        for (int i = len(rng); i > 0; --i) s.push_back(static_cast<char>(byte(rng)));
        break;
      default:
        if (!s.empty()) {
          size_t from = rng() % s.size();
          s.append(s.substr(from, static_cast<size_t>(len(rng))));
        }
    }
  }
  s.resize(n);
  return s;
}

std::unique_ptr<Codec> Make(CodecKind kind) {
  auto codec = MakeCodec(kind);
  EXPECT_OK(codec);
  return std::move(codec).value();
}

TEST(CodecTest, RoundTripsRandomDataInEveryCodec) {
  std::mt19937_64 rng(42);
  for (CodecKind kind : kAllKinds) {
    auto codec = Make(kind);
    for (size_t n : {size_t{0}, size_t{1}, size_t{100}, size_t{4096}, size_t{300000}}) {
      std::string data = RandomData(rng, n);
      std::string compressed, back;
      ASSERT_OK(codec->Compress(data, &compressed, -1)) << codec->name() << " " << n;
      Status st = codec->Decompress(compressed, &back, std::nullopt);
      ASSERT_OK(st) << codec->name() << " " << n;
      EXPECT_EQ(back, data) << codec->name() << " " << n;
      back.clear();
      st = codec->Decompress(compressed, &back, data.size());
      ASSERT_OK(st) << codec->name() << " " << n;
      EXPECT_EQ(back, data) << codec->name() << " " << n;
    }
  }
}

TEST(CodecTest, LevelsAreChecked) {
  std::mt19937_64 rng(1);
  std::string data = RandomData(rng, 10000), compressed, back;
  for (auto [kind, level] : {std::pair{CodecKind::kGzip, 1},
                             {CodecKind::kDeflate, 12},
                             {CodecKind::kZstd, 19},
                             {CodecKind::kBrotli, 2},
                             {CodecKind::kBzip2, 1},
                             {CodecKind::kXz, 0}}) {
    auto codec = Make(kind);
    ASSERT_OK(codec->Compress(data, &compressed, level)) << codec->name();
    ASSERT_OK(codec->Decompress(compressed, &back, std::nullopt)) << codec->name();
    EXPECT_EQ(back, data);
  }
  Status st = Make(CodecKind::kGzip)->Compress(data, &compressed, 99);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(st.error().message.find("gzip"), std::string::npos);
}

TEST(CodecTest, CorruptInputIsACorruptErrorNamingTheCodec) {
  std::mt19937_64 rng(7);
  std::string data = RandomData(rng, 50000);
  for (CodecKind kind : kAllKinds) {
    if (kind == CodecKind::kUncompressed) continue;
    auto codec = Make(kind);
    std::string compressed, back;
    ASSERT_OK(codec->Compress(data, &compressed, -1));
    // Truncated.
    Status st = codec->Decompress(compressed.substr(0, compressed.size() / 2), &back, std::nullopt);
    ASSERT_FALSE(st.ok()) << codec->name();
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << codec->name() << st.error().message;
    EXPECT_NE(st.error().message.find(codec->name()), std::string::npos) << st.error().message;
    // Wrong declared size.
    st = codec->Decompress(compressed, &back, data.size() - 1);
    ASSERT_FALSE(st.ok()) << codec->name();
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << codec->name();
    // Random garbage and flipped bytes never crash; when accepted, the output is bounded.
    for (int i = 0; i < 200; ++i) {
      std::string bad = compressed;
      for (int j = 0; j < 4; ++j) bad[rng() % bad.size()] = static_cast<char>(rng());
      st = codec->Decompress(bad, &back, std::nullopt);
      if (st.ok()) {
        EXPECT_LE(back.size(), codec->max_output_size());
      } else {
        EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << codec->name() << st.error().message;
      }
      st = codec->Decompress(RandomData(rng, 64), &back, std::nullopt);
      if (!st.ok()) {
        EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << codec->name();
      }
    }
  }
}

TEST(CodecTest, LyingHeadersDoNotAllocate) {
  // Snappy: a varint claiming 4 GiB in front of 3 bytes.
  std::string snappy_bomb;
  AppendVarint(snappy_bomb, uint64_t{1} << 32);
  snappy_bomb += "abc";
  std::string out;
  Status st = Make(CodecKind::kSnappy)->Decompress(snappy_bomb, &out, std::nullopt);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
  // A huge expected size is refused before any allocation.
  for (CodecKind kind : kAllKinds) {
    st = Make(kind)->Decompress("abc", &out, size_t{1} << 40);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
  }
  // Hadoop LZ4 framing claiming 2 GiB falls back and fails cleanly.
  std::string hadoop;
  AppendBigEndian(hadoop, 0x7fffffff, 4);
  AppendBigEndian(hadoop, 3, 4);
  hadoop += "abc";
  st = Make(CodecKind::kLz4Hadoop)->Decompress(hadoop, &out, std::nullopt);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
}

TEST(CodecTest, BombsStopAtTheLimit) {
  std::string zeros(8 << 20, '\0');
  for (CodecKind kind : kAllKinds) {
    auto codec = Make(kind);
    std::string compressed, out;
    ASSERT_OK(codec->Compress(zeros, &compressed, -1));
    codec->set_max_output_size(1 << 20);
    Status st = codec->Decompress(compressed, &out, std::nullopt);
    ASSERT_FALSE(st.ok()) << codec->name();
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
    EXPECT_LE(out.capacity(), size_t{8} << 20);
    // Exactly at the limit is fine.
    codec->set_max_output_size(zeros.size());
    ASSERT_OK(codec->Decompress(compressed, &out, std::nullopt)) << codec->name();
    EXPECT_EQ(out.size(), zeros.size());
  }
}

// One codec decompressing blocks of different sizes in turn, as an Avro reader does: output
// buffers kept from block to block (deflate's scratch grows, then serves smaller blocks) never
// leak bytes of an earlier block, and a limit below what the buffer holds still applies.
TEST(CodecTest, BlocksOfDifferentSizesReuseOneCodec) {
  std::mt19937_64 rng(7);
  for (CodecKind kind : kAllKinds) {
    auto codec = Make(kind);
    std::string out;
    for (size_t n : {size_t{300000}, size_t{100}, size_t{0}, size_t{70000}, size_t{1} << 20,
                     size_t{5}, size_t{200000}}) {
      std::string data = RandomData(rng, n), compressed;
      ASSERT_OK(codec->Compress(data, &compressed, -1)) << codec->name() << " " << n;
      Status st = codec->Decompress(compressed, &out, std::nullopt);
      ASSERT_OK(st) << codec->name() << " " << n;
      EXPECT_EQ(out, data) << codec->name() << " " << n;
    }
    std::string data = RandomData(rng, 4096), compressed;
    ASSERT_OK(codec->Compress(data, &compressed, -1));
    codec->set_max_output_size(1000);
    Status st = codec->Decompress(compressed, &out, std::nullopt);
    if (kind == CodecKind::kUncompressed) continue;  // passes its input through
    ASSERT_FALSE(st.ok()) << codec->name();
    EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << codec->name();
  }
}

TEST(CodecTest, GzipReadsConcatenatedMembers) {
  auto gzip = Make(CodecKind::kGzip);
  std::string a, b, out;
  ASSERT_OK(gzip->Compress("hello, ", &a, -1));
  ASSERT_OK(gzip->Compress("world", &b, -1));
  ASSERT_OK(gzip->Decompress(a + b, &out, std::nullopt));
  EXPECT_EQ(out, "hello, world");
  ASSERT_OK(gzip->Decompress(a + b, &out, 12));
  EXPECT_EQ(out, "hello, world");
  // zlib-written members too.
  std::string z(compressBound(5) + 32, '\0');
  z_stream s{};
  ASSERT_EQ(deflateInit2(&s, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>("zlib!"));
  s.avail_in = 5;
  s.next_out = reinterpret_cast<Bytef*>(z.data());
  s.avail_out = static_cast<uInt>(z.size());
  ASSERT_EQ(deflate(&s, Z_FINISH), Z_STREAM_END);
  z.resize(s.total_out);
  deflateEnd(&s);
  ASSERT_OK(gzip->Decompress(z + a + z, &out, std::nullopt));
  EXPECT_EQ(out, "zlib!hello, zlib!");
  // Garbage after a member is corrupt.
  Status st = gzip->Decompress(a + "xyz", &out, std::nullopt);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
}

TEST(CodecTest, ZstdReadsConcatenatedFrames) {
  auto zstd = Make(CodecKind::kZstd);
  std::string a, b, out;
  ASSERT_OK(zstd->Compress("abc", &a, -1));
  ASSERT_OK(zstd->Compress("def", &b, -1));
  ASSERT_OK(zstd->Decompress(a + b, &out, std::nullopt));
  EXPECT_EQ(out, "abcdef");
}

TEST(CodecTest, Lz4HadoopFallsBackToRawBlocksAndFrames) {
  std::mt19937_64 rng(3);
  std::string data = RandomData(rng, 20000), raw, out;
  ASSERT_OK(Make(CodecKind::kLz4Raw)->Compress(data, &raw, -1));
  auto hadoop = Make(CodecKind::kLz4Hadoop);
  ASSERT_OK(hadoop->Decompress(raw, &out, data.size()));
  EXPECT_EQ(out, data);
  // Two Hadoop blocks back to back.
  std::string framed, two;
  ASSERT_OK(hadoop->Compress(data, &framed, -1));
  ASSERT_OK(hadoop->Decompress(framed + framed, &two, std::nullopt));
  EXPECT_EQ(two, data + data);
}

}  // namespace
}  // namespace floe::compression
