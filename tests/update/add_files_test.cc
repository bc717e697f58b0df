// AddFiles (update/add_files.h) on real files of the duckdb-iceberg corpus: a file PyIceberg
// added without field ids (column_mapping) registered again through a name mapping floe writes,
// its metrics against those PyIceberg computed; Spark's Hive-layout files (hive_partitioned_table)
// partitioned from their statistics and their paths; the refusals (ambiguous partition, spanning
// file, type mismatch, encrypted table), each committing nothing.
#include "floe/update/add_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "floe/columnar/value_text.h"
#include "floe/commit/metadata_builder.h"
#include "floe/commit/metadata_file.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/name_mapping.h"
#include "floe/spec/single_value.h"
#include "floe/update/append_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::update {
namespace {

// A catalog in a variable over local files: requirements checked, updates applied.
class LocalOps : public commit::TableOperations {
 public:
  explicit LocalOps(spec::TableMetadata metadata)
      : io_(io::LocalFileIO()), current_{"local:v1.metadata.json", std::move(metadata)} {}
  Result<commit::TableBase> Refresh() override { return current_; }
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override {
    ++commits;
    std::vector<commit::TableRequirement> reqs(requirements.begin(), requirements.end());
    FLOE_RETURN_IF_ERROR(commit::CheckRequirements(reqs, &current_.metadata));
    FLOE_ASSIGN_OR_RETURN(
        spec::TableMetadata next,
        commit::ApplyUpdates(current_.metadata, updates, 0, current_.metadata_location));
    current_ = {"local:v" + std::to_string(++version_) + ".metadata.json", std::move(next)};
    return current_;
  }
  io::FileIO& io() override { return *io_; }
  const spec::TableMetadata& metadata() const { return current_.metadata; }
  int commits = 0;

 private:
  std::shared_ptr<io::FileIO> io_;
  commit::TableBase current_;
  int version_ = 1;
};

std::string Persistent(const std::string& relative) {
  return testing::CorpusPath("duckdb-iceberg/data/persistent/" + relative);
}

// A corpus table's current metadata, and the io that reads its (relative) paths.
struct CorpusTable {
  std::shared_ptr<io::FileIO> io;
  spec::TableMetadata metadata;
};

CorpusTable LoadCorpusTable(const std::string& folder) {
  auto map = io::LocationMap::Make({}, testing::CorpusPath("duckdb-iceberg"));
  EXPECT_OK(map);
  CorpusTable t;
  t.io = io::RemappedFileIO(io::LocalFileIO(), *map);
  auto location = commit::FindCurrentMetadataFile(*t.io, Persistent(folder));
  EXPECT_OK(location);
  auto metadata = commit::ReadMetadataFile(*t.io, *location);
  EXPECT_OK(metadata);
  t.metadata = std::move(*metadata);
  return t;
}

std::vector<manifest::ManifestEntry> LiveEntries(io::FileIO& io, const spec::TableMetadata& m) {
  const spec::Snapshot* s = m.CurrentSnapshot();
  if (s == nullptr) return {};
  auto list = manifest::ReadSnapshotManifests(io, m, *s);
  EXPECT_OK(list);
  auto entries = manifest::ReadLiveEntries(io, m, *list);
  EXPECT_OK(entries);
  return *entries;
}

// Every row of the table's current snapshot as JSON values joined by ", ", sorted.
std::vector<std::string> TableRows(io::FileIO& io, const spec::TableMetadata& m) {
  auto plan = scan::PlanScan(io, m, {});
  EXPECT_OK(plan);
  std::vector<std::string> rows;
  scan::TableReadCallbacks callbacks;
  callbacks.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
    for (int64_t r = 0; r < batch.num_rows(); ++r) {
      std::string row;
      for (int c = 0; c < batch.num_columns(); ++c) {
        if (c > 0) row += ", ";
        columnar::AppendJsonValue(*batch.column(c), r, &row);
      }
      rows.push_back(std::move(row));
    }
    return Ok();
  };
  auto report = scan::ReadTable(io, m, *plan, {}, callbacks);
  EXPECT_OK(report);
  std::sort(rows.begin(), rows.end());
  return rows;
}

// The corpus table's definition without its snapshots (and name mapping), at `location`.
spec::TableMetadata EmptyCopy(const spec::TableMetadata& m, const std::string& location) {
  spec::TableMetadata out = m;
  out.location = location;
  out.snapshots.clear();
  out.snapshot_log.clear();
  out.metadata_log.clear();
  out.refs.clear();
  out.current_snapshot_id.reset();
  out.statistics.clear();
  out.partition_statistics.clear();
  out.properties.erase(std::string(spec::kNameMappingProperty));
  return out;
}

