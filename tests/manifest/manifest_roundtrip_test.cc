// Manifests and manifest lists floe writes read back equal: random partition specs over every
// transform result type, random metrics (nulls, NaNs, long strings), v1, v2 and v3, every
// codec; inheritance, corrupt entries, the rolling writer and the codec properties.
#include <gtest/gtest.h>

#include <random>

#include "floe/format/avro/container_reader.h"
#include "floe/format/avro/container_writer.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_schema.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/spec/single_value.h"
#include "manifest_test_util.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::manifest {
namespace {

using floe::testing::TempDir;
using namespace floe::manifest::testing;

struct Written {
  ManifestFile manifest;
  std::vector<ManifestEntry> entries;  // as a reader without inheritance sees them
};

// Writes `n` random entries (a mix of statuses) and returns what a reader should see.
Written WriteRandomManifest(std::mt19937_64& rng, io::FileIO& io, const std::string& path,
                            const ManifestWriterOptions& options, int n) {
  Written out;
  auto ptype = options.spec.PartitionType(options.schema);
  EXPECT_OK(ptype);
  auto file = io.Create(path);
  EXPECT_OK(file);
  auto w = ManifestWriter::Open(std::move(file).value(), options);
  EXPECT_OK(w);
  int v = options.format_version;
  FileContent content =
      options.content == ManifestContent::kData
          ? FileContent::kData
          : (rng() % 2 ? FileContent::kPositionDeletes : FileContent::kEqualityDeletes);
  for (int i = 0; i < n; ++i) {
    ManifestEntry e;
    e.status = static_cast<EntryStatus>(rng() % 3);
    e.data_file = RandomDataFile(rng, v, **ptype, content);
    e.data_file.spec_id = options.spec.spec_id;
    if (e.status == EntryStatus::kAdded && v >= 2 && rng() % 2) {
      // inherited: written as nulls
    } else {
      e.snapshot_id = static_cast<int64_t>(rng() >> 2);
      if (v >= 2) {
        e.sequence_number = static_cast<int64_t>(rng() % 1000);
        e.file_sequence_number = static_cast<int64_t>(rng() % 1000);
      }
    }
    Status st = (*w)->Write(e);
    EXPECT_OK(st);
    if (v == 1) {
      e.sequence_number = 0;
      e.file_sequence_number = 0;
    }
    out.entries.push_back(std::move(e));
  }
  auto m = (*w)->Close();
  EXPECT_OK(m);
  out.manifest = std::move(m).value();
  return out;
}

TEST(ManifestRoundTripTest, RandomManifestsReadBackEqual) {
  TempDir dir;
  auto io = io::LocalFileIO();
  spec::Schema schema = AllTypesSchema();
  std::mt19937_64 rng(20261129);
  const char* codecs[] = {"null", "deflate", "snappy", "zstandard"};
  int files = 0;
  for (int round = 0; round < 48; ++round) {
    int v = 1 + round % 3;
    ManifestWriterOptions o;
    o.format_version = v;
    o.content = v >= 2 && rng() % 3 == 0 ? ManifestContent::kDeletes : ManifestContent::kData;
    o.schema = schema;
    o.spec = RandomSpec(rng, schema, static_cast<int32_t>(rng() % 5));
    o.snapshot_id = static_cast<int64_t>(rng() >> 1);
    o.codec.avro_codec = codecs[round % 4];
    std::string path = dir.Join(fmt::format("m{}.avro", round));
    SCOPED_TRACE(
        fmt::format("v{} codec {} spec {} fields", v, o.codec.avro_codec, o.spec.fields.size()));
    Written w = WriteRandomManifest(rng, *io, path, o, 1 + static_cast<int>(rng() % 60));

    auto file = io->OpenInput(path);
    ASSERT_OK(file);
    auto reader = ManifestReader::Open(std::move(file).value());
    ASSERT_OK(reader);
    EXPECT_EQ((*reader)->metadata().format_version, v);
    EXPECT_EQ((*reader)->metadata().content, o.content);
    EXPECT_EQ((*reader)->metadata().partition_spec_id, o.spec.spec_id);
    EXPECT_EQ((*reader)->metadata().schema_id, schema.schema_id);
    ASSERT_TRUE((*reader)->metadata().partition_spec);
    EXPECT_EQ((*reader)->metadata().partition_spec->fields, o.spec.fields);
    auto got = (*reader)->ReadAll();
    ASSERT_OK(got);
    ASSERT_EQ(got->size(), w.entries.size());
    for (size_t i = 0; i < got->size(); ++i) {
      EXPECT_TRUE(SameEntry((*got)[i], w.entries[i]))
          << "entry " << i << "\n got:  " << Describe((*got)[i])
          << "\n want: " << Describe(w.entries[i]);
    }
    // The manifest-list entry describes the file.
    EXPECT_EQ(w.manifest.manifest_length, *(*io->OpenInput(path))->Size());
    ASSERT_TRUE(w.manifest.partitions);
    EXPECT_EQ(w.manifest.partitions->size(), o.spec.fields.size());
    int added = 0;
    for (const auto& e : w.entries) added += e.status == EntryStatus::kAdded;
    EXPECT_EQ(w.manifest.added_files_count, added);
    ++files;
  }
  EXPECT_EQ(files, 48);
}

// The partition field summaries: null and NaN flags, bounds in the partition type's order.
TEST(ManifestRoundTripTest, PartitionSummariesCoverEveryField) {
  TempDir dir;
  auto io = io::LocalFileIO();
  spec::Schema schema = AllTypesSchema();
  std::mt19937_64 rng(7);
  for (int round = 0; round < 30; ++round) {
    ManifestWriterOptions o;
    o.format_version = 2;
    o.schema = schema;
    o.spec = RandomSpec(rng, schema, 0);
    o.snapshot_id = 1;
    std::string path = dir.Join(fmt::format("s{}.avro", round));
    Written w = WriteRandomManifest(rng, *io, path, o, 40);
    auto ptype = *o.spec.PartitionType(schema);
    ASSERT_EQ(w.manifest.partitions->size(), ptype->fields().size());
    for (size_t i = 0; i < ptype->fields().size(); ++i) {
      const spec::Type& t = *ptype->fields()[i].type;
      bool has_null = false, has_nan = false;
      std::optional<spec::Literal> lo, hi;
      for (const auto& e : w.entries) {
        const spec::Literal& l = e.data_file.partition[i];
        if (l.is_null()) {
          has_null = true;
          continue;
        }
        if ((l.holds<float>() && std::isnan(l.get<float>())) ||
            (l.holds<double>() && std::isnan(l.get<double>()))) {
          has_nan = true;
          continue;
        }
        std::string b = *spec::ToBinary(t, l);
        (void)b;
        if (!lo) lo = hi = l;
      }
      const PartitionFieldSummary& s = (*w.manifest.partitions)[i];
      EXPECT_EQ(s.contains_null, has_null);
      EXPECT_EQ(s.contains_nan, has_nan);
      EXPECT_EQ(s.lower_bound.has_value(), lo.has_value());
      if (s.lower_bound && s.upper_bound) {
        // Every non-null, non-NaN value lies within the bounds (compared in the type's order).
        auto lower = spec::FromBinary(t, *s.lower_bound);
        auto upper = spec::FromBinary(t, *s.upper_bound);
        ASSERT_TRUE(lower.ok() && upper.ok());
        for (const auto& e : w.entries) {
          const spec::Literal& l = e.data_file.partition[i];
          if (l.is_null()) continue;
          if ((l.holds<float>() && std::isnan(l.get<float>())) ||
              (l.holds<double>() && std::isnan(l.get<double>())))
            continue;
          if (l.holds<int64_t>() || l.holds<int32_t>()) {
            int64_t x = l.holds<int64_t>() ? l.get<int64_t>() : l.get<int32_t>();
            int64_t a = lower->holds<int64_t>() ? lower->get<int64_t>() : lower->get<int32_t>();
            int64_t b = upper->holds<int64_t>() ? upper->get<int64_t>() : upper->get<int32_t>();
            EXPECT_LE(a, x);
            EXPECT_GE(b, x);
          }
          if (l.holds<std::string>()) {
            EXPECT_LE(lower->get<std::string>(), l.get<std::string>());
            EXPECT_GE(upper->get<std::string>(), l.get<std::string>());
          }
        }
      }
    }
  }
}

TEST(ManifestRoundTripTest, ManifestListsReadBackEqual) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::mt19937_64 rng(99);
  for (int v = 1; v <= 3; ++v) {
    for (const char* codec : {"null", "deflate", "snappy", "zstandard"}) {
      SCOPED_TRACE(fmt::format("v{} {}", v, codec));
      ManifestListWriterOptions o;
      o.format_version = v;
      o.snapshot_id = 77;
      o.parent_snapshot_id = v == 2 ? std::nullopt : std::optional<int64_t>(76);
      o.sequence_number = v == 1 ? 0 : 12;
      if (v == 3) o.first_row_id = 1000;
      o.codec.avro_codec = codec;
      std::string path = dir.Join(fmt::format("snap-{}-{}.avro", v, codec));
      auto w = ManifestListWriter::Open(*io->Create(path), o);
      ASSERT_OK(w);
      std::vector<ManifestFile> want;
      for (int i = 0; i < 20; ++i) {
        ManifestFile m;
        m.manifest_path = fmt::format("s3://b/t/metadata/{}-m{}.avro", rng() % 1000, i);
        m.manifest_length = static_cast<int64_t>(rng() % 100000);
        m.partition_spec_id = static_cast<int32_t>(rng() % 4);
        m.content = v >= 2 && i % 3 == 0 ? ManifestContent::kDeletes : ManifestContent::kData;
        m.sequence_number = i % 2 ? kUnassignedSequenceNumber : static_cast<int64_t>(rng() % 12);
        m.min_sequence_number = i % 2 ? kUnassignedSequenceNumber : m.sequence_number;
        m.added_snapshot_id = static_cast<int64_t>(rng() >> 1);
        m.added_files_count = static_cast<int32_t>(rng() % 100);
        m.existing_files_count = static_cast<int32_t>(rng() % 100);
        m.deleted_files_count = static_cast<int32_t>(rng() % 100);
        m.added_rows_count = static_cast<int64_t>(rng() % 100000);
        m.existing_rows_count = static_cast<int64_t>(rng() % 100000);
        m.deleted_rows_count = static_cast<int64_t>(rng() % 100000);
        if (i % 4 != 0) {
          m.partitions.emplace();
          for (int j = 0, n = static_cast<int>(rng() % 4); j < n; ++j) {
            PartitionFieldSummary s;
            s.contains_null = rng() % 2;
            s.contains_nan = rng() % 3 == 0 ? std::nullopt : std::optional<bool>(rng() % 2);
            if (rng() % 2) {
              s.lower_bound = std::string(1 + rng() % 30, 'a');
              s.upper_bound = std::string(1 + rng() % 300, 'z');
            }
            m.partitions->push_back(s);
          }
        }
        if (i == 5) m.key_metadata = std::string("\x00\x01key", 5);
        ASSERT_OK((*w)->Add(m));
        // What the reader gives back.
        if (v == 1) {
          m.sequence_number = 0;
          m.min_sequence_number = 0;
        } else {
          if (m.sequence_number == kUnassignedSequenceNumber) m.sequence_number = 12;
          if (m.min_sequence_number == kUnassignedSequenceNumber) m.min_sequence_number = 12;
        }
        want.push_back(m);
      }
      // v3: data manifests got consecutive row-id ranges.
      if (v == 3) {
        int64_t next = 1000;
        for (ManifestFile& m : want) {
          if (m.content != ManifestContent::kData) continue;
          m.first_row_id = next;
          next += *m.added_rows_count + *m.existing_rows_count;
        }
        EXPECT_EQ((*w)->next_row_id(), next);
      }
      ASSERT_OK((*w)->Close());
      auto got = ReadManifestList(*io, path);
      ASSERT_OK(got);
      EXPECT_EQ(got->metadata.format_version, v);
      EXPECT_EQ(got->metadata.snapshot_id, 77);
      EXPECT_EQ(got->metadata.parent_snapshot_id, o.parent_snapshot_id);
      if (v >= 2) {
        EXPECT_EQ(got->metadata.sequence_number, 12);
      }
      if (v == 3) {
        EXPECT_EQ(got->metadata.first_row_id, 1000);
      }
      ASSERT_EQ(got->manifests.size(), want.size());
      for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got->manifests[i], want[i]) << i;
    }
  }
}

