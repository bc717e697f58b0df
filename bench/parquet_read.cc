// Parquet read speed against DuckDB in the same run (issue 4). DuckDB (tests/peers) writes the
// dataset once: 10 million rows — id BIGINT sequential, k INTEGER uniform in 0..999, d DOUBLE
// uniform, s VARCHAR from 50,000 distinct strings of 10-20 characters, ts TIMESTAMP one second
// apart — as zstd Parquet with 1M-row row groups. Then, on one thread and on all cores:
//   (a) a full decode of all five columns (floe: BatchReader, then one pass over every value;
//       DuckDB: an aggregate that reads every value of every column), and
//   (b) sum(d) where k < 10 (floe: ScanParquetFile with the filter; DuckDB: the same query).
// Reports seconds, floe/DuckDB ratios and peak memory (floe: this process; DuckDB: its process).
// --reference-filter runs (b) on floe's reference path (every column decoded, then filtered)
// instead of late materialization (the filter's column first, the others for kept rows only).
//   bench_parquet_read [--rows N] [--dir DIR] [--repeat N] [--threads N] [--floe-only]
//                      [--reference-filter]
#include <sys/resource.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "floe/format/parquet/batch_reader.h"
#include "floe/io/file_io.h"
#include "floe/table/parquet_scan.h"
#include "floe/util/thread_pool.h"

#include "bench_util.h"

