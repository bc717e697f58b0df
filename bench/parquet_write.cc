// Parquet write speed against DuckDB in the same run (issue 5).
//   (1) The 10-million-row dataset of the reader benchmark (id BIGINT, k INTEGER, d DOUBLE,
//       s VARCHAR from 50,000 strings, ts TIMESTAMP), written once by DuckDB uncompressed, is
//       rewritten as zstd level 3 with 1M-row row groups: by floe (write::RewriteParquet, what
//       `floe parquet write` runs) and by DuckDB (COPY … (FORMAT parquet, COMPRESSION zstd,
//       COMPRESSION_LEVEL 3, ROW_GROUP_SIZE 1000000)), on one thread and on all cores. Reports
//       seconds, floe/DuckDB time ratios and the file-size ratio.
//   (2) A log-like table of 2 million rows (a timestamp, a host name, a level, a ~300-byte JSON
//       message), written by floe at zstd levels 1, 3, 6, 9, 12, 15 on one thread: file size and
//       CPU seconds per level (DuckDB's size and time at the same level beside it).
//   bench_parquet_write [--rows N] [--log-rows N] [--dir DIR] [--repeat N] [--threads N]
//                       [--floe-only] [--skip-levels]
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "bench_util.h"
#include "floe/io/file_io.h"
#include "floe/util/thread_pool.h"
#include "floe/write/parquet_rewrite.h"
#include "floe/write/parquet_write_properties.h"

namespace {

using namespace floe;
using namespace floe::bench;  // NOLINT

double ChildrenCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// DuckDB's time for the last statement of `sql` in seconds (duckdb.mjs --time); `cpu_seconds`
// gets the CPU time of the whole DuckDB process (including Node's start, ~0.3 s).
double DuckDbSeconds(const std::string& sql, double* cpu_seconds = nullptr) {
  double cpu0 = ChildrenCpuSeconds();
  std::string out =
      Run(fmt::format("cd {} && node duckdb.mjs --time \"{}\" 2>&1", PeersDir(), sql));
  if (cpu_seconds) *cpu_seconds = ChildrenCpuSeconds() - cpu0;
  double ms = 0;
  for (size_t pos = 0; (pos = out.find("statement ", pos)) != std::string::npos; ++pos) {
    ms = std::atof(out.c_str() + out.find(": ", pos) + 2);
  }
  return ms / 1000;
}

long PeakRssKb(int who) {
  rusage u{};
  getrusage(who, &u);
  return u.ru_maxrss;
}

double FileMb(const std::string& path) {
  return static_cast<double>(std::filesystem::file_size(path)) / 1e6;
}

struct FloeWrite {
  double seconds = 0;
  double cpu_seconds = 0;
  int64_t rows = 0;
};

// `floe parquet write in out --codec zstd --level L --row-group-rows 1000000 --force`.
FloeWrite FloeRewrite(const std::string& in, const std::string& out, int level) {
  write::ParquetRewriteOptions options;
  options.writer.columns.codec = parquet::CompressionCodec::kZstd;
  options.writer.columns.compression_level = level;
  options.writer.row_group_rows = 1'000'000;
  options.writer.row_group_bytes = INT64_MAX;
  options.overwrite = true;
  FloeWrite w;
  double cpu0 = CpuSeconds();
  auto t0 = Clock::now();
  auto metrics = write::RewriteParquet(*io::LocalFileIO(), in, out, options);
  Check(metrics, "floe write");
  w.seconds = Seconds(t0);
  w.cpu_seconds = CpuSeconds() - cpu0;
  w.rows = metrics->row_count;
  return w;
}

std::string DuckCopy(const std::string& in, const std::string& out, int level) {
  return fmt::format(
      "COPY (SELECT * FROM read_parquet('{}')) TO '{}' (FORMAT parquet, COMPRESSION zstd, "
      "COMPRESSION_LEVEL {}, ROW_GROUP_SIZE 1000000)",
      in, out, level);
}

}  // namespace

