// Deletion vectors: Java's position-index files and Puffin DV fixtures decode to their
// documented positions; encode → decode round trips (empty, one bucket, positions past 2^32,
// random sets against std::set); every flipped byte and every truncation is a kCorrupt error;
// re-checksummed damage reaches libroaring's safe deserializer without a crash.
#include "floe/scan/deletion_vector.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <set>

#include "floe/format/puffin/puffin_reader.h"
#include "floe/io/memory_file_io.h"
#include "floe/util/bytes.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

std::string JavaIndex(std::string_view name) {
  return testing::ReadFileToString(testing::CorpusPath(
      "iceberg/core/src/test/resources/org/apache/iceberg/deletes/" + std::string(name)));
}

PositionSet Decode(std::string_view blob) {
  auto set = DecodeDeletionVector(blob);
  EXPECT_OK(set);
  return set.ok() ? std::move(*set) : PositionSet();
}

PositionSet FromVector(const std::vector<int64_t>& positions) {
  PositionSet set;
  for (int64_t p : positions) set.Add(p);
  return set;
}

// Rewrites the CRC of a blob after its body was changed on purpose.
void FixCrc(std::string& blob) {
  std::string_view body(blob.data() + 4, blob.size() - 8);
  uint32_t crc = static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
  std::string tail;
  AppendBigEndian(tail, crc, 4);
  blob.replace(blob.size() - 4, 4, tail);
}

TEST(DeletionVectorTest, JavaPositionIndexFiles) {
  EXPECT_EQ(Decode(JavaIndex("small-alternating-values-position-index.bin")).ToVector(),
            (std::vector<int64_t>{1, 3, 5, 7, 9}));
  EXPECT_TRUE(Decode(JavaIndex("empty-position-index.bin")).empty());
  for (std::string name :
       {"small-and-large-values-position-index.bin", "all-container-types-position-index.bin"}) {
    SCOPED_TRACE(name);
    std::string blob = JavaIndex(name);
    PositionSet set = Decode(blob);
    EXPECT_GT(set.Cardinality(), 0);
    // Re-encoding gives the same positions (the bytes may differ: Java keeps empty buckets).
    std::vector<int64_t> positions = set.ToVector();
    EXPECT_EQ(Decode(EncodeDeletionVector(set)).ToVector(), positions);
    for (int64_t p : positions) ASSERT_TRUE(set.Contains(p));
  }
  // Java's TestBitmapPositionDeleteIndex: 100, 101, Integer.MAX_VALUE + 100 and + 101.
  EXPECT_EQ(Decode(JavaIndex("small-and-large-values-position-index.bin")).ToVector(),
            (std::vector<int64_t>{100, 101, 2147483747, 2147483748}));
}

// Frames a bare portable 64-bit Roaring vector as a deletion-vector blob.
std::string Frame(std::string_view vector) {
  std::string body = std::string(kDeletionVectorMagic) + std::string(vector);
  std::string blob;
  AppendBigEndian(blob, body.size(), 4);
  blob += body + "CRC!";
  FixCrc(blob);
  return blob;
}

