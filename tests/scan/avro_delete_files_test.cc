// Position and equality delete files in Avro format (position_deletes.h, equality_deletes.h), as
// Spark writes them for a table whose default file format is Avro: written by floe's Avro writer
// and, independently, by Debian's python3-avro, applied in a table scan to Avro and to Parquet
// data files (a null equality key and an int key under the table's long included), with the
// scan's rows compared to rows computed here; damaged delete files end in a Corrupt error naming
// the delete file.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <set>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/format/avro/container_writer.h"
#include "floe/format/avro/json_default.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/scan/delete_filter.h"
#include "floe/scan/equality_deletes.h"
#include "floe/scan/position_deletes.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
// Named, not anonymous: the unity build compiles this file with other scan tests whose helpers
// have the same names.
namespace avro_delete_files_test {

namespace col = floe::columnar;

constexpr int kRows = 20;

// The data: id i, name null for every fifth row, else "n<i mod 4>".
std::optional<std::string> NameOf(int i) {
  if (i % 5 == 0) return std::nullopt;
  return fmt::format("n{}", i % 4);
}

// The deletes: positions 1 and 4 of the data file (and one of another file), names "n3" and
// null, ids 2 and 7.
const std::set<int64_t> kDeletedPositions = {1, 4};
const std::set<int64_t> kDeletedIds = {2, 7};

std::vector<std::string> ExpectedRows() {
  std::vector<std::string> rows;
  for (int i = 0; i < kRows; ++i) {
    std::optional<std::string> name = NameOf(i);
    if (kDeletedPositions.count(i) || kDeletedIds.count(i) || !name || *name == "n3") continue;
    rows.push_back(fmt::format(R"({}|"{}")", i, *name));
  }
  return rows;
}

constexpr std::string_view kDataSchema = R"({"type":"record","name":"r","fields":[
  {"name":"id","type":"long","field-id":1},
  {"name":"name","type":["null","string"],"default":null,"field-id":2}]})";

// Iceberg's position delete schema, with the optional `row` the spec allows (left null).
constexpr std::string_view kPositionDeleteSchema = R"({"type":"record","name":"pd","fields":[
  {"name":"file_path","type":"string","field-id":2147483546},
  {"name":"pos","type":"long","field-id":2147483545},
  {"name":"row","type":["null",{"type":"record","name":"r2","fields":[
      {"name":"id","type":"long","field-id":1}]}],"default":null,"field-id":2147483544}]})";

constexpr std::string_view kNameDeleteSchema = R"({"type":"record","name":"ed","fields":[
  {"name":"name","type":["null","string"],"default":null,"field-id":2}]})";

// Written when id was an int: read as the table's long.
constexpr std::string_view kIdDeleteSchema = R"({"type":"record","name":"ed","fields":[
  {"name":"id","type":"int","field-id":1}]})";

enum class Writer { kFloe, kPython };

// Writes `records` (JSON objects, unions unwrapped) as an Avro file; returns its size.
int64_t WriteAvro(const testing::TempDir& dir, Writer writer, const std::string& path,
                  std::string_view schema_json, const std::vector<std::string>& records) {
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  if (writer == Writer::kFloe) {
    auto schema = avro::Schema::Parse(schema_json);
    EXPECT_OK(schema);
    auto out = io->Create(path, true);
    EXPECT_OK(out);
    avro::ContainerWriterOptions options;
    options.block_size = 64;  // several blocks
    auto w = avro::ContainerWriter::Open(std::move(*out), *schema, options);
    EXPECT_OK(w);
    for (const std::string& r : records) {
      Status st = avro::EncodeJsonDefault((*schema)->root(), r, (*w)->encoder());
      EXPECT_OK(st) << r;
      EXPECT_OK((*w)->FinishRecord());
    }
    EXPECT_OK((*w)->Close());
  } else {
    const std::string schema_path = path + ".schema.json";
    const std::string records_path = path + ".records.json";
    std::ofstream(schema_path) << schema_json;
    {
      std::ofstream out(records_path);
      for (const std::string& r : records) out << r << "\n";
    }
    const std::string script = dir.Join("write_avro.py");
    std::ofstream(script) << R"(import sys, json, warnings
warnings.simplefilter("ignore")
import avro.schema, avro.datafile, avro.io
schema = avro.schema.parse(open(sys.argv[1]).read())
with open(sys.argv[3], "wb") as out:
  w = avro.datafile.DataFileWriter(out, avro.io.DatumWriter(), schema, codec="deflate")
  for line in open(sys.argv[2]):
    w.append(json.loads(line))
  w.close()
)";
    testing::CommandResult r = testing::RunCommand(
        "/usr/bin/python3 " + testing::ShellQuote(script) + " " + testing::ShellQuote(schema_path) +
        " " + testing::ShellQuote(records_path) + " " + testing::ShellQuote(path));
    EXPECT_EQ(r.exit_code, 0) << "python3-avro failed (is Debian's python3-avro installed?)\n"
                              << r.err;
  }
  auto input = io->OpenInput(path);
  EXPECT_OK(input);
  return input.ok() ? *(*input)->Size() : 0;
}

