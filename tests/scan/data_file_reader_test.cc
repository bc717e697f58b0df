#include "floe/scan/data_file_reader.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/commit/metadata_file.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/location_map.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/table/schema_conversion.h"
#include "scan/data_file_rows.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

namespace col = floe::columnar;

// ---- Tables of the corpus ----

struct LoadedTable {
  std::shared_ptr<io::FileIO> io;
  spec::TableMetadata metadata;
  std::vector<manifest::ManifestEntry> entries;  // live entries of the current snapshot
};

// Paths inside the duckdb-iceberg tables are relative to that folder.
LoadedTable LoadTable(const std::string& folder) {
  const std::string base = testing::CorpusPath("duckdb-iceberg");
  auto map = io::LocationMap::Make({}, base);
  EXPECT_OK(map);
  LoadedTable t;
  t.io = io::RemappedFileIO(io::LocalFileIO(), *map);
  auto location = commit::FindCurrentMetadataFile(*t.io, base + "/data/persistent/" + folder);
  EXPECT_OK(location);
  auto metadata = commit::ReadMetadataFile(*t.io, *location);
  EXPECT_OK(metadata);
  t.metadata = std::move(*metadata);
  const spec::Snapshot* snapshot = t.metadata.CurrentSnapshot();
  EXPECT_NE(snapshot, nullptr);
  auto list = manifest::ReadSnapshotManifests(*t.io, t.metadata, *snapshot);
  EXPECT_OK(list);
  auto entries = manifest::ReadLiveEntries(*t.io, t.metadata, *list);
  EXPECT_OK(entries);
  t.entries = std::move(*entries);
  return t;
}

