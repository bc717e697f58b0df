// Table metadata JSON: parse and write speed on one core (issue 2: at least 300 MB/s parsing).
// Generates a v2 metadata file with 10,000 snapshots (with Spark-like summaries), 100 schemas of
// 50 columns and a 1,000-entry metadata log, then times ParseTableMetadata and
// WriteTableMetadata over it.
//   bench_metadata_json [iterations]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "floe/spec/table_metadata_json.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace {

using floe::JsonWriter;

std::string Generate() {
  constexpr int kSnapshots = 10000, kSchemas = 100, kColumns = 50, kMetadataLog = 1000;
  const char* types[] = {"long",        "int",           "string", "double",
                         "timestamptz", "decimal(18,4)", "date",   "boolean"};
  JsonWriter w;
  w.BeginObject();
  w.Member("format-version", 2);
  w.Member("table-uuid", "9c12d441-03fe-4693-9a96-a0705ddf69c1");
  w.Member("location", "s3://warehouse/analytics/db/events");
  w.Key("last-sequence-number");
  w.Int(kSnapshots);
  w.Key("last-updated-ms");
  w.Int(1700000000000 + kSnapshots * 60000LL);
  w.Member("last-column-id", kSchemas + kColumns);
  w.Member("current-schema-id", kSchemas - 1);
  w.Key("schemas");
  w.BeginArray();
  for (int s = 0; s < kSchemas; ++s) {
    w.BeginObject();
    w.Member("type", "struct");
    w.Member("schema-id", s);
    w.Key("fields");
    w.BeginArray();
    for (int c = 0; c < kColumns; ++c) {
      int id = c + 1 + s;  // each schema adds a column
      w.BeginObject();
      w.Member("id", id);
      w.Member("name", fmt::format("column_{}_{}", id, types[id % 8]));
      w.Member("required", c == 0);
      w.Member("type", types[id % 8]);
      if (c % 10 == 3) w.Member("doc", "a column that carries a description for readers");
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.Member("default-spec-id", 0);
  w.Key("partition-specs");
  w.BeginArray();
  w.BeginObject();
  w.Member("spec-id", 0);
  w.Key("fields");
  w.BeginArray();
  w.BeginObject();
  w.Member("name", "c5_day");
  w.Member("transform", "day");
  w.Member("source-id", 5);
  w.Member("field-id", 1000);
  w.EndObject();
  w.EndArray();
  w.EndObject();
  w.EndArray();
  w.Member("last-partition-id", 1000);
  w.Member("default-sort-order-id", 0);
  w.Key("sort-orders");
  w.Raw(R"([{"order-id":0,"fields":[]}])");
  w.Key("properties");
  w.Raw(R"({"write.format.default":"parquet","commit.retry.num-retries":"4"})");
  const int64_t base_id = 4000000000000000000;
  w.Key("current-snapshot-id");
  w.Int(base_id + kSnapshots - 1);
  w.Key("refs");
  w.BeginObject();
  w.Key("main");
  w.Raw(fmt::format(R"({{"snapshot-id":{},"type":"branch"}})", base_id + kSnapshots - 1));
  w.EndObject();
  w.Key("snapshots");
  w.BeginArray();
  for (int i = 0; i < kSnapshots; ++i) {
    int64_t id = base_id + i;
    w.BeginObject();
    w.Key("snapshot-id");
    w.Int(id);
    if (i > 0) {
      w.Key("parent-snapshot-id");
      w.Int(id - 1);
    }
    w.Key("sequence-number");
    w.Int(i + 1);
    w.Key("timestamp-ms");
    w.Int(1700000000000 + i * 60000LL);
    w.Key("summary");
    w.BeginObject();
    w.Member("operation", i % 10 == 9 ? "overwrite" : "append");
    w.Member("spark.app.id", "local-1700000000000");
    w.Member("added-data-files", std::to_string(1 + i % 7));
    w.Member("added-records", std::to_string(1000 + i));
    w.Member("added-files-size", std::to_string(123456 + i));
    w.Member("changed-partition-count", "1");
    w.Member("total-records", std::to_string(1000LL * (i + 1)));
    w.Member("total-files-size", std::to_string(123456LL * (i + 1)));
    w.Member("total-data-files", std::to_string(i + 1));
    w.Member("total-delete-files", "0");
    w.Member("total-position-deletes", "0");
    w.Member("total-equality-deletes", "0");
    w.EndObject();
    w.Member("manifest-list", fmt::format("s3://warehouse/analytics/db/events/metadata/snap-{}-1-"
                                          "7e6760f0-4f6c-4b23-b907-0a5a174e3863.avro",
                                          id));
    w.Member("schema-id", kSchemas - 1);
    w.EndObject();
  }
  w.EndArray();
  w.Key("snapshot-log");
  w.BeginArray();
  for (int i = 0; i < kSnapshots; ++i) {
    w.Raw(fmt::format(R"({{"timestamp-ms":{},"snapshot-id":{}}})", 1700000000000 + i * 60000LL,
                      base_id + i));
  }
  w.EndArray();
  w.Key("metadata-log");
  w.BeginArray();
  for (int i = 0; i < kMetadataLog; ++i) {
    w.Raw(fmt::format(
        R"({{"timestamp-ms":{},"metadata-file":"s3://warehouse/analytics/db/events/metadata/)"
        R"({:05d}-8a62c37d-4573-4021-952a-c0baef7d21d0.metadata.json"}})",
        1700000000000 + i * 60000LL, i));
  }
  w.EndArray();
  w.EndObject();
  return w.Take();
}