int64_t WriteParquetData(const std::string& path) {
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  auto schema = std::make_shared<col::Schema>(
      std::vector<col::Field>{col::Field("id", col::Int64(), false).WithFieldId(1),
                              col::Field("name", col::Utf8(), true).WithFieldId(2)});
  col::Int64Builder ids(col::Int64());
  col::BinaryBuilder names(col::Utf8());
  for (int i = 0; i < kRows; ++i) {
    EXPECT_OK(ids.Append(i));
    std::optional<std::string> name = NameOf(i);
    EXPECT_OK(name ? names.Append(*name) : names.AppendNull());
  }
  auto batch = col::RecordBatch::Make(schema, kRows, {*ids.Finish(), *names.Finish()});
  EXPECT_OK(batch);
  auto out = io->Create(path, true);
  EXPECT_OK(out);
  auto writer = parquet::ParquetWriter::Make(std::move(*out), schema);
  EXPECT_OK(writer);
  EXPECT_OK((*writer)->Write(*batch));
  EXPECT_OK((*writer)->Close());
  auto input = io->OpenInput(path);
  return *(*input)->Size();
}

std::vector<std::string> DataRecords() {
  std::vector<std::string> records;
  for (int i = 0; i < kRows; ++i) {
    std::optional<std::string> name = NameOf(i);
    records.push_back(fmt::format(R"({{"id":{},"name":{}}})", i,
                                  name ? "\"" + *name + "\"" : std::string("null")));
  }
  return records;
}

manifest::DataFile FileAt(std::string path, std::string format, int64_t size, int64_t records,
                          manifest::FileContent content) {
  manifest::DataFile f;
  f.content = content;
  f.file_path = std::move(path);
  f.file_format = std::move(format);
  f.file_size_in_bytes = size;
  f.record_count = records;
  return f;
}

std::unique_ptr<io::OutputFile> CreateFile(io::FileIO& io, const std::string& path) {
  auto out = io.Create(path, true);
  EXPECT_OK(out);
  return out.ok() ? std::move(*out) : nullptr;
}

spec::Schema TableSchema() {
  spec::Schema schema;
  schema.fields = {{1, "id", true, spec::Type::Long()}, {2, "name", false, spec::Type::String()}};
  return schema;
}

// The metadata of one snapshot (sequence number 2) holding `data` (data sequence number 1, so
// equality deletes apply to it) and `deletes`.
spec::TableMetadata MakeTable(const testing::TempDir& dir, const std::string& name,
                              const manifest::DataFile& data,
                              const std::vector<manifest::DataFile>& deletes) {
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  spec::Schema schema = TableSchema();
  spec::PartitionSpec spec;
  const std::string list_path = dir.Join(name + "-snap.avro");
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 2;
  list_options.sequence_number = 2;
  auto list = manifest::ManifestListWriter::Open(CreateFile(*io, list_path), list_options);
  EXPECT_OK(list);
  for (bool is_deletes : {false, true}) {
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 2;
    o.content = is_deletes ? manifest::ManifestContent::kDeletes : manifest::ManifestContent::kData;
    auto w = manifest::ManifestWriter::Open(
        CreateFile(*io, dir.Join(name + (is_deletes ? "-m1.avro" : "-m0.avro"))), o);
    EXPECT_OK(w);
    if (is_deletes) {
      for (const manifest::DataFile& d : deletes) EXPECT_OK((*w)->WriteAdded(d));
    } else {
      EXPECT_OK((*w)->WriteAdded(data, 1));
    }
    auto closed = (*w)->Close();
    EXPECT_OK(closed);
    EXPECT_OK((*list)->Add(*closed));
  }
  EXPECT_OK((*list)->Close());
  spec::TableMetadata metadata;
  metadata.format_version = 2;
  metadata.location = dir.path();
  metadata.schemas = {schema};
  metadata.partition_specs = {spec};
  metadata.last_column_id = 2;
  metadata.last_partition_id = 999;
  spec::Snapshot snapshot;
  snapshot.snapshot_id = 2;
  snapshot.sequence_number = 2;
  snapshot.manifest_list = list_path;
  metadata.snapshots = {snapshot};
  metadata.current_snapshot_id = 2;
  metadata.last_sequence_number = 2;
  return metadata;
}

