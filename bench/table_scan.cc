// Reading tables (issue 7): the 10-million-row dataset of bench_parquet_read (id, k, d, s, ts one
// second apart ≈ 116 days) as a table partitioned by day(ts), queried with
//   sum(d) where k < 10 and ts in one day
// through floe's planner and reader (PlanScan + ReadTable: partition pruning picks the day's
// files, row groups pruned by statistics, the residual filter on rows), against DuckDB's
// read_parquet over the same data files in the same run (statement time, DuckDB already
// started). Also a full-table sum(d) where k < 10 on both sides.
// --threads N: data files read at once, and the size of the process pool (default: all cores).
//   bench_table_scan [--dir DIR] [--input FILE] [--runs N] [--threads N]
#include "floe/scan/table_scan.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "bench_util.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/expr/parser.h"
#include "floe/scan/table_reader.h"
#include "floe/spec/partition_spec_text.h"
#include "floe/spec/schema_text.h"
#include "floe/update/append_files.h"
#include "floe/util/thread_pool.h"
#include "floe/util/time.h"

namespace {

using namespace floe;
using namespace floe::bench;  // NOLINT

// The table, ingested on first use and kept for later runs.
std::unique_ptr<catalog::sql::SqlCatalog> OpenTable(const std::string& dir,
                                                    const std::string& input,
                                                    const catalog::TableIdentifier& id) {
  bool fresh = !std::filesystem::exists(dir + "/catalog.db");
  std::filesystem::create_directories(dir);
  catalog::sql::SqlCatalogOptions options{"default", dir + "/catalog.db", dir, nullptr};
  auto catalog = catalog::sql::SqlCatalog::Open(options);
  Check(catalog, "catalog");
  if (fresh) {
    Check((*catalog)->CreateNamespace({"bench"}, {}), "namespace");
    catalog::CreateTableOptions create;
    auto schema = spec::ParseSchemaText("id long, k int, d double, s string, ts timestamp_ntz");
    Check(schema, "schema");
    create.table.schema = *schema;
    auto spec = spec::ParsePartitionSpecText("days(ts)", *schema);
    Check(spec, "spec");
    create.table.spec = *spec;
    Check((*catalog)->CreateTable(id, create), "create");
    catalog::CatalogTableOperations ops(**catalog, id);
    auto io = io::LocalFileIO();
    std::printf("ingesting %s ...\n", input.c_str());
    Check(update::AppendFiles(ops, *io, {input}), "ingest");
  }
  return std::move(*catalog);
}

struct FloeRun {
  double seconds = 0;
  double sum = 0;
  int64_t rows = 0;
  size_t files = 0;
  scan::PlanReport plan;
};

FloeRun RunFloe(io::FileIO& io, const spec::TableMetadata& metadata, const std::string& filter,
                int threads) {
  FloeRun run;
  auto start = Clock::now();
  scan::ScanOptions options;
  auto parsed = expr::ParseFilterOrTrue(filter);
  Check(parsed, "filter");
  options.filter = *parsed;
  auto plan = scan::PlanScan(io, metadata, options);
  Check(plan, "plan");
  scan::TableReadOptions read;
  read.columns = {"d"};
  read.threads = threads;
  scan::TableReadCallbacks callbacks;
  callbacks.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
    const columnar::ArrayData& d = *batch.column(0);
    const double* values = d.values<double>();
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      if (d.IsValid(i)) run.sum += values[i];
    }
    run.rows += batch.num_rows();
    return Ok();
  };
  Check(scan::ReadTable(io, metadata, *plan, read, callbacks), "read");
  run.seconds = Seconds(start);
  run.files = plan->tasks.size();
  run.plan = plan->report;
  return run;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "/tmp/floe-bench/table_scan";
  std::string input = "/tmp/floe-bench/read_10000000.parquet";
  int runs = 5;
  int threads = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--dir" && i + 1 < argc)
      dir = argv[++i];
    else if (a == "--input" && i + 1 < argc)
      input = argv[++i];
    else if (a == "--runs" && i + 1 < argc)
      runs = std::atoi(argv[++i]);
    else if (a == "--threads" && i + 1 < argc)
      threads = std::atoi(argv[++i]);
  }
  Check(SetThreadCount(threads), "threads");
  catalog::TableIdentifier id{{"bench"}, "t"};
  auto catalog = OpenTable(dir, input, id);
  auto loaded = catalog->LoadTable(id);
  Check(loaded, "load");
  const spec::TableMetadata& metadata = loaded->metadata;
  auto io = io::LocalFileIO();

  // The data files, and the middle day of the table's days.
  scan::ScanOptions all;
  auto plan = scan::PlanScan(*io, metadata, all);
  Check(plan, "plan");
  std::vector<std::string> files;
  std::vector<int32_t> days;
  for (const scan::FileScanTask& task : plan->tasks) {
    files.push_back("'" + task.data_file.file_path + "'");
    days.push_back(task.data_file.partition[0].get<int32_t>());
  }
  std::sort(days.begin(), days.end());
  const int32_t day = days[days.size() / 2];
  const std::string from = FormatDate(day);
  const std::string to = FormatDate(day + 1);
  const std::string day_filter = fmt::format(
      "k < 10 AND ts >= TIMESTAMP_NTZ '{} 00:00:00' AND ts < TIMESTAMP_NTZ '{} 00:00:00'", from,
      to);

  struct Query {
    std::string name;
    std::string floe_filter;
    std::string duck_where;
  };
  std::vector<Query> queries = {
      {"one day", day_filter,
       fmt::format("k < 10 AND ts >= TIMESTAMP '{} 00:00:00' AND ts < TIMESTAMP '{} 00:00:00'",
                   from, to)},
      {"whole table", "k < 10", "k < 10"},
  };
  std::printf("table: %zu data files, %lld rows; day %s; floe threads %d\n", files.size(),
              static_cast<long long>(plan->report.records_planned), from.c_str(), ThreadCount());
  for (const Query& q : queries) {
    std::vector<double> floe_s;
    FloeRun last;
    for (int r = 0; r < runs; ++r) {
      last = RunFloe(*io, metadata, q.floe_filter, threads);
      floe_s.push_back(last.seconds);
    }
    std::string sql;
    for (int r = 0; r < runs; ++r) {
      sql += fmt::format("select sum(d), count(*) from read_parquet([{}]) where {};",
                         fmt::join(files, ","), q.duck_where);
    }
    std::string peers = std::filesystem::path(FLOE_SOURCE_DIR) / "tests" / "peers";
    std::string out = Run(fmt::format("cd {} && node duckdb.mjs --time \"{}\" 2>&1", peers, sql));
    std::vector<double> duck_ms;
    std::string duck_result;
    size_t at = 0;
    while ((at = out.find("statement ", at)) != std::string::npos) {
      size_t colon = out.find(": ", at);
      if (colon == std::string::npos) break;
      duck_ms.push_back(std::atof(out.c_str() + colon + 2));
      at = colon;
    }
    if (duck_ms.empty()) {  // e.g. the statement was too long for the peer: say so, never a median
                            // of nothing
      std::fprintf(stderr, "DuckDB printed no timings for %s:\n%s\n", q.name.c_str(), out.c_str());
      return 1;
    }
    size_t line = out.find('[');
    if (line != std::string::npos) duck_result = out.substr(line, out.find('\n', line) - line);
    const double floe_ms = Median(floe_s) * 1000;
    const double duck = Median(duck_ms);
    std::printf(
        "%s: floe %.1f ms (median of %d; %zu of %zu files planned, %lld rows matched, sum %.6f) | "
        "DuckDB read_parquet %.1f ms (median, %s) | floe/DuckDB %.2f\n",
        q.name.c_str(), floe_ms, runs, last.files, files.size(), static_cast<long long>(last.rows),
        last.sum, duck, duck_result.c_str(), floe_ms / duck);
  }
  return 0;
}
