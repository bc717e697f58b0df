// One leaf column chunk read in batches of whole rows: the definition and repetition level of
// every level entry, and the non-null values as a dense array (ValueDecoder). A row starts at each
// entry whose repetition level is 0, so a batch of n rows ends just before the (n+1)-th such
// entry, possibly several pages later (data page v1 rows may span pages).
//
// Late materialization reads only some rows (ReadRowRuns): the rows between the selected runs are
// passed over — their levels read, their values skipped inside the page (ValueDecoder::Skip),
// and, in columns that do not repeat, whole pages of them passed without being decompressed.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/format/parquet/page_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/format/parquet/schema.h"
#include "floe/format/parquet/value_decoder.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct LeafBatch {
  int64_t num_rows = 0;
  int64_t num_levels = 0;
  // Empty when every entry has the column's max definition level (always so when that is 0):
  // a column without nulls and repetition skips its levels.
  std::vector<int16_t> def_levels;
  std::vector<int16_t> rep_levels;  // empty when the column's max repetition level is 0
  columnar::ArrayPtr values;        // the entries whose definition level is the max, in order
  int16_t max_def_level = 0;

  int16_t def_level(int64_t i) const {
    return def_levels.empty() ? max_def_level : def_levels[static_cast<size_t>(i)];
  }
  int16_t rep_level(int64_t i) const {
    return rep_levels.empty() ? 0 : rep_levels[static_cast<size_t>(i)];
  }
};

class ColumnChunkReader {
 public:
  static Result<std::unique_ptr<ColumnChunkReader>> Make(std::unique_ptr<PageReader> pages,
                                                         const SchemaNode& leaf,
                                                         columnar::DataTypePtr type);

  // The next `rows` rows (fewer only at the end of the chunk).
  Status ReadRows(int64_t rows, LeafBatch* out);
  // Of the next `rows` rows, those in `runs` (sorted, disjoint, counted from the first of the
  // `rows` rows and inside [0, rows)); out receives only them. InvalidArgument on bad runs.
  Status ReadRowRuns(int64_t rows, std::span<const RowRange> runs, LeafBatch* out);

  // Filtering by dictionary index. True when the chunk (none of it read yet) does not repeat and
  // its data pages are all dictionary-encoded.
  bool DictionaryEncodedThroughout() const {
    return max_rep_ == 0 && pages_->DictionaryEncodedThroughout();
  }
  // As ReadRows, but out->values stays null and *indices receives the dictionary indices of the
  // non-null values (not checked against the dictionary's size). Only for a chunk
  // DictionaryEncodedThroughout; NotSupported otherwise.
  Status ReadIndices(int64_t rows, LeafBatch* out, std::vector<uint32_t>* indices);
  // The chunk's dictionary as an array of the column's type, once ReadIndices has read a page.
  Result<columnar::ArrayPtr> DictionaryValues() { return values_->DictionaryValues(); }

  // Data pages passed over whole (not decompressed) by ReadRowRuns so far.
  int64_t pages_skipped() const { return pages_skipped_; }

  // The page reader's buffers, for the reader of the column's next chunk; this reader is done.
  PageReaderBuffers ReleasePageBuffers() { return pages_->ReleaseBuffers(); }

 private:
  ColumnChunkReader() = default;
  void StartBatch(LeafBatch* out) const;
  // The next `rows` rows appended to *out, or passed over when out is null; *done receives the
  // rows taken (fewer than `rows` only at the end of the chunk).
  Status Advance(int64_t rows, LeafBatch* out, int64_t* done);
  // Loads the next data page's levels and starts its values; false at the end of the chunk.
  Result<bool> NextPage();
  Status DecodeLevels(std::string_view runs, Encoding encoding, int16_t max_level,
                      std::vector<int16_t>* out, const char* what);

  std::unique_ptr<PageReader> pages_;
  std::unique_ptr<ValueDecoder> values_;
  int16_t max_def_ = 0;
  int16_t max_rep_ = 0;
  std::vector<int16_t> page_def_;
  std::vector<int16_t> page_rep_;
  int64_t page_levels_ = 0;
  // Every level entry of the page has the max definition level (one RLE run says so): page_def_
  // is then not filled.
  bool page_all_defined_ = false;
  int64_t page_pos_ = 0;
  bool first_entry_ = true;
  int64_t pages_skipped_ = 0;
  // Set by ReadIndices: Advance writes indices there (at indices_used_) instead of decoding.
  std::vector<uint32_t>* indices_ = nullptr;
  size_t indices_used_ = 0;
  std::vector<RowRange> gather_runs_;  // ReadRowRuns: runs within one page, in page values
};

}  // namespace floe::parquet