// Writes a manifest whose entries are given as they should be on disk (nulls included).
std::string WriteRaw(TempDir& dir, const std::string& name, int v,
                     const std::vector<ManifestEntry>& entries) {
  auto io = io::LocalFileIO();
  ManifestWriterOptions o;
  o.format_version = v;
  o.schema = AllTypesSchema();
  o.spec.spec_id = 0;
  o.snapshot_id = 5;
  std::string path = dir.Join(name);
  auto w = ManifestWriter::Open(*io->Create(path), o);
  EXPECT_OK(w);
  for (const ManifestEntry& e : entries) {
    Status st = (*w)->Write(e);
    EXPECT_OK(st);
  }
  EXPECT_OK((*w)->Close());
  return path;
}

ManifestEntry Entry(EntryStatus status, std::optional<int64_t> snapshot, std::optional<int64_t> seq,
                    std::optional<int64_t> fseq, int64_t records,
                    std::optional<int64_t> first_row_id = std::nullopt) {
  ManifestEntry e;
  e.status = status;
  e.snapshot_id = snapshot;
  e.sequence_number = seq;
  e.file_sequence_number = fseq;
  e.data_file.file_path = fmt::format("data/f{}.parquet", records);
  e.data_file.file_format = "PARQUET";
  e.data_file.record_count = records;
  e.data_file.file_size_in_bytes = 100;
  e.data_file.first_row_id = first_row_id;
  return e;
}

