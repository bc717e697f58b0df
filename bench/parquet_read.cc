// Parquet read speed against DuckDB in the same run (issue 4). DuckDB (tests/peers) writes the
// dataset once: 10 million rows — id BIGINT sequential, k INTEGER uniform in 0..999, d DOUBLE
// uniform, s VARCHAR from 50,000 distinct strings of 10-20 characters, ts TIMESTAMP one second
// apart — as zstd Parquet with 1M-row row groups. Then, on one thread and on all cores:
//   (a) a full decode of all five columns (floe: BatchReader, then one pass over every value; on
//       several threads one reader per row group;
//       DuckDB: an aggregate that reads every value of every column), and
//   (b) sum(d) where k < 10 (floe: ScanParquetFile with the filter; DuckDB: the same query).
// Reports best-of-N wall and CPU seconds, floe/DuckDB ratios and peak memory (floe: this process;
// DuckDB: its process).
// --reference-filter runs (b) on floe's reference path (every column decoded, then filtered)
// instead of late materialization (the filter's column first, the others for kept rows only).
//   bench_parquet_read [--rows N] [--dir DIR] [--repeat N] [--threads N] [--floe-only]
//                      [--reference-filter] [--filter-only]
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench_util.h"
#include "floe/expr/parser.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/table/parquet_scan.h"
#include "floe/util/thread_pool.h"

