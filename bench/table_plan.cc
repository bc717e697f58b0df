// Scan planning (issue 7): reading every manifest of a snapshot and pruning its entries.
// A synthetic table of N manifests × M data files (default 1,000 × 1,000), partitioned by
// day(ts) over ~1,000 days (each manifest holds three consecutive days, as daily appends with
// late data do), every file with metrics for 10 columns, written with floe's manifest and
// manifest-list writers into a temporary folder. Timed through scan::PlanScan, on one thread and
// on all cores:
//   (a) no filter: read the manifest list and every manifest, every file planned;
//   (b) a one-day filter on ts: manifests pruned by their partition summaries, the rest read
//       and their entries pruned by the day partition;
//   (c) a filter on a non-partition column (`k = …`): every manifest read, every entry pruned
//       by its column metrics.
// Each is planned twice: "collected" (scan::PlanScan returns every task in a vector, as a reader
// of the whole table takes them) and "streamed" (each task handed to a consumer as it is
// planned, which counts it and lets it go, as `floe scan --plan` and `floe count` do).
// Each prints the files planned, the entries read and the rate in entries per second.
// Each line also gives the rate per CPU-second (process CPU time): the steadier figure of one
// core's speed when other work shares the machine.
//   bench_table_plan [--manifests N] [--files M] [--dir DIR [--reuse]] [--only a|b|c] [--threads T]
//                    [--mode collected|streamed]
// --reuse plans the table an earlier run left in DIR (same N and M) instead of writing it;
// --only runs one case, --threads one thread count and --mode one way (for profiling one).
#include <fmt/format.h>
#include <malloc.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench_util.h"
#include "floe/expr/parser.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/single_value.h"
#include "floe/util/thread_pool.h"
#include "floe/util/time.h"

