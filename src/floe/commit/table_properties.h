// Every table property floe reads, declared once: its Iceberg name, its type, its default (Java's
// TableProperties; iceberg.apache.org/docs/latest/configuration), grouped as that page groups them.
// Code reads a property through these declarations, not through a literal key. Two layers below
// commit/ still name a property themselves, each marked: spec::kNameMappingProperty (for
// NameMapping::Parse's messages) and manifest/'s codec properties (until snapshot_producer.cc reads
// update/manifest_properties.h).
//
// Get returns the default when the property is absent, and an InvalidArgument naming the property
// and the value when the value does not parse:
//   table property commit.retry.num-retries: "abc" is not an integer
// Values parse as Java parses them (Integer.parseInt, Long.parseLong: an optional sign and decimal
// digits, nothing else; enums ignoring case), with one difference: Java's Boolean.parseBoolean
// takes anything but "true" as false, floe accepts true and false in any case and refuses the rest,
// so that a typo does not silently mean false.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "floe/util/result.h"

namespace floe::commit {

using Properties = std::map<std::string, std::string>;

// true or false, in any case.
struct BoolProperty {
  std::string_view name;
  bool default_value = false;

  Result<bool> Parse(std::string_view value) const;
  Result<bool> Get(const Properties& properties) const;
};

// A 32-bit integer (Java int) from min to max.
struct IntProperty {
  std::string_view name;
  int32_t default_value = 0;
  int32_t min = std::numeric_limits<int32_t>::min();
  int32_t max = std::numeric_limits<int32_t>::max();

  Result<int32_t> Parse(std::string_view value) const;
  Result<int32_t> Get(const Properties& properties) const;
};

// A 64-bit integer (Java long) from min to max: sizes in bytes, times in milliseconds.
struct LongProperty {
  std::string_view name;
  int64_t default_value = 0;
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();

  Result<int64_t> Parse(std::string_view value) const;
  Result<int64_t> Get(const Properties& properties) const;
};

// A number strictly between min and max (Java's Double.parseDouble, then a range check).
struct DoubleProperty {
  std::string_view name;
  double default_value = 0;
  double min = 0;  // excluded
  double max = 1;  // excluded

  Result<double> Parse(std::string_view value) const;
  Result<double> Get(const Properties& properties) const;
};

// One name of a closed set. Parse and Get return the entry of `values` that matched, so callers
// compare against the spelling declared here.
struct EnumProperty {
  std::string_view name;
  std::string_view default_value;
  std::span<const std::string_view> values;
  bool ignore_case = true;  // as Java, which upper-cases the value before Enum.valueOf

  Result<std::string_view> Parse(std::string_view value) const;
  Result<std::string_view> Get(const Properties& properties) const;
};

// Free text (a path, a JSON document, a metrics mode that table/ parses): no parsing here.
struct StringProperty {
  std::string_view name;
  std::string_view default_value;  // empty: none, or one derived from the table (a path)

  // The value, or nullptr when the property is absent.
  const std::string* Find(const Properties& properties) const;
  // The value, or the default when the property is absent.
  std::string_view Get(const Properties& properties) const;
};

// A property per column: `<prefix><column name>`, the column's dotted name (Java's *_COLUMN_*
// prefixes). `Property` is the type of each column's value; For gives the declaration of one key.
template <typename Property>
struct ColumnProperty {
  std::string_view prefix;
  Property value;  // the type and default of every column's property; its name is unused