namespace {

using namespace floe;
using namespace floe::bench;  // NOLINT

// DuckDB's time for the last statement of `sql` (ms), from duckdb.mjs --time; the output too.
double DuckDbMillis(const std::string& sql, std::string* result) {
  std::string cmd = fmt::format("cd {} && node duckdb.mjs --time \"{}\" 2>&1", PeersDir(), sql);
  std::string out = Run(cmd);
  double ms = 0;
  std::string rows;
  size_t pos = 0;
  while (pos < out.size()) {
    size_t end = out.find('\n', pos);
    std::string line = out.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? out.size() : end + 1;
    if (line.rfind("statement ", 0) == 0) {
      ms = std::atof(line.substr(line.find(": ") + 2).c_str());
    } else {
      rows = line;
    }
  }
  if (result) *result = rows;
  return ms;
}

long PeakRssKb(int who) {
  rusage u{};
  getrusage(who, &u);
  return u.ru_maxrss;
}

struct Sums {
  int64_t rows = 0;
  int64_t id_sum = 0;
  int64_t k_sum = 0;
  double d_sum = 0;
  int64_t s_bytes = 0;
  int64_t ts_max = INT64_MIN;
};

// (a): decode all columns and touch every value.
Sums FullDecode(const std::string& path) {
  auto file = parquet::FileReader::Open(*io::LocalFileIO(), path);
  Check(file, "open");
  auto reader = parquet::BatchReader::Make(**file);
  Check(reader, "reader");
  Sums s;
  while (true) {
    auto batch = (*reader)->Next();
    Check(batch, "next");
    if (!*batch) break;
    const auto& b = **batch;
    s.rows += b.num_rows();
    const int64_t* id = b.column(0)->values<int64_t>();
    const int32_t* k = b.column(1)->values<int32_t>();
    const double* d = b.column(2)->values<double>();
    const int64_t* ts = b.column(4)->values<int64_t>();
    for (int64_t i = 0; i < b.num_rows(); ++i) {
      s.id_sum += id[i];
      s.k_sum += k[i];
      s.d_sum += d[i];
      s.ts_max = std::max(s.ts_max, ts[i]);
    }
    const auto& sa = *b.column(3);
    s.s_bytes += sa.ListEnd(b.num_rows() - 1) - sa.ListStart(0);
  }
  return s;
}

// (b): sum(d) where k < 10.
double FilteredSum(const std::string& path, int64_t* matched, bool late) {
  table::ParquetScanOptions options;
  options.late_materialization = late;
  options.columns = {"d"};
  options.filter = "k < 10";
  double sum = 0;
  table::ParquetScanCallbacks callbacks;
  callbacks.on_batch = [&](const columnar::RecordBatch& b) -> Status {
    const double* d = b.column(0)->values<double>();
    for (int64_t i = 0; i < b.num_rows(); ++i) sum += d[i];
    *matched += b.num_rows();
    return Ok();
  };
  auto report = table::ScanParquetFile(*io::LocalFileIO(), path, options, callbacks);
  Check(report, "scan");
  return sum;
}

template <typename F>
double BestSeconds(int repeat, F&& f) {
  double best = 1e30;
  for (int i = 0; i < repeat; ++i) {
    auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t rows = 10'000'000;
  std::string dir = "/tmp/floe-bench";
  int repeat = 3;
  int all_threads = AvailableCores();
  bool floe_only = false;
  bool late = true;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rows" && i + 1 < argc) rows = std::atoll(argv[++i]);
    if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    if (a == "--repeat" && i + 1 < argc) repeat = std::atoi(argv[++i]);
    if (a == "--threads" && i + 1 < argc) all_threads = std::atoi(argv[++i]);
    if (a == "--floe-only") floe_only = true;  // for profiling floe alone
    if (a == "--reference-filter") late = false;
  }
  std::filesystem::create_directories(dir);
  const std::string path = fmt::format("{}/read_{}.parquet", dir, rows);
  if (!std::filesystem::exists(path)) {
    std::printf("writing %lld rows with DuckDB to %s\n", static_cast<long long>(rows), path.c_str());
    std::string sql = fmt::format(
        "SET threads=2; COPY (SELECT i::BIGINT AS id, (hash(i, 1) % 1000)::INTEGER AS k, "
        "(hash(i, 2) % 1000000000)::DOUBLE / 1000000000 AS d, "
        "substr(md5((hash(i, 3) % 50000)::VARCHAR) || md5('x' || (hash(i, 3) % 50000)::VARCHAR), "
        "1, (10 + (hash(i, 3) % 50000) % 11)::BIGINT) AS s, "
        "TIMESTAMP '2026-01-01 00:00:00' + to_seconds(i) AS ts FROM range({}) t(i)) TO '{}' "
        "(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1000000)",
        rows, path);
    Run(fmt::format("cd {} && node duckdb.mjs \"{}\"", PeersDir(), sql));
  }
  std::printf("file: %s (%.1f MB)\n", path.c_str(),
              static_cast<double>(std::filesystem::file_size(path)) / 1e6);
  std::printf("load average: %s", Run("cat /proc/loadavg").c_str());

  const std::string scan = fmt::format("read_parquet('{}')", path);
  const std::string full_sql =
      fmt::format("SELECT count(*), sum(id), sum(k), sum(d), sum(length(s)), max(ts) FROM {}", scan);
  const std::string filter_sql = fmt::format("SELECT sum(d), count(*) FROM {} WHERE k < 10", scan);

  std::printf("\n%-28s %10s %10s %8s\n", "", "floe s", "DuckDB s", "ratio");
  for (int threads : {1, all_threads}) {
    Check(SetThreadCount(threads), "threads");
    Sums s;
    double floe_full = BestSeconds(repeat, [&] { s = FullDecode(path); });
    int64_t matched = 0;
    double sum = 0;
    double floe_filter = BestSeconds(repeat, [&] {
      matched = 0;
      sum = FilteredSum(path, &matched, late);
    });
    double duck_full = 1e30, duck_filter = 1e30;
    std::string duck_full_rows, duck_filter_rows;
    for (int i = 0; i < (floe_only ? 0 : repeat); ++i) {
      duck_full = std::min(duck_full, DuckDbMillis(fmt::format("SET threads={}; {}", threads, full_sql),
                                                   &duck_full_rows) / 1000);
      duck_filter =
          std::min(duck_filter, DuckDbMillis(fmt::format("SET threads={}; {}", threads, filter_sql),
                                             &duck_filter_rows) / 1000);
    }
    std::printf("full decode, %d thread(s)%*s %10.3f %10.3f %8.2f\n", threads,
                threads > 9 ? 1 : 2, "", floe_full, duck_full, floe_full / duck_full);
    std::printf("sum(d) where k<10, %d thr%*s %10.3f %10.3f %8.2f\n", threads, threads > 9 ? 4 : 5,
                "", floe_filter, duck_filter, floe_filter / duck_filter);
    std::printf("  floe: rows %lld, sum(id) %lld, sum(k) %lld, sum(d) %.6f, bytes(s) %lld, max(ts) %lld\n",
                static_cast<long long>(s.rows), static_cast<long long>(s.id_sum),
                static_cast<long long>(s.k_sum), s.d_sum, static_cast<long long>(s.s_bytes),
                static_cast<long long>(s.ts_max));
    std::printf("  DuckDB: %s\n", duck_full_rows.c_str());
    std::printf("  floe filtered: sum %.6f, rows %lld; DuckDB: %s\n", sum,
                static_cast<long long>(matched), duck_filter_rows.c_str());
  }
  std::printf("\npeak memory: floe %.0f MB, DuckDB %.0f MB (largest process)\n",
              PeakRssKb(RUSAGE_SELF) / 1024.0, PeakRssKb(RUSAGE_CHILDREN) / 1024.0);
  return 0;
}
