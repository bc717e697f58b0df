// The pages of one column chunk (https://parquet.apache.org/docs/file-format/data-pages/): each
// page is a PageHeader followed by compressed_page_size bytes. PageReader walks them, checks the
// page CRC when the writer stored one, decompresses through floe::compression, and splits data
// pages into their repetition levels, definition levels and values:
//   v1 (DATA_PAGE): the whole page is compressed; inside, each level section present (max level
//      > 0) is a 4-byte little-endian length and RLE/bit-packed runs (BIT_PACKED levels have no
//      length: ceil(num_values * bit_width / 8) bytes), then the values.
//   v2 (DATA_PAGE_V2): the level sections are stored uncompressed at the front with their lengths
//      in the header; only the values are compressed, and only when is_compressed.
// Level and value bytes are handed to the decoders of encoding/ by the column reader.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/format/compression/codec.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/page_header.h"
#include "floe/util/result.h"

namespace floe::parquet {

class FileReader;

struct Page {
  PageHeader header;
  PageType type = PageType::kDataPage;  // DATA_PAGE, DATA_PAGE_V2 or DICTIONARY_PAGE
  int32_t num_values = 0;  // data pages: values including nulls; dictionary pages: entries
  Encoding encoding = Encoding::kPlain;  // of the values
  // Data pages only. v1 levels keep their own encoding (RLE normally, BIT_PACKED in old files).
  Encoding repetition_level_encoding = Encoding::kRle;
  Encoding definition_level_encoding = Encoding::kRle;
  std::string_view repetition_levels;  // runs without a length prefix; empty when max level is 0
  std::string_view definition_levels;
  std::string_view values;           // decompressed value bytes (dictionary entries for a
                                     // dictionary page); valid until the next call to Next
  std::optional<int32_t> num_nulls;  // v2 only
  std::optional<int32_t> num_rows;   // v2 only
};

struct PageReaderOptions {
  bool verify_crc = true;  // check PageHeader.crc when present
};

// Memory a PageReader hands on to the reader of the next chunk of its column (the next row
// group): the chunk's bytes, the decompressed-page buffer and the codec (zstd keeps a context).
// Reusing it, a scan allocates and page-faults its buffers once per column, not once per chunk.
struct PageReaderBuffers {
  std::string chunk;
  std::string page;
  std::unique_ptr<compression::Codec> codec;
  CompressionCodec codec_kind = CompressionCodec::kUncompressed;
};

// Buffers handed on between readers: when each row group of a file is read by a reader of its
// own (ScanParquetFile on several threads), a reader that is done gives its buffers here and the
// next one takes them, so buffers are allocated, zero-filled and page-faulted once per thread
// and column, not once per row group. Thread-safe; keeps at most `capacity` sets.
class PageBufferPool {
 public:
  explicit PageBufferPool(size_t capacity = 32) : capacity_(capacity) {}
  // The free set that best fits a chunk of `chunk_size` bytes (preferring one with a context for
  // `codec`), or an empty one when none is free.
  PageReaderBuffers Take(CompressionCodec codec, size_t chunk_size);
  void Give(PageReaderBuffers buffers);
  size_t free_sets() const;

 private:
  const size_t capacity_;
  mutable std::mutex mu_;
  std::vector<PageReaderBuffers> free_;
};

// The compression codec of a Parquet CompressionCodec; LZO is NotSupported.
Result<compression::CodecKind> CodecKindOf(CompressionCodec codec);

class PageReader {
 public:
  // `chunk` holds the column chunk's bytes, from its first page to its end. max levels come from
  // the column's schema leaf.
  static Result<std::unique_ptr<PageReader>> Make(const ColumnMetaData& meta, std::string chunk,
                                                  int16_t max_repetition_level,
                                                  int16_t max_definition_level,
                                                  PageReaderOptions options = {});
  // As Make, with the codec and page buffer of `reused` (when its codec is of this chunk's kind).
  static Result<std::unique_ptr<PageReader>> MakeReusing(
      const ColumnMetaData& meta, std::string chunk, int16_t max_repetition_level,
      int16_t max_definition_level, PageReaderOptions options, PageReaderBuffers* reused);

  // The next dictionary or data page (index pages and page types floe does not know are
  // skipped); nullopt at the end of the chunk. Errors name the page's offset within the chunk.
  Result<std::optional<Page>> Next();

  // When the next page is a data page of at most `max_values` values, passes over it without
  // decompressing it (nor checking its CRC) and returns its value count; otherwise nullopt and
  // the position is unchanged. For readers that need none of the page's rows.
  Result<std::optional<int32_t>> SkipDataPage(int64_t max_values);

  // True when the pages not yet read are a dictionary page and data pages that are all
  // dictionary-encoded (no fallback to another encoding): their values are dictionary indices
  // throughout. Reads page headers only; false on a header it cannot read (Next reports it).
  bool DictionaryEncodedThroughout() const;

  // Data-page values seen so far (compared with ColumnMetaData.num_values at the end).
  int64_t values_read() const { return values_read_; }

  // The reader's buffers, for the reader of the next chunk; this reader is done after it.
  PageReaderBuffers ReleaseBuffers();

 private:
  PageReader() = default;
  Result<std::string_view> Decompress(std::string_view in, int64_t uncompressed_size);
  Status SplitV1(Page* page, std::string_view body);
  Status SplitV2(Page* page, std::string_view raw);

  std::string chunk_;
  size_t pos_ = 0;
  int64_t num_values_ = 0;  // ColumnMetaData.num_values
  int64_t values_read_ = 0;
  int16_t max_rep_ = 0;
  int16_t max_def_ = 0;
  CompressionCodec codec_kind_ = CompressionCodec::kUncompressed;
  std::unique_ptr<compression::Codec> codec_;
  PageReaderOptions options_;
  std::string buffer_;  // decompressed bytes of the current page
  bool seen_dictionary_ = false;
  bool seen_data_ = false;
};

// Reads a column chunk's bytes through the file's FileIO and makes its PageReader, in the
// buffers of `reused` when given (a previous chunk's reader's, ReleaseBuffers).
Result<std::unique_ptr<PageReader>> OpenColumnChunk(const FileReader& file, int row_group,
                                                    int column, PageReaderOptions options = {},
                                                    PageReaderBuffers* reused = nullptr);

}  // namespace floe::parquet