// CRoaring's 64-bit examples, which Java's TestRoaringPositionBitmap also reads.
TEST(DeletionVectorTest, RoaringPortable64BitExamples) {
  EXPECT_TRUE(Decode(Frame(JavaIndex("64mapempty.bin"))).empty());
  EXPECT_EQ(Decode(Frame(JavaIndex("64map32bitvals.bin"))).ToVector(),
            (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  std::vector<int64_t> spread;
  for (int64_t key = 0; key < 10; ++key) {
    for (int64_t low = 0; low < 10; ++low) spread.push_back((key << 32) + low);
  }
  EXPECT_EQ(Decode(Frame(JavaIndex("64mapspreadvals.bin"))).ToVector(), spread);
  // Keys with the top bit set are positions past 2^63: not allowed in a deletion vector.
  auto high = DecodeDeletionVector(Frame(JavaIndex("64maphighvals.bin")));
  ASSERT_FALSE(high.ok());
  EXPECT_EQ(high.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(high.error().message.find("key"), std::string::npos) << high.error().message;
}

TEST(DeletionVectorTest, JavaPuffinBlobsMatchTheirCardinality) {
  auto io = io::LocalFileIO();
  auto reader = puffin::PuffinReader::Open(
      *io, testing::CorpusPath("iceberg-go/table/dv/testdata/deletes/multi-blob-dv.puffin"));
  ASSERT_OK(reader);
  for (const auto& blob : (*reader)->metadata().blobs) {
    auto bytes = (*reader)->ReadBlob(blob);
    ASSERT_OK(bytes);
    PositionSet set = Decode(*bytes);
    EXPECT_EQ(std::to_string(set.Cardinality()),
              *puffin::FindProperty(blob.properties, "cardinality"));
  }
}

TEST(DeletionVectorTest, RoundTrips) {
  const std::vector<std::vector<int64_t>> cases = {
      {},
      {0},
      {1, 2, 3, 100000, 4000000000},
      {int64_t{1} << 32, (int64_t{1} << 32) + 1, int64_t{1} << 40, (int64_t{1} << 62) + 7},
      {0, 0xFFFFFFFF, 0x100000000, 0x7FFFFFFFFFFFFFFF},
  };
  for (const auto& positions : cases) {
    PositionSet set = FromVector(positions);
    std::string blob = EncodeDeletionVector(set);
    PositionSet back = Decode(blob);
    EXPECT_EQ(back.ToVector(), positions);
    EXPECT_EQ(back.Cardinality(), static_cast<int64_t>(positions.size()));
  }
  // A dense run (a run container after optimization) and random positions over many keys.
  std::mt19937_64 rng(42);
  std::set<int64_t> truth;
  PositionSet set;
  for (int64_t p = 500; p < 70000; ++p) {
    truth.insert(p);
    set.Add(p);
  }
  for (int i = 0; i < 5000; ++i) {
    int64_t p = static_cast<int64_t>(rng() % (uint64_t{1} << 36));
    truth.insert(p);
    set.Add(p);
  }
  PositionSet back = Decode(EncodeDeletionVector(set));
  EXPECT_EQ(back.ToVector(), std::vector<int64_t>(truth.begin(), truth.end()));
  EXPECT_GT(back.buckets().size(), 8u);
  for (int i = 0; i < 2000; ++i) {
    int64_t p = static_cast<int64_t>(rng() % (uint64_t{1} << 36));
    ASSERT_EQ(back.Contains(p), truth.count(p) == 1) << p;
  }
  EXPECT_FALSE(back.Contains(-1));
}

TEST(DeletionVectorTest, MarkRangeMatchesContains) {
  std::mt19937_64 rng(7);
  PositionSet set;
  const int64_t around = int64_t{3} << 32;  // ranges cross the boundary of keys 2 and 3
  for (int i = 0; i < 3000; ++i) set.Add(around - 2000 + static_cast<int64_t>(rng() % 4000));
  set.Add(0);
  set.Add(5);
  for (int trial = 0; trial < 200; ++trial) {
    int64_t first = trial < 5 ? trial : around - 2500 + static_cast<int64_t>(rng() % 5000);
    int64_t count = static_cast<int64_t>(rng() % 700);
    std::vector<uint8_t> marks(static_cast<size_t>(count), 0);
    set.MarkRange(first, count, marks.data());
    for (int64_t i = 0; i < count; ++i) {
      ASSERT_EQ(marks[static_cast<size_t>(i)] == 1, set.Contains(first + i)) << first + i;
    }
  }
}

TEST(DeletionVectorTest, Merge) {
  PositionSet a = FromVector({1, 5, int64_t{1} << 33});
  PositionSet b = FromVector({2, 5, int64_t{1} << 35});
  a.Merge(b);
  EXPECT_EQ(a.ToVector(), (std::vector<int64_t>{1, 2, 5, int64_t{1} << 33, int64_t{1} << 35}));
}

TEST(DeletionVectorTest, EveryFlippedByteAndTruncationIsCorrupt) {
  std::string good = EncodeDeletionVector(FromVector({1, 3, 70000, int64_t{5} << 32}));
  for (size_t i = 0; i < good.size(); ++i) {
    for (uint8_t mask : {uint8_t{0x01}, uint8_t{0x80}, uint8_t{0xff}}) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ mask);
      auto set = DecodeDeletionVector(bad);
      ASSERT_FALSE(set.ok()) << "byte " << i;
      EXPECT_EQ(set.error().kind, ErrorKind::kCorrupt);
    }
  }
  for (size_t len = 0; len < good.size(); ++len) {
    auto set = DecodeDeletionVector(good.substr(0, len));
    ASSERT_FALSE(set.ok()) << "length " << len;
    EXPECT_EQ(set.error().kind, ErrorKind::kCorrupt);
  }
}

TEST(DeletionVectorTest, DamageBehindAValidChecksumFailsCleanly) {
  std::string good = EncodeDeletionVector(FromVector({1, 3, 70000, 200000, int64_t{5} << 32}));
  int failures = 0;
  for (size_t i = 8; i + 4 < good.size(); ++i) {
    for (uint8_t mask : {uint8_t{0x01}, uint8_t{0x10}, uint8_t{0xff}}) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ mask);
      FixCrc(bad);
      auto set = DecodeDeletionVector(bad);
      if (!set.ok()) {
        ++failures;
        EXPECT_EQ(set.error().kind, ErrorKind::kCorrupt);
      }
    }
  }
  EXPECT_GT(failures, 0);
}

