// Metadata files on storage: compressed metadata (gzip, zstd), writing with
// write.metadata.compression-codec, and finding a table folder's current metadata (docs/cli.md).
#include "floe/commit/metadata_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "floe/commit/table_properties.h"
#include "floe/spec/table_metadata_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::commit {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;
using floe::testing::ReadFileToString;
using floe::testing::TempDir;

bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string Persistent(std::string_view rel) {
  return CorpusPath("duckdb-iceberg/data/persistent/" + std::string(rel));
}

TEST(MetadataFileTest, ReadsGzipMetadataFromTheCorpus) {
  std::vector<std::string> files =
      FilesUnder(CorpusPath("duckdb-iceberg/data/persistent"), ".gz.metadata.json");
  ASSERT_GE(files.size(), 4u);
  auto io = io::LocalFileIO();
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    auto m = ReadMetadataFile(*io, path);
    ASSERT_OK(m);
    EXPECT_EQ(m->format_version, 1);
    auto again = spec::ParseTableMetadata(spec::WriteTableMetadata(*m));
    ASSERT_OK(again);
    EXPECT_TRUE(*again == *m);
  }
  auto gz =
      ReadMetadataFile(*io, Persistent("iceberg/lineitem_iceberg_gz/metadata/v2.gz.metadata.json"));
  ASSERT_OK(gz);
  EXPECT_EQ(gz->table_uuid, "cadbf370-2450-4103-a393-668c16aed805");
  EXPECT_EQ(gz->current_snapshot_id, 4468019210336628573);
}

TEST(MetadataFileTest, ReadsZstdMetadataByItsMagicBytes) {
  auto io = io::LocalFileIO();
  auto zstd = ReadMetadataFile(
      *io, CorpusPath("iceberg-go/table/testdata/TableMetadataV2Valid.zstd.metadata.json"));
  ASSERT_OK(zstd);
  // iceberg-go's file (not a copy of its TableMetadataV2Valid.json): an empty v2 table.
  EXPECT_EQ(zstd->format_version, 2);
  EXPECT_EQ(zstd->table_uuid, "9c12d441-03fe-4693-9a96-a0705ddf69c1");
  EXPECT_FALSE(zstd->current_snapshot_id.has_value());
  EXPECT_EQ(zstd->last_partition_id, 999);
  ASSERT_EQ(zstd->schemas.size(), 1u);
  EXPECT_EQ(zstd->schemas[0].fields.size(), 3u);
  auto text = ReadMetadataJson(
      *io, CorpusPath("iceberg-go/table/testdata/TableMetadataV2Valid.zstd.metadata.json"));
  ASSERT_OK(text);
  EXPECT_EQ(text->front(), '{');
}

TEST(MetadataFileTest, ErrorsNameTheFile) {
  TempDir dir;
  auto io = io::LocalFileIO();
  WriteText(
      dir.Join("v3.metadata.json"),
      R"({"format-version":2,"table-uuid":"9c12d441-03fe-4693-9a96-a0705ddf69c1","location":"x",)"
      R"("last-sequence-number":0,"last-updated-ms":1,"last-column-id":1,"current-schema-id":0,)"
      R"("schemas":[{"type":"struct","schema-id":0,"fields":[{"id":1,"name":"a","required":true,"type":"int"}]}],)"
      R"("default-spec-id":0,"partition-specs":[{"spec-id":0,"fields":[{"name":"a","transform":"identity","source-id":1,"field-id":1000},)"
      R"({"name":"b","transform":"bukket[16]","source-id":1,"field-id":1001}]}],"last-partition-id":1001,)"
      R"("default-sort-order-id":0,"sort-orders":[{"order-id":0,"fields":[]}]})");
  auto m = ReadMetadataFile(*io, dir.Join("v3.metadata.json"));
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(m.error().message.rfind("metadata v3.metadata.json: partition-specs[0].fields[1]", 0),
            0u)
      << m.error().message;
  EXPECT_TRUE(Contains(m.error().message, "unknown transform \"bukket[16]\"")) << m.error().message;

  auto missing = ReadMetadataFile(*io, dir.Join("nope.metadata.json"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);

  WriteText(dir.Join("v1.gz.metadata.json"), "{}");
  auto fake_gz = ReadMetadataFile(*io, dir.Join("v1.gz.metadata.json"));
  ASSERT_FALSE(fake_gz.ok());
  EXPECT_TRUE(Contains(fake_gz.error().message, "gzip")) << fake_gz.error().message;

  // A truncated gzip stream is corrupt input, named.
  std::string gz =
      ReadFileToString(Persistent("iceberg/lineitem_iceberg_gz/metadata/v2.gz.metadata.json"));
  WriteText(dir.Join("v2.gz.metadata.json"), gz.substr(0, gz.size() / 2));
  auto cut = ReadMetadataFile(*io, dir.Join("v2.gz.metadata.json"));
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error().kind, ErrorKind::kCorrupt);
  EXPECT_TRUE(Contains(cut.error().message, "metadata v2.gz.metadata.json")) << cut.error().message;
}