struct Scanned {
  std::vector<std::string> rows;
  int64_t rows_deleted = 0;
  int64_t count = 0;
};

Result<Scanned> Scan(const spec::TableMetadata& metadata) {
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(*io, metadata, ScanOptions{}));
  TableReadOptions read;
  read.batch_size = 7;
  read.threads = 1;
  Scanned out;
  TableReadCallbacks callbacks;
  callbacks.on_batch = [&](const col::RecordBatch& batch) -> Status {
    for (int64_t r = 0; r < batch.num_rows(); ++r) {
      std::string row;
      for (int c = 0; c < batch.num_columns(); ++c) {
        if (c) row += "|";
        col::AppendJsonValue(*batch.column(c), r, &row, col::ValueTextOptions{});
      }
      out.rows.push_back(std::move(row));
    }
    return Ok();
  };
  FLOE_ASSIGN_OR_RETURN(TableReadReport report, ReadTable(*io, metadata, plan, read, callbacks));
  out.rows_deleted = report.rows_deleted;
  FLOE_ASSIGN_OR_RETURN(RowCount count, CountRows(*io, metadata, plan, 1));
  out.count = count.count;
  return out;
}

struct DeleteFiles {
  manifest::DataFile positions;
  manifest::DataFile names;
  manifest::DataFile ids;
};

DeleteFiles WriteDeletes(const testing::TempDir& dir, Writer writer, const std::string& prefix,
                         const std::string& data_path) {
  // Sorted by file_path then pos, as the spec asks; another data file's delete is not applied.
  std::vector<std::string> positions;
  std::vector<std::pair<std::string, int64_t>> rows = {{data_path, 1}, {data_path, 4}};
  rows.push_back({dir.Join("zzz-other.avro"), 0});
  for (const auto& [path, pos] : rows) {
    positions.push_back(fmt::format(R"({{"file_path":"{}","pos":{},"row":null}})", path, pos));
  }
  DeleteFiles out;
  const std::string pos_path = dir.Join(prefix + "-pos-deletes.avro");
  out.positions =
      FileAt(pos_path, "AVRO", WriteAvro(dir, writer, pos_path, kPositionDeleteSchema, positions),
             3, manifest::FileContent::kPositionDeletes);
  const std::string names_path = dir.Join(prefix + "-name-deletes.avro");
  out.names = FileAt(names_path, "AVRO",
                     WriteAvro(dir, writer, names_path, kNameDeleteSchema,
                               {R"({"name":"n3"})", R"({"name":null})"}),
                     2, manifest::FileContent::kEqualityDeletes);
  out.names.equality_ids = std::vector<int32_t>{2};
  const std::string ids_path = dir.Join(prefix + "-id-deletes.avro");
  out.ids =
      FileAt(ids_path, "AVRO",
             WriteAvro(dir, writer, ids_path, kIdDeleteSchema, {R"({"id":2})", R"({"id":7})"}), 2,
             manifest::FileContent::kEqualityDeletes);
  out.ids.equality_ids = std::vector<int32_t>{1};
  return out;
}

