// Puffin files: Java's canonical files and the Go/Java deletion-vector fixtures read with their
// documented contents; write-then-read round trips; an LZ4-compressed footer; and damaged files
// (bad magic, truncation, flipped bytes, blobs outside the file) as clean errors.
#include "floe/format/puffin/puffin_reader.h"

#include <gtest/gtest.h>
#include <lz4frame.h>

#include <string>

#include "floe/format/puffin/file_metadata_json.h"
#include "floe/format/puffin/puffin_writer.h"
#include "floe/io/memory_file_io.h"
#include "floe/util/bytes.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::puffin {
namespace {

std::string JavaFile(std::string_view name) {
  return testing::CorpusPath("iceberg/core/src/test/resources/org/apache/iceberg/puffin/v1/" +
                             std::string(name));
}

std::unique_ptr<PuffinReader> OpenOrDie(io::FileIO& io, const std::string& path) {
  auto reader = PuffinReader::Open(io, path);
  EXPECT_OK(reader);
  return reader.ok() ? std::move(*reader) : nullptr;
}

// The blob area of Java's sample files (TestPuffinReader in apache/iceberg).
using namespace std::string_view_literals;
constexpr std::string_view kBlob1 = "abcdefghi";
constexpr std::string_view kBlob2 =
    "some blob \0 binary data \xf0\x9f\xa4\xaf that is not very very very very very very long, "
    "is it?"sv;

TEST(PuffinReaderTest, JavaEmptyFile) {
  auto io = io::LocalFileIO();
  auto reader = OpenOrDie(*io, JavaFile("empty-puffin-uncompressed.bin"));
  ASSERT_NE(reader, nullptr);
  EXPECT_TRUE(reader->metadata().blobs.empty());
  EXPECT_TRUE(reader->metadata().properties.empty());
}

TEST(PuffinReaderTest, JavaSampleFilesUncompressedAndZstd) {
  auto io = io::LocalFileIO();
  for (std::string name :
       {"sample-metric-data-uncompressed.bin", "sample-metric-data-compressed-zstd.bin"}) {
    SCOPED_TRACE(name);
    auto reader = OpenOrDie(*io, JavaFile(name));
    ASSERT_NE(reader, nullptr);
    const FileMetadata& md = reader->metadata();
    ASSERT_EQ(md.blobs.size(), 2u);
    EXPECT_EQ(md.blobs[0].type, "some-blob");
    EXPECT_EQ(md.blobs[0].fields, std::vector<int32_t>{1});
    EXPECT_EQ(md.blobs[0].snapshot_id, 2);
    EXPECT_EQ(md.blobs[0].sequence_number, 1);
    EXPECT_EQ(md.blobs[0].offset, 4);
    EXPECT_EQ(md.blobs[1].type, "some-other-blob");
    EXPECT_EQ(md.blobs[1].fields, std::vector<int32_t>{2});
    ASSERT_NE(FindProperty(md.properties, "created-by"), nullptr);
    EXPECT_EQ(*FindProperty(md.properties, "created-by"), "Test 1234");
    bool zstd = name.find("zstd") != std::string::npos;
    EXPECT_EQ(md.blobs[0].compression_codec.has_value(), zstd);
    auto b1 = reader->ReadBlob(md.blobs[0]);
    ASSERT_OK(b1);
    EXPECT_EQ(*b1, kBlob1);
    auto b2 = reader->ReadBlob(md.blobs[1]);
    ASSERT_OK(b2);
    EXPECT_EQ(*b2, kBlob2);
  }
}

TEST(PuffinReaderTest, DeletionVectorFixtures) {
  auto io = io::LocalFileIO();
  auto reader = OpenOrDie(
      *io, testing::CorpusPath("iceberg-go/table/dv/testdata/deletes/multi-blob-dv.puffin"));
  ASSERT_NE(reader, nullptr);
  const auto& blobs = reader->metadata().blobs;
  ASSERT_EQ(blobs.size(), 2u);
  EXPECT_EQ(blobs[0].type, kDeletionVectorV1);
  EXPECT_EQ(blobs[0].fields, std::vector<int32_t>{2147483645});
  EXPECT_EQ(blobs[0].snapshot_id, -1);
  EXPECT_EQ(blobs[1].offset, 50);
  EXPECT_EQ(blobs[1].length, 44);
  EXPECT_EQ(*FindProperty(blobs[1].properties, "referenced-data-file"),
            "s3://warehouse/db/table/data/file-002.parquet");
  EXPECT_EQ(*FindProperty(blobs[1].properties, "cardinality"), "2");

  // The Go fixture wraps Java's payload unchanged.
  auto go =
      OpenOrDie(*io, testing::CorpusPath("iceberg-go/puffin/testdata/deletion-vector-v1.puffin"));
  ASSERT_NE(go, nullptr);
  ASSERT_EQ(go->metadata().blobs.size(), 1u);
  auto blob = go->ReadBlob(go->metadata().blobs[0]);
  ASSERT_OK(blob);
  EXPECT_EQ(*blob, testing::ReadFileToString(testing::CorpusPath(
                       "iceberg-go/puffin/testdata/deletion-vector-v1-payload.bin")));
}

TEST(PuffinReaderTest, BareBlobFileIsNotPuffin) {
  // Older DuckDB wrote a deletion vector without the Puffin envelope.
  auto io = io::LocalFileIO();
  auto reader = PuffinReader::Open(
      *io, testing::CorpusPath("duckdb-iceberg/data/persistent/legacy_bare_deletion_vector/"
                               "warehouse/default/legacy_bare_deletion_vector/data/"
                               "legacy-bare-deletion-vector.puffin"));
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find("legacy-bare-deletion-vector.puffin"), std::string::npos);
  EXPECT_NE(reader.error().message.find("magic"), std::string::npos) << reader.error().message;
}