TEST(DeletionVectorTest, KeysMustAscend) {
  // Two buckets with keys 5 and 2: build each alone, then splice the bitmaps in the wrong order.
  std::string a = EncodeDeletionVector(FromVector({(int64_t{5} << 32) + 1}));
  std::string b = EncodeDeletionVector(FromVector({(int64_t{2} << 32) + 1}));
  // Each blob: len(4) magic(4) count(8) key(4) bitmap ... crc(4).
  std::string bucket_a = a.substr(16, a.size() - 20);
  std::string bucket_b = b.substr(16, b.size() - 20);
  std::string body = std::string(kDeletionVectorMagic);
  AppendLittleEndian<uint64_t>(body, 2);
  body += bucket_a + bucket_b;
  std::string blob;
  AppendBigEndian(blob, body.size(), 4);
  blob += body + "CRC!";
  FixCrc(blob);
  auto set = DecodeDeletionVector(blob);
  ASSERT_FALSE(set.ok());
  EXPECT_NE(set.error().message.find("not ascending"), std::string::npos) << set.error().message;

  // A key with the top bit set (a negative position).
  std::string high = a;
  high[19] = static_cast<char>(0x80);  // the key's most significant byte
  FixCrc(high);
  auto bad = DecodeDeletionVector(high);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("key"), std::string::npos);
}

TEST(DeletionVectorTest, ReadFromADeleteFileEntry) {
  io::MemoryFileIO io;
  std::string blob = EncodeDeletionVector(FromVector({2, 4, 6}));
  io.Put("mem/dv.puffin", "PFA1" + blob + "rest of the file");
  manifest::DeleteFile file;
  file.content = manifest::FileContent::kPositionDeletes;
  file.file_format = "PUFFIN";
  file.file_path = "mem/dv.puffin";
  file.content_offset = 4;
  file.content_size_in_bytes = static_cast<int64_t>(blob.size());
  file.record_count = 3;
  EXPECT_TRUE(IsDeletionVector(file));
  auto set = ReadDeletionVector(io, file);
  ASSERT_OK(set);
  EXPECT_EQ(set->ToVector(), (std::vector<int64_t>{2, 4, 6}));

  file.record_count = 4;
  auto wrong_count = ReadDeletionVector(io, file);
  ASSERT_FALSE(wrong_count.ok());
  EXPECT_NE(wrong_count.error().message.find("record_count"), std::string::npos);

  file.record_count = 3;
  file.content_offset = 10;  // past the blob: length field and magic do not match
  auto shifted = ReadDeletionVector(io, file);
  ASSERT_FALSE(shifted.ok());
  EXPECT_EQ(shifted.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(shifted.error().message.find("mem/dv.puffin"), std::string::npos);

  file.content_offset = 40;
  file.content_size_in_bytes = 1000;  // past the end of the file
  auto past = ReadDeletionVector(io, file);
  ASSERT_FALSE(past.ok());
  EXPECT_EQ(past.error().kind, ErrorKind::kCorrupt);

  file.content_offset.reset();
  EXPECT_EQ(ReadDeletionVector(io, file).error().kind, ErrorKind::kInvalidArgument);
}

TEST(DeletionVectorTest, WriteThenReadThroughPuffinAndEntries) {
  io::MemoryFileIO io;
  PositionSet a = FromVector({0, 7, int64_t{1} << 34});
  PositionSet b = FromVector({3});
  auto entries = WriteDeletionVectors(io, "mem/dvs.puffin", {{"a.parquet", &a}, {"b.parquet", &b}});
  ASSERT_OK(entries);
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].content_offset, 4);
  EXPECT_EQ((*entries)[1].record_count, 1);
  EXPECT_EQ((*entries)[1].referenced_data_file, "b.parquet");
  EXPECT_EQ((*entries)[0].file_size_in_bytes,
            static_cast<int64_t>(io.Get("mem/dvs.puffin")->size()));
  // Through the entries (offset and size, no footer)...
  EXPECT_EQ(ReadDeletionVector(io, (*entries)[0])->ToVector(), a.ToVector());
  EXPECT_EQ(ReadDeletionVector(io, (*entries)[1])->ToVector(), b.ToVector());
  // ...and through the Puffin footer, whose blob metadata the spec prescribes.
  auto reader = puffin::PuffinReader::Open(io, "mem/dvs.puffin");
  ASSERT_OK(reader);
  const auto& blobs = (*reader)->metadata().blobs;
  ASSERT_EQ(blobs.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(blobs[i].type, puffin::kDeletionVectorV1);
    EXPECT_EQ(blobs[i].snapshot_id, -1);
    EXPECT_EQ(blobs[i].sequence_number, -1);
    EXPECT_FALSE(blobs[i].compression_codec.has_value());
    EXPECT_EQ(blobs[i].fields, std::vector<int32_t>{kRowPositionFieldId});
    EXPECT_EQ(blobs[i].offset, *(*entries)[i].content_offset);
    EXPECT_EQ(blobs[i].length, *(*entries)[i].content_size_in_bytes);
  }
  EXPECT_EQ(*puffin::FindProperty(blobs[0].properties, "referenced-data-file"), "a.parquet");
  EXPECT_EQ(*puffin::FindProperty(blobs[0].properties, "cardinality"), "3");
  // Writing never replaces a file.
  EXPECT_EQ(WriteDeletionVectors(io, "mem/dvs.puffin", {{"a.parquet", &a}}).error().kind,
            ErrorKind::kAlreadyExists);
}

}  // namespace
}  // namespace floe::scan
