// libFuzzer target: a whole Parquet file read from memory. The input is opened as a file
// (footer, schema), every batch of every row group is read with a small batch size (pages,
// decompression, encodings, level assembly), and each column chunk's page index and bloom filter
// are decoded, as a filtered scan would. Any outcome but a crash, a hang or a sanitizer report is
// fine: bad bytes must give an error. Seeds: fuzz/corpus/parquet_read/ holds small real files.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/bloom_filter.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/io/memory_file_io.h"

using namespace floe;
using namespace floe::parquet;

namespace {

void ReadIndexes(const FileReader& file) {
  const auto& groups = file.metadata().row_groups;
  for (int rg = 0; rg < static_cast<int>(groups.size()); ++rg) {
    for (int c = 0; c < static_cast<int>(groups[rg].columns.size()); ++c) {
      (void)file.ReadColumnIndex(rg, c);
      if (auto oi = file.ReadOffsetIndex(rg, c); oi.ok()) (void)PageRows(*oi, groups[rg].num_rows);
      (void)BloomFilter::Read(file, rg, c);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  io::MemoryFileIO io;
  io.Put("fuzz.parquet", std::string_view(reinterpret_cast<const char*>(data), size));
  auto file = FileReader::Open(io, "fuzz.parquet");
  if (!file.ok()) return 0;
  if (ValidateRowGroups((*file)->metadata(), (*file)->schema()).ok()) ReadIndexes(**file);
  BatchReaderOptions options;
  options.batch_size = 1 + static_cast<int64_t>(size % 13);
  options.parallel = false;
  auto reader = BatchReader::Make(**file, options);
  if (!reader.ok()) return 0;
  for (int batches = 0; batches < 100000; ++batches) {
    auto batch = (*reader)->Next();
    if (!batch.ok() || !*batch) break;
    (void)(*batch)->ToStructArray()->Validate();
  }
  return 0;
}
