#include "floe/io/location_map.h"

#include <gtest/gtest.h>

#include "floe/io/memory_file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::io {
namespace {

LocationMap Map(std::vector<std::string> rules, std::optional<std::string> base = std::nullopt) {
  auto map = LocationMap::Make(rules, base);
  EXPECT_OK(map);
  return map.ok() ? *map : LocationMap();
}

TEST(LocationMapTest, RewritesPrefix) {
  LocationMap map = Map({"s3://bucket/wh=/data/wh"});
  EXPECT_EQ(map.Apply("s3://bucket/wh/db/t/metadata/v1.metadata.json"),
            "/data/wh/db/t/metadata/v1.metadata.json");
  EXPECT_EQ(map.Apply("s3://bucket/wh"), "/data/wh");
  EXPECT_EQ(map.Apply("s3://other/wh/x"), "s3://other/wh/x");      // other bucket: unchanged
  EXPECT_EQ(map.Apply("s3a://bucket/wh/x"), "s3a://bucket/wh/x");  // other scheme: unchanged
  EXPECT_EQ(map.Apply("/local/x"), "/local/x");
}

TEST(LocationMapTest, SplitsAtFirstEquals) {
  // TO may hold '=' (a Hive partition folder): the split is at the first '='.
  LocationMap map = Map({"s3://b/wh=/data/p=1/wh"});
  ASSERT_EQ(map.rules().size(), 1u);
  EXPECT_EQ(map.rules()[0].from, "s3://b/wh");
  EXPECT_EQ(map.rules()[0].to, "/data/p=1/wh");
  EXPECT_EQ(map.Apply("s3://b/wh/t/data/ts_day=2024-01-01/f.parquet"),
            "/data/p=1/wh/t/data/ts_day=2024-01-01/f.parquet");
}

TEST(LocationMapTest, MatchesOnlyAtSegmentBoundary) {
  LocationMap map = Map({"/wh=/new"});
  EXPECT_EQ(map.Apply("/wh/t/x"), "/new/t/x");
  EXPECT_EQ(map.Apply("/wh"), "/new");
  EXPECT_EQ(map.Apply("/wh2/t/x"), "/wh2/t/x");  // `/wh` does not match `/wh2`
  EXPECT_EQ(map.Apply("/w"), "/w");
  LocationMap bucket = Map({"s3://b=/x"});
  EXPECT_EQ(bucket.Apply("s3://b/k"), "/x/k");
  EXPECT_EQ(bucket.Apply("s3://b2/k"), "s3://b2/k");
}

TEST(LocationMapTest, TrailingSlashesDoNotMatter) {
  LocationMap map = Map({"s3://b/wh/=/data/wh/"});
  EXPECT_EQ(map.Apply("s3://b/wh/t"), "/data/wh/t");
  EXPECT_EQ(map.Apply("s3://b/wh"), "/data/wh");
  EXPECT_EQ(map.Apply("s3://b/wh2"), "s3://b/wh2");
  LocationMap root = Map({"s3://b/=/"});
  EXPECT_EQ(root.Apply("s3://b/k/x"), "/k/x");
}

TEST(LocationMapTest, LongestFromWins) {
  // Order given does not matter: the longest matching FROM wins.
  for (bool reversed : {false, true}) {
    std::vector<std::string> rules = {"s3://b/wh=/short", "s3://b/wh/db/t=/long"};
    if (reversed) std::swap(rules[0], rules[1]);
    LocationMap map = Map(rules);
    EXPECT_EQ(map.Apply("s3://b/wh/db/t/data/f.parquet"), "/long/data/f.parquet");
    EXPECT_EQ(map.Apply("s3://b/wh/db/t2/data/f.parquet"), "/short/db/t2/data/f.parquet");
    EXPECT_EQ(map.Apply("s3://b/wh/other"), "/short/other");
  }
}

TEST(LocationMapTest, EquallyLongFromsFirstGivenWins) {
  LocationMap map = Map({"/a/b=/first", "/a/b=/second"});
  EXPECT_EQ(map.Apply("/a/b/x"), "/first/x");
}

TEST(LocationMapTest, SchemelessFromMatchesAnySchemeAndAuthority) {
  LocationMap map = Map({"/test-warehouse/t=/local/t"});
  EXPECT_EQ(map.Apply("hdfs://nn:8020/test-warehouse/t/metadata/v3.metadata.json"),
            "/local/t/metadata/v3.metadata.json");
  EXPECT_EQ(map.Apply("s3://bucket/test-warehouse/t/data/x.parquet"), "/local/t/data/x.parquet");
  EXPECT_EQ(map.Apply("s3a://other/test-warehouse/t"), "/local/t");
  EXPECT_EQ(map.Apply("file:/test-warehouse/t/x"), "/local/t/x");
  EXPECT_EQ(map.Apply("file:///test-warehouse/t/x"), "/local/t/x");
  EXPECT_EQ(map.Apply("/test-warehouse/t/x"), "/local/t/x");
  // Still at a segment boundary.
  EXPECT_EQ(map.Apply("hdfs://nn:8020/test-warehouse/t2/x"), "hdfs://nn:8020/test-warehouse/t2/x");
}

TEST(LocationMapTest, SchemedFromMatchesOnlyItsSchemeAndAuthority) {
  LocationMap map = Map({"hdfs://nn:8020/test-warehouse=/local"});
  EXPECT_EQ(map.Apply("hdfs://nn:8020/test-warehouse/t"), "/local/t");
  EXPECT_EQ(map.Apply("hdfs://nn2:8020/test-warehouse/t"), "hdfs://nn2:8020/test-warehouse/t");
  EXPECT_EQ(map.Apply("/test-warehouse/t"), "/test-warehouse/t");
}

TEST(LocationMapTest, LongestAmongSchemedAndSchemeless) {
  LocationMap map = Map({"/wh=/a", "s3://bucket/wh=/b"});
  EXPECT_EQ(map.Apply("s3://bucket/wh/x"), "/b/x");  // longer FROM text
  EXPECT_EQ(map.Apply("gs://bucket/wh/x"), "/a/x");  // only the scheme-less one matches
}

TEST(LocationMapTest, MapsToObjectStore) {
  LocationMap map = Map({"/data/wh=s3://bucket/wh"});
  EXPECT_EQ(map.Apply("/data/wh/t/x"), "s3://bucket/wh/t/x");
}

TEST(LocationMapTest, RejectsBadRules) {
  LocationMap map;
  EXPECT_EQ(map.AddRule("no-equals").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(map.AddRule("=/x").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(map.AddRule("/x=").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(map.AddRule("s3://=/x").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_FALSE(map.has_rules());
  EXPECT_NE(map.AddRule("no-equals").error().message.find("FROM=TO"), std::string::npos);
}

// Relative paths (outside the spec; some tools write them) resolve against --base.
TEST(LocationMapTest, BaseResolvesRelativePaths) {
  LocationMap map = Map({}, "/corpus/duckdb-iceberg");
  EXPECT_EQ(map.Apply("data/persistent/t/metadata/v1.metadata.json"),
            "/corpus/duckdb-iceberg/data/persistent/t/metadata/v1.metadata.json");
  EXPECT_EQ(map.Apply("./lineitem_iceberg/metadata/snap-1.avro"),
            "/corpus/duckdb-iceberg/lineitem_iceberg/metadata/snap-1.avro");
  // file://host/path with a non-empty host is the relative path host/path.
  EXPECT_EQ(map.Apply("file://data/persistent/map_stats/x.avro"),
            "/corpus/duckdb-iceberg/data/persistent/map_stats/x.avro");
  EXPECT_EQ(map.Apply("/abs/x"), "/abs/x");
  EXPECT_EQ(map.Apply("file:///abs/x"), "file:///abs/x");
  EXPECT_EQ(map.Apply("s3://b/x"), "s3://b/x");
}

TEST(LocationMapTest, WithoutBaseRelativeStaysRelative) {
  LocationMap map;
  EXPECT_EQ(map.Apply("data/x"), "data/x");
  EXPECT_TRUE(map.empty());
}

TEST(LocationMapTest, RuleThenBase) {
  // A rule may map to a relative folder, which the base then places.
  LocationMap map = Map({"s3://b/wh=moved"}, "/base");
  EXPECT_EQ(map.Apply("s3://b/wh/t"), "/base/moved/t");
  // A relative location can itself be mapped by a scheme-less relative FROM.
  LocationMap rel = Map({"data/persistent=/elsewhere"}, "/base");
  EXPECT_EQ(rel.Apply("data/persistent/t/x"), "/elsewhere/t/x");
  EXPECT_EQ(rel.Apply("file://data/persistent/t/x"), "/elsewhere/t/x");
  EXPECT_EQ(rel.Apply("data/other/x"), "/base/data/other/x");
}

TEST(RemappedFileIOTest, ReadsThroughTheMap) {
  auto memory = std::make_shared<MemoryFileIO>();
  memory->Put("/data/wh/t/metadata/v1.metadata.json", "{}");
  memory->Put("/data/wh/t/data/a.parquet", "PAR1");
  auto io = RemappedFileIO(memory, Map({"s3://bucket/wh=/data/wh"}));

  auto text = ReadFile(*io, "s3://bucket/wh/t/metadata/v1.metadata.json");
  ASSERT_OK(text);
  EXPECT_EQ(*text, "{}");
  EXPECT_TRUE(*io->Exists("s3://bucket/wh/t/data/a.parquet"));
  EXPECT_FALSE(*io->Exists("s3://bucket/wh/t/data/b.parquet"));

  auto listed = io->List("s3://bucket/wh/t/");
  ASSERT_OK(listed);
  ASSERT_EQ(listed->size(), 2u);
  EXPECT_EQ((*listed)[0].location, "s3://bucket/wh/t/data/a.parquet");
  EXPECT_EQ((*listed)[1].location, "s3://bucket/wh/t/metadata/v1.metadata.json");
}

TEST(RemappedFileIOTest, ErrorsNameBothLocations) {
  auto memory = std::make_shared<MemoryFileIO>();
  auto io = RemappedFileIO(memory, Map({"s3://bucket/wh=/data/wh"}));
  auto file = io->OpenInput("s3://bucket/wh/missing.avro");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(file.error().message.find("/data/wh/missing.avro"), std::string::npos);
  EXPECT_NE(file.error().message.find("s3://bucket/wh/missing.avro"), std::string::npos);
}

TEST(RemappedFileIOTest, RemappedTableIsReadOnly) {
  auto memory = std::make_shared<MemoryFileIO>();
  memory->Put("/data/wh/t/x", "x");
  auto io = RemappedFileIO(memory, Map({"s3://bucket/wh=/data/wh"}));
  auto created = io->Create("s3://bucket/wh/t/y");
  ASSERT_FALSE(created.ok());
  EXPECT_EQ(created.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(created.error().message.find("a remapped table is read-only"), std::string::npos);
  Status deleted = io->Delete("s3://bucket/wh/t/x");
  ASSERT_FALSE(deleted.ok());
  EXPECT_NE(deleted.error().message.find("a remapped table is read-only"), std::string::npos);
  EXPECT_TRUE(memory->Get("/data/wh/t/x"));
  // Unmapped locations are refused too: the whole table is read-only.
  EXPECT_FALSE(io->Create("/elsewhere/z").ok());
  EXPECT_EQ(memory->FileCount(), 1u);
}

TEST(RemappedFileIOTest, BaseOnlyStaysWritable) {
  auto memory = std::make_shared<MemoryFileIO>();
  auto io = RemappedFileIO(memory, Map({}, "/base"));
  ASSERT_OK(WriteFile(*io, "rel/x", "data"));
  EXPECT_EQ(memory->Get("/base/rel/x"), "data");
  EXPECT_EQ(*ReadFile(*io, "rel/x"), "data");
  auto listed = io->List("rel/");
  ASSERT_OK(listed);
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].location, "rel/x");
}

// The duckdb-iceberg corpus writes `file://data/persistent/...` and `data/persistent/...`:
// relative to its own folder, which `--base` names.
TEST(RemappedFileIOTest, CorpusRelativePathsResolveAgainstBase) {
  std::string base = testing::CorpusPath("duckdb-iceberg");
  auto io = RemappedFileIO(LocalFileIO(), Map({}, base));
  const std::string list =
      "data/persistent/map_stats/default.db/map_stats/metadata/"
      "snap-8792170059756986233-0-8ed9efb3-5eb4-4225-a66a-2b6b46cb4d32.avro";
  for (const std::string& location : {"file://" + list, list, "./" + list}) {
    auto bytes = ReadFile(*io, location);
    ASSERT_OK(bytes) << location;
    EXPECT_EQ(bytes->substr(0, 4), "Obj\x01") << location;  // an Avro object container file
  }
  auto listed = io->List("file://data/persistent/map_stats/default.db/map_stats/metadata/");
  ASSERT_OK(listed);
  EXPECT_GE(listed->size(), 7u);
  for (const FileInfo& f : *listed) {
    EXPECT_EQ(f.location.rfind("file://data/persistent/map_stats/", 0), 0u) << f.location;
  }
}

}  // namespace
}  // namespace floe::io
