// Writing one column chunk: shredded levels and values (level_shredding.h) become pages
// (https://parquet.apache.org/docs/file-format/data-pages/):
//   - values RLE_DICTIONARY-encoded against a dictionary page while the dictionary stays under
//     dictionary_page_bytes (and pays off on the first page), PLAIN after that (parquet-mr's
//     fallback); booleans always PLAIN;
//   - levels in the RLE/bit-packed hybrid; data page v1 (levels compressed with the values,
//     4-byte length prefixes) or v2 (levels uncompressed, lengths in the header);
//   - a page ends at a row boundary once it holds page_bytes of encoded values or page_row_limit
//     rows, so the page index can address rows;
//   - chunk statistics and the page index (ColumnIndex, OffsetIndex) in the column's value order
//     (value_order.h): NaN never becomes a bound and is counted, a zero minimum is -0.0 and a zero
//     maximum +0.0; a chunk with a page holding only NaN gets no ColumnIndex;
//   - optionally a split-block bloom filter sized for the chunk's distinct values and `bloom_fpp`.
// The chunk is held in memory until Finish (one row group's worth at most).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "floe/format/compression/codec.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/level_shredding.h"
#include "floe/format/parquet/page_index.h"
#include "floe/format/parquet/write_schema.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct ColumnWriterOptions {
  CompressionCodec codec = CompressionCodec::kZstd;
  int compression_level = -1;  // < 0: the codec's default
  int64_t page_bytes = 1024 * 1024;
  int64_t page_row_limit = 20000;
  int64_t dictionary_page_bytes = 2 * 1024 * 1024;
  bool dictionary = true;
  bool data_page_v2 = false;
  bool page_crc = true;  // CRC-32 of every page body, as parquet-java writes by default
  bool page_index = true;
  bool bloom_filter = false;
  double bloom_fpp = 0.01;
};

// A finished column chunk. Offsets in `meta` and `offset_index` are relative to the start of
// `bytes`; the file writer moves them to where the chunk lands.
struct ColumnChunkOutput {
  std::string bytes;  // the dictionary page (if any), then the data pages
  ColumnMetaData meta;
  std::optional<ColumnIndex> column_index;
  OffsetIndex offset_index;
  std::string bloom_filter;  // header and bitset; empty when none
};

class ColumnWriter {
 public:
  virtual ~ColumnWriter() = default;
  // Appends the entries of one batch.
  virtual Status Write(const ShreddedColumn& column) = 0;
  // Bytes held so far (finished pages, dictionary, the open page's values), for sizing row groups.
  virtual int64_t buffered_bytes() const = 0;
  // Memory the writer holds: its buffers' capacity (for memory budgets).
  virtual int64_t memory_bytes() const = 0;
  // Ends the chunk. The writer is spent afterwards.
  virtual Result<ColumnChunkOutput> Finish() = 0;
};

Result<std::unique_ptr<ColumnWriter>> MakeColumnWriter(const WriteLeaf& leaf,
                                                       const ColumnWriterOptions& options);

// The codec floe uses for a Parquet compression codec; NotSupported for LZO and Hadoop LZ4.
Result<compression::CodecKind> CodecKindFor(CompressionCodec codec);

}  // namespace floe::parquet
