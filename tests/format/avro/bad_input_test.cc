// Bad input gives a clean kCorrupt/kNotSupported error naming the file and offset: never a
// crash, a hang or an unbounded allocation.
#include <gtest/gtest.h>

#include <random>

#include "avro_test_util.h"
#include "testing/result_matchers.h"

namespace floe::avro {
namespace {

using floe::testing::CorpusPath;
using floe::testing::ReadFileToString;
using testing::JsonLines;
using testing::Memory;

const std::string kSync = "0123456789abcdef";

struct RawBlock {
  int64_t count;
  std::string data;
};

// A container file assembled by hand, so each part can be broken on purpose.
std::string Container(const std::string& schema, const std::string& codec,
                      const std::vector<RawBlock>& blocks, std::string sync = kSync) {
  std::string out(kAvroMagic, 4);
  Encoder e(&out);
  e.WriteLong(codec.empty() ? 1 : 2);
  e.WriteBytes("avro.schema");
  e.WriteBytes(schema);
  if (!codec.empty()) {
    e.WriteBytes("avro.codec");
    e.WriteBytes(codec);
  }
  e.WriteLong(0);
  out += kSync;
  for (const RawBlock& b : blocks) {
    e.WriteLong(b.count);
    e.WriteLong(static_cast<int64_t>(b.data.size()));
    out += b.data;
    out += sync;
  }
  return out;
}

std::string Longs(std::initializer_list<int64_t> values) {
  std::string out;
  Encoder e(&out);
  for (int64_t v : values) e.WriteLong(v);
  return out;
}

void ExpectError(const Result<std::vector<std::string>>& r, ErrorKind kind, std::string_view text) {
  ASSERT_FALSE(r.ok()) << "expected an error containing: " << text;
  EXPECT_EQ(r.error().kind, kind) << r.error().message;
  EXPECT_NE(r.error().message.find(text), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("memory.avro"), std::string::npos) << r.error().message;
}

TEST(BadInputTest, GoodHandMadeFileReads) {
  auto lines = JsonLines(Memory(Container(R"("long")", "null", {{3, Longs({1, 2, 3})}})));
  ASSERT_OK(lines);
  EXPECT_EQ(*lines, (std::vector<std::string>{"1", "2", "3"}));
}

TEST(BadInputTest, HeaderProblems) {
  ExpectError(JsonLines(Memory("Obj")), ErrorKind::kCorrupt, "bad magic");
  ExpectError(JsonLines(Memory("PAR1xxxxxxxxxxxxxxxxxxxxxxx")), ErrorKind::kCorrupt, "bad magic");
  ExpectError(JsonLines(Memory(Container(R"("long")", "lzo", {}))), ErrorKind::kNotSupported,
              "unknown Avro codec \"lzo\"");
  ExpectError(JsonLines(Memory(Container(R"("long")", "zstd", {}))), ErrorKind::kCorrupt,
              "zstandard");
  ExpectError(JsonLines(Memory(Container(R"({"type":"nope"})", "null", {}))), ErrorKind::kCorrupt,
              "unknown type");
  // No avro.schema.
  std::string no_schema(kAvroMagic, 4);
  no_schema += Longs({0}) + kSync;
  ExpectError(JsonLines(Memory(no_schema)), ErrorKind::kCorrupt, "no avro.schema");
  // A metadata map claiming 2^60 entries.
  std::string huge(kAvroMagic, 4);
  huge += Longs({int64_t{1} << 60}) + "xxxxxxxxxxxxxxxxxxxxxxxxxxxx";
  ExpectError(JsonLines(Memory(huge)), ErrorKind::kCorrupt, "metadata count");
  // Truncated inside the sync marker.
  std::string file = Container(R"("long")", "null", {});
  ExpectError(JsonLines(Memory(file.substr(0, file.size() - 3))), ErrorKind::kCorrupt, "header");
}

TEST(BadInputTest, BlockProblems) {
  const std::string schema = R"("long")";
  ExpectError(
      JsonLines(Memory(Container(schema, "null", {{3, Longs({1, 2, 3})}}, "fedcba9876543210"))),
      ErrorKind::kCorrupt, "bad sync marker");
  ExpectError(JsonLines(Memory(Container(schema, "null", {{-1, Longs({1})}}))), ErrorKind::kCorrupt,
              "negative record count");
  ExpectError(JsonLines(Memory(Container(schema, "null", {{int64_t{1} << 60, Longs({1})}}))),
              ErrorKind::kCorrupt, "impossible");
  ExpectError(JsonLines(Memory(Container(schema, "null", {{2, Longs({1})}}))), ErrorKind::kCorrupt,
              "offset");
  ExpectError(JsonLines(Memory(Container(schema, "null", {{1, Longs({1, 2})}}))),
              ErrorKind::kCorrupt, "left over");
  // A block claiming more bytes than the file has.
  std::string file = Container(schema, "null", {{1, Longs({7})}});
  std::string claim = Container(schema, "null", {});
  claim += Longs({1, 1 << 20}) + Longs({7}) + kSync;
  ExpectError(JsonLines(Memory(claim)), ErrorKind::kCorrupt, "block claims 1048576 bytes");
  std::string negative = Container(schema, "null", {}) + Longs({1, -5}) + kSync;
  ExpectError(JsonLines(Memory(negative)), ErrorKind::kCorrupt, "negative block size");
  // A compressed block that is not what its codec says.
  ExpectError(JsonLines(Memory(Container(schema, "deflate", {{1, "\xff\xff\xff garbage"}}))),
              ErrorKind::kCorrupt, "deflate");
  ExpectError(JsonLines(Memory(Container(schema, "snappy", {{1, "\x01"}}))), ErrorKind::kCorrupt,
              "snappy");
  // Snappy with a wrong CRC-32.
  std::string snappy_block = "\x02\x04\x0e\x00\x00\x00\x00";  // literal 0x0e (long 7), bad CRC
  ExpectError(JsonLines(Memory(Container(schema, "snappy", {{1, snappy_block}}))),
              ErrorKind::kCorrupt, "CRC-32");
}

TEST(BadInputTest, DatumProblems) {
  ExpectError(JsonLines(Memory(Container(R"("string")", "null", {{1, Longs({-3})}}))),
              ErrorKind::kCorrupt, "negative length");
  ExpectError(JsonLines(Memory(Container(R"("string")", "null", {{1, Longs({100}) + "abc"}}))),
              ErrorKind::kCorrupt, "length exceeds the data");
  ExpectError(JsonLines(Memory(Container(R"(["null","long"])", "null", {{1, Longs({5, 1})}}))),
              ErrorKind::kCorrupt, "union branch 5 out of range");
  ExpectError(JsonLines(Memory(Container(R"(["null","long"])", "null", {{1, Longs({-1, 1})}}))),
              ErrorKind::kCorrupt, "union branch -1 out of range");
  ExpectError(JsonLines(Memory(Container(R"({"type":"array","items":"long"})", "null",
                                         {{1, Longs({int64_t{1} << 40, 1, 0})}}))),
              ErrorKind::kCorrupt, "item count");
  ExpectError(JsonLines(Memory(Container(R"({"type":"array","items":"null"})", "null",
                                         {{1, Longs({int64_t{1} << 40, 0})}}))),
              ErrorKind::kCorrupt, "item count");
  ExpectError(JsonLines(Memory(Container(R"({"type":"map","values":"long"})", "null",
                                         {{1, Longs({INT64_MIN})}}))),
              ErrorKind::kCorrupt, "bad block count");
  ExpectError(JsonLines(Memory(Container(R"({"type":"enum","name":"e","symbols":["A"]})", "null",
                                         {{1, Longs({3})}}))),
              ErrorKind::kCorrupt, "enum index 3");
  ExpectError(JsonLines(Memory(Container(R"("int")", "null", {{1, Longs({int64_t{1} << 40})}}))),
              ErrorKind::kCorrupt, "int out of range");
  ExpectError(JsonLines(Memory(Container(R"("boolean")", "null", {{1, "\x07"}}))),
              ErrorKind::kCorrupt, "bad boolean");
  ExpectError(JsonLines(Memory(Container(R"("long")", "null",
                                         {{1, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"}}))),
              ErrorKind::kCorrupt, "varint");
  // The same limits when a writer-only field is skipped during schema resolution.
  const char* writer = R"({"type":"record","name":"r","fields":[
      {"name":"a","type":{"type":"array","items":"null"}},{"name":"b","type":"long"}]})";
  auto reader =
      Schema::Parse(R"({"type":"record","name":"r","fields":[{"name":"b","type":"long"}]})");
  ASSERT_OK(reader);
  auto skipped = JsonLines(Memory(Container(writer, "null", {{1, Longs({3, 0, 5})}})), *reader);
  ASSERT_OK(skipped);
  EXPECT_EQ(*skipped, (std::vector<std::string>{R"({"b":5})"}));
  ExpectError(
      JsonLines(Memory(Container(writer, "null", {{1, Longs({int64_t{1} << 40, 0, 5})}})), *reader),
      ErrorKind::kCorrupt, "item count");
  // Recursion deeper than any real file: an error, not a stack overflow.
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += Longs({1});
  ExpectError(JsonLines(Memory(Container(
                  R"({"type":"record","name":"n","fields":[{"name":"next","type":["null","n"]}]})",
                  "null", {{1, deep}}))),
              ErrorKind::kCorrupt, "nest too deeply");
}

TEST(BadInputTest, TruncatedAtEveryLength) {
  std::string file = ReadFileToString(CorpusPath("avro/share/test/data/weather-snappy.avro"));
  for (size_t n = 0; n < file.size(); ++n) {
    auto r = JsonLines(Memory(file.substr(0, n)));
    if (r.ok()) {
      EXPECT_LT(r->size(), 5u);
    } else {
      EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt) << n << ": " << r.error().message;
    }
  }
}

TEST(BadInputTest, FlippedBytesInRealFiles) {
  std::mt19937_64 rng(11);
  for (const char* rel :
       {"avro/share/test/data/weather-deflate.avro", "avro/share/test/data/weather-zstd.avro",
        "arrow-testing/data/avro/alltypes_plain.xz.avro",
        "arrow-testing/data/avro/alltypes_plain.bzip2.avro",
        "arrow-testing/data/avro/nested_records.avro",
        "iceberg-go/testdata/duckdb_v3_manifest_list.avro"}) {
    std::string file = ReadFileToString(CorpusPath(rel));
    for (int i = 0; i < 300; ++i) {
      std::string bad = file;
      for (int j = 0; j < 1 + i % 3; ++j) bad[rng() % bad.size()] = static_cast<char>(rng());
      auto r = JsonLines(Memory(bad));
      if (!r.ok()) {
        EXPECT_TRUE(r.error().kind == ErrorKind::kCorrupt ||
                    r.error().kind == ErrorKind::kNotSupported)
            << rel << ": " << r.error().message;
      }
    }
  }
}

}  // namespace
}  // namespace floe::avro