namespace {

using namespace floe;
using namespace floe::bench;  // NOLINT

double ChildrenCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// DuckDB's time for the last statement of `sql` (ms), from duckdb.mjs --time; the output too.
// *cpu_seconds: the CPU time (user + system, all threads) of the whole DuckDB process.
double DuckDbMillis(const std::string& sql, std::string* result, double* cpu_seconds = nullptr) {
  std::string cmd = fmt::format("cd {} && node duckdb.mjs --time \"{}\" 2>&1", PeersDir(), sql);
  const double cpu0 = ChildrenCpuSeconds();
  std::string out = Run(cmd);
  if (cpu_seconds) *cpu_seconds = ChildrenCpuSeconds() - cpu0;
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

// The sums of one batch's rows added to `s`.
void AddBatch(const columnar::RecordBatch& b, Sums* s) {
  s->rows += b.num_rows();
  const int64_t* id = b.column(0)->values<int64_t>();
  const int32_t* k = b.column(1)->values<int32_t>();
  const double* d = b.column(2)->values<double>();
  const int64_t* ts = b.column(4)->values<int64_t>();
  for (int64_t i = 0; i < b.num_rows(); ++i) {
    s->id_sum += id[i];
    s->k_sum += k[i];
    s->d_sum += d[i];
    s->ts_max = std::max(s->ts_max, ts[i]);
  }
  const auto& sa = *b.column(3);
  s->s_bytes += sa.ListEnd(b.num_rows() - 1) - sa.ListStart(0);
}

// (a): decode all columns and touch every value. On several threads the row groups are read at
// once, each by a reader of its own (BatchReaderOptions::row_groups), and their sums added in
// file order.
Sums FullDecode(const std::string& path) {
  auto file = parquet::FileReader::Open(*io::LocalFileIO(), path);
  Check(file, "open");
  const int groups = static_cast<int>((*file)->metadata().row_groups.size());
  auto read_groups = [&](std::optional<int> group) -> Result<Sums> {
    parquet::BatchReaderOptions options;
    if (group) {
      options.row_groups = std::vector<int>{*group};
      options.parallel = false;
    }
    FLOE_ASSIGN_OR_RETURN(auto reader, parquet::BatchReader::Make(**file, options));
    Sums s;
    while (true) {
      FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, reader->Next());
      if (!batch) break;
      AddBatch(*batch, &s);
    }
    return s;
  };
  if (ThreadCount() <= 1 || groups <= 1) {
    auto s = read_groups(std::nullopt);
    Check(s, "read");
    return *s;
  }
  auto parts = ParallelMap(groups, [&](int64_t g) { return read_groups(static_cast<int>(g)); });
  Check(parts, "read");
  Sums s;
  for (const Sums& p : *parts) {
    s.rows += p.rows;
    s.id_sum += p.id_sum;
    s.k_sum += p.k_sum;
    s.d_sum += p.d_sum;
    s.s_bytes += p.s_bytes;
    s.ts_max = std::max(s.ts_max, p.ts_max);
  }
  return s;
}

// (b): sum(d) where k < 10.
double FilteredSum(const std::string& path, int64_t* matched, bool late) {
  table::ParquetScanOptions options;
  options.late_materialization = late;
  options.columns = {"d"};
  options.filter = *expr::ParseFilter("k < 10");
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

// Best-of-N wall and CPU seconds (each the best of its own).
struct Timing {
  double wall = 1e30;
  double cpu = 1e30;
  void Add(double w, double c) {
    wall = std::min(wall, w);
    cpu = std::min(cpu, c);
  }
};

template <typename F>
Timing BestSeconds(int repeat, F&& f) {
  Timing t;
  for (int i = 0; i < repeat; ++i) {
    const double cpu0 = CpuSeconds();
    auto t0 = Clock::now();
    f();
    t.Add(std::chrono::duration<double>(Clock::now() - t0).count(), CpuSeconds() - cpu0);
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t rows = 10'000'000;
  std::string dir = "/tmp/floe-bench";
  int repeat = 5;
  int all_threads = AvailableCores();
  bool floe_only = false;
  bool late = true;
  bool filter_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rows" && i + 1 < argc) rows = std::atoll(argv[++i]);
    if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    if (a == "--repeat" && i + 1 < argc) repeat = std::atoi(argv[++i]);
    if (a == "--threads" && i + 1 < argc) all_threads = std::atoi(argv[++i]);
    if (a == "--floe-only") floe_only = true;  // for profiling floe alone
    if (a == "--reference-filter") late = false;
    if (a == "--filter-only") filter_only = true;  // (b) alone, for profiling
  }
  std::filesystem::create_directories(dir);
  const std::string path = fmt::format("{}/read_{}.parquet", dir, rows);
  if (!std::filesystem::exists(path)) {
    std::printf("writing %lld rows with DuckDB to %s\n", static_cast<long long>(rows),
                path.c_str());
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
  const std::string full_sql = fmt::format(
      "SELECT count(*), sum(id), sum(k), sum(d), sum(length(s)), max(ts) FROM {}", scan);
  const std::string filter_sql = fmt::format("SELECT sum(d), count(*) FROM {} WHERE k < 10", scan);

  std::printf(
      "\nbest of %d; wall seconds (CPU seconds: user + system, all threads; DuckDB's is its\n"
      "process's minus that of the same process running SELECT 1)\n",
      repeat);
  std::printf("%-28s %14s %14s %12s\n", "", "floe wall/cpu", "DuckDB wall/cpu", "ratio w/c");
  for (int threads : {1, all_threads}) {
    Check(SetThreadCount(threads), "threads");
    Sums s;
    Timing floe_full = BestSeconds(filter_only ? 0 : repeat, [&] { s = FullDecode(path); });
    int64_t matched = 0;
    double sum = 0;
    Timing floe_filter = BestSeconds(repeat, [&] {
      matched = 0;
      sum = FilteredSum(path, &matched, late);
    });
    Timing duck_full, duck_filter, duck_idle;
    std::string duck_full_rows, duck_filter_rows;
    for (int i = 0; i < (floe_only ? 0 : repeat); ++i) {
      double cpu = 0;
      double ms = DuckDbMillis(fmt::format("SET threads={}; SELECT 1", threads), nullptr, &cpu);
      duck_idle.Add(ms / 1000, cpu);
      if (!filter_only) {
        ms = DuckDbMillis(fmt::format("SET threads={}; {}", threads, full_sql), &duck_full_rows,
                          &cpu);
        duck_full.Add(ms / 1000, cpu);
      }
      ms = DuckDbMillis(fmt::format("SET threads={}; {}", threads, filter_sql), &duck_filter_rows,
                        &cpu);
      duck_filter.Add(ms / 1000, cpu);
    }
    duck_full.cpu -= duck_idle.cpu;
    duck_filter.cpu -= duck_idle.cpu;
    auto line = [&](const std::string& what, const Timing& f, const Timing& d) {
      if (f.wall > 1e29) return;  // not run (--filter-only)
      if (d.wall > 1e29) {        // --floe-only
        std::printf("%-28s %6.3f/%6.3f\n", what.c_str(), f.wall, f.cpu);
        return;
      }
      std::printf("%-28s %6.3f/%6.3f  %6.3f/%6.3f  %5.2f/%5.2f\n", what.c_str(), f.wall, f.cpu,
                  d.wall, d.cpu, f.wall / d.wall, f.cpu / d.cpu);
    };
    line(fmt::format("full decode, {} thread(s)", threads), floe_full, duck_full);
    line(fmt::format("sum(d) where k<10, {} thr", threads), floe_filter, duck_filter);
    std::printf(
        "  floe: rows %lld, sum(id) %lld, sum(k) %lld, sum(d) %.6f, bytes(s) %lld, max(ts) %lld\n",
        static_cast<long long>(s.rows), static_cast<long long>(s.id_sum),
        static_cast<long long>(s.k_sum), s.d_sum, static_cast<long long>(s.s_bytes),
        static_cast<long long>(s.ts_max));
    std::printf("  DuckDB: %s\n", duck_full_rows.c_str());
    std::printf("  floe filtered: sum %.6f, rows %lld; DuckDB: %s\n", sum,
                static_cast<long long>(matched), duck_filter_rows.c_str());
    std::printf("  load average: %s", Run("cat /proc/loadavg").c_str());
  }
  std::printf("\npeak memory: floe %.0f MB, DuckDB %.0f MB (largest process)\n",
              PeakRssKb(RUSAGE_SELF) / 1024.0, PeakRssKb(RUSAGE_CHILDREN) / 1024.0);
  return 0;
}