spec::TableMetadata AddFilesNewTable(const std::string& location,
                                     std::vector<spec::NestedField> fields,
                                     std::vector<spec::PartitionField> partition_fields,
                                     int format_version = 2) {
  commit::NewTableRequest r;
  r.schema.fields = std::move(fields);
  r.spec.fields = std::move(partition_fields);
  r.format_version = format_version;
  r.location = location;
  auto m = commit::NewTableMetadata(r, 1);
  EXPECT_OK(m);
  return *m;
}

spec::PartitionField Partition(int32_t source_id, std::string name, spec::Transform transform) {
  spec::PartitionField f;
  f.source_id = source_id;
  f.name = std::move(name);
  f.transform = transform;
  return f;
}

const std::string kMockData = "column_mapping/warehouse/example/mock_data.parquet";

TEST(AddFilesTest, FileWithoutFieldIdsReadsBackThroughTheNameMappingItWrites) {
  testing::TempDir dir;
  CorpusTable corpus = LoadCorpusTable("column_mapping/warehouse/default.db/my_table");
  LocalOps ops(EmptyCopy(corpus.metadata, dir.path()));
  auto added = AddFiles(ops, {Persistent(kMockData)});
  ASSERT_OK(added);
  EXPECT_EQ(added->added_records, 3);
  EXPECT_TRUE(added->wrote_name_mapping);
  EXPECT_EQ(ops.commits, 1);

  // The mapping equals the one PyIceberg wrote for the same schema.
  const std::string* written = ops.metadata().Property(spec::kNameMappingProperty);
  ASSERT_NE(written, nullptr);
  auto pyiceberg = spec::NameMapping::Parse(*corpus.metadata.Property(spec::kNameMappingProperty));
  ASSERT_OK(pyiceberg);
  EXPECT_EQ(*written, pyiceberg->ToJson());

  // The rows equal the corpus table's (PyIceberg added the same file), and the expected rows of
  // column_mapping.test.
  std::vector<std::string> rows = TableRows(ops.io(), ops.metadata());
  EXPECT_EQ(rows, TableRows(*corpus.io, corpus.metadata));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_NE(rows[0].find("\"Alice\", 25"), std::string::npos) << rows[0];
  EXPECT_NE(rows[2].find("\"Charlie\", 35"), std::string::npos) << rows[2];

  // Metrics as PyIceberg computed them from the same footer.
  std::vector<manifest::ManifestEntry> ours = LiveEntries(ops.io(), ops.metadata());
  std::vector<manifest::ManifestEntry> theirs = LiveEntries(*corpus.io, corpus.metadata);
  ASSERT_EQ(ours.size(), 1u);
  ASSERT_EQ(theirs.size(), 1u);
  const manifest::DataFile& a = ours[0].data_file;
  const manifest::DataFile& b = theirs[0].data_file;
  EXPECT_EQ(a.file_path, Persistent(kMockData));
  EXPECT_EQ(a.record_count, b.record_count);
  EXPECT_EQ(a.file_size_in_bytes, b.file_size_in_bytes);
  for (int32_t id : {1, 2, 3}) {  // top-level primitives: id, name, age
    ASSERT_NE(manifest::FindBound(b.lower_bounds, id), nullptr) << id;
    ASSERT_NE(manifest::FindBound(a.lower_bounds, id), nullptr) << id;
    EXPECT_EQ(*manifest::FindBound(a.lower_bounds, id), *manifest::FindBound(b.lower_bounds, id));
    EXPECT_EQ(*manifest::FindBound(a.upper_bounds, id), *manifest::FindBound(b.upper_bounds, id));
    EXPECT_EQ(*manifest::FindCount(a.value_counts, id), *manifest::FindCount(b.value_counts, id));
    EXPECT_EQ(*manifest::FindCount(a.null_value_counts, id),
              *manifest::FindCount(b.null_value_counts, id));
    EXPECT_EQ(*manifest::FindCount(a.column_sizes, id), *manifest::FindCount(b.column_sizes, id));
  }

  // Adding it again is refused: it is in the table already.
  auto again = AddFiles(ops, {Persistent(kMockData)});
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.error().message.find("already in the table"), std::string::npos);
  EXPECT_EQ(ops.commits, 1);
}

