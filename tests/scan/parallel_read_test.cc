// Reading files in parallel (table_reader.h, TableReadOptions::threads): with 1 thread and with 4
// the same rows come back in the same order, and the same again when the table is planned while
// it is read (a few tasks per window, so that reads span windows) — on every table of the
// duckdb-iceberg corpus (equality deletes, deletion vectors, position deletes, lineitem) and on a
// generated table of many small files; a limit stops every file early; an on_batch error and a
// corrupt data file in the middle of the plan end the read cleanly with their error, after the same
// rows a one-thread read gives.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/commit/metadata_file.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/partition_spec_text.h"
#include "floe/spec/schema_text.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/append_files.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

namespace fs = std::filesystem;

// What one read returned: each batch's rows as JSON texts, "|"-separated, in the order given.
struct ReadOutcome {
  std::vector<std::string> rows;
  std::vector<int64_t> batch_rows;
  TableReadReport report;
  std::optional<Error> error;
};

// `plan` read with ReadTable, or, with `streamed`, the table planned while it is read (the
// ReadTable taking ScanOptions, `streamed` its options) with its plan report in `plan_report`.
ReadOutcome Read(io::FileIO& io, const spec::TableMetadata& metadata, const ScanPlan& plan,
                 TableReadOptions read, int64_t fail_at_batch = -1,
                 const ScanOptions* streamed = nullptr,
                 std::optional<PlanReport>* plan_report = nullptr) {
  ReadOutcome out;
  TableReadCallbacks callbacks;
  callbacks.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
    if (static_cast<int64_t>(out.batch_rows.size()) == fail_at_batch)
      return IoError("stdout closed");
    out.batch_rows.push_back(batch.num_rows());
    for (int64_t r = 0; r < batch.num_rows(); ++r) {
      std::string row;
      for (int c = 0; c < batch.num_columns(); ++c) {
        if (c > 0) row += '|';
        columnar::AppendJsonValue(*batch.column(c), r, &row);
      }
      out.rows.push_back(std::move(row));
    }
    return Ok();
  };
  auto report = streamed ? ReadTable(io, metadata, *streamed, read, callbacks, plan_report)
                         : ReadTable(io, metadata, plan, read, callbacks);
  if (report.ok()) {
    out.report = *report;
  } else {
    out.error = report.error();
  }
  return out;
}

// Tables of the corpus with several data files, deletes of each kind and schema evolution.
const char* const kCorpusTables[] = {
    "equality_deletes/warehouse/mydb/mytable",
    "equality_delete_cross_partition",
    "equality_delete_extra_column",
    "legacy_bare_deletion_vector",
    "partition_timestamp",
    "add_columns_with_defaults",
    "name_mapping",
    "hive_partitioned_table",
    "iceberg_v1_repro",
    "partition_decimal_bigint",
    "partition_decimal_hugeint",
};

