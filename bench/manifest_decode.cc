// Manifest decode and encode speed on one core (issue 3: at least 500,000 entries/s decoded).
// Builds a 100,000-entry deflate manifest of data files with metrics for 20 columns (sizes,
// value, null and NaN counts, lower and upper bounds) partitioned by day(ts) and a string, then
// times ManifestReader over it (entries/s and MB/s of file bytes), the inflating of its blocks
// alone, and ManifestWriter writing the same entries. The peer figure is python3-avro (Debian)
// decoding the same file, when /usr/bin/python3 has it (skip with --no-peer). Each figure is the
// best of several rounds, by wall time and by CPU time (the steadier one when other work shares
// the machine); --no-encode times the writer once only.
//   bench_manifest_decode [entries] [--no-peer] [--no-encode]
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "bench_util.h"
#include "floe/format/avro/container_reader.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"

namespace {

using namespace floe;
using Clock = std::chrono::steady_clock;

using bench::CpuSeconds;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

void Check(const Status& s, const char* what) {
  if (!s.ok()) {
    std::fprintf(stderr, "%s: %s\n", what, s.error().message.c_str());
    std::exit(1);
  }
}

spec::Schema BenchSchema() {
  spec::Schema s;
  for (int i = 1; i <= 20; ++i) {
    spec::TypePtr t = i == 1       ? spec::Type::TimestampTz()
                      : i % 3 == 0 ? spec::Type::String()
                      : i % 3 == 1 ? spec::Type::Long()
                                   : spec::Type::Double();
    s.fields.push_back(
        spec::NestedField{.id = i, .name = fmt::format("c{}", i), .required = false, .type = t});
  }
  return s;
}

std::vector<manifest::DataFile> BenchFiles(int n) {
  std::vector<manifest::DataFile> files;
  files.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    manifest::DataFile f;
    f.file_path = fmt::format(
        "s3://warehouse/analytics/db/events/data/ts_day=2026-{:02d}-{:02d}/region=r{}/"
        "00{:03d}-{}-6f1b2c4e-8d2a-4a7e-9c3b-5d0e1f2a3b4c-{:05d}.parquet",
        1 + i % 12, 1 + i % 28, i % 7, i % 997, i % 13, i);
    f.file_format = "PARQUET";
    f.partition = {spec::Literal::Int(20000 + i % 365),
                   spec::Literal::String(fmt::format("r{}", i % 7))};
    f.record_count = 100000 + i;
    f.file_size_in_bytes = 64 * 1024 * 1024 + i;
    for (int c = 1; c <= 20; ++c) {
      f.column_sizes.emplace_back(c, 100000 + c * 7 + i);
      f.value_counts.emplace_back(c, 100000 + i);
      f.null_value_counts.emplace_back(c, i % 100);
      if (c % 3 == 2) f.nan_value_counts.emplace_back(c, 0);
      std::string lo(8, '\0'), hi(8, '\0');
      int64_t a = int64_t{i} * 1000 + c, b = a + 999;
      std::memcpy(lo.data(), &a, 8);
      std::memcpy(hi.data(), &b, 8);
      if (c % 3 == 0) {
        lo = fmt::format("value-{:08d}", i);
        hi = fmt::format("value-{:08d}", i + 500);
      }
      f.lower_bounds.emplace_back(c, lo);
      f.upper_bounds.emplace_back(c, hi);
    }
    f.split_offsets = std::vector<int64_t>{4, 16 * 1024 * 1024, 32 * 1024 * 1024};
    f.sort_order_id = 0;
    files.push_back(std::move(f));
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  int n = 100000;
  bool peer = true, encode = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--no-peer") == 0) {
      peer = false;
    } else if (std::strcmp(argv[i], "--no-encode") == 0) {
      encode = false;
    } else {
      n = std::atoi(argv[i]);
    }
  }
  auto mem = std::make_shared<io::MemoryFileIO>();
  manifest::ManifestWriterOptions o;
  o.format_version = 2;
  o.schema = BenchSchema();
  o.spec.spec_id = 0;
  o.spec.fields = {
      {.source_id = 1, .field_id = 1000, .name = "ts_day", .transform = spec::Transform::Day()},
      {.source_id = 3,
       .field_id = 1001,
       .name = "region",
       .transform = spec::Transform::Identity()}};
  o.snapshot_id = 1;
  std::vector<manifest::DataFile> files = BenchFiles(n);

  // Encode (best of 3).
  double encode_s = 1e9, encode_cpu = 1e9;
  manifest::ManifestFile written;
  for (int round = 0; round < (encode ? 3 : 1); ++round) {
    std::string path = fmt::format("mem://bench/m{}.avro", round);
    auto t0 = Clock::now();
    double c0 = CpuSeconds();
    auto w = manifest::ManifestWriter::Open(*mem->Create(path), o);
    Check(w.ok() ? Ok() : Status(w.error()), "open writer");
    for (const manifest::DataFile& f : files) Check((*w)->WriteAdded(f), "write");
    auto m = (*w)->Close();
    Check(m.ok() ? Ok() : Status(m.error()), "close");
    encode_s = std::min(encode_s, Seconds(t0, Clock::now()));
    encode_cpu = std::min(encode_cpu, CpuSeconds() - c0);
    written = *m;
  }
  std::string path = written.manifest_path;
  double mb = static_cast<double>(written.manifest_length) / 1e6;

  // Inflate alone: walk the blocks (read + decompress), no record decoding (best of 3).
  double inflate_s = 1e9, inflate_cpu = 1e9;
  int64_t uncompressed = 0;
  for (int round = 0; round < 3; ++round) {
    auto t0 = Clock::now();
    double c0 = CpuSeconds();
    auto c = avro::ContainerReader::Open(*mem->OpenInput(path));
    Check(c.ok() ? Ok() : Status(c.error()), "open");
    avro::ContainerReader::Block block;
    uncompressed = 0;
    for (;;) {
      auto more = (*c)->NextBlock(&block);
      Check(more.ok() ? Ok() : Status(more.error()), "block");
      if (!*more) break;
      uncompressed += static_cast<int64_t>(block.data.size());
    }
    inflate_s = std::min(inflate_s, Seconds(t0, Clock::now()));
    inflate_cpu = std::min(inflate_cpu, CpuSeconds() - c0);
  }

  // Decode through the manifest reader (best of 5), reusing one entry.
  double decode_s = 1e9, decode_cpu = 1e9;
  int64_t count = 0;
  for (int round = 0; round < 5; ++round) {
    auto t0 = Clock::now();
    double c0 = CpuSeconds();
    auto r = manifest::ManifestReader::Open(*mem->OpenInput(path));
    Check(r.ok() ? Ok() : Status(r.error()), "open reader");
    manifest::ManifestEntry e;
    count = 0;
    for (;;) {
      auto more = (*r)->Next(&e);
      Check(more.ok() ? Ok() : Status(more.error()), "next");
      if (!*more) break;
      ++count;
    }
    decode_s = std::min(decode_s, Seconds(t0, Clock::now()));
    decode_cpu = std::min(decode_cpu, CpuSeconds() - c0);
  }
  if (count != n) {
    std::fprintf(stderr, "read %lld entries, wrote %d\n", static_cast<long long>(count), n);
    return 1;
  }

  std::printf("manifest: %d entries, 20 columns of metrics, deflate, %.2f MB (%.2f MB inflated)\n",
              n, mb, static_cast<double>(uncompressed) / 1e6);
  std::printf("decode:   %.3f s  %.0f entries/s  %.1f MB/s (file bytes)\n", decode_s, n / decode_s,
              mb / decode_s);
  std::printf("  of which inflate: %.3f s (%.0f%%); decoding alone %.0f entries/s\n", inflate_s,
              100 * inflate_s / decode_s, n / std::max(decode_s - inflate_s, 1e-9));
  std::printf(
      "  by CPU time: decode %.3f s  %.0f entries per cpu-s  %.1f MB per cpu-s; inflate %.3f s "
      "(%.0f%%)\n",
      decode_cpu, n / decode_cpu, mb / decode_cpu, inflate_cpu, 100 * inflate_cpu / decode_cpu);
  std::printf("encode:   %.3f s  %.0f entries/s  %.1f MB/s (file bytes); cpu %.3f s\n", encode_s,
              n / encode_s, mb / encode_s, encode_cpu);

  if (peer) {
    // The same file on disk for python3-avro.
    std::string tmp = "/tmp/floe_bench_manifest.avro";
    {
      auto bytes = (*mem->OpenInput(path))->ReadAll();
      std::ofstream out(tmp, std::ios::binary);
      out << *bytes;
    }
    std::string cmd =
        "/usr/bin/python3 -W ignore -c \"import sys,time,avro.datafile,avro.io\n"
        "t=time.time(); "
        "r=avro.datafile.DataFileReader(open(sys.argv[1],'rb'),avro.io.DatumReader()); "
        "n=sum(1 for _ in r); d=time.time()-t; print('%d %.3f' % (n, d))\" " +
        tmp;
    FILE* p = popen(cmd.c_str(), "r");
    char buf[128] = {0};
    if (p && std::fgets(buf, sizeof buf, p)) {
      long long pn = 0;
      double ps = 0;
      if (std::sscanf(buf, "%lld %lf", &pn, &ps) == 2 && ps > 0) {
        std::printf("peer python3-avro decode: %.3f s  %.0f entries/s (floe %.0fx faster)\n", ps,
                    pn / ps, ps / decode_s);
      }
    } else {
      std::printf("peer python3-avro: not available\n");
    }
    if (p) pclose(p);
    std::remove(tmp.c_str());
  }
  return 0;
}
