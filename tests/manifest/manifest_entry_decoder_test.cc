// The fast path of manifest reading (manifest_entry_decoder.h) decodes exactly what the general
// path decodes: on every corpus manifest (Java/Spark, PyIceberg, DuckDB, iceberg-rust, BigQuery),
// on random manifests of every version and partition type, with and without a metrics
// projection, and on manifests with flipped bytes (the same entries or the same error).
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "floe/format/avro/container_reader.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"
#include "manifest_test_util.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::manifest {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;
using floe::testing::TempDir;
using namespace floe::manifest::testing;  // NOLINT

using MetricIds = std::optional<std::vector<int32_t>>;

struct DecodedManifest {
  bool fast = false;  // the reader used the fast path
  Result<std::vector<ManifestEntry>> entries = std::vector<ManifestEntry>();
};

// Every entry of `path` through Next() into one reused entry, as scan planning reads them.
DecodedManifest DecodeWithPath(io::FileIO& io, const std::string& path, bool fast_path,
                               const MetricIds& ids) {
  DecodedManifest out;
  auto run = [&]() -> Result<std::vector<ManifestEntry>> {
    FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file, io.OpenInput(path));
    ManifestReadOptions options;
    options.fast_path = fast_path;
    options.metrics_field_ids = ids;
    FLOE_ASSIGN_OR_RETURN(auto reader, ManifestReader::Open(std::move(file), options));
    out.fast = reader->uses_fast_path();
    std::vector<ManifestEntry> entries;
    ManifestEntry e;
    for (;;) {
      FLOE_ASSIGN_OR_RETURN(bool more, reader->Next(&e));
      if (!more) return entries;
      entries.push_back(e);
    }
  };
  out.entries = run();
  return out;
}

struct PathsCompared {
  bool fast = false;        // the fast path was taken
  bool general_ok = false;  // the general path read every entry
};

// The fast and general paths agree on `path`.
PathsCompared ExpectSameAsGeneralPath(io::FileIO& io, const std::string& path,
                                      const MetricIds& ids) {
  DecodedManifest fast = DecodeWithPath(io, path, true, ids);
  DecodedManifest general = DecodeWithPath(io, path, false, ids);
  EXPECT_FALSE(general.fast);
  PathsCompared out{fast.fast, general.entries.ok()};
  EXPECT_EQ(fast.entries.ok(), general.entries.ok())
      << (fast.entries.ok() ? general.entries.error().message : fast.entries.error().message);
  if (!fast.entries.ok() || !general.entries.ok()) {
    if (!fast.entries.ok() && !general.entries.ok()) {
      EXPECT_EQ(fast.entries.error().message, general.entries.error().message);
    }
    return out;
  }
  EXPECT_EQ(fast.entries->size(), general.entries->size());
  for (size_t i = 0; i < fast.entries->size() && i < general.entries->size(); ++i) {
    EXPECT_TRUE(SameEntry((*fast.entries)[i], (*general.entries)[i]))
        << "entry " << i << "\n fast:    " << Describe((*fast.entries)[i])
        << "\n general: " << Describe((*general.entries)[i]);
  }
  return out;
}

std::string ContainerRootName(io::FileIO& io, const std::string& path) {
  auto file = io.OpenInput(path);
  if (!file.ok()) return "";
  auto c = avro::ContainerReader::Open(std::move(file).value());
  return c.ok() ? (*c)->schema()->root().name : "";
}

// Every column's metrics, some columns', and none (scan planning without a filter).
const MetricIds kDecoderProjections[] = {MetricIds(),
                                         MetricIds(std::vector<int32_t>{1, 3, 2147483546}),
                                         MetricIds(std::vector<int32_t>{})};

TEST(ManifestEntryDecoderTest, CorpusManifestsDecodeAsTheGeneralPathDoes) {
  auto io = io::LocalFileIO();
  int manifests = 0, fast = 0;
  for (const char* dir : {"iceberg-rust", "iceberg-go", "iceberg-cpp", "duckdb-iceberg"}) {
    for (const std::string& path : FilesUnder(CorpusPath(dir), ".avro")) {
      if (path.find("encrypted") != std::string::npos ||
          ContainerRootName(*io, path) != "manifest_entry") {
        continue;
      }
      SCOPED_TRACE(path);
      // Every manifest with all metrics, every fourth also with a projection (ASan time).
      bool used = ExpectSameAsGeneralPath(*io, path, kDecoderProjections[0]).fast;
      if (manifests % 4 == 0) ExpectSameAsGeneralPath(*io, path, kDecoderProjections[1]);
      ++manifests;
      fast += used;
    }
  }
  EXPECT_GE(manifests, 73);
  // Java, PyIceberg, DuckDB and iceberg-rust lay manifests out alike: nearly all take the fast
  // path (BigQuery's optional map items do not).
  EXPECT_GE(fast, manifests * 8 / 10) << fast << " of " << manifests;
}