namespace {

using namespace floe;         // NOLINT
using namespace floe::bench;  // NOLINT

constexpr int64_t kMicrosPerDay = 86400LL * 1000000;
constexpr int32_t kFirstDay = 19000;  // 2022-01-08

spec::Schema Schema() {
  using spec::NestedField;
  using spec::Type;
  spec::Schema s;
  s.fields = {NestedField{1, "id", true, Type::Long()},
              NestedField{2, "ts", true, Type::TimestampTz()},
              NestedField{3, "k", false, Type::Int()},
              NestedField{4, "name", false, Type::String()},
              NestedField{5, "price", false, Type::Double()},
              NestedField{6, "qty", false, Type::Int()},
              NestedField{7, "d", false, Type::Date()},
              NestedField{8, "city", false, Type::String()},
              NestedField{9, "score", false, Type::Long()},
              NestedField{10, "flag", false, Type::Boolean()}};
  return s;
}

spec::PartitionSpec DaySpec() {
  spec::PartitionSpec p;
  p.spec_id = 0;
  p.fields = {spec::PartitionField{2, {}, 1000, "ts_day", spec::Transform::Day()}};
  return p;
}

std::string Bin(const spec::Type& type, const spec::Literal& v) {
  Result<std::string> b = spec::ToBinary(type, v);
  Check(b, "bound");
  return *b;
}

// One data file of manifest m, file f: a day of ts, ids and k in a narrow range per file.
manifest::DataFile MakeFile(const spec::Schema& schema, int m, int f, int files) {
  using spec::Literal;
  manifest::DataFile file;
  int32_t day = kFirstDay + m + (f % 3);
  int64_t id0 = (static_cast<int64_t>(m) * files + f) * 1000;
  file.file_path =
      fmt::format("s3://bucket/table/data/ts_day={}/{:05d}-{:05d}.parquet", FormatDate(day), m, f);
  file.file_format = "PARQUET";
  file.partition = {Literal::Date(day)};
  file.record_count = 1000;
  file.file_size_in_bytes = 64 * 1024;
  const spec::Literal lower[] = {Literal::Long(id0),
                                 Literal::Timestamp(day * kMicrosPerDay),
                                 Literal::Int(static_cast<int32_t>((m * files + f) % 1000000)),
                                 Literal::String("alpha"),
                                 Literal::Double(1.5),
                                 Literal::Int(1),
                                 Literal::Date(day - 30),
                                 Literal::String("Berlin"),
                                 Literal::Long(-5),
                                 Literal::Boolean(false)};
  const spec::Literal upper[] = {Literal::Long(id0 + 999),
                                 Literal::Timestamp((day + 1) * kMicrosPerDay - 1),
                                 Literal::Int(static_cast<int32_t>((m * files + f) % 1000000 + 10)),
                                 Literal::String("omega"),
                                 Literal::Double(999.25),
                                 Literal::Int(100),
                                 Literal::Date(day),
                                 Literal::String("Zurich"),
                                 Literal::Long(5000),
                                 Literal::Boolean(true)};
  for (int c = 0; c < 10; ++c) {
    int32_t id = schema.fields[static_cast<size_t>(c)].id;
    const spec::Type& type = *schema.fields[static_cast<size_t>(c)].type;
    file.column_sizes.push_back({id, 6000});
    file.value_counts.push_back({id, 1000});
    file.null_value_counts.push_back({id, c < 2 ? 0 : 10});
    if (c == 4) file.nan_value_counts.push_back({id, 0});
    file.lower_bounds.push_back({id, Bin(type, lower[c])});
    file.upper_bounds.push_back({id, Bin(type, upper[c])});
  }
  file.split_offsets = std::vector<int64_t>{4};
  return file;
}

std::string WriteTable(io::FileIO& io, const std::string& dir, int manifests, int files) {
  spec::Schema schema = Schema();
  std::string list_path = dir + "/snap-1.avro";
  auto list_out = io.Create(list_path, true);
  Check(list_out, "create manifest list");
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 1;
  list_options.sequence_number = 1;
  auto list = manifest::ManifestListWriter::Open(std::move(*list_out), list_options);
  Check(list, "open manifest list");
  for (int m = 0; m < manifests; ++m) {
    auto out = io.Create(fmt::format("{}/m{:05d}.avro", dir, m), true);
    Check(out, "create manifest");
    manifest::ManifestWriterOptions options;
    options.schema = schema;
    options.spec = DaySpec();
    options.snapshot_id = 1;
    auto writer = manifest::ManifestWriter::Open(std::move(*out), options);
    Check(writer, "open manifest");
    for (int f = 0; f < files; ++f) {
      Check((*writer)->WriteAdded(MakeFile(schema, m, f, files)), "write entry");
    }
    auto entry = (*writer)->Close();
    Check(entry, "close manifest");
    Check((*list)->Add(*entry), "add manifest");
  }
  Check((*list)->Close(), "close manifest list");
  return list_path;
}

struct PlanResult {
  int64_t manifests_read = 0;
  int64_t entries_read = 0;
  int64_t files_planned = 0;
  double seconds = 0;
  double cpu_seconds = 0;
};

// The synthetic table's metadata: one snapshot whose manifest list is `list_path`.
spec::TableMetadata Metadata(const std::string& dir, const std::string& list_path) {
  spec::TableMetadata m;
  m.format_version = 2;
  m.location = dir;
  m.schemas = {Schema()};
  m.partition_specs = {DaySpec()};
  m.last_column_id = 10;
  m.last_partition_id = 1000;
  spec::Snapshot snapshot;
  snapshot.snapshot_id = 1;
  snapshot.sequence_number = 1;
  snapshot.manifest_list = list_path;
  m.snapshots = {snapshot};
  m.current_snapshot_id = 1;
  m.last_sequence_number = 1;
  return m;
}

// The planner itself (scan::PlanScan: manifest list, summaries, manifests in parallel on the
// global pool, entries pruned, deletes matched), on `threads` threads.
PlanResult Plan(io::FileIO& io, const spec::TableMetadata& metadata, const std::string& filter_text,
                int threads, bool streamed) {
  Check(SetThreadCount(threads), "threads");
  scan::ScanOptions options;
  auto parsed = expr::ParseFilterOrTrue(filter_text);
  Check(parsed, "filter");
  options.filter = *parsed;
  int64_t streamed_tasks = 0;
  int64_t streamed_records = 0;
  auto count = [&](scan::FileScanTask& task) -> Status {
    ++streamed_tasks;
    streamed_records += task.data_file.record_count;
    return Ok();
  };
  Clock::time_point start = Clock::now();
  double cpu_start = CpuSeconds();
  Result<scan::ScanPlan> plan = streamed ? scan::PlanScan(io, metadata, options, count)
                                         : scan::PlanScan(io, metadata, options);
  PlanResult r;
  r.seconds = Seconds(start);
  r.cpu_seconds = CpuSeconds() - cpu_start;
  Check(plan, "plan");
  r.manifests_read = plan->report.data_manifests - plan->report.data_manifests_skipped;
  r.entries_read = plan->report.data_files;
  r.files_planned = streamed ? streamed_tasks : static_cast<int64_t>(plan->tasks.size());
  if (streamed && streamed_records != plan->report.records_planned) {
    std::fprintf(stderr, "streamed %lld records, the report says %lld\n",
                 static_cast<long long>(streamed_records),
                 static_cast<long long>(plan->report.records_planned));
    std::exit(1);
  }
  // Free the plan now, untimed: otherwise the next case's first allocations pay for sorting
  // this plan's million freed blocks (malloc_consolidate: ~80 ms, more than a one-day plan).
  plan = Result<scan::ScanPlan>(scan::ScanPlan());
  malloc_trim(0);
  return r;
}

void Report(const char* name, const PlanResult& r) {
  std::printf(
      "%-46s %8.3f s  manifests read %6lld  entries read %9lld  files planned %9lld  "
      "%6.2f M entries/s  %6.2f M files planned/s  (cpu %.3f s: %.2f M entries per cpu-s)\n",
      name, r.seconds, static_cast<long long>(r.manifests_read),
      static_cast<long long>(r.entries_read), static_cast<long long>(r.files_planned),
      static_cast<double>(r.entries_read) / r.seconds / 1e6,
      static_cast<double>(r.files_planned) / r.seconds / 1e6, r.cpu_seconds,
      static_cast<double>(r.entries_read) / r.cpu_seconds / 1e6);
}

int Usage() {
  std::fprintf(stderr,
               "usage: bench_table_plan [--manifests N] [--files M] [--dir DIR [--reuse]] "
               "[--only a|b|c] [--threads T] [--mode collected|streamed]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int manifests = 1000, files = 1000;
  std::string dir;
  bool reuse = false;
  std::string only;
  int only_threads = 0;
  std::string mode;
  for (int i = 1; i < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--reuse") {
      reuse = true;
      --i;
    } else if (i + 1 >= argc) {
      return Usage();
    } else if (a == "--manifests") {
      manifests = std::atoi(argv[i + 1]);
    } else if (a == "--files") {
      files = std::atoi(argv[i + 1]);
    } else if (a == "--dir") {
      dir = argv[i + 1];
    } else if (a == "--only") {
      only = argv[i + 1];
    } else if (a == "--threads") {
      only_threads = std::atoi(argv[i + 1]);
    } else if (a == "--mode") {
      mode = argv[i + 1];
      if (mode != "collected" && mode != "streamed") return Usage();
    } else {
      return Usage();
    }
  }
  bool temporary = dir.empty();
  if (temporary) {
    dir = (std::filesystem::temp_directory_path() / fmt::format("floe_plan_{}", getpid())).string();
  }
  std::filesystem::create_directories(dir);
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();

  std::string list_path = dir + "/snap-1.avro";
  if (reuse && !temporary && std::filesystem::exists(list_path)) {
    std::printf("reusing %s (%d manifests x %d files)\n", dir.c_str(), manifests, files);
  } else {
    Clock::time_point start = Clock::now();
    list_path = WriteTable(*io, dir, manifests, files);
    std::printf("wrote %d manifests x %d files (day(ts) over %d days) in %.2f s\n", manifests,
                files, manifests + 2, Seconds(start));
  }

  int32_t day = kFirstDay + manifests / 2;
  std::string one_day =
      fmt::format("ts >= TIMESTAMP '{}T00:00:00+00:00' AND ts < TIMESTAMP '{}T00:00:00+00:00'",
                  FormatDate(day), FormatDate(day + 1));
  spec::TableMetadata metadata = Metadata(dir, list_path);
  std::vector<int> thread_counts = {1, AvailableCores()};
  if (only_threads > 0) thread_counts = {only_threads};
  for (int threads : thread_counts) {
    std::printf("-- %d thread%s\n", threads, threads == 1 ? "" : "s");
    for (bool streamed : {false, true}) {
      if (!mode.empty() && streamed != (mode == "streamed")) continue;
      auto run = [&](const char* c, const char* name, const std::string& filter) {
        if (!only.empty() && only != c) return;
        Report(fmt::format("{}, {}", name, streamed ? "streamed" : "collected").c_str(),
               Plan(*io, metadata, filter, threads, streamed));
      };
      run("a", "(a) no filter", "");
      run("b", "(b) one day of ts", one_day);
      run("c", "(c) k = 123456 (metrics only)", "k = 123456");
    }
  }

  if (temporary) std::filesystem::remove_all(dir);
  return 0;
}