TEST(MetadataFileTest, WritingHonoursTheCompressionProperty) {
  TempDir dir;
  auto io = io::LocalFileIO();
  auto m = ReadMetadataFile(
      *io, CorpusPath("iceberg/core/src/test/resources/TableMetadataV2Valid.json"));
  ASSERT_OK(m);
  spec::TableMetadata meta = *m;

  EXPECT_EQ(*MetadataCodecOf(meta), MetadataCodec::kNone);
  ASSERT_OK(WriteMetadataFile(*io, dir.Join("plain.metadata.json"), meta));
  EXPECT_EQ(ReadFileToString(dir.Join("plain.metadata.json")), spec::WriteTableMetadata(meta));

  meta.properties[std::string(kMetadataCompressionCodec.name)] = "GZIP";
  ASSERT_EQ(*MetadataCodecOf(meta), MetadataCodec::kGzip);
  std::string name =
      MetadataFileName(1, "9c12d441-03fe-4693-9a96-a0705ddf69c1", MetadataCodec::kGzip);
  EXPECT_EQ(name, "00001-9c12d441-03fe-4693-9a96-a0705ddf69c1.gz.metadata.json");
  ASSERT_OK(WriteMetadataFile(*io, dir.Join(name), meta));
  std::string bytes = ReadFileToString(dir.Join(name));
  ASSERT_GE(bytes.size(), 2u);
  EXPECT_EQ(static_cast<uint8_t>(bytes[0]), 0x1f);
  EXPECT_EQ(static_cast<uint8_t>(bytes[1]), 0x8b);
  auto back = ReadMetadataFile(*io, dir.Join(name));
  ASSERT_OK(back);
  EXPECT_TRUE(*back == meta);
  // Never overwrites an existing file.
  EXPECT_EQ(WriteMetadataFile(*io, dir.Join(name), meta).error().kind, ErrorKind::kAlreadyExists);

  meta.properties[std::string(kMetadataCompressionCodec.name)] = "lz4";
  auto bad = WriteMetadataFile(*io, dir.Join("x.metadata.json"), meta);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kNotSupported);
  EXPECT_TRUE(Contains(bad.error().message, "\"lz4\"")) << bad.error().message;
}

TEST(MetadataFileTest, VersionOfAFileName) {
  EXPECT_EQ(MetadataFileVersion("v12.metadata.json"), 12);
  EXPECT_EQ(MetadataFileVersion("/a/b/v3.gz.metadata.json"), 3);
  EXPECT_EQ(MetadataFileVersion("00012-5d9111ed-e56c-4ceb-9040-09d3be71926b.metadata.json"), 12);
  EXPECT_EQ(MetadataFileVersion("00004-v3-upgraded-v1-null-counts.metadata.json"), 4);
  EXPECT_EQ(MetadataFileVersion("00001-x.gz.metadata.json"), 1);
  EXPECT_EQ(MetadataFileVersion("v1749025517.metadata.json"), 1749025517);
  EXPECT_EQ(MetadataFileVersion("v3.1.metadata.json"), std::nullopt);
  EXPECT_EQ(MetadataFileVersion("vfinal.metadata.json"), std::nullopt);
  EXPECT_EQ(MetadataFileVersion("snap-1.avro"), std::nullopt);
  EXPECT_EQ(MetadataFileVersion("v-1.metadata.json"), std::nullopt);
}