  // The column `key` names, or nullopt for a key of another property.
  std::optional<std::string_view> ColumnOf(std::string_view key) const {
    if (key.size() <= prefix.size() || !key.starts_with(prefix)) return std::nullopt;
    return key.substr(prefix.size());
  }
  std::string KeyFor(std::string_view column) const {
    return std::string(prefix) + std::string(column);
  }
  // The property of the column that `key` names; `key` must outlive it.
  Property For(std::string_view key) const {
    Property p = value;
    p.name = key;
    return p;
  }
};

// ---- Read properties ----------------------------------------------------------------------------
// floe reads none of Java's read.* properties (split planning, vectorization): its scan plans by
// file and sizes batches itself.

// The name mapping for data files without field ids, as JSON (spec: "Column Projection"). Same
// name as spec::kNameMappingProperty, which spec/ keeps for NameMapping::Parse's message.
inline constexpr StringProperty kDefaultNameMapping{"schema.name-mapping.default"};

// ---- Write properties: data files ---------------------------------------------------------------

// The data file format of new files: floe writes Parquet and Avro; it has no ORC writer, so
// "orc" is refused when set and when written.
inline constexpr std::string_view kFileFormats[] = {"parquet", "avro", "orc"};
inline constexpr EnumProperty kWriteFormatDefault{"write.format.default", "parquet", kFileFormats};

// Avro data files' codec (Java's default gzip, written as deflate); "none" is floe's alias of
// uncompressed.
inline constexpr std::string_view kAvroCodecs[] = {"gzip", "zstd", "snappy", "uncompressed",
                                                   "none"};
inline constexpr EnumProperty kAvroCompressionCodec{"write.avro.compression-codec", "gzip",
                                                    kAvroCodecs};
// The codec's level, 0 to 22; -1 (Java: null) is the codec's default.
inline constexpr IntProperty kAvroCompressionLevel{"write.avro.compression-level", -1, 0, 22};

// Parquet codec; "lz4" is written as LZ4_RAW, "none" is floe's alias of uncompressed.
inline constexpr std::string_view kParquetCodecs[] = {"zstd", "gzip", "snappy",      "brotli",
                                                      "lz4",  "none", "uncompressed"};
inline constexpr EnumProperty kParquetCompressionCodec{"write.parquet.compression-codec", "zstd",
                                                       kParquetCodecs};
// The codec's level; -1 (Java: null) is the codec's default.
inline constexpr IntProperty kParquetCompressionLevel{"write.parquet.compression-level", -1};
inline constexpr LongProperty kParquetRowGroupSizeBytes{"write.parquet.row-group-size-bytes",
                                                        128 * 1024 * 1024, 1};
inline constexpr IntProperty kParquetPageSizeBytes{"write.parquet.page-size-bytes", 1024 * 1024, 1};
inline constexpr IntProperty kParquetPageRowLimit{"write.parquet.page-row-limit", 20000, 1};
inline constexpr IntProperty kParquetDictSizeBytes{"write.parquet.dict-size-bytes", 2 * 1024 * 1024,
                                                   1};
// Data page v1 or v2: floe's own (parquet-mr's writer version; Java has no table property). As
// written, case-sensitive.
inline constexpr std::string_view kParquetPageVersions[] = {"v1", "v2"};
inline constexpr EnumProperty kParquetPageVersion{"write.parquet.page-version", "v1",
                                                  kParquetPageVersions, false};
// A bloom filter for the column (not set: none).
inline constexpr ColumnProperty<BoolProperty> kParquetBloomFilterEnabledColumn{
    "write.parquet.bloom-filter-enabled.column.", {"", false}};
// The false-positive probability of the column's bloom filter, in (0, 1).
inline constexpr ColumnProperty<DoubleProperty> kParquetBloomFilterFppColumn{
    "write.parquet.bloom-filter-fpp.column.", {"", 0.01, 0, 1}};
// Whether Parquet statistics are written for the column; floe writes them always and only keeps
// the property's column name current (UpdateSchema).
inline constexpr ColumnProperty<BoolProperty> kParquetStatsEnabledColumn{
    "write.parquet.stats-enabled.column.", {"", true}};

// The size a data file is rolled at.
inline constexpr LongProperty kWriteTargetFileSizeBytes{"write.target-file-size-bytes",
                                                        int64_t{512} * 1024 * 1024, 1};

// The object-storage layout: a hash folder in front of each data file.
inline constexpr BoolProperty kObjectStorageEnabled{"write.object-storage.enabled", false};
// With the object-storage layout, whether the partition folders stay in the path.
inline constexpr BoolProperty kObjectStoragePartitionedPaths{
    "write.object-storage.partitioned-paths", true};
// Where data files go; empty or absent: <table location>/data.
inline constexpr StringProperty kWriteDataPath{"write.data.path"};
// Deprecated names of write.data.path, read for the object-storage layout only.
inline constexpr StringProperty kObjectStoragePath{"write.object-storage.path"};
inline constexpr StringProperty kWriteFolderStoragePath{"write.folder-storage.path"};

// Column metrics in manifests: none, counts, truncate(N) or full (table/metrics_config.h parses).
inline constexpr StringProperty kMetricsDefault{"write.metadata.metrics.default", "truncate(16)"};
inline constexpr ColumnProperty<StringProperty> kMetricsColumn{"write.metadata.metrics.column.",
                                                               {"", ""}};
// Without write.metadata.metrics.default, only this many primitive columns get metrics.
inline constexpr IntProperty kMetricsMaxInferredColumnDefaults{
    "write.metadata.metrics.max-inferred-column-defaults", 100, 0};

// ---- Write properties: metadata, manifests ------------------------------------------------------

// Where metadata files, manifest lists and manifests go; empty or absent: <table
// location>/metadata.
inline constexpr StringProperty kWriteMetadataPath{"write.metadata.path"};
// The codec of new metadata files (gzip: *.gz.metadata.json).
inline constexpr std::string_view kMetadataCodecs[] = {"none", "gzip"};
inline constexpr EnumProperty kMetadataCompressionCodec{"write.metadata.compression-codec", "none",
                                                        kMetadataCodecs};
// How many earlier metadata files the metadata-log keeps (at least 1).
inline constexpr IntProperty kMetadataPreviousVersionsMax{"write.metadata.previous-versions-max",
                                                          100};
// After a commit, delete the metadata files that fell out of the metadata-log.
inline constexpr BoolProperty kMetadataDeleteAfterCommitEnabled{
    "write.metadata.delete-after-commit.enabled", false};
// The Avro codec of manifests and manifest lists; "none" is floe's alias of uncompressed.
inline constexpr std::string_view kManifestCodecs[] = {"gzip", "zstd", "snappy", "uncompressed",
                                                       "none"};
inline constexpr EnumProperty kManifestCompressionCodec{"write.manifest.compression-codec", "gzip",
                                                        kManifestCodecs};
// The codec's level, 0 to 22; -1 (Java: null) is the codec's default.
inline constexpr IntProperty kManifestCompressionLevel{"write.manifest.compression-level", -1, 0,
                                                       22};

// ---- Table behavior properties: commits ---------------------------------------------------------

inline constexpr IntProperty kCommitNumRetries{"commit.retry.num-retries", 4, 0};
inline constexpr IntProperty kCommitMinRetryWaitMs{"commit.retry.min-wait-ms", 100, 0};
inline constexpr IntProperty kCommitMaxRetryWaitMs{"commit.retry.max-wait-ms", 60 * 1000, 0};
inline constexpr IntProperty kCommitTotalRetryTimeMs{"commit.retry.total-timeout-ms",
                                                     30 * 60 * 1000, 0};
// After an unknown commit outcome: how often and how long to look whether it landed.
inline constexpr IntProperty kCommitStatusChecksNumRetries{"commit.status-check.num-retries", 3, 0};
inline constexpr LongProperty kCommitStatusChecksMinWaitMs{"commit.status-check.min-wait-ms", 1000,
                                                           0};
inline constexpr LongProperty kCommitStatusChecksMaxWaitMs{"commit.status-check.max-wait-ms",
                                                           60 * 1000, 0};
inline constexpr LongProperty kCommitStatusChecksTotalWaitMs{"commit.status-check.total-timeout-ms",
                                                             30 * 60 * 1000, 0};
// The size of a manifest, new or merged.
inline constexpr LongProperty kManifestTargetSizeBytes{"commit.manifest.target-size-bytes",
                                                       8 * 1024 * 1024, 1};
// MergeAppend merges once a spec has this many manifests.
inline constexpr IntProperty kManifestMinMergeCount{"commit.manifest.min-count-to-merge", 100};
inline constexpr BoolProperty kManifestMergeEnabled{"commit.manifest-merge.enabled", true};

// ---- Table behavior properties: snapshot expiry (maintenance/expire_snapshots.h) ----------------

// Snapshots older than this are expired by default (5 days).
inline constexpr LongProperty kMaxSnapshotAgeMs{"history.expire.max-snapshot-age-ms",
                                                5LL * 24 * 60 * 60 * 1000, 1};
// Every branch keeps at least this many of its newest snapshots.
inline constexpr IntProperty kMinSnapshotsToKeep{"history.expire.min-snapshots-to-keep", 1, 1};
// Refs other than main older than this are removed (default: never).
inline constexpr LongProperty kMaxRefAgeMs{"history.expire.max-ref-age-ms",
                                           std::numeric_limits<int64_t>::max(), 1};

// ---- Reserved table properties ------------------------------------------------------------------

// Only in a create request, or as a request to upgrade (UpdateProperties turns it into the spec's
// upgrade-format-version): the table's format version; never stored in the metadata.
inline constexpr IntProperty kFormatVersion{"format-version", 2};

// The keys Java reserves (TableProperties.RESERVED_PROPERTIES): they are table metadata shown as
// properties by engines, and never stored as plain properties.
inline constexpr std::string_view kReservedProperties[] = {"format-version",
                                                           "uuid",
                                                           "snapshot-count",
                                                           "current-snapshot-id",
                                                           "current-schema",
                                                           "current-snapshot-summary",
                                                           "default-partition-spec",
                                                           "default-sort-order",
                                                           "current-snapshot-timestamp-ms"};
bool IsReservedProperty(std::string_view key);

}  // namespace floe::commit