// Writes `n` random entries of every status, with nulls where inheritance allows them.
void WriteDecoderTestManifest(std::mt19937_64& rng, io::FileIO& io, const std::string& path,
                              const ManifestWriterOptions& options, int n) {
  auto ptype = options.spec.PartitionType(options.schema);
  ASSERT_OK(ptype);
  auto file = io.Create(path, true);
  ASSERT_OK(file);
  auto w = ManifestWriter::Open(std::move(file).value(), options);
  ASSERT_OK(w);
  int v = options.format_version;
  for (int i = 0; i < n; ++i) {
    FileContent content = options.content == ManifestContent::kData ? FileContent::kData
                          : rng() % 2                               ? FileContent::kPositionDeletes
                                                                    : FileContent::kEqualityDeletes;
    ManifestEntry e;
    e.status = static_cast<EntryStatus>(rng() % 3);
    e.data_file = RandomDataFile(rng, v, **ptype, content);
    if (e.status != EntryStatus::kAdded || v == 1 || rng() % 2) {
      e.snapshot_id = static_cast<int64_t>(rng() >> 2);
      if (v >= 2) {
        e.sequence_number = static_cast<int64_t>(rng() % 1000);
        e.file_sequence_number = static_cast<int64_t>(rng() % 1000);
      }
    }
    Status st = (*w)->Write(e);
    ASSERT_OK(st);
  }
  ASSERT_OK((*w)->Close());
}

TEST(ManifestEntryDecoderTest, RandomManifestsDecodeAsTheGeneralPathDoes) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::mt19937_64 rng(20261130);
  spec::Schema schema = AllTypesSchema();
  for (int round = 0; round < 12; ++round) {
    ManifestWriterOptions o;
    o.format_version = 1 + round % 3;
    o.content = o.format_version >= 2 && rng() % 3 == 0 ? ManifestContent::kDeletes
                                                        : ManifestContent::kData;
    o.schema = schema;
    o.spec = RandomSpec(rng, schema, static_cast<int32_t>(rng() % 5));
    o.snapshot_id = static_cast<int64_t>(rng() >> 1);
    o.codec.avro_codec = round % 2 ? "deflate" : "null";
    std::string path = dir.Join(fmt::format("m{}.avro", round));
    SCOPED_TRACE(fmt::format("v{} spec of {} fields", o.format_version, o.spec.fields.size()));
    WriteDecoderTestManifest(rng, *io, path, o, 1 + static_cast<int>(rng() % 40));
    for (const MetricIds& ids : kDecoderProjections) {
      // floe's own manifests always take the fast path, whatever their partition types.
      EXPECT_TRUE(ExpectSameAsGeneralPath(*io, path, ids).fast);
    }
  }
}

// Bytes flipped in a manifest's entries: the fast path gives the general path's entries or its
// error, never a value the general path would have refused.
TEST(ManifestEntryDecoderTest, FlippedBytesDecodeAsTheGeneralPathDoes) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::mt19937_64 rng(7);
  ManifestWriterOptions o;
  o.format_version = 3;
  o.schema = AllTypesSchema();
  o.spec = RandomSpec(rng, o.schema, 0);
  o.snapshot_id = 1;
  o.codec.avro_codec = "null";
  std::string path = dir.Join("good.avro");
  WriteDecoderTestManifest(rng, *io, path, o, 12);
  std::string bytes = floe::testing::ReadFileToString(path);
  auto header = avro::ContainerReader::Open(*io->OpenInput(path));
  ASSERT_OK(header);
  size_t entries_at = static_cast<size_t>((*header)->header_size());
  int errors = 0, fast = 0;
  for (int i = 0; i < 40; ++i) {
    std::string bad = bytes;
    for (int k = 0; k < 1 + i % 3; ++k) {
      bad[entries_at + rng() % (bad.size() - entries_at)] ^= static_cast<char>(1 + rng() % 255);
    }
    std::string p = dir.Join(fmt::format("bad{}.avro", i));
    ASSERT_OK(io::WriteFile(*io, p, bad));
    SCOPED_TRACE(i);
    PathsCompared compared = ExpectSameAsGeneralPath(*io, p, MetricIds());
    fast += compared.fast;
    errors += !compared.general_ok;
    // Metric maps read past (scan planning without a filter) refuse the same bytes.
    ExpectSameAsGeneralPath(*io, p, MetricIds(std::vector<int32_t>{}));
  }
  EXPECT_EQ(fast, 40);   // the header is intact
  EXPECT_GT(errors, 4);  // flips inside strings read as other strings
}

}  // namespace
}  // namespace floe::manifest