TEST(AddFilesTest, HiveLayoutFilesTakePartitionsFromStatisticsAndPaths) {
  testing::TempDir dir;
  // Spark wrote these files without their partition columns (write-partition-values=false),
  // under event_date=…/[event_type=…/]; the first two hold event_type.
  std::vector<std::string> files =
      testing::FilesUnder(Persistent("hive_partitioned_table/data"), ".parquet");
  ASSERT_EQ(files.size(), 6u);
  LocalOps ops(AddFilesNewTable(dir.path(),
                                {{1, "event_date", false, spec::Type::Date()},
                                 {2, "user_id", false, spec::Type::Long()},
                                 {3, "event_type", false, spec::Type::String()}},
                                {Partition(1, "event_date", spec::Transform::Identity()),
                                 Partition(3, "event_type", spec::Transform::Identity())}));
  auto added = AddFiles(ops, files, {.app_id = "import"});
  ASSERT_OK(added);
  EXPECT_EQ(added->added_data_files, 6);
  EXPECT_EQ(ops.commits, 1);
  const spec::Snapshot* s = ops.metadata().CurrentSnapshot();
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->SummaryValue("operation"), "append");
  EXPECT_EQ(s->SummaryValue("added-data-files"), "6");
  EXPECT_EQ(s->SummaryValue("added-records"), "6");
  EXPECT_EQ(s->SummaryValue("changed-partition-count"), "6");
  EXPECT_EQ(s->SummaryValue("app-id"), "import");

  // Partition tuples: dates from the paths, event types from the statistics of the first two
  // files (one value each) and from the paths of the others.
  std::vector<std::string> partitions;
  for (const manifest::ManifestEntry& e : LiveEntries(ops.io(), ops.metadata())) {
    ASSERT_EQ(e.data_file.partition.size(), 2u);
    partitions.push_back(spec::ToHumanString(*spec::Type::Date(), e.data_file.partition[0]) + "/" +
                         spec::ToHumanString(*spec::Type::String(), e.data_file.partition[1]));
  }
  std::sort(partitions.begin(), partitions.end());
  EXPECT_EQ(partitions, (std::vector<std::string>{"2024-01-01/click", "2024-01-02/purchase",
                                                  "2024-01-03/click", "2024-01-03/view",
                                                  "2024-01-04/purchase", "2024-01-04/view"}));

  // The rows, as DuckDB reads the files with their Hive folders.
  EXPECT_EQ(TableRows(ops.io(), ops.metadata()),
            (std::vector<std::string>{
                "\"2024-01-01\", 12345, \"click\"", "\"2024-01-02\", 67890, \"purchase\"",
                "\"2024-01-03\", 13579, \"view\"", "\"2024-01-03\", 24680, \"click\"",
                "\"2024-01-04\", 86420, \"view\"", "\"2024-01-04\", 97531, \"purchase\""}));
}

// Nothing committed and nothing written under the table's metadata folder.
void ExpectNothingCommitted(const LocalOps& ops, const testing::TempDir& dir) {
  EXPECT_EQ(ops.commits, 0);
  EXPECT_EQ(ops.metadata().CurrentSnapshot(), nullptr);
  EXPECT_TRUE(testing::FilesUnder(dir.path(), "").empty());
}