TEST(ManifestInheritanceTest, AddedEntriesInheritFromTheManifestListEntry) {
  TempDir dir;
  std::string path =
      WriteRaw(dir, "m.avro", 3,
               {Entry(EntryStatus::kAdded, std::nullopt, std::nullopt, std::nullopt, 10),
                Entry(EntryStatus::kExisting, 3, 2, 1, 20, 500),
                Entry(EntryStatus::kAdded, std::nullopt, 4, std::nullopt, 30),
                Entry(EntryStatus::kDeleted, 9, 2, 2, 40),
                Entry(EntryStatus::kAdded, 8, std::nullopt, std::nullopt, 50)});
  ManifestFile mf;
  mf.manifest_path = path;
  mf.sequence_number = 7;
  mf.added_snapshot_id = 42;
  mf.first_row_id = 1000;
  auto io = io::LocalFileIO();
  auto entries = ReadManifestEntries(*io, mf);
  ASSERT_OK(entries);
  ASSERT_EQ(entries->size(), 5u);
  const auto& e = *entries;
  EXPECT_EQ(e[0].snapshot_id, 42);
  EXPECT_EQ(e[0].sequence_number, 7);
  EXPECT_EQ(e[0].file_sequence_number, 7);
  EXPECT_EQ(e[0].data_file.first_row_id, 1000);
  EXPECT_EQ(e[1].snapshot_id, 3);
  EXPECT_EQ(e[1].sequence_number, 2);
  EXPECT_EQ(e[1].file_sequence_number, 1);
  EXPECT_EQ(e[1].data_file.first_row_id, 500);  // kept
  EXPECT_EQ(e[2].sequence_number, 4);           // an explicit data sequence number stays
  EXPECT_EQ(e[2].file_sequence_number, 7);
  EXPECT_EQ(e[2].data_file.first_row_id, 1010);  // 1000 + 10 (entry 1 had its own)
  EXPECT_FALSE(e[3].data_file.first_row_id);     // DELETED entries take no row ids
  EXPECT_EQ(e[4].snapshot_id, 8);
  EXPECT_EQ(e[4].data_file.first_row_id, 1040);  // 1000 + 10 + 30
}