TEST(PuffinWriterTest, RoundTrip) {
  io::MemoryFileIO io;
  auto file = io.Create("mem/a.puffin");
  ASSERT_OK(file);
  auto writer = PuffinWriter::Make(std::move(*file), {{"created-by", "floe test"}});
  ASSERT_OK(writer);
  BlobMetadata dv;
  dv.type = std::string(kDeletionVectorV1);
  dv.fields = {2147483645};
  dv.properties = {{"referenced-data-file", "data/x.parquet"}, {"cardinality", "3"}};
  auto added1 = (*writer)->Add(dv, "first blob");
  ASSERT_OK(added1);
  EXPECT_EQ(added1->offset, 4);
  EXPECT_EQ(added1->length, 10);
  BlobMetadata sketch;
  sketch.type = "some-sketch";
  sketch.fields = {1, 2};
  sketch.snapshot_id = 7;
  sketch.sequence_number = 3;
  sketch.compression_codec = "zstd";
  std::string big(5000, 'z');
  auto added2 = (*writer)->Add(sketch, big);
  ASSERT_OK(added2);
  EXPECT_EQ(added2->offset, 14);
  EXPECT_LT(added2->length, 5000);
  auto size = (*writer)->Close();
  ASSERT_OK(size);
  EXPECT_EQ(*size, static_cast<int64_t>(io.Get("mem/a.puffin")->size()));

  auto reader = OpenOrDie(io, "mem/a.puffin");
  ASSERT_NE(reader, nullptr);
  ASSERT_EQ(reader->metadata().blobs.size(), 2u);
  EXPECT_EQ(reader->metadata().blobs[0], *added1);
  EXPECT_EQ(reader->metadata().blobs[1], *added2);
  EXPECT_EQ(*FindProperty(reader->metadata().properties, "created-by"), "floe test");
  EXPECT_EQ(*reader->ReadBlob(reader->metadata().blobs[0]), "first blob");
  EXPECT_EQ(*reader->ReadBlob(reader->metadata().blobs[1]), big);
}

TEST(PuffinWriterTest, UnsupportedCodecAndAbort) {
  io::MemoryFileIO io;
  auto writer = PuffinWriter::Make(*io.Create("mem/b.puffin"));
  ASSERT_OK(writer);
  BlobMetadata blob;
  blob.type = "x";
  blob.compression_codec = "lz4";
  auto added = (*writer)->Add(blob, "data");
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().kind, ErrorKind::kNotSupported);
  writer->reset();  // never closed: nothing is published
  EXPECT_FALSE(io.Get("mem/b.puffin").has_value());
}

