// `floe avro cat` and `floe avro meta` on corpus files: output, --limit, --json and exit codes.
#include <gtest/gtest.h>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

std::string Weather(const char* name) {
  return ShellQuote(CorpusPath(std::string("avro/share/test/data/") + name));
}

TEST(AvroCliTest, CatPrintsJsonLines) {
  CommandResult r = RunFloe("avro cat " + Weather("weather-snappy.avro"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, ReadFileToString(CorpusPath("avro/share/test/data/weather.json")));
  r = RunFloe("avro cat " + Weather("weather.avro") + " --limit 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"station\":\"011990-99999\",\"time\":-619524000000,\"temp\":0}\n"
            "{\"station\":\"011990-99999\",\"time\":-619506000000,\"temp\":22}\n");
  r = RunFloe("avro cat " + ShellQuote(CorpusPath("arrow-testing/data/avro/simple_fixed.avro")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"f1\":\"6162636465\",\"f2\":\"666768696a6b6c6d6e6f\",\"f3\":\"414243444546\"}\n"
            "{\"f1\":\"3132333435\",\"f2\":\"31323334353637383930\",\"f3\":null}\n");
  // A manifest list: longs exact, unions unwrapped.
  r = RunFloe("avro cat " +
              ShellQuote(CorpusPath("iceberg-go/testdata/duckdb_v3_manifest_list.avro")) +
              " --limit 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"added_snapshot_id\":5275221492656851850"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"partitions\":null"), std::string::npos) << r.out;
}

TEST(AvroCliTest, MetaShowsCodecCountsAndMetadata) {
  CommandResult r = RunFloe("avro meta " + Weather("weather-deflate.avro"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("codec: deflate\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("blocks: 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("records: 5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"name\": \"Weather\""), std::string::npos) << r.out;
  r = RunFloe("avro meta " + Weather("weather-zstd.avro") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"codec\": \"zstandard\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"records\": 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"schema\": {\"type\":\"record\",\"name\":\"Weather\""), std::string::npos)
      << r.out;
  r = RunFloe("avro meta " + ShellQuote(CorpusPath(
                                 "iceberg-cpp/_removed_at_e0b35ef74a1eb221514aafd446e5c3810c7a87d9/"
                                 "src/iceberg/test/resources/"
                                 "56357cd7-391f-4df8-aa24-e7e667da8870-m4.avro")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  format-version = \"2\"\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  content = \"data\"\n"), std::string::npos) << r.out;
}

TEST(AvroCliTest, ErrorsMapToExitCodes) {
  CommandResult r = RunFloe(
      "avro cat " +
      ShellQuote(CorpusPath(
          "iceberg-rust/crates/iceberg/testdata/manifests_lists/manifest-list-v3-encrypted.avro")));
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_NE(r.err.find("encrypted"), std::string::npos) << r.err;
  r = RunFloe("avro cat " + ShellQuote(CorpusPath("avro/lang/c/tests/avro-1238-truncated.avro")));
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_NE(r.err.find("avro-1238-truncated.avro: block 0 at offset"), std::string::npos) << r.err;
  r = RunFloe("avro meta /no/such/file.avro");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  r = RunFloe("avro cat " + Weather("weather.avro") + " --limit x");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace floe::testing