TEST(ManifestInheritanceTest, V1EntriesHaveSequenceNumberZero) {
  TempDir dir;
  std::string path =
      WriteRaw(dir, "v1.avro", 1, {Entry(EntryStatus::kAdded, 11, std::nullopt, std::nullopt, 1)});
  ManifestFile mf;
  mf.manifest_path = path;
  mf.added_snapshot_id = 11;
  auto io = io::LocalFileIO();
  auto entries = ReadManifestEntries(*io, mf);
  ASSERT_OK(entries);
  EXPECT_EQ((*entries)[0].snapshot_id, 11);
  EXPECT_EQ((*entries)[0].sequence_number, 0);
  EXPECT_EQ((*entries)[0].file_sequence_number, 0);
}

// A manifest with EXISTING/DELETED entries lacking their numbers: written through the Avro
// layer directly with the v2 schema, since floe's writer refuses to write them.
std::string WriteCorrupt(TempDir& dir, const std::string& name, int status, bool null_snapshot,
                         bool null_seq, bool null_fseq) {
  auto io = io::LocalFileIO();
  auto schema = ManifestEntrySchema(2, *spec::Type::Struct({}));
  EXPECT_OK(schema);
  std::string path = dir.Join(name);
  avro::ContainerWriterOptions co;
  co.metadata = {{"format-version", "2"}, {"content", "data"}};
  auto w = avro::ContainerWriter::Open(*io->Create(path), *schema, co);
  EXPECT_OK(w);
  avro::Encoder& e = (*w)->encoder();
  e.WriteInt(status);
  auto opt = [&](bool null, int64_t v) {
    if (null) {
      e.WriteLong(0);
    } else {
      e.WriteLong(1);
      e.WriteLong(v);
    }
  };
  opt(null_snapshot, 3);
  opt(null_seq, 4);
  opt(null_fseq, 5);
  e.WriteInt(0);
  e.WriteBytes("data/x.parquet");
  e.WriteBytes("PARQUET");
  e.WriteLong(10);
  e.WriteLong(100);
  for (int i = 0; i < 11; ++i)
    e.WriteLong(0);  // metrics, key_metadata, lists, sort order, ref: null
  EXPECT_OK((*w)->FinishRecord());
  EXPECT_OK((*w)->Close());
  return path;
}