// Every data file of the table read into `projected` (the current schema by default), rows
// sorted.
std::vector<std::string> ReadTable(const LoadedTable& t,
                                   std::optional<spec::Schema> projected = std::nullopt) {
  std::vector<std::string> rows;
  std::optional<spec::NameMapping> mapping;
  auto property = t.metadata.properties.find(std::string(spec::kNameMappingProperty));
  if (property != t.metadata.properties.end()) {
    auto parsed = spec::NameMapping::Parse(property->second);
    EXPECT_OK(parsed);
    mapping = *parsed;
  }
  for (const manifest::ManifestEntry& e : t.entries) {
    if (e.data_file.content != manifest::FileContent::kData) continue;
    DataFileReadOptions options;
    options.projected_schema = projected ? *projected : *t.metadata.CurrentSchema();
    options.spec = t.metadata.SpecById(e.data_file.spec_id);
    options.name_mapping = mapping;
    auto read = ReadAll(*t.io, e.data_file, options);
    EXPECT_OK(read);
    if (!read.ok()) continue;
    rows.insert(rows.end(), read->rows.begin(), read->rows.end());
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// The table's current schema without the fields named `drop`.
spec::Schema Without(const spec::Schema& schema, const std::vector<std::string>& drop) {
  spec::Schema out = schema;
  out.fields.clear();
  for (const spec::NestedField& f : schema.fields) {
    if (std::find(drop.begin(), drop.end(), f.name) == drop.end()) out.fields.push_back(f);
  }
  return out;
}

// initial_default_all_types.test: col1 was written, every other column was added later with an
// initial-default; the second file has the added columns' values. (DuckDB shows timestamptz in
// Europe/Amsterdam: 16:30:45+02 is 14:30:45 UTC.) The query leaves col1 and col_uuid out.
TEST(DataFileReaderTest, AddedColumnsReadAsTheirInitialDefaults) {
  LoadedTable t = LoadTable("add_columns_with_defaults/default.db/add_columns_with_defaults");
  std::vector<std::string> rows =
      ReadTable(t, Without(*t.metadata.CurrentSchema(), {"col1", "col_uuid"}));
  const std::string defaults =
      "true|342342|-9223372036854775808|0.34234|0.342343242342342|\"12345.00\"|\"2003-10-20\"|"
      "\"00:00:00.012345\"|\"1970-01-01T00:00:00.012345\"|\"1970-01-01T00:00:00.012345+00:00\"|"
      "\"HELLO\"|\"010203ff03\"|\"0102\"";
  const std::vector<std::string> expected = {
      "false|453243|328725092345834|23.34342|23.343424523423433|\"3423434.23\"|\"0011-03-05\"|"
      "\"12:06:45.000000\"|\"0011-03-05T12:06:45.000000\"|\"2023-05-15T14:30:45.000000+00:00\"|"
      "\"World\"|\"8000800080\"|\"800080\"",
      defaults, defaults};
  EXPECT_EQ(rows, expected);

  // The uuid default too, on the rows of the file written before the column was added.
  spec::Schema uuid_only = t.metadata.CurrentSchema()->fields.empty()
                               ? spec::Schema()
                               : Without(*t.metadata.CurrentSchema(), {});
  uuid_only.fields.clear();
  uuid_only.fields.push_back(*t.metadata.CurrentSchema()->FindFieldByName("col_uuid"));
  std::vector<std::string> uuids = ReadTable(t, uuid_only);
  ASSERT_EQ(uuids.size(), 3u);
  EXPECT_EQ(std::count(uuids.begin(), uuids.end(), "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\""), 2);
}

// initial_default_in_struct_all_types.test: the children added to struct `a` later read as their
// defaults; the first file holds them (nulls for timestamptz, uuid and fixed).
TEST(DataFileReaderTest, ChildrenAddedToAStructReadAsTheirDefaults) {
  LoadedTable t = LoadTable(
      "add_columns_with_defaults_in_struct/default.db/add_columns_with_defaults_in_struct");
  std::vector<std::string> rows = ReadTable(t);
  ASSERT_EQ(rows.size(), 2u);
  const std::vector<std::string> expected = {
      R"({"col1":"test","col_boolean":false,"col_integer":453243,"col_long":328725092345834,)"
      R"("col_float":23.34342,"col_double":23.343424523423433,"col_decimal":"3423434.23",)"
      R"("col_date":"0011-03-05","col_time":"12:06:45.000000",)"
      R"("col_timestamp":"0011-03-05T12:06:45.000000","col_timestamptz":null,)"
      R"("col_string":"World","col_uuid":null,"col_fixed":null,"col_binary":"800080"})",
      R"({"col1":"test","col_boolean":true,"col_integer":342342,)"
      R"("col_long":-9223372036854775808,"col_float":0.34234,"col_double":0.342343242342342,)"
      R"("col_decimal":"12345.00","col_date":"2003-10-20","col_time":"00:00:00.012345",)"
      R"("col_timestamp":"1970-01-01T00:00:00.012345",)"
      R"("col_timestamptz":"1970-01-01T00:00:00.012345+00:00","col_string":"HELLO",)"
      R"("col_uuid":"f79c3e09-677c-4bbd-a479-3f349cb785e7","col_fixed":"010203ff03",)"
      R"("col_binary":"0102"})"};
  EXPECT_EQ(rows, expected);
}

// column_mapping.test: a file added without field ids, read through the table's name mapping
// (a map, a list and a struct included).
TEST(DataFileReaderTest, FilesWithoutIdsReadThroughTheNameMapping) {
  LoadedTable t = LoadTable("column_mapping/warehouse/default.db/my_table");
  std::vector<std::string> rows = ReadTable(t);
  const std::vector<std::string> expected = {
      R"(1|"Alice"|25|[{"key":"height","value":"5.5"},{"key":"weight","value":"130"}]|[85,90]|)"
      R"({"email":"alice@example.com","verified":true})",
      R"(2|"Bob"|30|[{"key":"height","value":"6.0"},{"key":"weight","value":"180"}]|[78,82,88]|)"
      R"({"email":"bob@example.com","verified":false})",
      R"(3|"Charlie"|35|[{"key":"height","value":"5.8"},{"key":"weight","value":"160"}]|[92]|)"
      R"({"email":"charlie@example.com","verified":true})"};
  EXPECT_EQ(rows, expected);

  // Without the mapping, Java's fallback ids: the top-level columns by position (ids 1..6, the
  // table's order here); the struct's fields have no id then, so they read as null.
  const manifest::DataFile& file = t.entries.at(0).data_file;
  DataFileReadOptions options;
  options.projected_schema = *t.metadata.CurrentSchema();
  auto read = ReadAll(*t.io, file, options);
  ASSERT_OK(read);
  std::vector<std::string> by_position = expected;
  for (std::string& row : by_position) {
    row = row.substr(0, row.rfind("|{")) + R"(|{"email":null,"verified":null})";
  }
  EXPECT_EQ(read->rows, by_position);
}

// case_sensitive_names.test: two columns whose names differ only in case are told apart by id.
TEST(DataFileReaderTest, ColumnsDifferingOnlyInCase) {
  LoadedTable t = LoadTable("case_sensitive_names/default.db/case_sensitive_names");
  EXPECT_EQ(ReadTable(t),
            (std::vector<std::string>{"1|\"user_1\"", "2|\"user_2\"", "3|\"user_3\""}));
}

// identity_integer.test: DuckDB wrote the files (hive style) under Spark metadata.
TEST(DataFileReaderTest, IdentityPartitionTable) {
  LoadedTable t = LoadTable("partition_integer");
  EXPECT_EQ(ReadTable(t),
            (std::vector<std::string>{"1337|67890|\"purchase\"", "42|12345|\"click\""}));
}

// column_mapping_delete.test: a DuckDB-written file without ids under a table whose name mapping
// changes from version to version; the snapshot that replaced it wrote a file with ids, which win
// over the mapping.
struct MappingCase {
  const char* version;
  int64_t snapshot_id;
  int32_t schema_id;
  int64_t a_nulls;  // -1: reading fails (a is required and unmapped)
  int64_t b_nulls;
};

TEST(DataFileReaderTest, NameMappingVersions) {
  const std::string base = testing::CorpusPath("duckdb-iceberg");
  auto map = io::LocationMap::Make({}, base);
  ASSERT_OK(map);
  auto io = io::RemappedFileIO(io::LocalFileIO(), *map);
  const std::vector<MappingCase> cases = {
      {"v3", 6597550917742534971, 0, 0, 0},         // a → 1, b → 2
      {"v3.1", 6597550917742534971, 0, 0, 10000},   // b unmapped
      {"v3.2", 6597550917742534971, 0, -1, 10000},  // nothing mapped: a required is missing
      {"v4", 6597550917742534971, 0, 0, 0},         // b dropped from the schema, still mapped
      {"v4.1", 6597550917742534971, 0, 0, 10000},   // b dropped from both
      {"v7", 2651609110244230974, 2, 0, 10000},     // b re-added as id 3; the file's b is id 2
  };
  for (const MappingCase& c : cases) {
    SCOPED_TRACE(c.version);
    auto metadata = commit::ReadMetadataFile(
        *io, base + "/data/persistent/name_mapping/warehouse_1/mydb/t1/metadata/" + c.version +
                 ".metadata.json");
    ASSERT_OK(metadata);
    std::optional<spec::NameMapping> mapping;
    auto property = metadata->properties.find(std::string(spec::kNameMappingProperty));
    if (property != metadata->properties.end()) {
      auto parsed = spec::NameMapping::Parse(property->second);
      ASSERT_OK(parsed);
      mapping = *parsed;
    }
    const spec::Snapshot* snapshot = metadata->SnapshotById(c.snapshot_id);
    ASSERT_NE(snapshot, nullptr);
    auto list = manifest::ReadSnapshotManifests(*io, *metadata, *snapshot);
    ASSERT_OK(list);
    auto entries = manifest::ReadLiveEntries(*io, *metadata, *list);
    ASSERT_OK(entries);
    ASSERT_EQ(entries->size(), 1u);
    DataFileReadOptions options;
    options.projected_schema = *metadata->SchemaById(c.schema_id);
    options.name_mapping = mapping;
    auto reader = DataFileReader::Open(*io, entries->front().data_file, options);
    if (c.a_nulls < 0) {
      ASSERT_FALSE(reader.ok());
      EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
      EXPECT_NE(reader.error().message.find("field a (id 1)"), std::string::npos)
          << reader.error().message;
      continue;
    }
    ASSERT_OK(reader);
    int64_t rows = 0, a_nulls = 0, b_nulls = 0;
    while (true) {
      auto batch = (*reader)->Next();
      ASSERT_OK(batch);
      if (!*batch) break;
      rows += (*batch)->num_rows();
      a_nulls += (*batch)->column(0)->null_count;
      b_nulls += (*batch)->column(1)->null_count;
    }
    EXPECT_EQ(rows, 10000);
    EXPECT_EQ(a_nulls, c.a_nulls);
    EXPECT_EQ(b_nulls, c.b_nulls);
  }
}

// ---- A file written here: ids 1, 2, 3 in three row groups of 10 rows, pages of 5 ----

class SyntheticFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    spec::Schema written;
    written.fields = {{1, "id", true, spec::Type::Int()},
                      {2, "name", false, spec::Type::String()},
                      {3, "score", false, spec::Type::Double()}};
    auto schema = table::ToColumnarSchema(written);
    ASSERT_OK(schema);
    col::Int32Builder ids(col::Int32());
    col::BinaryBuilder names(col::Utf8());
    col::PrimitiveBuilder<double> scores(col::Float64());
    for (int i = 0; i < 30; ++i) {
      ASSERT_OK(ids.Append(i));
      ASSERT_OK(names.Append("n" + std::to_string(i)));
      ASSERT_OK(scores.Append(i * 0.5));
    }
    auto batch =
        col::RecordBatch::Make(*schema, 30, {*ids.Finish(), *names.Finish(), *scores.Finish()});
    ASSERT_OK(batch);
    auto out = io_.Create("mem://t/data/f.parquet");
    ASSERT_OK(out);
    parquet::ParquetWriterOptions options;
    options.row_group_rows = 10;
    options.columns.page_row_limit = 5;  // two pages per row group, in the page index
    auto writer = parquet::ParquetWriter::Make(std::move(*out), *schema, options);
    ASSERT_OK(writer);
    ASSERT_OK((*writer)->Write(*batch));
    auto metrics = (*writer)->Close();
    ASSERT_OK(metrics);
    ASSERT_EQ(metrics->split_offsets.size(), 3u);
    file_.file_path = "mem://t/data/f.parquet";
    file_.file_format = "PARQUET";
    file_.record_count = 30;
    file_.file_size_in_bytes = metrics->file_size;
    file_.partition = {spec::Literal::String("eu")};
    spec_.spec_id = 0;
    spec_.fields = {{5, {}, 1000, "region", spec::Transform::Identity()}};
  }

  // The table today: 1 promoted to long, 2 renamed, 3 dropped, 4 added with a default, 5 the
  // identity partition source the file lacks, 6 added without a default.
  spec::Schema Evolved() const {
    spec::Schema s;
    spec::NestedField added{4, "added", false, spec::Type::Int()};
    added.initial_default = "7";
    s.fields = {{1, "id", true, spec::Type::Long()},
                {2, "label", false, spec::Type::String()},
                added,
                {5, "region", false, spec::Type::String()},
                {6, "nothing", false, spec::Type::Double()}};
    return s;
  }

  DataFileReadOptions Options() const {
    DataFileReadOptions o;
    o.projected_schema = Evolved();
    o.spec = &spec_;
    return o;
  }

  static std::string Row(int i) {
    return std::to_string(i) + "|\"n" + std::to_string(i) + "\"|7|\"eu\"|null";
  }

  io::MemoryFileIO io_;
  manifest::DataFile file_;
  spec::PartitionSpec spec_;
};