// A file whose footer payload is one LZ4 frame (flag bit 0 set).
TEST(PuffinReaderTest, Lz4CompressedFooter) {
  FileMetadata md;
  BlobMetadata blob;
  blob.type = "t";
  blob.offset = 4;
  blob.length = 3;
  md.blobs.push_back(blob);
  std::string json = FileMetadataToJson(md);
  LZ4F_preferences_t prefs{};
  prefs.frameInfo.contentSize = json.size();
  std::string frame(LZ4F_compressFrameBound(json.size(), &prefs), '\0');
  size_t n = LZ4F_compressFrame(frame.data(), frame.size(), json.data(), json.size(), &prefs);
  ASSERT_FALSE(LZ4F_isError(n));
  frame.resize(n);
  std::string bytes = "PFA1abcPFA1" + frame;
  AppendLittleEndian<int32_t>(bytes, static_cast<int32_t>(frame.size()));
  AppendLittleEndian<int32_t>(bytes, 1);
  bytes += "PFA1";
  io::MemoryFileIO io;
  io.Put("mem/lz4.puffin", bytes);
  auto reader = OpenOrDie(io, "mem/lz4.puffin");
  ASSERT_NE(reader, nullptr);
  ASSERT_EQ(reader->metadata().blobs.size(), 1u);
  EXPECT_EQ(*reader->ReadBlob(reader->metadata().blobs[0]), "abc");

  // Unknown flags are refused.
  bytes[bytes.size() - 7] = 1;
  io.Put("mem/flags.puffin", bytes);
  auto bad = PuffinReader::Open(io, "mem/flags.puffin");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kNotSupported);
}

TEST(PuffinReaderTest, BlobOutsideTheFile) {
  FileMetadata md;
  BlobMetadata blob;
  blob.type = "t";
  blob.offset = 4;
  blob.length = 100;  // the file has 3 bytes of blobs
  md.blobs.push_back(blob);
  std::string json = FileMetadataToJson(md);
  std::string bytes = "PFA1abcPFA1" + json;
  AppendLittleEndian<int32_t>(bytes, static_cast<int32_t>(json.size()));
  AppendLittleEndian<int32_t>(bytes, 0);
  bytes += "PFA1";
  io::MemoryFileIO io;
  io.Put("mem/outside.puffin", bytes);
  auto reader = PuffinReader::Open(io, "mem/outside.puffin");
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find("mem/outside.puffin"), std::string::npos);
  EXPECT_NE(reader.error().message.find("length 100"), std::string::npos) << reader.error().message;
}

TEST(PuffinReaderTest, TruncatedAndFlippedFilesFailCleanly) {
  std::string good = testing::ReadFileToString(JavaFile("sample-metric-data-compressed-zstd.bin"));
  io::MemoryFileIO io;
  for (size_t len = 0; len < good.size(); ++len) {
    io.Put("mem/t.puffin", good.substr(0, len));
    auto reader = PuffinReader::Open(io, "mem/t.puffin");
    ASSERT_FALSE(reader.ok()) << "truncated to " << len;
    EXPECT_TRUE(reader.error().kind == ErrorKind::kCorrupt ||
                reader.error().kind == ErrorKind::kNotSupported)
        << reader.error().message;
  }
  // Flipping any byte: the open and every blob read either succeed or fail with an error.
  int failures = 0;
  for (size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x5a);
    io.Put("mem/f.puffin", bad);
    auto reader = PuffinReader::Open(io, "mem/f.puffin");
    if (!reader.ok()) {
      ++failures;
      continue;
    }
    for (const auto& blob : (*reader)->metadata().blobs) {
      auto data = (*reader)->ReadBlob(blob);
      if (!data.ok()) ++failures;
    }
  }
  EXPECT_GT(failures, 0);
  // The magics are always checked.
  for (size_t i : {size_t{0}, good.size() - 1}) {
    std::string bad = good;
    bad[i] = 'X';
    io.Put("mem/m.puffin", bad);
    auto reader = PuffinReader::Open(io, "mem/m.puffin");
    ASSERT_FALSE(reader.ok());
    EXPECT_NE(reader.error().message.find("magic"), std::string::npos);
  }
}

}  // namespace
}  // namespace floe::puffin