TEST(ManifestInheritanceTest, ExistingOrDeletedWithNullsIsCorrupt) {
  TempDir dir;
  auto io = io::LocalFileIO();
  ManifestFile mf;
  mf.sequence_number = 7;
  mf.added_snapshot_id = 42;
  struct Case {
    int status;
    bool ns, nq, nf;
    bool corrupt;
  };
  std::vector<Case> cases = {{0, true, false, false, true},  {0, false, true, false, true},
                             {0, false, false, true, true},  {2, true, false, false, true},
                             {2, false, true, false, true},  {1, true, true, true, false},
                             {0, false, false, false, false}};
  int i = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(i);
    mf.manifest_path = WriteCorrupt(dir, fmt::format("c{}.avro", i++), c.status, c.ns, c.nq, c.nf);
    auto r = ReadManifestEntries(*io, mf);
    if (c.corrupt) {
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
      EXPECT_NE(r.error().message.find("data/x.parquet"), std::string::npos) << r.error().message;
      EXPECT_NE(r.error().message.find("null"), std::string::npos) << r.error().message;
    } else {
      ASSERT_OK(r);
    }
  }
}

TEST(ManifestInheritanceTest, TruncatedAndFlippedBytesAreCleanErrors) {
  TempDir dir;
  std::mt19937_64 rng(5);
  auto io = io::LocalFileIO();
  ManifestWriterOptions o;
  o.format_version = 2;
  o.schema = AllTypesSchema();
  o.spec = RandomSpec(rng, o.schema, 0);
  o.snapshot_id = 1;
  o.codec.avro_codec = "null";
  std::string path = dir.Join("good.avro");
  WriteRandomManifest(rng, *io, path, o, 20);
  std::string bytes = floe::testing::ReadFileToString(path);
  int errors = 0;
  for (int i = 0; i < 300; ++i) {
    std::string bad = bytes;
    if (i % 3 == 0) {
      bad.resize(rng() % bad.size());
    } else {
      for (int k = 0; k < 3; ++k) bad[rng() % bad.size()] ^= static_cast<char>(1 + rng() % 255);
    }
    std::string p = dir.Join(fmt::format("bad{}.avro", i));
    ASSERT_OK(io::WriteFile(*io, p, bad));
    auto file = io->OpenInput(p);
    ASSERT_OK(file);
    auto r = ManifestReader::Open(std::move(file).value());
    bool failed = !r.ok() || !(*r)->ReadAll().ok();
    if (failed) ++errors;  // errors are fine; crashes and hangs are not
  }
  EXPECT_GT(errors, 50);
}

