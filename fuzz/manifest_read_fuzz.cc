// libFuzzer target: the input is a manifest (an Avro container of manifest_entry records), read
// by ManifestReader into one reused entry as scan planning reads it, four ways: keeping every
// column's metrics and keeping none (the metric maps read past, as a plan without a filter
// does), each through the fast decoder (manifest_entry_decoder.h) and through the general path
// alone. The fast path must give what the general path gives, entry for entry, and fail where
// it fails: a difference aborts. Seeds: fuzz/corpus/manifest_read/ holds small manifests written
// by Java (Spark), iceberg-rust, DuckDB's tests and floe (partitioned and not, v1 to v3, data and
// delete manifests).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_reader.h"

namespace {

struct Decoded {
  bool ok = false;
  std::vector<floe::manifest::ManifestEntry> entries;
};

Decoded Read(floe::io::FileIO& io, bool fast_path,
             const std::optional<std::vector<int32_t>>& metrics) {
  Decoded out;
  auto file = io.OpenInput("fuzz.avro");
  if (!file.ok()) return out;
  floe::manifest::ManifestReadOptions options;
  options.fast_path = fast_path;
  options.metrics_field_ids = metrics;
  auto reader = floe::manifest::ManifestReader::Open(std::move(file).value(), options);
  if (!reader.ok()) return out;
  floe::manifest::ManifestEntry e;
  for (int i = 0; i < 20000; ++i) {
    auto more = (*reader)->Next(&e);
    if (!more.ok()) return out;
    if (!*more) break;
    out.entries.push_back(e);
  }
  out.ok = true;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  floe::io::MemoryFileIO io;
  io.Put("fuzz.avro", std::string_view(reinterpret_cast<const char*>(data), size));
  for (const std::optional<std::vector<int32_t>>& metrics :
       {std::optional<std::vector<int32_t>>(),
        std::optional<std::vector<int32_t>>(std::vector<int32_t>{})}) {
    Decoded fast = Read(io, true, metrics);
    Decoded general = Read(io, false, metrics);
    // Entries read before an error may differ in how far each path got; whole reads must agree.
    if (fast.ok != general.ok) std::abort();
    if (fast.ok && fast.entries != general.entries) std::abort();
  }
  return 0;
}