TEST(AvroDeleteFilesTest, PositionAndEqualityDeletesOnAvroAndParquetData) {
  testing::TempDir dir;
  for (Writer writer : {Writer::kFloe, Writer::kPython}) {
    for (std::string format : {"AVRO", "PARQUET"}) {
      const std::string prefix =
          fmt::format("{}-{}", writer == Writer::kFloe ? "floe" : "python", format);
      SCOPED_TRACE(prefix);
      const std::string data_path =
          dir.Join(prefix + (format == "AVRO" ? "-data.avro" : "-data.parquet"));
      const int64_t size =
          format == "AVRO" ? WriteAvro(dir, Writer::kFloe, data_path, kDataSchema, DataRecords())
                           : WriteParquetData(data_path);
      manifest::DataFile data =
          FileAt(data_path, format, size, kRows, manifest::FileContent::kData);
      DeleteFiles deletes = WriteDeletes(dir, writer, prefix, data_path);

      // Each delete file alone, then all three.
      struct Case {
        std::string name;
        std::vector<manifest::DataFile> files;
        std::function<bool(int)> deleted;
      };
      std::vector<Case> cases = {
          {"positions", {deletes.positions}, [](int i) { return kDeletedPositions.count(i) > 0; }},
          {"names", {deletes.names}, [](int i) { return !NameOf(i) || *NameOf(i) == "n3"; }},
          {"ids", {deletes.ids}, [](int i) { return kDeletedIds.count(i) > 0; }},
      };
      cases.push_back({"all", {deletes.positions, deletes.names, deletes.ids}, nullptr});
      for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        std::vector<std::string> expected;
        int64_t deleted = 0;
        if (c.deleted) {
          for (int i = 0; i < kRows; ++i) {
            if (c.deleted(i)) {
              ++deleted;
              continue;
            }
            std::optional<std::string> name = NameOf(i);
            expected.push_back(
                fmt::format(R"({}|{})", i, name ? "\"" + *name + "\"" : std::string("null")));
          }
        } else {
          expected = ExpectedRows();
          deleted = kRows - static_cast<int64_t>(expected.size());
        }
        spec::TableMetadata metadata = MakeTable(dir, prefix + "-" + c.name, data, c.files);
        auto scanned = Scan(metadata);
        ASSERT_OK(scanned);
        EXPECT_EQ(scanned->rows, expected);
        EXPECT_EQ(scanned->rows_deleted, deleted);
        EXPECT_EQ(scanned->count, static_cast<int64_t>(expected.size()));
      }
    }
  }
}

