// The write path end to end: random rows through the fan-out writer into partitioned, rolling
// Parquet files, read back equal; partition tuples equal the transforms applied row by row;
// metrics equal a brute-force pass; the memory budget holds with many partitions; Abort removes
// every file; DuckDB reads the files with the table's field ids.
#include "floe/write/partitioned_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <tuple>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/memory_file_io.h"
#include "floe/spec/single_value.h"
#include "floe/write/row_partitioner.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::write {
namespace {

namespace col = floe::columnar;
using spec::NestedField;
using spec::Type;

// id long required, name string, amount double, order_ts timestamptz.
spec::Schema OrderSchema() {
  spec::Schema s;
  s.fields = {NestedField{1, "id", true, Type::Long()},
              NestedField{2, "name", false, Type::String()},
              NestedField{3, "amount", false, Type::Double()},
              NestedField{4, "order_ts", false, Type::TimestampTz()}};
  return s;
}

spec::PartitionSpec DayAndBucket() {
  spec::PartitionSpec p;
  p.fields = {spec::PartitionField{4, {}, 1000, "order_ts_day", spec::Transform::Day()},
              spec::PartitionField{1, {}, 1001, "id_bucket", spec::Transform::Bucket(4)}};
  return p;
}

struct Row {
  int64_t id;
  std::optional<std::string> name;
  std::optional<double> amount;
  std::optional<int64_t> ts;
  bool operator<(const Row& o) const { return id < o.id; }
  bool operator==(const Row& o) const {
    return id == o.id && name == o.name && ts == o.ts &&
           (amount.has_value() == o.amount.has_value() &&
            (!amount || (std::isnan(*amount) ? std::isnan(*o.amount) : *amount == *o.amount)));
  }
};

std::vector<Row> RandomRows(std::mt19937_64& rng, int64_t first_id, int n, int days) {
  std::vector<Row> rows;
  for (int i = 0; i < n; ++i) {
    Row r;
    r.id = first_id + i;
    if (rng() % 5 != 0)
      r.name = "name-" + std::to_string(rng() % 1000) + std::string(rng() % 20, 'x');
    if (rng() % 7 != 0)
      r.amount = rng() % 13 == 0 ? NAN : static_cast<double>(rng() % 100000) / 100;
    if (rng() % 9 != 0) {
      r.ts = int64_t{1704067200000000} +
             static_cast<int64_t>(rng() % static_cast<uint64_t>(days)) * 86400000000 +
             static_cast<int64_t>(rng() % 86400000000ULL);
      if (rng() % 11 == 0) *r.ts = -*r.ts;  // before 1970
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

col::RecordBatch ToBatch(const col::SchemaPtr& schema, const std::vector<Row>& rows) {
  col::PrimitiveBuilder<int64_t> id(col::Int64());
  col::BinaryBuilder name(col::Utf8());
  col::PrimitiveBuilder<double> amount(col::Float64());
  col::PrimitiveBuilder<int64_t> ts(schema->field(3).type);
  for (const Row& r : rows) {
    EXPECT_OK(id.Append(r.id));
    if (r.name) {
      EXPECT_OK(name.Append(reinterpret_cast<const uint8_t*>(r.name->data()),
                            static_cast<int64_t>(r.name->size())));
    } else {
      EXPECT_OK(name.AppendNull());
    }
    EXPECT_OK((r.amount ? amount.Append(*r.amount) : amount.AppendNull()));
    EXPECT_OK((r.ts ? ts.Append(*r.ts) : ts.AppendNull()));
  }
  auto b = col::RecordBatch::Make(schema, static_cast<int64_t>(rows.size()),
                                  {*id.Finish(), *name.Finish(), *amount.Finish(), *ts.Finish()});
  EXPECT_OK(b);
  return *b;
}

std::vector<Row> ReadRows(io::FileIO& io, const std::string& path) {
  std::vector<Row> rows;
  auto file = parquet::FileReader::Open(io, path);
  EXPECT_OK(file);
  auto reader = parquet::BatchReader::Make(**file);
  EXPECT_OK(reader);
  while (true) {
    auto b = (*reader)->Next();
    EXPECT_OK(b);
    if (!b.ok() || !*b) break;
    const col::RecordBatch& batch = **b;
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      Row r;
      r.id = batch.column(0)->values<int64_t>()[i];
      if (batch.column(1)->IsValid(i)) r.name = std::string(batch.column(1)->GetView(i));
      if (batch.column(2)->IsValid(i)) r.amount = batch.column(2)->values<double>()[i];
      if (batch.column(3)->IsValid(i)) r.ts = batch.column(3)->values<int64_t>()[i];
      rows.push_back(std::move(r));
    }
  }
  return rows;
}

struct Written {
  std::vector<manifest::DataFile> files;
  std::vector<Row> rows;
};

Written WriteRandom(io::FileIO& io, std::shared_ptr<WriteContext> ctx, int batches,
                    int rows_per_batch, int days, PartitionedWriterOptions options = {},
                    uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  Written w;
  auto writer = PartitionedWriter::Make(io, ctx, options);
  EXPECT_OK(writer);
  for (int b = 0; b < batches; ++b) {
    std::vector<Row> rows = RandomRows(rng, int64_t{b} * rows_per_batch, rows_per_batch, days);
    Status s = (*writer)->Write(ToBatch(ctx->columnar_schema(), rows));
    EXPECT_OK(s);
    EXPECT_LE((*writer)->BufferedSize(), options.memory_budget);
    w.rows.insert(w.rows.end(), rows.begin(), rows.end());
  }
  auto files = (*writer)->Close();
  EXPECT_OK(files);
  w.files = std::move(*files);
  return w;
}

TEST(PartitionedWriterTest, RoundTripPartitionsAndMetrics) {
  io::MemoryFileIO io;
  auto ctx = WriteContext::Make(OrderSchema(), DayAndBucket(), "mem://wh/db/orders", {});
  ASSERT_OK(ctx);
  Written w = WriteRandom(io, *ctx, 5, 2000, 6);
  std::vector<Row> all;
  spec::Schema schema = OrderSchema();
  for (const manifest::DataFile& f : w.files) {
    std::vector<Row> rows = ReadRows(io, f.file_path);
    EXPECT_EQ(f.record_count, static_cast<int64_t>(rows.size()));
    EXPECT_EQ(f.file_format, "PARQUET");
    ASSERT_EQ(f.partition.size(), 2u);
    // Partition tuple = the transforms applied to every row of the file.
    for (const Row& r : rows) {
      spec::Literal ts = r.ts ? spec::Literal::Timestamp(*r.ts) : spec::Literal::Null();
      EXPECT_EQ(*spec::Transform::Day().Apply(*Type::TimestampTz(), ts), f.partition[0]);
      EXPECT_EQ(*spec::Transform::Bucket(4).Apply(*Type::Long(), spec::Literal::Long(r.id)),
                f.partition[1]);
    }
    // The path: data/<partition path>/<name>.parquet.
    std::string path = *DayAndBucket().PartitionPath(schema, f.partition);
    EXPECT_EQ(f.file_path.rfind("mem://wh/db/orders/data/" + path + "/00000-0-", 0), 0u)
        << f.file_path;
    // Metrics = brute force.
    int64_t id_min = INT64_MAX, id_max = INT64_MIN, name_nulls = 0, nan = 0, amount_nulls = 0;
    std::optional<std::string> name_min, name_max;
    for (const Row& r : rows) {
      id_min = std::min(id_min, r.id);
      id_max = std::max(id_max, r.id);
      if (!r.name) {
        ++name_nulls;
      } else {
        if (!name_min || *r.name < *name_min) name_min = *r.name;
        if (!name_max || *r.name > *name_max) name_max = *r.name;
      }
      if (!r.amount)
        ++amount_nulls;
      else if (std::isnan(*r.amount))
        ++nan;
    }
    EXPECT_EQ(*manifest::FindCount(f.value_counts, 1), static_cast<int64_t>(rows.size()));
    EXPECT_EQ(*manifest::FindCount(f.null_value_counts, 2), name_nulls);
    EXPECT_EQ(*manifest::FindCount(f.null_value_counts, 3), amount_nulls);
    EXPECT_EQ(*manifest::FindCount(f.nan_value_counts, 3), nan);
    EXPECT_EQ(
        spec::FromBinary(*Type::Long(), *manifest::FindBound(f.lower_bounds, 1))->get<int64_t>(),
        id_min);
    EXPECT_EQ(
        spec::FromBinary(*Type::Long(), *manifest::FindBound(f.upper_bounds, 1))->get<int64_t>(),
        id_max);
    if (name_min) {
      // truncate(16) by default: a prefix below, a bound above.
      const std::string* lo = manifest::FindBound(f.lower_bounds, 2);
      const std::string* hi = manifest::FindBound(f.upper_bounds, 2);
      ASSERT_NE(lo, nullptr);
      EXPECT_EQ(*lo, name_min->substr(0, 16));
      if (hi) {
        EXPECT_GE(*hi, *name_max);
      }
      EXPECT_LE(hi ? hi->size() : 0, 16u);
    }
    ASSERT_TRUE(f.split_offsets.has_value());
    EXPECT_EQ(f.split_offsets->front(), 4);
    all.insert(all.end(), rows.begin(), rows.end());
  }
  std::sort(all.begin(), all.end());
  std::sort(w.rows.begin(), w.rows.end());
  EXPECT_TRUE(all == w.rows);
  EXPECT_GT(w.files.size(), 10u);
}

TEST(PartitionedWriterTest, MemoryBudgetHoldsWithManyPartitions) {
  io::MemoryFileIO io;
  spec::PartitionSpec by_id;
  by_id.fields = {spec::PartitionField{1, {}, 1000, "id_bucket", spec::Transform::Bucket(500)}};
  auto ctx = WriteContext::Make(OrderSchema(), by_id, "mem://wh/t", {});
  ASSERT_OK(ctx);
  PartitionedWriterOptions options;
  options.memory_budget = 256 * 1024;
  Written w = WriteRandom(io, *ctx, 10, 5000, 3, options);
  int64_t rows = 0;
  for (const auto& f : w.files) rows += f.record_count;
  EXPECT_EQ(rows, 50000);
  EXPECT_GE(w.files.size(), 500u);
}

TEST(PartitionedWriterTest, RollsAtTheTargetFileSize) {
  io::MemoryFileIO io;
  auto ctx = WriteContext::Make(OrderSchema(), spec::PartitionSpec{}, "mem://wh/t",
                                {{"write.target-file-size-bytes", "60000"},
                                 {"write.parquet.row-group-size-bytes", "20000"},
                                 {"write.parquet.compression-codec", "uncompressed"}});
  ASSERT_OK(ctx);
  Written w = WriteRandom(io, *ctx, 4, 10000, 3);
  ASSERT_GT(w.files.size(), 3u);
  int64_t rows = 0;
  for (size_t i = 0; i < w.files.size(); ++i) {
    rows += w.files[i].record_count;
    EXPECT_TRUE(w.files[i].partition.empty());
    EXPECT_EQ(w.files[i].file_path.rfind("mem://wh/t/data/00000-0-", 0), 0u);
    // Every file but the last reached the target; none overshoots it by much.
    if (i + 1 < w.files.size()) {
      EXPECT_GE(w.files[i].file_size_in_bytes, 60000 * 8 / 10);
    }
    EXPECT_LT(w.files[i].file_size_in_bytes, 60000 + 40000);
  }
  EXPECT_EQ(rows, 40000);
}

TEST(PartitionedWriterTest, WriteDataPathAndAbortDeletesEverything) {
  io::MemoryFileIO io;
  auto ctx = WriteContext::Make(
      OrderSchema(), DayAndBucket(), "mem://wh/t",
      {{"write.data.path", "mem://elsewhere/files/"}, {"write.target-file-size-bytes", "4000"}});
  ASSERT_OK(ctx);
  std::mt19937_64 rng(3);
  auto writer = PartitionedWriter::Make(io, *ctx);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(ToBatch((*ctx)->columnar_schema(), RandomRows(rng, 0, 3000, 2))));
  EXPECT_FALSE(io.Locations().empty());
  for (const std::string& l : io.Locations())
    EXPECT_EQ(l.rfind("mem://elsewhere/files/order_ts_day=", 0), 0u) << l;
  (*writer)->Abort();
  EXPECT_TRUE(io.Locations().empty());
}

TEST(PartitionedWriterTest, PartitionPathsEscapeValues) {
  spec::Schema s;
  s.fields = {NestedField{1, "region", false, Type::String()}};
  spec::PartitionSpec p;
  p.fields = {spec::PartitionField{1, {}, 1000, "region", spec::Transform::Identity()}};
  io::MemoryFileIO io;
  auto ctx = WriteContext::Make(s, p, "mem://t", {});
  ASSERT_OK(ctx);
  col::BinaryBuilder b(col::Utf8());
  std::string v = "a b/c";
  ASSERT_OK(b.Append(reinterpret_cast<const uint8_t*>(v.data()), 5));
  ASSERT_OK(b.AppendNull());
  auto batch = col::RecordBatch::Make((*ctx)->columnar_schema(), 2, {*b.Finish()});
  auto writer = PartitionedWriter::Make(io, *ctx);
  ASSERT_OK((*writer)->Write(*batch));
  auto files = (*writer)->Close();
  ASSERT_OK(files);
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].file_path.rfind("mem://t/data/region=a+b%2Fc/", 0), 0u)
      << (*files)[0].file_path;
  EXPECT_EQ((*files)[1].file_path.rfind("mem://t/data/region=null/", 0), 0u)
      << (*files)[1].file_path;
  EXPECT_TRUE((*files)[1].partition[0].is_null());
}