TEST(ParallelReadTest, CorpusTablesReadTheSameWithOneAndFourThreads) {
  std::string root = testing::CorpusPath("duckdb-iceberg") + "/data/persistent";
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto map = io::LocationMap::Make({}, testing::CorpusPath("duckdb-iceberg"));
  ASSERT_OK(map);
  int tables = 0, with_deletes = 0, with_several_files = 0;
  for (const std::string name : kCorpusTables) {
    std::string folder = root + "/" + name;
    auto current = commit::FindCurrentMetadataFile(*local, folder);
    if (!current.ok()) {  // the table sits one or more folders down
      for (auto it = fs::recursive_directory_iterator(folder);
           it != fs::recursive_directory_iterator(); ++it) {
        if (it->is_directory() && it->path().filename() == "metadata") {
          folder = it->path().parent_path().string();
          break;
        }
      }
      current = commit::FindCurrentMetadataFile(*local, folder);
    }
    if (!current.ok()) {  // a name outside the conventions (vfinal.metadata.json): the only one
      for (const auto& entry : fs::directory_iterator(folder + "/metadata")) {
        std::string file = entry.path().string();
        if (file.size() > 14 && file.compare(file.size() - 14, 14, ".metadata.json") == 0)
          current = file;
      }
    }
    ASSERT_OK(current) << name;
    SCOPED_TRACE(name);
    std::shared_ptr<io::FileIO> io = io::RemappedFileIO(local, *map);
    auto metadata = commit::ReadMetadataFile(*local, *current);
    ASSERT_OK(metadata);
    auto plan = PlanScan(*io, *metadata, {});
    ASSERT_OK(plan);
    ++tables;
    bool deletes = false;
    for (const FileScanTask& task : plan->tasks) deletes |= !task.deletes.empty();
    with_deletes += deletes;
    with_several_files += plan->tasks.size() > 1;

    TableReadOptions read;
    read.batch_size = 1000;  // several batches per file in the larger tables
    read.threads = 1;
    ReadOutcome one = Read(*io, *metadata, *plan, read);
    ASSERT_FALSE(one.error) << one.error->message;
    read.threads = 4;
    ReadOutcome four = Read(*io, *metadata, *plan, read);
    ASSERT_FALSE(four.error) << four.error->message;
    EXPECT_EQ(one.rows, four.rows);
    EXPECT_EQ(one.batch_rows, four.batch_rows);
    EXPECT_EQ(one.report.files_read, static_cast<int64_t>(plan->tasks.size()));
    EXPECT_EQ(four.report.files_read, one.report.files_read);
    EXPECT_EQ(four.report.rows_read, one.report.rows_read);
    EXPECT_EQ(four.report.rows_deleted, one.report.rows_deleted);
    EXPECT_EQ(four.report.rows_returned, static_cast<int64_t>(one.rows.size()));
    // Planned while read, two tasks a window: the same batches, report and plan report.
    for (int threads : {1, 4}) {
      read.threads = threads;
      read.plan_window = 2;
      ScanOptions scan;
      std::optional<PlanReport> plan_report;
      ReadOutcome streamed = Read(*io, *metadata, *plan, read, -1, &scan, &plan_report);
      ASSERT_FALSE(streamed.error) << streamed.error->message;
      EXPECT_EQ(streamed.rows, one.rows) << threads << " threads";
      EXPECT_EQ(streamed.batch_rows, one.batch_rows) << threads << " threads";
      EXPECT_EQ(streamed.report.files_read, one.report.files_read);
      EXPECT_EQ(streamed.report.rows_deleted, one.report.rows_deleted);
      ASSERT_TRUE(plan_report.has_value());
      EXPECT_EQ(plan_report->data_files, plan->report.data_files);
      EXPECT_EQ(plan_report->records_planned, plan->report.records_planned);
      EXPECT_EQ(plan_report->delete_files_applied, plan->report.delete_files_applied);
    }
    read.plan_window = TableReadOptions().plan_window;

    // Counting in parallel: the same number, which is the number of rows read; also when the
    // count plans the table itself, keeping only the tasks it must read.
    for (int threads : {1, 4}) {
      auto count = CountRows(*io, *metadata, *plan, threads);
      ASSERT_OK(count);
      EXPECT_EQ(count->count, static_cast<int64_t>(one.rows.size())) << threads << " threads";
      auto planned_count = CountRows(*io, *metadata, ScanOptions(), threads);
      ASSERT_OK(planned_count);
      EXPECT_EQ(planned_count->count, count->count) << threads << " threads";
      EXPECT_EQ(planned_count->from_metadata, count->from_metadata) << threads << " threads";
    }
  }
  EXPECT_EQ(tables, static_cast<int>(std::size(kCorpusTables)));
  EXPECT_GE(with_deletes, 3);
  EXPECT_GE(with_several_files, 8);
}

