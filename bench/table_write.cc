// Writing tables (issue 6), two figures:
//   (1) commit latency: N sequential one-file appends to one table on the SQLite catalog (each a
//       one-row CSV through update::AppendFiles: data file, manifest, manifest list, metadata
//       file, catalog swap), with merge append on (the default) and off; p50 and p99 per window
//       of 100 commits, so growth with the snapshot count shows.
//   (2) ingest: the 10-million-row Parquet file of bench_parquet_read (id, k, d, s, ts one second
//       apart ≈ 116 days) appended into a table partitioned by day(ts), against DuckDB writing
//       the same rows partitioned by the same day (COPY … PARTITION_BY) in the same run.
//   bench_table_write [--commits N] [--dir DIR] [--skip-ingest] [--skip-commits] [--repeat N]
//                     [--floe-only] [--budget-mb MB (the writers' memory budget)]
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench_util.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/spec/partition_spec_text.h"
#include "floe/spec/schema_text.h"
#include "floe/update/append_files.h"

namespace {

using namespace floe;
using namespace floe::bench;  // NOLINT

struct Table {
  std::unique_ptr<catalog::sql::SqlCatalog> catalog;
  catalog::TableIdentifier id{{"bench"}, "t"};
};

Table MakeTable(const std::string& dir, const std::string& schema_text,
                const std::string& partition_text, std::map<std::string, std::string> props) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Table t;
  catalog::sql::SqlCatalogOptions options{"default", dir + "/catalog.db", dir, nullptr};
  auto catalog = catalog::sql::SqlCatalog::Open(options);
  Check(catalog, "catalog");
  t.catalog = std::move(*catalog);
  Check(t.catalog->CreateNamespace({"bench"}, {}), "namespace");
  catalog::CreateTableOptions create;
  auto schema = spec::ParseSchemaText(schema_text);
  Check(schema, "schema");
  create.table.schema = *schema;
  auto spec = spec::ParsePartitionSpecText(partition_text, *schema);
  Check(spec, "spec");
  create.table.spec = *spec;
  create.table.properties = std::move(props);
  Check(t.catalog->CreateTable(t.id, create), "create");
  return t;
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void CommitLatency(const std::string& dir, int commits, bool merge) {
  Table t = MakeTable(dir, "id long, v string", "",
                      {{"commit.manifest-merge.enabled", merge ? "true" : "false"}});
  const std::string csv = dir + "/one.csv";
  std::ofstream(csv) << "id,v\n1,x\n";
  catalog::CatalogTableOperations ops(*t.catalog, t.id);
  auto io = io::LocalFileIO();
  std::vector<double> ms;
  for (int i = 0; i < commits; ++i) {
    auto start = Clock::now();
    Check(update::AppendFiles(ops, *io, {csv}), "append");
    ms.push_back(Seconds(start) * 1000);
  }
  std::printf("commit latency, merge append %s (%d one-file appends):\n", merge ? "on" : "off",
              commits);
  for (int w = 0; w * 100 < commits; ++w) {
    std::vector<double> window(ms.begin() + w * 100, ms.begin() + std::min(commits, (w + 1) * 100));
    std::printf("  snapshots %4d-%4d: p50 %7.2f ms  p99 %7.2f ms\n", w * 100 + 1,
                std::min(commits, (w + 1) * 100), Percentile(window, 0.5),
                Percentile(window, 0.99));
  }
}

double ChildrenCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// One ingest by each engine (DuckDB skipped with floe_only); wall and CPU seconds of each.
void Ingest(const std::string& dir, const std::string& input, bool floe_only, int64_t budget_mb) {
  Table t = MakeTable(dir + "/floe", "id long, k int, d double, s string, ts timestamp_ntz",
                      "days(ts)", {});
  catalog::CatalogTableOperations ops(*t.catalog, t.id);
  auto io = io::LocalFileIO();
  auto start = Clock::now();
  const double cpu_start = CpuSeconds();
  update::AppendFilesOptions options;
  if (budget_mb > 0) options.memory_budget = budget_mb << 20;
  auto result = update::AppendFiles(ops, *io, {input}, options);
  Check(result, "ingest");
  const double floe_s = Seconds(start);
  const double floe_cpu = CpuSeconds() - cpu_start;
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const double rows = static_cast<double>(result->added_records);
  std::printf(
      "ingest of %.0f rows partitioned by day(ts): floe %.2f s, CPU %.2f s (%.2f M rows/s, "
      "%lld data files, peak RSS %ld MB)",
      rows, floe_s, floe_cpu, rows / floe_s / 1e6, static_cast<long long>(result->added_data_files),
      u.ru_maxrss / 1024);
  if (floe_only) {
    std::printf("\n");
    return;
  }
  const std::string out = dir + "/duckdb";
  std::filesystem::remove_all(out);
  const std::string sql = fmt::format(
      "copy (select *, ts::date as ts_day from read_parquet('{}')) to '{}' "
      "(format parquet, compression zstd, partition_by (ts_day))",
      input, out);
  auto duck_start = Clock::now();
  const double duck_cpu_start = ChildrenCpuSeconds();
  Run(fmt::format("cd {} && node duckdb.mjs \"{}\" > /dev/null", PeersDir(), sql));
  const double duck_s = Seconds(duck_start);
  const double duck_cpu = ChildrenCpuSeconds() - duck_cpu_start;
  std::printf(
      "; DuckDB %.2f s, CPU %.2f s (%.2f M rows/s, incl. node start); floe/DuckDB time "
      "%.2f, CPU %.2f\n",
      duck_s, duck_cpu, rows / duck_s / 1e6, floe_s / duck_s, floe_cpu / duck_cpu);
}

}  // namespace

int main(int argc, char** argv) {
  int commits = 1000;
  std::string dir = "/tmp/floe-bench/table_write";
  bool ingest = true, latency = true, floe_only = false;
  int repeat = 1;
  int64_t budget_mb = 0;  // 0: AppendFiles' default
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--commits" && i + 1 < argc)
      commits = std::atoi(argv[++i]);
    else if (a == "--dir" && i + 1 < argc)
      dir = argv[++i];
    else if (a == "--skip-ingest")
      ingest = false;
    else if (a == "--skip-commits")
      latency = false;
    else if (a == "--floe-only")
      floe_only = true;  // for profiling floe alone
    else if (a == "--repeat" && i + 1 < argc)
      repeat = std::atoi(argv[++i]);
    else if (a == "--budget-mb" && i + 1 < argc)
      budget_mb = std::atoll(argv[++i]);
  }
  if (latency) {
    CommitLatency(dir + "/merge", commits, true);
    CommitLatency(dir + "/fast", commits, false);
  }
  if (ingest) {
    const std::string input = "/tmp/floe-bench/read_10000000.parquet";
    if (!std::filesystem::exists(input)) {
      std::fprintf(stderr, "%s is missing: run bench_parquet_read once to make it\n",
                   input.c_str());
      return 1;
    }
    for (int r = 0; r < repeat; ++r) Ingest(dir + "/ingest", input, floe_only, budget_mb);
  }
  return 0;
}