TEST(MetadataFileTest, FindsTheCurrentMetadataOfCorpusTables) {
  struct Case {
    const char* table;
    const char* expected;  // relative to the table folder
  };
  const Case cases[] = {
      // version-hint.text with an integer
      {"equality_deletes/warehouse/mydb/mytable", "metadata/v7.metadata.json"},
      {"big_query_error", "metadata/v1749025517.metadata.json"},
      {"name_mapping/warehouse_1/mydb/t1", "metadata/v7.metadata.json"},
      // ... naming a gzip file
      {"iceberg/lineitem_iceberg_gz", "metadata/v2.gz.metadata.json"},
      // version-hint.text with a file stem
      {"is_null_is_not_null", "metadata/00001-43ceeb9a-cd0d-4556-b1e2-513b5bf88ff8.metadata.json"},
      {"legacy_bare_deletion_vector/warehouse/default/legacy_bare_deletion_vector",
       "metadata/00002-legacy-bare-dv.metadata.json"},
      // no hint: the highest version
      {"iceberg/lineitem_iceberg_no_hint", "metadata/v2.metadata.json"},
      {"iceberg/lineitem_iceberg_gz_no_hint", "metadata/v2.gz.metadata.json"},
      {"null_stats/default/test_nulls",
       "metadata/00003-9d6a621e-8a72-4190-a880-f6ca02e32b86.metadata.json"},
      {"iceberg_v1_repro/repro/merch_v1",
       "metadata/00004-v3-upgraded-v1-null-counts.metadata.json"},
  };
  auto io = io::LocalFileIO();
  for (const Case& c : cases) {
    SCOPED_TRACE(c.table);
    std::string folder = Persistent(c.table);
    auto found = FindCurrentMetadataFile(*io, folder);
    ASSERT_OK(found);
    EXPECT_EQ(*found, folder + "/" + c.expected);
    // The metadata folder itself works too.
    auto from_metadata = FindCurrentMetadataFile(*io, folder + "/metadata");
    ASSERT_OK(from_metadata);
    EXPECT_EQ(*from_metadata, *found);
    auto m = ReadMetadataFile(*io, *found);
    EXPECT_OK(m);
  }
}

TEST(MetadataFileTest, EveryCorpusTableFolderResolves) {
  auto io = io::LocalFileIO();
  int tables = 0;
  for (const std::string& hint :
       FilesUnder(CorpusPath("duckdb-iceberg/data/persistent"), "version-hint.text")) {
    std::string metadata_dir = hint.substr(0, hint.rfind('/'));
    std::string table = metadata_dir.substr(0, metadata_dir.rfind('/'));
    SCOPED_TRACE(table);
    auto found = FindCurrentMetadataFile(*io, table);
    ASSERT_OK(found);
    auto m = ReadMetadataFile(*io, *found);
    EXPECT_OK(m);
    ++tables;
  }
  EXPECT_GE(tables, 20);
}