TEST_F(SyntheticFileTest, ResolvesRenamesDropsDefaultsPartitionValuesAndPromotions) {
  auto reader = DataFileReader::Open(io_, file_, Options());
  ASSERT_OK(reader);
  const col::Schema& schema = *(*reader)->schema();
  ASSERT_EQ(schema.num_fields(), 5);
  EXPECT_EQ(schema.field(0).type->id(), col::TypeId::kInt64);
  EXPECT_EQ(schema.field(1).name, "label");
  EXPECT_EQ(schema.field(1).field_id(), 2);
  auto read = ReadAll(io_, file_, Options());
  ASSERT_OK(read);
  ASSERT_EQ(read->rows.size(), 30u);
  for (int i = 0; i < 30; ++i) EXPECT_EQ(read->rows[static_cast<size_t>(i)], Row(i));
}

TEST_F(SyntheticFileTest, RowPositionsCountSkippedRowGroups) {
  DataFileReadOptions options = Options();
  options.with_row_positions = true;
  options.batch_size = 4;
  options.filter = testing::FilterOf("id < 10 or id >= 20");  // the middle row group cannot match
  auto read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->report.row_groups, 3);
  EXPECT_EQ(read->report.row_groups_skipped, 1);
  std::vector<std::string> expected;
  for (int i = 0; i < 30; ++i) {
    if (i < 10 || i >= 20) expected.push_back(Row(i) + "|" + std::to_string(i));
  }
  EXPECT_EQ(read->rows, expected);
  // Batches never span row groups: 4 + 4 + 2 per group.
  EXPECT_EQ(read->batch_sizes, (std::vector<int64_t>{4, 4, 2, 4, 4, 2}));

  // A filter on the renamed column binds to the file's column under the table's name.
  options.filter = testing::FilterOf("label = 'zzz'");
  read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->report.row_groups_skipped, 3);
  EXPECT_TRUE(read->rows.empty());

  // A filter on a column the file lacks prunes nothing (the caller filters the rows).
  options.filter = testing::FilterOf("added = 8");
  read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->report.row_groups_skipped, 0);
  EXPECT_EQ(read->rows.size(), 30u);

  // Its other predicates still prune, NOT pushed down first.
  for (const char* filter : {"id >= 20 and added = 8", "not (id < 20 or added = 7)",
                             "id >= 20 and (added = 8 or label = 'n25')"}) {
    SCOPED_TRACE(filter);
    options.filter = testing::FilterOf(filter);
    read = ReadAll(io_, file_, options);
    ASSERT_OK(read);
    EXPECT_EQ(read->report.row_groups_skipped, 2);
    EXPECT_EQ(read->rows.size(), 10u);
  }
  options.filter = testing::FilterOf("id >= 20 or added = 8");
  read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->report.row_groups_skipped, 0);

  // A filter that does not bind to the projected schema is the caller's error.
  options.filter = testing::FilterOf("nosuch = 1");
  auto reader = DataFileReader::Open(io_, file_, options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kInvalidArgument);
}

