// The typed table properties (commit/table_properties.h): every declaration's default (Java's
// TableProperties), parsing of good and bad values for each type, and the error text.
#include "floe/commit/table_properties.h"

#include <gtest/gtest.h>

#include <limits>

#include "testing/result_matchers.h"

namespace floe::commit {
namespace {

const Properties kNone;

TEST(TablePropertiesTest, Defaults) {
  EXPECT_EQ(kDefaultNameMapping.Find(kNone), nullptr);

  EXPECT_EQ(*kParquetCompressionCodec.Get(kNone), "zstd");
  EXPECT_EQ(*kParquetCompressionLevel.Get(kNone), -1);
  EXPECT_EQ(*kParquetRowGroupSizeBytes.Get(kNone), 128 * 1024 * 1024);
  EXPECT_EQ(*kParquetPageSizeBytes.Get(kNone), 1024 * 1024);
  EXPECT_EQ(*kParquetPageRowLimit.Get(kNone), 20000);
  EXPECT_EQ(*kParquetDictSizeBytes.Get(kNone), 2 * 1024 * 1024);
  EXPECT_EQ(*kParquetPageVersion.Get(kNone), "v1");
  EXPECT_FALSE(*kParquetBloomFilterEnabledColumn.For("write.parquet.bloom-filter-enabled.column.x")
                    .Get(kNone));
  EXPECT_EQ(*kParquetBloomFilterFppColumn.For("write.parquet.bloom-filter-fpp.column.x").Get(kNone),
            0.01);
  EXPECT_TRUE(*kParquetStatsEnabledColumn.For("write.parquet.stats-enabled.column.x").Get(kNone));
  EXPECT_EQ(*kWriteTargetFileSizeBytes.Get(kNone), int64_t{512} * 1024 * 1024);
  EXPECT_FALSE(*kObjectStorageEnabled.Get(kNone));
  EXPECT_TRUE(*kObjectStoragePartitionedPaths.Get(kNone));
  EXPECT_EQ(kWriteDataPath.Get(kNone), "");
  EXPECT_EQ(kObjectStoragePath.Get(kNone), "");
  EXPECT_EQ(kWriteFolderStoragePath.Get(kNone), "");
  EXPECT_EQ(kMetricsDefault.Get(kNone), "truncate(16)");
  EXPECT_EQ(kMetricsColumn.For("write.metadata.metrics.column.x").Find(kNone), nullptr);
  EXPECT_EQ(*kMetricsMaxInferredColumnDefaults.Get(kNone), 100);

  EXPECT_EQ(kWriteMetadataPath.Get(kNone), "");
  EXPECT_EQ(*kMetadataCompressionCodec.Get(kNone), "none");
  EXPECT_EQ(*kMetadataPreviousVersionsMax.Get(kNone), 100);
  EXPECT_FALSE(*kMetadataDeleteAfterCommitEnabled.Get(kNone));
  EXPECT_EQ(*kManifestCompressionCodec.Get(kNone), "gzip");
  EXPECT_EQ(*kManifestCompressionLevel.Get(kNone), -1);

  EXPECT_EQ(*kCommitNumRetries.Get(kNone), 4);
  EXPECT_EQ(*kCommitMinRetryWaitMs.Get(kNone), 100);
  EXPECT_EQ(*kCommitMaxRetryWaitMs.Get(kNone), 60000);
  EXPECT_EQ(*kCommitTotalRetryTimeMs.Get(kNone), 1800000);
  EXPECT_EQ(*kCommitStatusChecksNumRetries.Get(kNone), 3);
  EXPECT_EQ(*kCommitStatusChecksMinWaitMs.Get(kNone), 1000);
  EXPECT_EQ(*kCommitStatusChecksMaxWaitMs.Get(kNone), 60000);
  EXPECT_EQ(*kCommitStatusChecksTotalWaitMs.Get(kNone), 1800000);
  EXPECT_EQ(*kMaxSnapshotAgeMs.Get(kNone), 432000000);  // 5 days
  EXPECT_EQ(*kMinSnapshotsToKeep.Get(kNone), 1);
  EXPECT_EQ(*kMaxRefAgeMs.Get(kNone), std::numeric_limits<int64_t>::max());
  EXPECT_FALSE(kMinSnapshotsToKeep.Parse("0").ok());
  EXPECT_EQ(*kManifestTargetSizeBytes.Get(kNone), 8 * 1024 * 1024);
  EXPECT_EQ(*kManifestMinMergeCount.Get(kNone), 100);
  EXPECT_TRUE(*kManifestMergeEnabled.Get(kNone));

  EXPECT_EQ(*kFormatVersion.Get(kNone), 2);
}

// The message a bad value gets, or "" when it parses.
template <typename Property>
std::string ErrorOf(const Property& property, std::string_view value) {
  auto r = property.Parse(value);
  return r.ok() ? "" : r.error().message;
}

TEST(TablePropertiesTest, Booleans) {
  for (const char* v : {"true", "TRUE", "True", "tRuE"})
    EXPECT_TRUE(*kManifestMergeEnabled.Parse(v));
  for (const char* v : {"false", "FALSE", "False"}) EXPECT_FALSE(*kManifestMergeEnabled.Parse(v));
  // Java would read these as false; floe refuses them.
  for (const char* v : {"yes", "1", "", " true", "truee"}) {
    auto r = kManifestMergeEnabled.Parse(v);
    ASSERT_FALSE(r.ok()) << v;
    EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
  }
  EXPECT_EQ(ErrorOf(kManifestMergeEnabled, "yes"),
            "table property commit.manifest-merge.enabled: \"yes\" is neither true nor false");
  EXPECT_TRUE(*kManifestMergeEnabled.Get({{"commit.manifest-merge.enabled", "True"}}));
  EXPECT_FALSE(kManifestMergeEnabled.Get({{"commit.manifest-merge.enabled", "no"}}).ok());
}

TEST(TablePropertiesTest, Integers) {
  EXPECT_EQ(*kCommitNumRetries.Parse("7"), 7);
  EXPECT_EQ(*kCommitNumRetries.Parse("+7"), 7);  // Integer.parseInt takes a plus sign
  EXPECT_EQ(*kCommitNumRetries.Parse("0"), 0);
  EXPECT_EQ(*kMetadataPreviousVersionsMax.Parse("-5"), -5);  // no lower bound: the caller clamps
  EXPECT_EQ(*kCommitNumRetries.Get({{"commit.retry.num-retries", "12"}}), 12);

  EXPECT_EQ(ErrorOf(kCommitNumRetries, "abc"),
            "table property commit.retry.num-retries: \"abc\" is not an integer");
  for (const char* v : {"", " 1", "1 ", "1.5", "1e3", "0x10", "+", "-", "+-1"}) {
    EXPECT_NE(ErrorOf(kCommitNumRetries, v), "") << v;
  }
  EXPECT_EQ(ErrorOf(kCommitNumRetries, "-1"),
            "table property commit.retry.num-retries: \"-1\" is out of range (at least 0)");
  EXPECT_EQ(ErrorOf(kManifestCompressionLevel, "23"),
            "table property write.manifest.compression-level: \"23\" is out of range (0 to 22)");
  EXPECT_EQ(ErrorOf(kCommitNumRetries, "2147483648"),
            "table property commit.retry.num-retries: \"2147483648\" is out of range (at least 0)");
  EXPECT_EQ(ErrorOf(kMetadataPreviousVersionsMax, "-2147483649"),
            "table property write.metadata.previous-versions-max: \"-2147483649\" is out of range "
            "(a 32-bit integer)");
}

TEST(TablePropertiesTest, Longs) {
  EXPECT_EQ(*kCommitStatusChecksMinWaitMs.Parse("9223372036854775807"), INT64_MAX);
  EXPECT_EQ(*kWriteTargetFileSizeBytes.Parse("4000"), 4000);
  EXPECT_EQ(ErrorOf(kWriteTargetFileSizeBytes, "512MB"),
            "table property write.target-file-size-bytes: \"512MB\" is not an integer");
  EXPECT_EQ(ErrorOf(kWriteTargetFileSizeBytes, "0"),
            "table property write.target-file-size-bytes: \"0\" is out of range (at least 1)");
  EXPECT_EQ(ErrorOf(kCommitStatusChecksMinWaitMs, "9223372036854775808"),
            "table property commit.status-check.min-wait-ms: \"9223372036854775808\" is out of "
            "range (at least 0)");
}

TEST(TablePropertiesTest, Doubles) {
  auto fpp = kParquetBloomFilterFppColumn.For("write.parquet.bloom-filter-fpp.column.id");
  EXPECT_EQ(*fpp.Parse("0.05"), 0.05);
  EXPECT_EQ(*fpp.Parse("1e-3"), 0.001);
  EXPECT_EQ(ErrorOf(fpp, "x"),
            "table property write.parquet.bloom-filter-fpp.column.id: \"x\" is not a number");
  for (const char* v : {"0", "1", "1.5", "-0.1", "nan", "inf"}) {
    EXPECT_NE(ErrorOf(fpp, v), "") << v;
  }
  EXPECT_EQ(ErrorOf(fpp, "1.5"),
            "table property write.parquet.bloom-filter-fpp.column.id: \"1.5\" is out of range "
            "(between 0 and 1, both excluded)");
}

TEST(TablePropertiesTest, Enums) {
  // Any case; the value returned is the declared spelling.
  EXPECT_EQ(*kParquetCompressionCodec.Parse("ZSTD"), "zstd");
  EXPECT_EQ(*kManifestCompressionCodec.Parse("Snappy"), "snappy");
  EXPECT_EQ(*kMetadataCompressionCodec.Get({{"write.metadata.compression-codec", "GZIP"}}), "gzip");
  EXPECT_EQ(ErrorOf(kMetadataCompressionCodec, "lz4"),
            "table property write.metadata.compression-codec: \"lz4\" is not one of none, gzip");
  EXPECT_NE(ErrorOf(kMetadataCompressionCodec, ""), "");
  // The page version is floe's own and exact.
  EXPECT_EQ(*kParquetPageVersion.Parse("v2"), "v2");
  EXPECT_EQ(ErrorOf(kParquetPageVersion, "V2"),
            "table property write.parquet.page-version: \"V2\" is not one of v1, v2");
}

TEST(TablePropertiesTest, Strings) {
  Properties p = {{"write.data.path", "s3://b/data"}, {"write.metadata.metrics.default", "full"}};
  EXPECT_EQ(kWriteDataPath.Get(p), "s3://b/data");
  ASSERT_NE(kWriteDataPath.Find(p), nullptr);
  EXPECT_EQ(*kWriteDataPath.Find(p), "s3://b/data");
  EXPECT_EQ(kMetricsDefault.Get(p), "full");
}

TEST(TablePropertiesTest, ColumnProperties) {
  EXPECT_EQ(kMetricsColumn.ColumnOf("write.metadata.metrics.column.a.b"), "a.b");
  EXPECT_EQ(kMetricsColumn.ColumnOf("write.metadata.metrics.column."), std::nullopt);
  EXPECT_EQ(kMetricsColumn.ColumnOf("write.metadata.metrics.default"), std::nullopt);
  EXPECT_EQ(kMetricsColumn.KeyFor("a.b"), "write.metadata.metrics.column.a.b");
  // The error names the column's key.
  EXPECT_EQ(
      ErrorOf(kParquetBloomFilterEnabledColumn.For("write.parquet.bloom-filter-enabled.column.id"),
              "yes"),
      "table property write.parquet.bloom-filter-enabled.column.id: \"yes\" is neither true "
      "nor false");
}

}  // namespace
}  // namespace floe::commit