int main(int argc, char** argv) {
  int64_t rows = 10'000'000;
  int64_t log_rows = 2'000'000;
  std::string dir = "/tmp/floe-bench";
  int repeat = 3;
  int all_threads = AvailableCores();
  bool floe_only = false;
  bool skip_levels = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rows" && i + 1 < argc) rows = std::atoll(argv[++i]);
    if (a == "--log-rows" && i + 1 < argc) log_rows = std::atoll(argv[++i]);
    if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    if (a == "--repeat" && i + 1 < argc) repeat = std::atoi(argv[++i]);
    if (a == "--threads" && i + 1 < argc) all_threads = std::atoi(argv[++i]);
    if (a == "--floe-only") floe_only = true;  // for profiling floe alone
    if (a == "--skip-levels") skip_levels = true;
  }
  std::filesystem::create_directories(dir);
  const std::string input = fmt::format("{}/write_input_{}.parquet", dir, rows);
  if (!std::filesystem::exists(input)) {
    std::printf("writing %lld rows with DuckDB (uncompressed) to %s\n",
                static_cast<long long>(rows), input.c_str());
    Run(fmt::format(
        "cd {} && node duckdb.mjs \"SET threads=2; COPY (SELECT i::BIGINT AS id, "
        "(hash(i, 1) % 1000)::INTEGER AS k, (hash(i, 2) % 1000000000)::DOUBLE / 1000000000 AS d, "
        "substr(md5((hash(i, 3) % 50000)::VARCHAR) || md5('x' || (hash(i, 3) % 50000)::VARCHAR), "
        "1, (10 + (hash(i, 3) % 50000) % 11)::BIGINT) AS s, "
        "TIMESTAMP '2026-01-01 00:00:00' + to_seconds(i) AS ts FROM range({}) t(i)) TO '{}' "
        "(FORMAT parquet, COMPRESSION uncompressed, ROW_GROUP_SIZE 1000000)\"",
        PeersDir(), rows, input));
  }
  std::printf("input: %s (%.1f MB, uncompressed, written by DuckDB)\n", input.c_str(),
              FileMb(input));
  std::printf("load average: %s", Run("cat /proc/loadavg").c_str());

  const std::string floe_out = dir + "/write_floe.parquet";
  const std::string duck_out = dir + "/write_duckdb.parquet";
  std::printf("\n(1) rewrite as zstd level 3, 1M-row row groups (best of %d)\n", repeat);
  std::printf("%-8s %8s %9s %6s %9s %9s %6s %8s %9s %6s\n", "threads", "floe s", "DuckDB s",
              "ratio", "floe cpu", "Duck cpu", "ratio", "floe MB", "DuckDB MB", "size");
  for (int threads : {1, all_threads}) {
    Check(SetThreadCount(threads), "threads");
    FloeWrite best;
    best.seconds = 1e30;
    for (int i = 0; i < repeat; ++i) {
      FloeWrite w = FloeRewrite(input, floe_out, 3);
      if (w.seconds < best.seconds) best = w;
    }
    double duck = 1e30, duck_cpu = 1e30;
    for (int i = 0; i < (floe_only ? 0 : repeat); ++i) {
      double cpu = 0;
      duck = std::min(duck, DuckDbSeconds(fmt::format("SET threads={}; {}", threads,
                                                      DuckCopy(input, duck_out, 3)),
                                          &cpu));
      duck_cpu = std::min(duck_cpu, cpu);
    }
    double floe_mb = FileMb(floe_out);
    double duck_mb = floe_only ? 0 : FileMb(duck_out);
    std::printf("%-8d %8.3f %9.3f %6.2f %9.3f %9.3f %6.2f %8.1f %9.1f %6.3f\n", threads,
                best.seconds, duck, best.seconds / duck, best.cpu_seconds, duck_cpu,
                best.cpu_seconds / duck_cpu, floe_mb, duck_mb, floe_mb / duck_mb);
    if (best.rows != rows) {
      std::fprintf(stderr, "floe wrote %lld rows, expected %lld\n",
                   static_cast<long long>(best.rows), static_cast<long long>(rows));
      return 1;
    }
  }
  if (!floe_only) {
    // Both outputs hold the same rows (DuckDB compares them).
    std::string diff =
        Run(fmt::format("cd {} && node duckdb.mjs \"SELECT count(*) FROM (SELECT * FROM "
                        "read_parquet('{}') EXCEPT ALL "
                        "SELECT * FROM read_parquet('{}'))\"",
                        PeersDir(), floe_out, duck_out));
    std::printf("rows of DuckDB's file missing from floe's (DuckDB EXCEPT ALL): %s", diff.c_str());
  }

  if (!skip_levels) {
    const std::string log_input = fmt::format("{}/log_input_{}.parquet", dir, log_rows);
    if (!std::filesystem::exists(log_input)) {
      std::printf("writing the %lld-row log table with DuckDB (uncompressed) to %s\n",
                  static_cast<long long>(log_rows), log_input.c_str());
      const char* levels = "['DEBUG','INFO','INFO','INFO','INFO','INFO','WARN','ERROR']";
      Run(fmt::format(
          "cd {} && node duckdb.mjs \"SET threads=2; COPY (SELECT "
          "TIMESTAMPTZ '2026-03-01 00:00:00+00' + to_milliseconds(i * 37 + hash(i, 9) % 37) AS ts, "
          "'web-' || lpad((hash(i, 1) % 120)::VARCHAR, 3, '0') || '.eu-west-1.internal' AS host, "
          "{}[(1 + hash(i, 2) % 8)::BIGINT] AS level, "
          "'{{\\\"request_id\\\":\\\"' || md5(i::VARCHAR) || '\\\",\\\"user_id\\\":' || "
          "(hash(i, 3) % 100000) || ',\\\"method\\\":\\\"' || ['GET','POST','PUT','DELETE'][(1 + "
          "hash(i, 4) % 4)::BIGINT] || "
          "'\\\",\\\"path\\\":\\\"/api/v2/' || "
          "['orders','customers','products','invoices','search'][(1 + hash(i, 5) % 5)::BIGINT] "
          "|| '/' || (hash(i, 6) % 10000) || '\\\",\\\"status\\\":' || "
          "[200,200,200,201,204,400,404,500][(1 + hash(i, 7) % 8)::BIGINT] || "
          "',\\\"latency_ms\\\":' || (hash(i, 8) % 2500) || ',\\\"user_agent\\\":\\\"Mozilla/5.0 "
          "(X11; Linux x86_64) "
          "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 "
          "Safari/537.36\\\",\\\"message\\\":\\\"request "
          "completed for tenant ' || (hash(i, 10) % 500) || '\\\"}}' AS message "
          "FROM range({}) t(i)) TO '{}' (FORMAT parquet, COMPRESSION uncompressed, ROW_GROUP_SIZE "
          "1000000)\"",
          PeersDir(), levels, log_rows, log_input));
    }
    std::string avg = Run(fmt::format(
        "cd {} && node duckdb.mjs \"SELECT round(avg(length(message))) FROM read_parquet('{}')\"",
        PeersDir(), log_input));
    std::printf(
        "\n(2) log table: %lld rows, %.1f MB uncompressed, average message %s bytes; one thread\n",
        static_cast<long long>(log_rows), FileMb(log_input), avg.substr(1, avg.size() - 3).c_str());
    std::printf(
        "| zstd level | floe MB | floe CPU s | DuckDB MB | DuckDB CPU s "
        "|\n|---|---|---|---|---|\n");
    Check(SetThreadCount(1), "threads");
    for (int level : {1, 3, 6, 9, 12, 15}) {
      const std::string out = fmt::format("{}/log_floe_{}.parquet", dir, level);
      FloeWrite w = FloeRewrite(log_input, out, level);
      double duck_s = 0, duck_mb = 0;
      if (!floe_only) {
        const std::string dout = fmt::format("{}/log_duckdb_{}.parquet", dir, level);
        DuckDbSeconds("SET threads=1; " + DuckCopy(log_input, dout, level), &duck_s);
        duck_mb = FileMb(dout);
      }
      std::printf("| %d | %.1f | %.2f | %.1f | %.2f |\n", level, FileMb(out), w.cpu_seconds,
                  duck_mb, duck_s);
    }
  }
  std::printf("\npeak memory: floe %.0f MB, DuckDB %.0f MB (largest process)\n",
              PeakRssKb(RUSAGE_SELF) / 1024.0, PeakRssKb(RUSAGE_CHILDREN) / 1024.0);
  return 0;
}
