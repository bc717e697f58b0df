// libFuzzer target for CSV and NDJSON input (format/text/text_batch_reader.h, over the CSV and
// NDJSON readers and type inference): any bytes either fail with an error or read, the same
// whichever block size the file is read in; every string read is UTF-8 without NUL bytes
// (refused otherwise, or replaced with U+FFFD when asked), as Parquet needs.
//
// The first byte chooses the format (bit 0), --replace-invalid-utf8 (bit 1), a declared column
// type (bits 2-3: none, `a` as long, `a` as decimal(9, 2), `b` as timestamptz) and the batch size
// (bit 4: 1 or 64k rows); the rest is the file.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "floe/columnar/array_equal.h"
#include "floe/format/text/text_batch_reader.h"
#include "floe/io/memory_file_io.h"
#include "floe/util/utf8.h"

namespace {

using floe::textformat::TextBatchReader;
using floe::textformat::TextBatchReaderOptions;
using floe::textformat::TextFormat;

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s: %s\n", what, detail.c_str());
  std::abort();
}

// Every batch, or the first error's message ("error: ...").
struct ReadResult {
  std::vector<floe::columnar::RecordBatch> batches;
  std::string error;
};

ReadResult ReadAll(floe::io::FileIO& io, TextFormat format, TextBatchReaderOptions options) {
  ReadResult out;
  auto reader = TextBatchReader::Open(io, "in", format, options);
  if (!reader.ok()) {
    out.error = reader.error().message;
    return out;
  }
  while (true) {
    auto batch = (*reader)->Next();
    if (!batch.ok()) {
      out.error = batch.error().message;
      return out;
    }
    if (!*batch) return out;
    out.batches.push_back(std::move(**batch));
  }
}

void CheckStrings(const floe::columnar::ArrayData& a) {
  if (a.type->id() != floe::columnar::TypeId::kString) return;
  for (int64_t i = 0; i < a.length; ++i) {
    if (a.IsNull(i)) continue;
    if (floe::FindInvalidUtf8OrNul(a.GetView(i)) != std::string_view::npos)
      Fail("a string that is not UTF-8 was read", std::string(a.GetView(i)));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  const TextFormat format = flags & 1 ? TextFormat::kNdjson : TextFormat::kCsv;
  TextBatchReaderOptions options;
  options.replace_invalid_utf8 = (flags & 2) != 0;
  switch ((flags >> 2) & 3) {
    case 1:
      options.declared = {floe::columnar::Field("a", floe::columnar::Int64(), true)};
      break;
    case 2:
      options.declared = {floe::columnar::Field("a", floe::columnar::Decimal128(9, 2), true)};
      break;
    case 3:
      options.declared = {floe::columnar::Field(
          "b", floe::columnar::Timestamp(floe::columnar::TimeUnit::kMicro, "UTC"), true)};
      break;
    default:
      break;
  }
  options.batch_rows = flags & 16 ? 1 : 64 * 1024;
  floe::io::MemoryFileIO io;
  io.Put("in", std::string(reinterpret_cast<const char*>(data) + 1, size - 1));

  options.block_bytes = 4 << 20;
  ReadResult whole = ReadAll(io, format, options);
  options.block_bytes = 7;  // record boundaries across blocks
  ReadResult blocks = ReadAll(io, format, options);
  if (whole.error != blocks.error)
    Fail("errors differ by block size", whole.error + " | " + blocks.error);
  if (!whole.error.empty()) return 0;
  if (whole.batches.size() != blocks.batches.size()) Fail("batch counts differ", "");
  for (size_t b = 0; b < whole.batches.size(); ++b) {
    const auto& x = whole.batches[b];
    const auto& y = blocks.batches[b];
    if (x.schema()->ToString() != y.schema()->ToString()) Fail("schemas differ", "");
    for (int c = 0; c < x.num_columns(); ++c) {
      std::string diff = floe::columnar::ArrayDifference(*x.column(c), *y.column(c));
      if (!diff.empty()) Fail("values differ by block size", diff);
      CheckStrings(*x.column(c));
    }
    for (const auto& f : x.schema()->fields()) {
      if (floe::FindInvalidUtf8OrNul(f.name) != std::string_view::npos)
        Fail("a column name that is not UTF-8 was read", f.name);
    }
  }
  return 0;
}