// TPC-H Q06 on the Spark lineitem table (corpus_queries_test.cc): with 4 threads the same
// revenue as pyspark's, 1077536.9101, and the same rows as with 1 thread.
TEST(ParallelReadTest, TpchQ06OnLineitemWithFourThreads) {
  std::string base = testing::CorpusPath("duckdb-iceberg") + "/data/persistent/iceberg";
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto metadata_file = commit::FindCurrentMetadataFile(*local, base + "/lineitem_iceberg");
  ASSERT_OK(metadata_file);
  auto metadata = commit::ReadMetadataFile(*local, *metadata_file);
  ASSERT_OK(metadata);
  auto map = io::LocationMap::Make({"lineitem_iceberg=lineitem_iceberg"}, base);
  ASSERT_OK(map);
  std::shared_ptr<io::FileIO> io = io::RemappedFileIO(local, *map);
  ScanOptions options;
  options.filter = testing::FilterOf(
      "l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' AND "
      "l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24");
  auto plan = PlanScan(*io, *metadata, options);
  ASSERT_OK(plan);
  TableReadOptions read;
  read.columns = {"l_extendedprice", "l_discount"};
  read.batch_size = 4096;
  std::vector<std::string> rows_one;
  for (int threads : {1, 4}) {
    read.threads = threads;
    __int128 revenue = 0;  // scale 4
    std::vector<std::string> rows;
    TableReadCallbacks callbacks;
    callbacks.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
      const columnar::ArrayData& price = *batch.column(0);
      const columnar::ArrayData& discount = *batch.column(1);
      for (int64_t r = 0; r < batch.num_rows(); ++r) {
        __int128 p;
        __int128 d;
        std::memcpy(&p, price.GetFixed(r).data(), 16);
        std::memcpy(&d, discount.GetFixed(r).data(), 16);
        revenue += p * d;
        rows.push_back(fmt::format("{}*{}", static_cast<int64_t>(p), static_cast<int64_t>(d)));
      }
      return Ok();
    };
    auto report = ReadTable(*io, *metadata, *plan, read, callbacks);
    ASSERT_OK(report);
    EXPECT_EQ(static_cast<int64_t>(revenue), int64_t{10775369101}) << threads << " threads";
    if (threads == 1) {
      rows_one = rows;
      EXPECT_GT(rows.size(), 500u);
    } else {
      EXPECT_EQ(rows, rows_one);
    }
  }
}

// The equality_deletes table at each of its snapshots: deletes that come and go between
// snapshots, read with 1 and 4 threads.
TEST(ParallelReadTest, EqualityDeletesAtEverySnapshot) {
  std::string base = testing::CorpusPath("duckdb-iceberg");
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto map = io::LocationMap::Make({}, base);
  ASSERT_OK(map);
  std::shared_ptr<io::FileIO> io = io::RemappedFileIO(local, *map);
  auto current = commit::FindCurrentMetadataFile(
      *local, base + "/data/persistent/equality_deletes/warehouse/mydb/mytable");
  ASSERT_OK(current);
  auto metadata = commit::ReadMetadataFile(*local, *current);
  ASSERT_OK(metadata);
  ASSERT_GE(metadata->snapshots.size(), 2u);
  int64_t deleted = 0;
  int snapshots = 0;
  for (const spec::Snapshot& snapshot : metadata->snapshots) {
    SCOPED_TRACE(snapshot.snapshot_id);
    ScanOptions options;
    options.snapshot.snapshot_id = snapshot.snapshot_id;
    auto plan = PlanScan(*io, *metadata, options);
    if (!plan.ok() && plan.error().kind == ErrorKind::kNotFound)
      continue;  // a snapshot the copy lacks
    ASSERT_OK(plan);
    ++snapshots;
    TableReadOptions read;
    read.threads = 1;
    ReadOutcome one = Read(*io, *metadata, *plan, read);
    ASSERT_FALSE(one.error) << one.error->message;
    read.threads = 4;
    ReadOutcome four = Read(*io, *metadata, *plan, read);
    ASSERT_FALSE(four.error) << four.error->message;
    EXPECT_EQ(one.rows, four.rows);
    EXPECT_EQ(one.report.rows_deleted, four.report.rows_deleted);
    deleted += four.report.rows_deleted;
  }
  EXPECT_GE(snapshots, 2);
  EXPECT_GT(deleted, 0);
}

constexpr int kPartitions = 40;
constexpr int kRows = 2000;
constexpr int kRowsPerFile = kRows / kPartitions;