TEST(MetadataFileTest, AmbiguityAndMissingMetadataStopWithTheCandidates) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::string plain = ReadFileToString(
      CorpusPath("iceberg/core/src/test/resources/TableMetadataV2ValidMinimal.json"));
  std::filesystem::create_directories(dir.Join("t/metadata"));
  WriteText(dir.Join("t/metadata/v1.metadata.json"), plain);
  WriteText(dir.Join("t/metadata/v2.metadata.json"), plain);
  WriteText(dir.Join("t/metadata/00002-9c12d441-03fe-4693-9a96-a0705ddf69c1.metadata.json"), plain);
  auto r = FindCurrentMetadataFile(*io, dir.Join("t"));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(Contains(r.error().message, "ambiguous")) << r.error().message;
  EXPECT_TRUE(Contains(r.error().message, "metadata/v2.metadata.json")) << r.error().message;
  EXPECT_TRUE(Contains(r.error().message, "metadata/00002-9c12d441")) << r.error().message;

  // A hint resolves it; a hint naming a missing file is not found.
  WriteText(dir.Join("t/metadata/version-hint.text"), "1\n");
  auto h = FindCurrentMetadataFile(*io, dir.Join("t"));
  ASSERT_OK(h);
  EXPECT_EQ(*h, dir.Join("t/metadata/v1.metadata.json"));
  WriteText(dir.Join("t/metadata/version-hint.text"), "9");
  auto missing = FindCurrentMetadataFile(*io, dir.Join("t"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
  EXPECT_TRUE(Contains(missing.error().message, "v9.metadata.json")) << missing.error().message;
  // v2.metadata.json and v2.gz.metadata.json side by side: ambiguous too.
  WriteText(dir.Join("t/metadata/version-hint.text"), "2");
  WriteText(dir.Join("t/metadata/v2.gz.metadata.json"), plain);
  auto both = FindCurrentMetadataFile(*io, dir.Join("t"));
  ASSERT_FALSE(both.ok());
  EXPECT_TRUE(Contains(both.error().message, "v2.gz.metadata.json")) << both.error().message;

  auto empty = FindCurrentMetadataFile(*io, dir.path());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().kind, ErrorKind::kNotFound);
}

}  // namespace
}  // namespace floe::commit

namespace floe::commit {
namespace {

// A folder listing taken before another writer published v2 and rewrote the hint: the listing
// does not have v2.metadata.json, the hint (read afterwards) names it.
class StaleListingFileIO final : public io::FileIO {
 public:
  explicit StaleListingFileIO(std::shared_ptr<io::FileIO> base) : base_(std::move(base)) {}
  Result<std::unique_ptr<io::InputFile>> OpenInput(std::string_view location,
                                                   std::optional<int64_t> known_length) override {
    return base_->OpenInput(location, known_length);
  }
  Result<std::unique_ptr<io::OutputFile>> Create(std::string_view location,
                                                 bool overwrite) override {
    return base_->Create(location, overwrite);
  }
  Status Delete(std::string_view location) override { return base_->Delete(location); }
  Result<bool> Exists(std::string_view location) override { return base_->Exists(location); }
  Result<std::vector<io::FileInfo>> List(std::string_view prefix) override {
    FLOE_ASSIGN_OR_RETURN(std::vector<io::FileInfo> all, base_->List(prefix));
    std::vector<io::FileInfo> listed;
    for (io::FileInfo& f : all) {
      if (f.location.find("v2.metadata.json") == std::string::npos) listed.push_back(std::move(f));
    }
    return listed;
  }

 private:
  std::shared_ptr<io::FileIO> base_;
};

TEST(MetadataFileTest, HintNamingAVersionPublishedAfterTheListingIsFound) {
  TempDir dir;
  std::string metadata = dir.Join("t/metadata");
  std::filesystem::create_directories(metadata);
  WriteText(metadata + "/v1.metadata.json", "{}");
  WriteText(metadata + "/v2.metadata.json", "{}");
  WriteText(metadata + "/version-hint.text", "2");
  StaleListingFileIO io(io::LocalFileIO());
  auto found = FindCurrentMetadataFile(io, dir.Join("t"));
  ASSERT_OK(found);
  EXPECT_TRUE(Contains(*found, "v2.metadata.json")) << *found;
  // A hint naming a version that exists nowhere is still NotFound.
  WriteText(metadata + "/version-hint.text", "3");
  auto missing = FindCurrentMetadataFile(io, dir.Join("t"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
}

}  // namespace
}  // namespace floe::commit