TEST_F(SyntheticFileTest, PageIndexDropsRowsAndKeepsTheirPositions) {
  DataFileReadOptions options = Options();
  options.with_row_positions = true;
  options.batch_size = 4;
  options.filter = testing::FilterOf("id = 13");  // row group 1, its first page
  auto read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->report.row_groups_skipped, 2);
  EXPECT_EQ(read->report.rows_skipped_by_page_index, 5);
  std::vector<std::string> expected;
  for (int i = 10; i < 15; ++i) expected.push_back(Row(i) + "|" + std::to_string(i));
  EXPECT_EQ(read->rows, expected);
  // Batches of 4 decoded from row 10: [10, 14) kept whole, [14, 18) cut to row 14.
  EXPECT_EQ(read->batch_sizes, (std::vector<int64_t>{4, 1}));
}

// filter_rows: the reader drops non-matching rows itself only where that is exact — a filter on
// columns the file has with the table's types (the renamed string, the double); a promoted column
// (int in the file, long in the table), a column the file lacks, or row positions leave the rows
// to the caller, and filters_rows() says which.
TEST_F(SyntheticFileTest, FilterRowsOnlyWhereTheFileColumnsMeanTheSame) {
  struct Case {
    const char* filter;
    bool with_positions;
    bool filters;
    std::vector<int> rows;  // expected ids when the reader filters
  };
  const std::vector<Case> cases = {
      {"label = 'n3' or label = 'n28'", false, true, {3, 28}},
      {"label in ('n1', 'n12', 'n25') and label != 'n12'", false, true, {1, 25}},
      {"id = 13", false, false, {}},      // id is int in the file, long in the table
      {"added = 7", false, false, {}},    // not in the file: its default
      {"label = 'n3'", true, false, {}},  // positions must count every row
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.filter);
    DataFileReadOptions options = Options();
    options.filter = testing::FilterOf(c.filter);
    options.filter_rows = true;
    options.with_row_positions = c.with_positions;
    options.batch_size = 4;
    auto reader = DataFileReader::Open(io_, file_, options);
    ASSERT_OK(reader);
    EXPECT_EQ((*reader)->filters_rows(), c.filters);
    auto read = ReadAll(io_, file_, options);
    ASSERT_OK(read);
    if (!c.filters) continue;  // pruned only: covered by the tests above
    std::vector<std::string> expected;
    for (int i : c.rows) expected.push_back(Row(i));
    EXPECT_EQ(read->rows, expected);
    EXPECT_EQ(read->report.rows_read,
              30 - read->report.rows_skipped_by_page_index - 10 * read->report.row_groups_skipped);
  }
}