// A table of kPartitions small data files (identity(k), rows id 0..kRows-1, k = id % kPartitions),
// written by AppendFiles through a SQLite catalog in `dir`.
Result<spec::TableMetadata> MakeManyFileTable(const testing::TempDir& dir) {
  auto local = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, spec::ParseSchemaText("id long, k int, s string"));
  FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr columnar_schema, table::ToColumnarSchema(schema));
  FLOE_ASSIGN_OR_RETURN(auto ids, columnar::MakeBuilder(columnar_schema->field(0).type));
  FLOE_ASSIGN_OR_RETURN(auto ks, columnar::MakeBuilder(columnar_schema->field(1).type));
  FLOE_ASSIGN_OR_RETURN(auto strings, columnar::MakeBuilder(columnar_schema->field(2).type));
  for (int64_t id = 0; id < kRows; ++id) {
    FLOE_RETURN_IF_ERROR(static_cast<columnar::PrimitiveBuilder<int64_t>&>(*ids).Append(id));
    FLOE_RETURN_IF_ERROR(static_cast<columnar::PrimitiveBuilder<int32_t>&>(*ks).Append(
        static_cast<int32_t>(id % kPartitions)));
    std::string text = fmt::format("row {}", id);
    FLOE_RETURN_IF_ERROR(
        static_cast<columnar::BinaryBuilder&>(*strings).Append(std::string_view(text)));
  }
  std::vector<columnar::ArrayPtr> arrays;
  for (auto* builder : {ids.get(), ks.get(), strings.get()}) {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr array, builder->Finish());
    arrays.push_back(std::move(array));
  }
  FLOE_ASSIGN_OR_RETURN(columnar::RecordBatch batch,
                        columnar::RecordBatch::Make(columnar_schema, kRows, std::move(arrays)));
  const std::string input = dir.Join("input.parquet");
  FLOE_ASSIGN_OR_RETURN(auto file, local->Create(input, false));
  FLOE_ASSIGN_OR_RETURN(auto writer,
                        parquet::ParquetWriter::Make(std::move(file), columnar_schema));
  FLOE_RETURN_IF_ERROR(writer->Write(batch));
  FLOE_RETURN_IF_ERROR(writer->Close());

  catalog::sql::SqlCatalogOptions options{"default", dir.Join("catalog.db"), dir.Join("wh"), local};
  FLOE_ASSIGN_OR_RETURN(auto catalog, catalog::sql::SqlCatalog::Open(options));
  FLOE_RETURN_IF_ERROR(catalog->CreateNamespace({"db"}, {}));
  catalog::TableIdentifier id{{"db"}, "many"};
  catalog::CreateTableOptions create;
  create.table.schema = schema;
  FLOE_ASSIGN_OR_RETURN(create.table.spec, spec::ParsePartitionSpecText("k", schema));
  FLOE_RETURN_IF_ERROR(catalog->CreateTable(id, create));
  catalog::CatalogTableOperations ops(*catalog, id);
  FLOE_RETURN_IF_ERROR(update::AppendFiles(ops, *local, {input}));
  FLOE_ASSIGN_OR_RETURN(auto loaded, catalog->LoadTable(id));
  return loaded.metadata;
}

struct ManyFileTable {
  testing::TempDir dir;
  spec::TableMetadata metadata;
  ScanPlan plan;
};

Result<std::unique_ptr<ManyFileTable>> OpenManyFileTable() {
  auto t = std::make_unique<ManyFileTable>();
  FLOE_ASSIGN_OR_RETURN(t->metadata, MakeManyFileTable(t->dir));
  FLOE_ASSIGN_OR_RETURN(t->plan, PlanScan(*io::LocalFileIO(), t->metadata, {}));
  if (t->plan.tasks.size() != static_cast<size_t>(kPartitions)) {
    return Internal("{} files planned, expected {}", t->plan.tasks.size(), kPartitions);
  }
  return t;
}

// One table for the tests that only read it (writing one costs about a second under ASan).
class ManyFilesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto t = OpenManyFileTable();
    if (t.ok()) {
      table_ = std::move(*t);
    } else {
      error_ = t.error().message;
    }
  }
  static void TearDownTestSuite() { table_.reset(); }
  void SetUp() override { ASSERT_TRUE(table_) << error_; }

  static inline std::unique_ptr<ManyFileTable> table_;
  static inline std::string error_;
  std::shared_ptr<io::FileIO> io_ = io::LocalFileIO();
};