TEST(AvroDeleteFilesTest, ReadDirectly) {
  testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  DeleteFiles deletes = WriteDeletes(dir, Writer::kFloe, "direct", "a.parquet");
  auto by_path = ReadPositionDeleteFile(*io, deletes.positions);
  ASSERT_OK(by_path);
  ASSERT_EQ(by_path->size(), 2u);
  EXPECT_EQ(by_path->at("a.parquet").ToVector(), (std::vector<int64_t>{1, 4}));

  // Without field ids: found by the spec's names file_path and pos.
  const std::string noids = dir.Join("noids.avro");
  WriteAvro(dir, Writer::kFloe, noids, R"({"type":"record","name":"pd","fields":[
      {"name":"pos","type":"long"},{"name":"file_path","type":"string"}]})",
            {R"({"pos":9,"file_path":"b.parquet"})"});
  auto named = ReadPositionDeleteFile(
      *io, FileAt(noids, "avro", 0, 1, manifest::FileContent::kPositionDeletes));
  ASSERT_OK(named);
  EXPECT_EQ(named->at("b.parquet").ToVector(), std::vector<int64_t>{9});

  // Equality deletes need the table schema to type an Avro file's keys.
  spec::Schema schema = TableSchema();
  auto no_schema = EqualityDeleteSet::Read(*io, deletes.names);
  ASSERT_FALSE(no_schema.ok());
  EXPECT_EQ(no_schema.error().kind, ErrorKind::kInvalidArgument);
  auto names = EqualityDeleteSet::Read(*io, deletes.names, &schema);
  ASSERT_OK(names);
  EXPECT_EQ(names->size(), 2u);

  // A key column the file lacks is Corrupt, not read as nulls (which would delete null rows).
  manifest::DataFile wrong_key = deletes.names;
  wrong_key.equality_ids = std::vector<int32_t>{1};
  auto missing = EqualityDeleteSet::Read(*io, wrong_key, &schema);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(missing.error().message.find("equality delete file " + wrong_key.file_path),
            std::string::npos)
      << missing.error().message;
  // A position delete file without pos: Corrupt.
  const std::string nopos = dir.Join("nopos.avro");
  WriteAvro(dir, Writer::kFloe, nopos, R"({"type":"record","name":"pd","fields":[
      {"name":"file_path","type":"string","field-id":2147483546}]})",
            {R"({"file_path":"b.parquet"})"});
  auto no_pos = ReadPositionDeleteFile(
      *io, FileAt(nopos, "AVRO", 0, 1, manifest::FileContent::kPositionDeletes));
  ASSERT_FALSE(no_pos.ok());
  EXPECT_EQ(no_pos.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(no_pos.error().message.find("position delete file " + nopos), std::string::npos)
      << no_pos.error().message;

  // ORC stays unsupported, naming the file.
  manifest::DataFile orc = deletes.names;
  orc.file_format = "ORC";
  auto unsupported = EqualityDeleteSet::Read(*io, orc, &schema);
  ASSERT_FALSE(unsupported.ok());
  EXPECT_EQ(unsupported.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(unsupported.error().message.find(orc.file_path), std::string::npos);
}

// Every cut of a delete file and flipped bytes: a Corrupt error naming the delete file (or, for a
// cut at a block's end or a flip that still decodes, fewer or other rows), never a crash.
TEST(AvroDeleteFilesTest, DamagedDeleteFilesFailCleanly) {
  testing::TempDir dir;
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  DeleteFiles deletes = WriteDeletes(dir, Writer::kFloe, "damaged", "a.parquet");
  spec::Schema schema = TableSchema();
  for (const manifest::DataFile* file : {&deletes.positions, &deletes.names}) {
    SCOPED_TRACE(file->file_path);
    auto input = local->OpenInput(file->file_path);
    ASSERT_OK(input);
    std::string bytes(static_cast<size_t>(*(*input)->Size()), '\0');
    ASSERT_OK((*input)->ReadAt(0, static_cast<int64_t>(bytes.size()),
                               reinterpret_cast<uint8_t*>(bytes.data())));
    auto read = [&](const std::string& content) -> Status {
      io::MemoryFileIO io;
      auto out = io.Create(file->file_path, true);
      EXPECT_OK(out);
      EXPECT_OK((*out)->Write(content));
      EXPECT_OK((*out)->Close());
      manifest::DataFile damaged = *file;
      damaged.file_size_in_bytes = static_cast<int64_t>(content.size());
      if (damaged.content == manifest::FileContent::kPositionDeletes) {
        auto r = ReadPositionDeleteFile(io, damaged);
        return r.ok() ? Ok() : Status(std::move(r).error());
      }
      auto r = EqualityDeleteSet::Read(io, damaged, &schema);
      return r.ok() ? Ok() : Status(std::move(r).error());
    };
    auto check = [&](const Status& st, const std::string& what) {
      if (st.ok()) return;
      // A flip in the header's codec name is a codec floe does not know.
      const bool codec = st.error().kind == ErrorKind::kNotSupported &&
                         st.error().message.find("unknown Avro codec") != std::string::npos;
      if (!codec) {
        EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt) << what << ": " << st.error().message;
      }
      EXPECT_NE(st.error().message.find("delete file " + file->file_path), std::string::npos)
          << what << ": " << st.error().message;
    };
    int failures = 0;
    for (size_t cut = 0; cut < bytes.size(); ++cut) {
      Status st = read(bytes.substr(0, cut));
      failures += st.ok() ? 0 : 1;
      check(st, fmt::format("cut at {}", cut));
    }
    EXPECT_GT(failures, 0);
    for (size_t at = 0; at < bytes.size(); ++at) {
      std::string flipped = bytes;
      flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
      check(read(flipped), fmt::format("flip at {}", at));
    }
  }

  // Through a scan: the error names the delete file.
  const std::string data_path = dir.Join("data.avro");
  const int64_t size = WriteAvro(dir, Writer::kFloe, data_path, kDataSchema, DataRecords());
  manifest::DataFile data = FileAt(data_path, "AVRO", size, kRows, manifest::FileContent::kData);
  const std::string bad_path = dir.Join("bad-deletes.avro");
  {
    auto out = local->Create(bad_path, true);
    ASSERT_OK(out);
    ASSERT_OK((*out)->Write(std::string("Obj\x01 not an avro file")));
    ASSERT_OK((*out)->Close());
  }
  manifest::DataFile bad = FileAt(bad_path, "AVRO", 24, 1, manifest::FileContent::kPositionDeletes);
  auto scanned = Scan(MakeTable(dir, "bad", data, {bad}));
  ASSERT_FALSE(scanned.ok());
  EXPECT_EQ(scanned.error().kind, ErrorKind::kCorrupt) << scanned.error().message;
  EXPECT_NE(scanned.error().message.find(bad_path), std::string::npos) << scanned.error().message;
}

}  // namespace avro_delete_files_test
}  // namespace floe::scan