TEST(ManifestWriterTest, RollingWriterStartsNewManifestsAtTheTargetSize) {
  TempDir dir;
  auto io = io::LocalFileIO();
  std::mt19937_64 rng(11);
  ManifestWriterOptions o;
  o.format_version = 2;
  o.schema = AllTypesSchema();
  o.spec = RandomSpec(rng, o.schema, 1);
  o.snapshot_id = 3;
  int n = 0;
  RollingManifestWriter w([&]() { return io->Create(dir.Join(fmt::format("r-m{}.avro", n++))); }, o,
                          32 * 1024);
  auto ptype = *o.spec.PartitionType(o.schema);
  std::vector<DataFile> files;
  for (int i = 0; i < 400; ++i) {
    files.push_back(RandomDataFile(rng, 2, *ptype, FileContent::kData));
    files.back().spec_id = 1;
    ASSERT_OK(w.WriteAdded(files.back()));
  }
  auto manifests = w.Close();
  ASSERT_OK(manifests);
  EXPECT_GE(manifests->size(), 3u);
  size_t k = 0;
  for (const ManifestFile& m : *manifests) {
    EXPECT_LT(m.manifest_length, 32 * 1024 + 70 * 1024);  // one block past the target at most
    EXPECT_EQ(m.sequence_number, kUnassignedSequenceNumber);
    auto entries = ReadManifestEntries(*io, m);
    ASSERT_OK(entries);
    EXPECT_EQ(static_cast<int32_t>(entries->size()), *m.added_files_count);
    for (const ManifestEntry& e : *entries) {
      ManifestEntry want;
      want.status = EntryStatus::kAdded;
      want.snapshot_id = 3;  // inherited from the list entry's added_snapshot_id
      want.sequence_number = kUnassignedSequenceNumber;
      want.file_sequence_number = kUnassignedSequenceNumber;
      want.data_file = files[k++];
      EXPECT_TRUE(SameEntry(e, want)) << Describe(e) << "\n" << Describe(want);
    }
  }
  EXPECT_EQ(k, files.size());
}

// The codec lands in the file header under its Avro name (never "zstd"); which table
// property values give which codec is update/manifest_properties_test.cc's.
TEST(ManifestWriterTest, CodecNameInTheFileHeader) {
  TempDir dir;
  auto io = io::LocalFileIO();
  ManifestWriterOptions o;
  o.schema = AllTypesSchema();
  o.snapshot_id = 1;
  o.codec = ManifestCodec{"zstandard", -1};
  std::string path = dir.Join("z.avro");
  auto w = ManifestWriter::Open(*io->Create(path), o);
  ASSERT_OK(w);
  ASSERT_OK((*w)->Close());
  auto reader = avro::ContainerReader::Open(*io->OpenInput(path));
  ASSERT_OK(reader);
  EXPECT_EQ((*reader)->codec(), "zstandard");
}

TEST(ManifestWriterTest, RefusesEntriesThatDoNotFit) {
  TempDir dir;
  auto io = io::LocalFileIO();
  ManifestWriterOptions o;
  o.schema = AllTypesSchema();
  o.spec.fields.push_back(
      {.source_id = 2, .field_id = 1000, .name = "c2", .transform = spec::Transform::Identity()});
  o.snapshot_id = 1;
  auto w = ManifestWriter::Open(*io->Create(dir.Join("x.avro")), o);
  ASSERT_OK(w);
  DataFile f;
  f.file_path = "a.parquet";
  f.file_format = "PARQUET";
  EXPECT_EQ((*w)->WriteAdded(f).error().kind, ErrorKind::kInvalidArgument);  // no partition value
  f.partition = {spec::Literal::String("not an int")};
  EXPECT_EQ((*w)->WriteAdded(f).error().kind, ErrorKind::kInvalidArgument);
  f.partition = {spec::Literal::Int(3)};
  f.content = FileContent::kPositionDeletes;
  EXPECT_EQ((*w)->WriteAdded(f).error().kind, ErrorKind::kInvalidArgument);  // a data manifest
  f.content = FileContent::kData;
  EXPECT_OK((*w)->WriteAdded(f));
  ManifestEntry existing;
  existing.data_file = f;
  EXPECT_EQ((*w)->WriteExisting(existing).error().kind, ErrorKind::kInvalidArgument);  // no numbers
  auto m = (*w)->Close();
  ASSERT_OK(m);
  EXPECT_EQ(m->added_files_count, 1);
  auto entries = ReadManifestEntries(*io, *m);
  ASSERT_OK(entries);
  EXPECT_EQ(entries->size(), 1u);
}

}  // namespace
}  // namespace floe::manifest