// Wall-clock and this thread's CPU time. On a shared machine the wall clock also counts the time
// other programs ran; the CPU time (and the median beside the best) shows what the code costs.
struct Clock {
  std::chrono::steady_clock::time_point wall;
  double cpu;
  static Clock Now() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return {std::chrono::steady_clock::now(), static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9};
  }
};

// Times of one phase over the iterations.
struct Times {
  std::vector<double> wall, cpu;
  void Add(const Clock& a, const Clock& b) {
    wall.push_back(std::chrono::duration<double>(b.wall - a.wall).count());
    cpu.push_back(b.cpu - a.cpu);
  }
  static double Best(std::vector<double> v) { return *std::min_element(v.begin(), v.end()); }
  static double Median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  }
  // "18.9 ms  388 MB/s (median 20.1 ms  365 MB/s; CPU best 18.5 ms  396 MB/s)"
  std::string Describe(double mb) const {
    double best = Best(wall), median = Median(wall), cpu_best = Best(cpu);
    return fmt::format(
        "{:.1f} ms  {:.0f} MB/s (median {:.1f} ms  {:.0f} MB/s; CPU time best {:.1f} ms  {:.0f} "
        "MB/s)",
        best * 1e3, mb / best, median * 1e3, mb / median, cpu_best * 1e3, mb / cpu_best);
  }
};

}  // namespace

int main(int argc, char** argv) {
  int iterations = argc > 1 ? std::atoi(argv[1]) : 10;
  std::string json = Generate();
  double mb = static_cast<double>(json.size()) / 1e6;
  auto first = floe::spec::ParseTableMetadata(json);
  if (!first.ok()) {
    std::fprintf(stderr, "generated metadata does not parse: %s\n", first.error().message.c_str());
    return 1;
  }
  std::string written = floe::spec::WriteTableMetadata(*first);
  double written_mb = static_cast<double>(written.size()) / 1e6;

  Times parse, write, dom;
  size_t sink = 0;
  for (int i = 0; i < iterations; ++i) {
    Clock t0 = Clock::Now();
    auto m = floe::spec::ParseTableMetadata(json);
    Clock t1 = Clock::Now();
    std::string out = floe::spec::WriteTableMetadata(*m);
    Clock t2 = Clock::Now();
    sink += out.size() + m->snapshots.size();
    parse.Add(t0, t1);
    write.Add(t1, t2);
  }
  // The JSON layer alone (simdjson's DOM, input copied into a padded buffer): the rest of the
  // parse time is building the table model.
  for (int i = 0; i < iterations; ++i) {
    Clock t0 = Clock::Now();
    auto doc = floe::JsonDocument::Parse(json);
    Clock t1 = Clock::Now();
    sink += doc.ok() ? 1 : 0;
    dom.Add(t0, t1);
  }
  std::printf(
      "metadata: %.2f MB (%zu snapshots, %zu schemas, %zu metadata-log entries); written form %.2f "
      "MB\n",
      mb, first->snapshots.size(), first->schemas.size(), first->metadata_log.size(), written_mb);
  std::printf("parse: %s (best of %d, one core)\n", parse.Describe(mb).c_str(), iterations);
  double best_dom = Times::Best(dom.wall), best_dom_cpu = Times::Best(dom.cpu);
  std::printf(
      "  of which JSON DOM: %.1f ms (%.0f MB/s); table model: %.1f ms (CPU time: DOM %.1f ms, "
      "model %.1f ms)\n",
      best_dom * 1e3, mb / best_dom, (Times::Best(parse.wall) - best_dom) * 1e3, best_dom_cpu * 1e3,
      (Times::Best(parse.cpu) - best_dom_cpu) * 1e3);
  std::printf("write: %s (best of %d, one core)\n", write.Describe(written_mb).c_str(), iterations);
  return sink == 0 ? 1 : 0;
}