TEST_F(SyntheticFileTest, OnlyConstantsStillCountTheRows) {
  DataFileReadOptions options = Options();
  spec::Schema s = Evolved();
  s.fields = {s.fields[2], s.fields[3]};  // added, region
  options.projected_schema = s;
  options.with_row_positions = true;
  options.batch_size = 7;
  auto read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  ASSERT_EQ(read->rows.size(), 30u);
  for (int i = 0; i < 30; ++i) {
    EXPECT_EQ(read->rows[static_cast<size_t>(i)], "7|\"eu\"|" + std::to_string(i));
  }
  EXPECT_EQ(read->batch_sizes, (std::vector<int64_t>{7, 3, 7, 3, 7, 3}));
}

TEST_F(SyntheticFileTest, NullIdentityPartitionValueWinsOverTheDefault) {
  DataFileReadOptions options = Options();
  options.projected_schema.fields[3].initial_default = "\"us\"";
  file_.partition = {spec::Literal::Null()};
  auto read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows.front(), "0|\"n0\"|7|null|null");
  // Without the spec, the default applies.
  options.spec = nullptr;
  read = ReadAll(io_, file_, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows.front(), "0|\"n0\"|7|\"us\"|null");
}

TEST_F(SyntheticFileTest, Errors) {
  // A required field the file lacks, without a default.
  DataFileReadOptions options = Options();
  options.projected_schema.fields.push_back({7, "must", true, spec::Type::Int()});
  auto reader = DataFileReader::Open(io_, file_, options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find("must"), std::string::npos) << reader.error().message;
  EXPECT_NE(reader.error().message.find("f.parquet"), std::string::npos);

  // A type the file's column cannot be read as.
  options = Options();
  options.projected_schema.fields[1].type = spec::Type::Int();
  reader = DataFileReader::Open(io_, file_, options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt) << reader.error().message;

  // An initial-default that is not a value of the field's type.
  options = Options();
  options.projected_schema.fields[2].initial_default = "\"seven\"";
  reader = DataFileReader::Open(io_, file_, options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt) << reader.error().message;
  EXPECT_NE(reader.error().message.find("added (id 4)"), std::string::npos)
      << reader.error().message;

  // Formats other than Parquet and Avro (avro_data_file_reader_test.cc reads Avro files); a
  // Parquet file listed as Avro is a corrupt Avro file.
  manifest::DataFile orc = file_;
  orc.file_format = "ORC";
  reader = DataFileReader::Open(io_, orc, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(reader.error().message.find("ORC"), std::string::npos);
  manifest::DataFile avro = file_;
  avro.file_format = "AVRO";
  reader = DataFileReader::Open(io_, avro, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find("f.parquet"), std::string::npos) << reader.error().message;

  // A missing file.
  manifest::DataFile missing = file_;
  missing.file_path = "mem://t/data/gone.parquet";
  reader = DataFileReader::Open(io_, missing, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kNotFound) << reader.error().message;
  EXPECT_NE(reader.error().message.find("gone.parquet"), std::string::npos);
  // The same on the local file system, with the size the manifest gives.
  testing::TempDir dir;
  missing.file_path = dir.Join("gone.parquet");
  reader = DataFileReader::Open(*io::LocalFileIO(), missing, Options());
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kNotFound) << reader.error().message;
  EXPECT_NE(reader.error().message.find("gone.parquet"), std::string::npos);
}