// Every row once (brute force: the ids written), files in plan order, rows in file order.
TEST_F(ManyFilesTest, SameRowsInPlanOrder) {
  TableReadOptions read;
  read.batch_size = 16;  // 50 rows a file: 4 batches each
  read.columns = {"id", "k"};
  read.threads = 1;
  ReadOutcome one = Read(*io_, table_->metadata, table_->plan, read);
  ASSERT_FALSE(one.error) << one.error->message;
  std::vector<std::string> expected;
  for (const FileScanTask& task : table_->plan.tasks) {
    const int32_t k = task.data_file.partition[0].get<int32_t>();
    for (int64_t id = k; id < kRows; id += kPartitions)
      expected.push_back(fmt::format("{}|{}", id, k));
  }
  EXPECT_EQ(one.rows, expected);
  for (int threads : {3, 8}) {
    read.threads = threads;
    ReadOutcome many = Read(*io_, table_->metadata, table_->plan, read);
    ASSERT_FALSE(many.error) << many.error->message;
    EXPECT_EQ(many.rows, expected) << threads << " threads";
    EXPECT_EQ(many.batch_rows, one.batch_rows) << threads << " threads";
    EXPECT_EQ(many.report.files_read, kPartitions);
    EXPECT_EQ(many.report.rows_read, kRows);
  }
  // Planned while read, in windows of 3 and 7 tasks (and of 256: one window).
  for (size_t window : {size_t{3}, size_t{7}, size_t{256}}) {
    for (int threads : {1, 3}) {
      read.threads = threads;
      read.plan_window = window;
      ScanOptions scan;
      std::optional<PlanReport> plan_report;
      ReadOutcome streamed =
          Read(*io_, table_->metadata, table_->plan, read, -1, &scan, &plan_report);
      ASSERT_FALSE(streamed.error) << streamed.error->message;
      EXPECT_EQ(streamed.rows, expected) << window << " a window, " << threads << " threads";
      EXPECT_EQ(streamed.batch_rows, one.batch_rows);
      EXPECT_EQ(streamed.report.files_read, kPartitions);
      ASSERT_TRUE(plan_report.has_value());
      EXPECT_EQ(plan_report->data_files, kPartitions);
    }
  }
  read.plan_window = TableReadOptions().plan_window;
  // A filter: the residual is applied in each file, the rows keep their order.
  ScanOptions filtered;
  filtered.filter = testing::FilterOf("id < 1000 and s >= 'row 5'");
  auto plan = PlanScan(*io_, table_->metadata, filtered);
  ASSERT_OK(plan);
  read.threads = 1;
  ReadOutcome filtered_one = Read(*io_, table_->metadata, *plan, read);
  read.threads = 4;
  ReadOutcome filtered_four = Read(*io_, table_->metadata, *plan, read);
  ASSERT_FALSE(filtered_one.error || filtered_four.error);
  EXPECT_EQ(filtered_one.rows, filtered_four.rows);
  int64_t matching = 0;
  for (int64_t id = 0; id < 1000; ++id) matching += fmt::format("row {}", id) >= "row 5";
  EXPECT_EQ(static_cast<int64_t>(filtered_four.rows.size()), matching);
}

// A filter built in code, never text: bound to the table's schema once (a name in another
// case, an integer for the long column), then moved onto each file's columns by the readers. The
// rows are those of the same filter written as text, planned first or while read.
TEST_F(ManyFilesTest, FilterBuiltInCodeReadsAsItsText) {
  using expr::ColumnRef;
  using expr::Expression;
  using expr::Operation;
  using expr::UnboundLiteral;
  ScanOptions in_code;
  in_code.filter = Expression::And(
      Expression::Predicate(Operation::kLt, ColumnRef{{"ID"}}, {UnboundLiteral::Number("1000")}),
      Expression::Predicate(Operation::kStartsWith, ColumnRef{{"s"}},
                            {UnboundLiteral::String("row 5")}));
  ScanOptions as_text;
  as_text.filter = testing::FilterOf("id < 1000 and starts_with(s, 'row 5')");
  TableReadOptions read;
  read.columns = {"id", "s"};
  read.threads = 3;
  auto text_plan = PlanScan(*io_, table_->metadata, as_text);
  ASSERT_OK(text_plan);
  ReadOutcome expected = Read(*io_, table_->metadata, *text_plan, read);
  ASSERT_FALSE(expected.error) << expected.error->message;
  int64_t matching = 0;
  for (int64_t id = 0; id < 1000; ++id) matching += fmt::format("row {}", id).starts_with("row 5");
  EXPECT_EQ(static_cast<int64_t>(expected.rows.size()), matching);

  auto plan = PlanScan(*io_, table_->metadata, in_code);
  ASSERT_OK(plan);
  EXPECT_EQ(plan->filter.expr, text_plan->filter.expr);
  ReadOutcome planned = Read(*io_, table_->metadata, *plan, read);
  ASSERT_FALSE(planned.error) << planned.error->message;
  EXPECT_EQ(planned.rows, expected.rows);
  std::optional<PlanReport> plan_report;
  ReadOutcome streamed = Read(*io_, table_->metadata, *plan, read, -1, &in_code, &plan_report);
  ASSERT_FALSE(streamed.error) << streamed.error->message;
  EXPECT_EQ(streamed.rows, expected.rows);
}