TEST(AddFilesTest, RefusesFilesWhosePartitionIsNotOne) {
  CorpusTable corpus = LoadCorpusTable("column_mapping/warehouse/default.db/my_table");
  {
    // ids 1..3 in one file: identity(id) spans three partitions.
    testing::TempDir dir;
    spec::TableMetadata m = EmptyCopy(corpus.metadata, dir.path());
    m.partition_specs.push_back(
        spec::PartitionSpec{1, {Partition(1, "id", spec::Transform::Identity())}});
    m.partition_specs.back().fields[0].field_id = 1000;
    m.default_spec_id = 1;
    m.last_partition_id = 1000;
    LocalOps ops(m);
    auto added = AddFiles(ops, {Persistent(kMockData)});
    ASSERT_FALSE(added.ok());
    EXPECT_EQ(added.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_NE(added.error().message.find(Persistent(kMockData)), std::string::npos);
    EXPECT_NE(added.error().message.find("spans several partitions of partition field id"),
              std::string::npos)
        << added.error().message;
    ExpectNothingCommitted(ops, dir);
  }
  {
    // bucket(4, name) of three names: the statistics cannot tell, the path has no name_bucket=.
    testing::TempDir dir;
    spec::TableMetadata m = EmptyCopy(corpus.metadata, dir.path());
    m.partition_specs.push_back(
        spec::PartitionSpec{1, {Partition(2, "name_bucket", spec::Transform::Bucket(4))}});
    m.partition_specs.back().fields[0].field_id = 1000;
    m.default_spec_id = 1;
    m.last_partition_id = 1000;
    LocalOps ops(m);
    auto added = AddFiles(ops, {Persistent(kMockData)});
    ASSERT_FALSE(added.ok());
    EXPECT_NE(added.error().message.find("partition field name_bucket (bucket[4] of column name) "
                                         "is ambiguous"),
              std::string::npos)
        << added.error().message;
    EXPECT_NE(added.error().message.find(Persistent(kMockData)), std::string::npos);
    ExpectNothingCommitted(ops, dir);
  }
}

TEST(AddFilesTest, TypeMismatchIsRefusedAsAppendRefusesItAndCommitsNothing) {
  CorpusTable corpus = LoadCorpusTable("column_mapping/warehouse/default.db/my_table");
  testing::TempDir dir;
  spec::TableMetadata m = EmptyCopy(corpus.metadata, dir.path());
  // age: the file has long, the table int (a narrowing).
  spec::Schema& schema = m.schemas.back();
  for (spec::NestedField& f : schema.fields) {
    if (f.name == "age") f.type = spec::Type::Int();
  }
  LocalOps ops(m);
  // The healthy file first: one bad file refuses the whole command.
  auto added = AddFiles(ops, {Persistent(kMockData)});
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(added.error().message.find("age"), std::string::npos) << added.error().message;
  ExpectNothingCommitted(ops, dir);

  auto local = io::LocalFileIO();
  auto appended = AppendFiles(ops, *local, {Persistent(kMockData)});
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().message, added.error().message);
  ExpectNothingCommitted(ops, dir);
}

TEST(AddFilesTest, EncryptedTablesAreNotWritten) {
  testing::TempDir dir;
  spec::TableMetadata m =
      AddFilesNewTable(dir.path(), {{1, "id", false, spec::Type::Long()}}, {}, 3);
  m.encryption_keys.push_back(spec::EncryptedKey{"key-1", "c2VjcmV0", std::nullopt, {}});
  LocalOps ops(m);
  auto added = AddFiles(ops, {Persistent(kMockData)});
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(added.error().message.find("encrypted"), std::string::npos);
  auto local = io::LocalFileIO();
  auto appended = AppendFiles(ops, *local, {Persistent(kMockData)});
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(appended.error().message.find("key-1"), std::string::npos) << appended.error().message;
  ExpectNothingCommitted(ops, dir);

  // A snapshot with an encrypted manifest list (key-id) refuses writes just the same.
  spec::TableMetadata m2 =
      AddFilesNewTable(dir.path(), {{1, "id", false, spec::Type::Long()}}, {}, 3);
  spec::Snapshot s;
  s.snapshot_id = 7;
  s.manifest_list = dir.Join("snap-7.avro");
  s.key_id = "key-2";
  m2.snapshots.push_back(s);
  LocalOps ops2(m2);
  auto added2 = AddFiles(ops2, {Persistent(kMockData)});
  ASSERT_FALSE(added2.ok());
  EXPECT_EQ(added2.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(added2.error().message.find("key-2"), std::string::npos) << added2.error().message;
  EXPECT_EQ(ops2.commits, 0);
}

// The partition_* tables of the corpus (Spark and PyIceberg metadata, one identity partition of
// every type): each data file, taken as an existing file, gets the partition its manifest says,
// from its statistics or its path.
TEST(AddFilesTest, PartitionsOfCorpusFilesEqualTheirManifests) {
  int checked = 0;
  for (const char* name :
       {"partition_bigint", "partition_bool", "partition_decimal_bigint",
        "partition_decimal_integer", "partition_decimal_smallint", "partition_double",
        "partition_float", "partition_integer", "partition_time", "partition_timestamp",
        "partition_timestamptz", "partition_binary", "partition_fixed_length_binary"}) {
    std::vector<std::string> found = testing::FilesUnder(Persistent(name), ".metadata.json");
    ASSERT_FALSE(found.empty()) << name;
    std::string folder = std::filesystem::path(found.back()).parent_path().parent_path().string();
    folder = folder.substr(Persistent("").size());
    CorpusTable t = LoadCorpusTable(folder);
    spec::NameMapping mapping = spec::NameMapping::ForSchema(*t.metadata.CurrentSchema());
    if (const std::string* json = t.metadata.Property(spec::kNameMappingProperty)) {
      auto parsed = spec::NameMapping::Parse(*json);
      ASSERT_OK(parsed);
      mapping = *parsed;
    }
    for (const manifest::ManifestEntry& e : LiveEntries(*t.io, t.metadata)) {
      spec::TableMetadata m = t.metadata;
      m.default_spec_id = e.data_file.spec_id;
      auto file = ExistingDataFile(*t.io, e.data_file.file_path, m, mapping);
      ASSERT_OK(file) << name;
      EXPECT_EQ(file->partition, e.data_file.partition) << name << ": " << e.data_file.file_path;
      EXPECT_EQ(file->record_count, e.data_file.record_count);
      ++checked;
    }
  }
  EXPECT_GE(checked, 13);
}

}  // namespace
}  // namespace floe::update