// A list of structs read whole: the struct field the table dropped is cut away, the one it added
// reads as null, the promoted one is widened.
TEST(DataFileReaderListTest, FieldsDroppedAndAddedInsideListElements) {
  auto element_of = [](std::vector<spec::NestedField> fields) {
    return spec::Type::List({5, "element", false, spec::Type::Struct(std::move(fields))});
  };
  spec::Schema written;
  written.fields = {
      {1, "id", true, spec::Type::Int()},
      {2, "items", false,
       element_of({{3, "a", false, spec::Type::Int()}, {4, "b", false, spec::Type::String()}})}};
  auto schema = table::ToColumnarSchema(written);
  ASSERT_OK(schema);
  col::Int32Builder ids(col::Int32());
  auto items = col::MakeBuilder((*schema)->field(1).type);
  ASSERT_OK(items);
  auto* list = static_cast<col::ListBuilder*>(items->get());
  auto* element = static_cast<col::StructBuilder*>(list->value_builder());
  for (int i = 0; i < 3; ++i) {
    ASSERT_OK(ids.Append(i));
    ASSERT_OK(list->Append());
    for (int j = 0; j <= i; ++j) {
      ASSERT_OK(element->Append());
      ASSERT_OK(static_cast<col::Int32Builder*>(element->child(0))->Append(10 * i + j));
      ASSERT_OK(static_cast<col::BinaryBuilder*>(element->child(1))->Append("x"));
    }
  }
  auto batch = col::RecordBatch::Make(*schema, 3, {*ids.Finish(), *(*items)->Finish()});
  ASSERT_OK(batch);
  io::MemoryFileIO io;
  auto out = io.Create("mem://t/list.parquet");
  ASSERT_OK(out);
  auto writer = parquet::ParquetWriter::Make(std::move(*out), *schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  ASSERT_OK((*writer)->Close());

  spec::Schema evolved;
  evolved.fields = {
      {1, "id", true, spec::Type::Int()},
      {2, "items", false,
       element_of({{3, "a", false, spec::Type::Long()}, {6, "c", false, spec::Type::Double()}})}};
  manifest::DataFile file;
  file.file_path = "mem://t/list.parquet";
  file.file_format = "PARQUET";
  DataFileReadOptions options;
  options.projected_schema = evolved;
  auto read = ReadAll(io, file, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows, (std::vector<std::string>{
                            R"(0|[{"a":0,"c":null}])", R"(1|[{"a":10,"c":null},{"a":11,"c":null}])",
                            R"(2|[{"a":20,"c":null},{"a":21,"c":null},{"a":22,"c":null}])"}));
}

// float→double and decimal precision widening; a struct added with the default {} reads as a
// struct of its children's defaults, one added without a default as null.
TEST(DataFileReaderPromotionTest, PromotionsAndStructDefaults) {
  spec::Schema written;
  written.fields = {{1, "f", false, spec::Type::Float()},
                    {2, "d", false, spec::Type::Decimal(5, 2)}};
  auto schema = table::ToColumnarSchema(written);
  ASSERT_OK(schema);
  col::FloatBuilder floats(col::Float32());
  col::Decimal128Builder decimals((*schema)->field(1).type);
  ASSERT_OK(floats.Append(1.5f));
  ASSERT_OK(floats.Append(-0.25f));
  ASSERT_OK(floats.AppendNull());
  for (int64_t v : {12345, -1, 99999}) ASSERT_OK(decimals.AppendInt64(v));
  auto batch = col::RecordBatch::Make(*schema, 3, {*floats.Finish(), *decimals.Finish()});
  ASSERT_OK(batch);
  io::MemoryFileIO io;
  auto out = io.Create("mem://t/p.parquet");
  ASSERT_OK(out);
  auto writer = parquet::ParquetWriter::Make(std::move(*out), *schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  ASSERT_OK((*writer)->Close());

  // A timestamp without zone (as Spark's INT96 reads) for a timestamptz field: UTC instants.
  {
    spec::Schema naive;
    naive.fields = {{11, "ts", false, spec::Type::Timestamp()}};
    auto ts_schema = table::ToColumnarSchema(naive);
    ASSERT_OK(ts_schema);
    col::Int64Builder ts((*ts_schema)->field(0).type);
    ASSERT_OK(ts.Append(1000000));
    auto ts_batch = col::RecordBatch::Make(*ts_schema, 1, {*ts.Finish()});
    ASSERT_OK(ts_batch);
    auto ts_out = io.Create("mem://t/ts.parquet");
    ASSERT_OK(ts_out);
    auto ts_writer = parquet::ParquetWriter::Make(std::move(*ts_out), *ts_schema);
    ASSERT_OK(ts_writer);
    ASSERT_OK((*ts_writer)->Write(*ts_batch));
    ASSERT_OK((*ts_writer)->Close());
    manifest::DataFile ts_file;
    ts_file.file_path = "mem://t/ts.parquet";
    DataFileReadOptions ts_options;
    ts_options.projected_schema.fields = {{11, "ts", false, spec::Type::TimestampTz()}};
    auto ts_read = ReadAll(io, ts_file, ts_options);
    ASSERT_OK(ts_read);
    EXPECT_EQ(ts_read->rows, std::vector<std::string>{R"("1970-01-01T00:00:01.000000+00:00")"});
  }

  spec::NestedField x{8, "x", false, spec::Type::Int()};
  x.initial_default = "5";
  spec::NestedField st{7, "st", false,
                       spec::Type::Struct({x, {9, "y", false, spec::Type::String()}})};
  st.initial_default = "{}";
  spec::NestedField none{10, "none", false, spec::Type::Struct({x})};
  spec::Schema evolved;
  evolved.fields = {
      {1, "f", false, spec::Type::Double()}, {2, "d", false, spec::Type::Decimal(12, 2)}, st, none};
  manifest::DataFile file;
  file.file_path = "mem://t/p.parquet";
  file.file_format = "parquet";
  DataFileReadOptions options;
  options.projected_schema = evolved;
  auto read = ReadAll(io, file, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows, (std::vector<std::string>{R"(1.5|"123.45"|{"x":5,"y":null}|null)",
                                                  R"(-0.25|"-0.01"|{"x":5,"y":null}|null)",
                                                  R"(null|"999.99"|{"x":5,"y":null}|null)"}));
}

// A struct whose every projected child was added after the file was written keeps the file's
// nulls; its children read as their defaults.
TEST(DataFileReaderStructTest, StructWithOnlyAddedChildrenKeepsItsNulls) {
  spec::Schema written;
  written.fields = {{1, "id", false, spec::Type::Int()},
                    {2, "s", false, spec::Type::Struct({{3, "a", false, spec::Type::Int()}})}};
  auto schema = table::ToColumnarSchema(written);
  ASSERT_OK(schema);
  col::Int32Builder ids(col::Int32());
  auto s_builder = col::MakeBuilder((*schema)->field(1).type);
  ASSERT_OK(s_builder);
  auto* st = static_cast<col::StructBuilder*>(s_builder->get());
  for (int i = 0; i < 3; ++i) {
    ASSERT_OK(ids.Append(i));
    ASSERT_OK(st->Append(i != 1));
    ASSERT_OK(static_cast<col::Int32Builder*>(st->child(0))->Append(i));
  }
  auto batch = col::RecordBatch::Make(*schema, 3, {*ids.Finish(), *(*s_builder)->Finish()});
  ASSERT_OK(batch);
  io::MemoryFileIO io;
  auto out = io.Create("mem://t/s.parquet");
  ASSERT_OK(out);
  auto writer = parquet::ParquetWriter::Make(std::move(*out), *schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  ASSERT_OK((*writer)->Close());

  spec::NestedField b{4, "b", false, spec::Type::Int()};
  b.initial_default = "9";
  spec::Schema evolved;  // a dropped, b added
  evolved.fields = {{2, "s", false, spec::Type::Struct({b})}};
  manifest::DataFile file;
  file.file_path = "mem://t/s.parquet";
  DataFileReadOptions options;
  options.projected_schema = evolved;
  auto read = ReadAll(io, file, options);
  ASSERT_OK(read);
  EXPECT_EQ(read->rows, (std::vector<std::string>{R"({"b":9})", "null", R"({"b":9})"}));
}

}  // namespace
}  // namespace floe::scan