TEST_F(ManyFilesTest, LimitStopsEveryFileEarly) {
  TableReadOptions read;
  read.batch_size = 5;
  read.columns = {"id"};
  read.threads = 1;
  ReadOutcome all = Read(*io_, table_->metadata, table_->plan, read);
  ASSERT_FALSE(all.error) << all.error->message;
  for (int64_t limit : {0, 3, 5, 12, 120}) {
    for (int threads : {1, 4}) {
      SCOPED_TRACE(fmt::format("limit {}, {} threads", limit, threads));
      read.limit = limit;
      read.threads = threads;
      ReadOutcome got = Read(*io_, table_->metadata, table_->plan, read);
      ASSERT_FALSE(got.error) << got.error->message;
      ASSERT_EQ(static_cast<int64_t>(got.rows.size()), limit);
      EXPECT_TRUE(std::equal(got.rows.begin(), got.rows.end(), all.rows.begin()));
      // Planned while read, in windows of 4 tasks: the same rows; no plan report when the limit
      // stopped planning.
      TableReadOptions windowed = read;
      windowed.plan_window = 4;
      ScanOptions scan;
      std::optional<PlanReport> plan_report;
      ReadOutcome streamed =
          Read(*io_, table_->metadata, table_->plan, windowed, -1, &scan, &plan_report);
      ASSERT_FALSE(streamed.error) << streamed.error->message;
      EXPECT_EQ(streamed.rows, got.rows);
      EXPECT_FALSE(plan_report.has_value());
      // Files needed for the limit, plus at most the files read ahead.
      const int64_t needed = (limit + kRowsPerFile - 1) / kRowsPerFile;
      EXPECT_LE(got.report.files_read, needed + (threads > 1 ? threads - 1 : 0));
      // Each file read ahead stops within a few batches: its queue, the batch in hand.
      EXPECT_LE(got.report.rows_read,
                limit + read.batch_size + threads * (kBatchesPerFile + 2) * read.batch_size);
    }
  }
}

TEST_F(ManyFilesTest, OnBatchErrorStopsCleanly) {
  TableReadOptions read;
  read.batch_size = 10;
  for (int threads : {1, 4, 16}) {
    SCOPED_TRACE(threads);
    read.threads = threads;
    ReadOutcome got = Read(*io_, table_->metadata, table_->plan, read, /*fail_at_batch=*/25);
    ASSERT_TRUE(got.error);
    EXPECT_EQ(got.error->message, "stdout closed");
    EXPECT_EQ(got.rows.size(), 250u);  // the 25 batches before the failing one
    read.plan_window = 3;
    ScanOptions scan;
    ReadOutcome streamed =
        Read(*io_, table_->metadata, table_->plan, read, /*fail_at_batch=*/25, &scan);
    ASSERT_TRUE(streamed.error);
    EXPECT_EQ(streamed.error->message, "stdout closed");
    EXPECT_EQ(streamed.rows, got.rows);
    read.plan_window = TableReadOptions().plan_window;
  }
}