namespace floe::update {
namespace {

// DuckDB (an independent writer) writes the rows of `select` as a Parquet file at `path`: every
// column optional, no field ids, null counts in the statistics.
void DuckDbWrite(const std::string& select, const std::string& path) {
  auto r = testing::RunCommand(fmt::format(
      "node {} {}", testing::ShellQuote(testing::SourceDir() + "/tests/peers/duckdb.mjs"),
      testing::ShellQuote(fmt::format("COPY ({}) TO '{}' (FORMAT parquet)", select, path))));
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

spec::NestedField Column(int32_t id, std::string name, bool required, spec::TypePtr type) {
  spec::NestedField f;
  f.id = id;
  f.name = std::move(name);
  f.required = required;
  f.type = std::move(type);
  return f;
}

TEST(AddFilesTest, RequiredNestedColumnsAreCheckedByTheirNullCounts) {
  testing::TempDir files;
  const std::string all_set = files.Join("all_set.parquet");  // no null anywhere
  const std::string y_null = files.Join("y_null.parquet");    // s.y null where s is not
  const std::string s_null = files.Join("s_null.parquet");    // s null: its leaves count nulls
  const std::string element_null = files.Join("element_null.parquet");
  DuckDbWrite("SELECT 1 AS id, {'x': 1, 'y': 2} AS s, [1, 2] AS l", all_set);
  DuckDbWrite("SELECT 1 AS id, {'x': 1, 'y': NULL::INTEGER} AS s, [1] AS l", y_null);
  DuckDbWrite("SELECT 1 AS id, NULL::STRUCT(x INTEGER, y INTEGER) AS s, [1] AS l", s_null);
  DuckDbWrite("SELECT 1 AS id, {'x': 1, 'y': 2} AS s, [1, NULL] AS l", element_null);

  // s and s.y required or not, l's elements required or not.
  auto table = [](bool s_required, bool element_required) {
    return std::vector<spec::NestedField>{
        Column(1, "id", false, spec::Type::Int()),
        Column(2, "s", s_required,
               spec::Type::Struct({Column(4, "x", false, spec::Type::Int()),
                                   Column(5, "y", true, spec::Type::Int())})),
        Column(3, "l", false,
               spec::Type::List(Column(6, "element", element_required, spec::Type::Int())))};
  };
  struct Case {
    bool s_required;
    bool element_required;
    std::string file;
    std::string refusal;  // "" when the file is added
  };
  const std::string undecidable = "statistics count 1 null(s) that may be its own or a parent's";
  const Case cases[] = {
      {true, true, all_set, ""},
      {false, false, all_set, ""},
      {true, false, y_null, "column s.y is required in the table but holds 1 null(s)"},
      {false, false, y_null,
       "column s.y is required in the table, optional in the file, and the file's " + undecidable},
      {false, false, s_null,
       "column s.y is required in the table, optional in the file, and the file's " + undecidable},
      // s null: s.y's count shows it (s and s.y required).
      {true, false, s_null, "column s.y is required in the table but holds 1 null(s)"},
      {false, true, element_null,
       "column l.element is required in the table, optional in the file, and the file's " +
           undecidable},
      {false, false, element_null, ""},
  };

  for (const Case& c : cases) {
    SCOPED_TRACE(c.file + (c.s_required ? " s required" : "") +
                 (c.element_required ? " elements required" : ""));
    testing::TempDir dir;
    LocalOps ops(AddFilesNewTable(dir.path(), table(c.s_required, c.element_required), {}));
    auto added = AddFiles(ops, {c.file});
    if (c.refusal.empty()) {
      ASSERT_OK(added);
      EXPECT_EQ(ops.commits, 1);
      continue;
    }
    ASSERT_FALSE(added.ok());
    EXPECT_EQ(added.error().kind, ErrorKind::kCorrupt);
    EXPECT_NE(added.error().message.find(c.refusal), std::string::npos) << added.error().message;
    ExpectNothingCommitted(ops, dir);
  }
}

}  // namespace
}  // namespace floe::update