TEST(PartitionedWriterTest, DuckDbReadsTheRowsAndFieldIds) {
  if (!std::filesystem::exists(testing::SourceDir() + "/tests/peers/node_modules/@duckdb")) {
    GTEST_SKIP() << "DuckDB peer not installed";
  }
  testing::TempDir dir;
  auto io = io::LocalFileIO();
  auto ctx = WriteContext::Make(OrderSchema(), DayAndBucket(), dir.path(), {});
  ASSERT_OK(ctx);
  Written w = WriteRandom(*io, *ctx, 2, 500, 2);
  std::string sql =
      "SELECT count(*), count(DISTINCT id), sum(id), count(name), count(order_ts) FROM "
      "read_parquet('" +
      dir.path() +
      "/data/**/*.parquet');"
      "SELECT name, field_id FROM parquet_schema('" +
      w.files[0].file_path +
      "') WHERE field_id IS NOT NULL ORDER BY field_id;"
      "SELECT count(*) FROM parquet_kv_metadata('" +
      w.files[0].file_path + "') WHERE decode(key) = 'iceberg.schema';";
  auto r = testing::RunCommand(
      "node " + testing::ShellQuote(testing::SourceDir() + "/tests/peers/duckdb.mjs") + " " +
      testing::ShellQuote(sql));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int64_t names = 0, ts = 0, sum = 0;
  for (const Row& row : w.rows) {
    names += row.name ? 1 : 0;
    ts += row.ts ? 1 : 0;
    sum += row.id;
  }
  // The peer prints every integer as a JSON string.
  std::string expected = "[\"1000\",\"1000\",\"" + std::to_string(sum) + "\",\"" +
                         std::to_string(names) + "\",\"" + std::to_string(ts) + "\"]\n" +
                         "[\"id\",\"1\"]\n[\"name\",\"2\"]\n[\"amount\",\"3\"]\n"
                         "[\"order_ts\",\"4\"]\n[\"1\"]\n";
  EXPECT_EQ(r.out, expected);
}

}  // namespace
}  // namespace floe::write