// Batches taken in any order (on_task_batch) while the table is planned in windows of 6 tasks:
// each task index of the plan comes once, with the rows of that plan task's file.
TEST_F(ManyFilesTest, TaskBatchesAcrossWindowsCarryPlanIndexes) {
  TableReadOptions read;
  read.batch_size = 16;
  read.columns = {"id", "k"};
  read.threads = 4;
  read.plan_window = 6;
  std::mutex mutex;
  std::map<int64_t, int64_t> rows_by_task;
  std::map<int64_t, std::set<int32_t>> ks_by_task;
  TableReadCallbacks callbacks;
  callbacks.on_task_batch = [&](int64_t task, const columnar::RecordBatch& batch) -> Status {
    std::lock_guard<std::mutex> lock(mutex);
    rows_by_task[task] += batch.num_rows();
    for (int64_t r = 0; r < batch.num_rows(); ++r) {
      std::string k;
      columnar::AppendJsonValue(*batch.column(1), r, &k);
      ks_by_task[task].insert(std::stoi(k));
    }
    return Ok();
  };
  auto report = ReadTable(*io_, table_->metadata, ScanOptions(), read, callbacks);
  ASSERT_OK(report);
  ASSERT_EQ(rows_by_task.size(), static_cast<size_t>(kPartitions));
  for (int64_t i = 0; i < kPartitions; ++i) {
    EXPECT_EQ(rows_by_task[i], kRowsPerFile) << i;
    const int32_t k =
        table_->plan.tasks[static_cast<size_t>(i)].data_file.partition[0].get<int32_t>();
    EXPECT_EQ(ks_by_task[i], std::set<int32_t>{k}) << i;
  }
  EXPECT_EQ(report->rows_returned, kRows);
}

TEST(ManyFilesCorruptTest, CorruptFileInTheMiddleReturnsItsError) {
  auto table = OpenManyFileTable();  // its own: a file is spoilt
  ASSERT_OK(table);
  const spec::TableMetadata& metadata = (*table)->metadata;
  const ScanPlan& full_plan = (*table)->plan;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  // The 21st file of the plan loses its Parquet footer.
  const std::string bad = full_plan.tasks[20].data_file.file_path;
  std::string path = bad.rfind("file:", 0) == 0 ? bad.substr(bad.find('/')) : bad;
  ASSERT_TRUE(fs::exists(path)) << path;
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(path) - 8));
    f.write("garbage!", 8);
  }
  TableReadOptions read;
  read.batch_size = 30;
  read.threads = 1;
  ReadOutcome one = Read(*io, metadata, full_plan, read);
  ASSERT_TRUE(one.error);
  EXPECT_NE(one.error->message.find(fs::path(path).filename().string()), std::string::npos)
      << one.error->message;
  EXPECT_EQ(one.rows.size(), 20u * kRowsPerFile);  // the files before it
  for (int threads : {2, 4, 40}) {
    read.threads = threads;
    ReadOutcome got = Read(*io, metadata, full_plan, read);
    ASSERT_TRUE(got.error);
    EXPECT_EQ(got.error->message, one.error->message) << threads << " threads";
    EXPECT_EQ(got.rows, one.rows) << threads << " threads";
    TableReadOptions windowed = read;
    windowed.plan_window = 6;
    ScanOptions scan;
    ReadOutcome streamed = Read(*io, metadata, full_plan, windowed, -1, &scan);
    ASSERT_TRUE(streamed.error);
    EXPECT_EQ(streamed.error->message, one.error->message)
        << threads << " threads, planned while read";
    EXPECT_EQ(streamed.rows, one.rows) << threads << " threads, planned while read";
  }
  // Counting reads the file too and fails the same way.
  ScanOptions options;
  options.filter =
      testing::FilterOf("s != 'row 3'");  // the metrics cannot decide it: files are read
  auto plan = PlanScan(*io, metadata, options);
  ASSERT_OK(plan);
  for (const FileScanTask& task : plan->tasks) {
    if (task.data_file.file_path == bad) {
      EXPECT_FALSE(task.all_rows_match);
    }
  }
  auto count = CountRows(*io, metadata, *plan, 4);
  ASSERT_FALSE(count.ok());
  EXPECT_NE(count.error().message.find(fs::path(path).filename().string()), std::string::npos);
}

}  // namespace
}  // namespace floe::scan
