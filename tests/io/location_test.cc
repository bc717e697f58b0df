#include "floe/io/location.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>

#include "testing/result_matchers.h"

namespace floe::io {
namespace {

Location P(std::string_view text) {
  auto loc = Location::Parse(text);
  EXPECT_OK(loc) << text;
  return loc.ok() ? *loc : Location();
}

TEST(LocationTest, ParsesObjectStoreUris) {
  Location s3 = P("s3://bucket/wh/db/t/metadata/v1.metadata.json");
  EXPECT_EQ(s3.scheme(), "s3");
  EXPECT_EQ(s3.authority(), "bucket");
  EXPECT_EQ(s3.path(), "/wh/db/t/metadata/v1.metadata.json");
  EXPECT_FALSE(s3.IsLocal());
  EXPECT_FALSE(s3.IsRelative());

  EXPECT_EQ(P("s3a://b/k").scheme(), "s3a");
  EXPECT_EQ(P("gs://laura-test-test-bucket/x").authority(), "laura-test-test-bucket");
  Location hdfs = P("hdfs://nn:8020/test-warehouse/t");
  EXPECT_EQ(hdfs.scheme(), "hdfs");
  EXPECT_EQ(hdfs.authority(), "nn:8020");
  EXPECT_EQ(hdfs.path(), "/test-warehouse/t");
  Location hdfs_default = P("hdfs:///p/q");
  EXPECT_EQ(hdfs_default.authority(), "");
  EXPECT_EQ(hdfs_default.path(), "/p/q");
  Location bucket_only = P("s3://bucket");
  EXPECT_EQ(bucket_only.authority(), "bucket");
  EXPECT_EQ(bucket_only.path(), "");
}

TEST(LocationTest, SchemeIsCaseInsensitive) {
  Location loc = P("S3://Bucket/Key");
  EXPECT_EQ(loc.scheme(), "s3");
  EXPECT_EQ(loc.authority(), "Bucket");  // bucket names are not folded
  EXPECT_EQ(loc.ToString(), "s3://Bucket/Key");
}

TEST(LocationTest, ParsesLocalPathsAndFileUris) {
  Location abs = P("/tmp/wh/t");
  EXPECT_EQ(abs.scheme(), "");
  EXPECT_EQ(abs.path(), "/tmp/wh/t");
  EXPECT_TRUE(abs.IsLocal());
  EXPECT_FALSE(abs.IsRelative());

  Location rel = P("data/persistent/t");
  EXPECT_TRUE(rel.IsRelative());
  EXPECT_EQ(rel.FilePath(), "data/persistent/t");
  EXPECT_TRUE(P("./lineitem_iceberg").IsRelative());

  Location hadoop = P("file:/tmp/wh");
  EXPECT_EQ(hadoop.scheme(), "file");
  EXPECT_EQ(hadoop.FilePath(), "/tmp/wh");
  EXPECT_FALSE(hadoop.IsRelative());

  Location triple = P("file:///tmp/wh");
  EXPECT_EQ(triple.FilePath(), "/tmp/wh");
  EXPECT_EQ(triple.authority(), "");
  EXPECT_FALSE(triple.IsRelative());
}

// docs/cli.md: file://host/path with a non-empty host is read as the relative path host/path.
TEST(LocationTest, FileUriWithHostIsRelativePath) {
  Location loc = P("file://data/persistent/map_stats/default.db/map_stats");
  EXPECT_TRUE(loc.IsLocal());
  EXPECT_TRUE(loc.IsRelative());
  EXPECT_EQ(loc.authority(), "");
  EXPECT_EQ(loc.FilePath(), "data/persistent/map_stats/default.db/map_stats");
  EXPECT_EQ(loc.ResolveAgainst(P("/corpus/duckdb-iceberg")).ToString(),
            "/corpus/duckdb-iceberg/data/persistent/map_stats/default.db/map_stats");
  // Printed back as written.
  EXPECT_EQ(loc.ToString(), "file://data/persistent/map_stats/default.db/map_stats");
  EXPECT_TRUE(P("file:rel/x").IsRelative());
}

TEST(LocationTest, PrintsBackAsWritten) {
  for (const char* text : {"s3://bucket/wh/t/data/00000-0.parquet", "s3://bucket", "s3://bucket/",
                           "gs://b/k", "hdfs://nn:8020/test-warehouse/t", "hdfs:///p",
                           "file:/tmp/x", "file:///tmp/x", "file://host/x", "/abs/path", "rel/path",
                           "./rel", "memory://x/y", "s3://b/key with spaces/%20=x?y#z"}) {
    EXPECT_EQ(P(text).ToString(), text);
  }
}

TEST(LocationTest, ColonWithoutSlashesIsAFileName) {
  Location loc = P("a:b/c");
  EXPECT_EQ(loc.scheme(), "");
  EXPECT_EQ(loc.FilePath(), "a:b/c");
  EXPECT_EQ(P("C:/x").scheme(), "");
  EXPECT_EQ(P("2024-01-01T00:00:00/x").scheme(), "");
}

TEST(LocationTest, RejectsBadLocations) {
  EXPECT_EQ(Location::Parse("").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(Location::Parse("s3://").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(Location::Parse("s3:///key").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(Location::Parse("gs:///key").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(Location::Parse(std::string_view("/a\0b", 4)).error().kind,
            ErrorKind::kInvalidArgument);
  EXPECT_OK(Location::Parse("hdfs:///p"));  // hdfs: the default name node
}

TEST(LocationTest, JoinsChildren) {
  EXPECT_EQ(P("s3://b/wh").Join("t").ToString(), "s3://b/wh/t");
  EXPECT_EQ(P("s3://b/wh/").Join("t").ToString(), "s3://b/wh/t");
  EXPECT_EQ(P("s3://b").Join("t").ToString(), "s3://b/t");
  EXPECT_EQ(P("s3://b/wh").Join("/t/").ToString(), "s3://b/wh/t/");
  EXPECT_EQ(P("/wh").Join("./metadata/v1.metadata.json").ToString(),
            "/wh/metadata/v1.metadata.json");
  EXPECT_EQ(P("file:///wh").Join("x").ToString(), "file:///wh/x");
  EXPECT_EQ(P("file:/wh").Join("x").ToString(), "file:/wh/x");
  EXPECT_EQ(P("rel").Join("x").ToString(), "rel/x");
  EXPECT_EQ(Location().Join("x").ToString(), "x");
  EXPECT_EQ(P("/").Join("x").ToString(), "/x");
  EXPECT_EQ(P("/wh").Join("").ToString(), "/wh");
}

TEST(LocationTest, ParentsAndNames) {
  EXPECT_EQ(P("s3://b/wh/t").Parent()->ToString(), "s3://b/wh");
  EXPECT_EQ(P("s3://b/wh").Parent()->ToString(), "s3://b/");
  EXPECT_FALSE(P("s3://b/").Parent());
  EXPECT_FALSE(P("s3://b").Parent());
  EXPECT_EQ(P("/a/b/").Parent()->ToString(), "/a");
  EXPECT_EQ(P("/a").Parent()->ToString(), "/");
  EXPECT_FALSE(P("/").Parent());
  EXPECT_EQ(P("a/b").Parent()->ToString(), "a");
  EXPECT_EQ(P("a").Parent()->ToString(), "");
  EXPECT_FALSE(Location().Parent());
  EXPECT_EQ(P("file:///a/b").Parent()->ToString(), "file:///a");

  EXPECT_EQ(P("s3://b/wh/v1.metadata.json").Name(), "v1.metadata.json");
  EXPECT_EQ(P("/a/c/").Name(), "c");
  EXPECT_EQ(P("rel").Name(), "rel");
  EXPECT_EQ(P("/").Name(), "");
  EXPECT_EQ(P("s3://b").Name(), "");
}

TEST(LocationTest, ResolvesRelativeAgainstBase) {
  Location base = P("/corpus/duckdb-iceberg");
  EXPECT_EQ(P("data/persistent/t").ResolveAgainst(base).ToString(),
            "/corpus/duckdb-iceberg/data/persistent/t");
  EXPECT_EQ(P("./lineitem_iceberg").ResolveAgainst(base).ToString(),
            "/corpus/duckdb-iceberg/lineitem_iceberg");
  EXPECT_EQ(P("/abs").ResolveAgainst(base).ToString(), "/abs");
  EXPECT_EQ(P("s3://b/k").ResolveAgainst(base).ToString(), "s3://b/k");
  EXPECT_EQ(P("file:///abs").ResolveAgainst(base).ToString(), "file:///abs");
  EXPECT_EQ(P("x/y").ResolveAgainst(P("s3://b/prefix")).ToString(), "s3://b/prefix/x/y");
}

TEST(LocationTest, WithinIsSegmentAware) {
  EXPECT_TRUE(P("/wh/t").IsWithin(P("/wh")));
  EXPECT_TRUE(P("/wh").IsWithin(P("/wh")));
  EXPECT_TRUE(P("/wh/t").IsWithin(P("/wh/")));
  EXPECT_FALSE(P("/wh2/t").IsWithin(P("/wh")));
  EXPECT_TRUE(P("s3://b/wh/t").IsWithin(P("s3://b")));
  EXPECT_FALSE(P("s3://b2/wh/t").IsWithin(P("s3://b")));
  EXPECT_FALSE(P("s3a://b/wh/t").IsWithin(P("s3://b/wh")));
  EXPECT_TRUE(P("file:/wh/t").IsWithin(P("/wh")));

  EXPECT_TRUE(IsPathPrefix("/wh", "/wh/x"));
  EXPECT_FALSE(IsPathPrefix("/wh", "/wh2"));
  EXPECT_TRUE(IsPathPrefix("/", "/anything"));
  EXPECT_FALSE(IsPathPrefix("/wh/x", "/wh"));
}

// Random texts over the characters that matter: whatever parses prints back the same (the scheme
// in lower case), and Join/Parent stay inverse.
TEST(LocationTest, RandomTextsRoundTrip) {
  std::mt19937 rng(42);
  const std::string alphabet = "aS3f:/.=-_ le";
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    int len = static_cast<int>(rng() % 14) + 1;
    for (int j = 0; j < len; ++j) text += alphabet[rng() % alphabet.size()];
    auto loc = Location::Parse(text);
    if (!loc.ok()) {
      EXPECT_EQ(loc.error().kind, ErrorKind::kInvalidArgument);
      continue;
    }
    std::string printed = loc->ToString();
    std::string expected = text;
    size_t colon = text.find(':');
    if (!loc->scheme().empty()) {
      for (size_t k = 0; k < colon; ++k) expected[k] = static_cast<char>(std::tolower(expected[k]));
    }
    ASSERT_EQ(printed, expected) << text;
    auto again = Location::Parse(printed);
    ASSERT_OK(again) << printed;
    EXPECT_EQ(*again, *loc) << text;
    Location child = loc->Join("child");
    EXPECT_EQ(child.Name(), "child") << text;
    ASSERT_TRUE(child.Parent().has_value()) << text;
    EXPECT_TRUE(child.IsWithin(*child.Parent())) << text;
  }
}

}  // namespace
}  // namespace floe::io
