// Reading a Parquet file as record batches: the selected columns (read_tree.h) of the selected
// row groups, in file order, `batch_size` rows at a time (a batch never spans row groups). Each
// batch is decoded column by column — on the thread pool when there are several columns — and
// assembled from levels into floe's columnar arrays (level_assembly.h). Memory is bounded by the
// selected column chunks of one row group plus one batch.
//
// Late materialization (BatchReaderOptions::row_filter): a caller that filters rows names the
// fields its filter reads. Those columns are read first for each batch and handed to the filter,
// which returns the rows to keep; the other columns are then decoded only for those rows (the
// values of the others skipped, pages holding none of them not even decompressed), and the batch
// holds only the kept rows. When the kept rows form many short runs, skipping costs more than it
// saves: the other columns are then decoded whole and cut down like the filter's columns.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/column_chunk_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The rows a filter keeps of one batch: `columns` holds the filter's fields (RowFilter::fields,
// in that order) for the batch's rows, which start at row `first_row` of row group `row_group`.
// The result: runs of kept rows, sorted, disjoint, counted from the batch's first row.
using RowFilterFunction = std::function<Result<std::vector<RowRange>>(
    const columnar::RecordBatch& columns, int row_group, int64_t first_row)>;

// Which rows of `values` (the batch of the filter's fields) pass the filter's predicate, as a
// bitmap: bit i (least significant first) of byte i / 8 for row i. The rows' positions must not
// matter: it may be given a column chunk's dictionary instead of rows.
using RowPredicateFunction =
    std::function<Result<std::vector<uint8_t>>(const columnar::RecordBatch& values)>;
// The runs a filter keeps of a batch of `rows` rows (from row `first_row` of row group
// `row_group`) whose rows pass its predicate as `passing` (a bitmap as above) says.
using PassingRunsFunction = std::function<Result<std::vector<RowRange>>(
    const std::vector<uint8_t>& passing, int64_t rows, int row_group, int64_t first_row)>;

struct RowFilter {
  std::vector<int> fields;  // positions of top-level fields in the read tree, ascending
  RowFilterFunction select;
  // Optional, both or neither: `select` split into a predicate on values and the runs kept of
  // the rows that pass. With them, a filter of one field that is a column without nesting is
  // evaluated on dictionary indices where the column chunk is dictionary-encoded throughout:
  // `passes` is asked once per chunk about the dictionary's entries (and about a null), and each
  // row is tested by its index — no value decoded (the kept rows' values are then gathered).
  RowPredicateFunction passes;
  PassingRunsFunction runs_of;
  // Optional, with passes and runs_of: the filter as a conjunction of one predicate per field
  // (field_passes[i] for fields[i], given a batch of that field only). With it, a filter of
  // several fields that are columns without nesting tests each column whose chunk is
  // dictionary-encoded throughout by dictionary index, the others by value, and keeps the rows
  // that pass every one.
  std::vector<RowPredicateFunction> field_passes;
  // Kept rows in more runs than rows / min_rows_per_run: the other columns are decoded whole
  // and cut down instead of skipping between the runs.
  int64_t min_rows_per_run = 16;
};

struct BatchReaderOptions {
  Projection projection;  // empty: every column
  int64_t batch_size = 64 * 1024;
  // The row groups to read (indices, ascending); unset: all. Several readers of one file, each
  // given some row groups, read them in parallel (ScanParquetFile).
  std::optional<std::vector<int>> row_groups;
  // Asked once per row group (by index) before it is read; false skips it. Unset: read all.
  // This is where statistics and bloom-filter pruning plug in; the reader knows no predicates.
  std::function<Result<bool>(int row_group)> row_group_filter;
  bool parallel = true;  // decode the columns of a batch on the global thread pool
  // INT96 timestamps in nanoseconds (docs/cli.md) or, for years outside 1677-2262, microseconds.
  columnar::TimeUnit int96_unit = columnar::TimeUnit::kNano;
  // INT96 columns (leaf indices) read in nanoseconds whatever int96_unit says: those a
  // nanosecond type is asked for (a value outside 1677-2262 is then an error naming the column).
  std::vector<int> int96_nano_columns;
  PageReaderOptions pages;
  // Set: batches hold only the rows it keeps, and are never empty (late materialization, above).
  std::optional<RowFilter> row_filter;
  // Set: the column chunks' buffers come from the pool and go back to it when the reader ends
  // (readers of one row group each, sharing a file). Unset: they are reused from row group to
  // row group of this reader only.
  std::shared_ptr<PageBufferPool> buffer_pool;
};

class BatchReader {
 public:
  // `file` must outlive the reader.
  static Result<std::unique_ptr<BatchReader>> Make(const FileReader& file,
                                                   BatchReaderOptions options = {});
  ~BatchReader();
  BatchReader(const BatchReader&) = delete;
  BatchReader& operator=(const BatchReader&) = delete;

  // The columns of every batch (top-level fields of the read tree).
  const columnar::SchemaPtr& schema() const { return schema_; }
  const std::vector<ReadNode>& read_tree() const { return tree_; }

  // The next batch; nullopt after the last. Errors name the file, row group and column.
  Result<std::optional<columnar::RecordBatch>> Next();

  int row_groups_read() const { return row_groups_read_; }
  int row_groups_skipped() const { return row_groups_skipped_; }
  // Rows of the row groups read that were looked at (with a row filter: rows it was given).
  int64_t rows_scanned() const { return rows_scanned_; }
  // Data pages passed over without being decompressed (row filter only).
  int64_t pages_skipped() const;
  // Row groups whose filter column was filtered by dictionary index (RowFilter::passes).
  int row_groups_filtered_by_dictionary() const { return row_groups_by_dictionary_; }

 private:
  BatchReader(const FileReader& file, BatchReaderOptions options)
      : file_(file), options_(std::move(options)) {}
  // Moves to the next selected row group and opens its column chunks; false at the end.
  Result<bool> OpenNextRowGroup();
  // Gives the column chunks' buffers back to the pool (when there is one).
  void ReturnBuffers();
  Result<columnar::RecordBatch> ReadBatch(int64_t rows);
  // ReadBatch with the row filter; a batch of 0 rows when the filter keeps none.
  Result<columnar::RecordBatch> ReadFilteredBatch(int64_t rows);
  // A filter column tested by dictionary index (RowFilter::passes or field_passes) in the
  // current row group, or by value.
  struct FilterLeaf {
    size_t k = 0;   // position in columns_
    int field = 0;  // position in the read tree
    bool by_dictionary = false;
    columnar::ArrayPtr dictionary;  // its entries, and each one's pass flag and null's (last),
    std::vector<uint8_t> passes;    // computed on the row group's first batch
    std::vector<uint32_t> indices;  // the batch's
  };
  // The filter's runs of the next `rows` rows, its columns tested by dictionary index where
  // they can be; leaf_batches_ of the filter's columns receive the kept rows. *kept: the rows kept.
  Result<std::vector<RowRange>> SelectByDictionary(int64_t rows, int64_t* kept);
  // leaf's predicate: RowFilter::passes for a one-field filter, else field_passes[i].
  const RowPredicateFunction& PredicateOf(size_t i) const;
  // The pass flag of each dictionary entry of the leaf's column, and of null (last).
  Status ComputeDictionaryPasses(size_t i);
  // Reads the leaves at positions `ks` (of columns_) on the pool: read(k, &leaf_batches_[k]).
  Status ReadLeaves(const std::vector<size_t>& ks,
                    const std::function<Status(size_t, LeafBatch*)>& read);
  // The arrays of the read-tree fields at `fields` (all when empty) from leaf_batches_.
  Result<std::vector<columnar::ArrayPtr>> Assemble(const std::vector<int>* fields, int64_t rows);

  const FileReader& file_;
  BatchReaderOptions options_;
  std::vector<ReadNode> tree_;
  columnar::SchemaPtr schema_;
  std::vector<int> columns_;                         // leaves read, ascending
  std::vector<columnar::DataTypePtr> column_types_;  // by position in columns_
  size_t next_row_group_ = 0;                        // position in row_groups_
  std::vector<int> row_groups_;                      // the row groups to read, ascending
  int current_row_group_ = -1;
  int64_t rows_left_ = 0;
  std::vector<std::unique_ptr<ColumnChunkReader>> readers_;  // by position in columns_
  std::vector<LeafBatch> leaf_batches_;
  int row_groups_read_ = 0;
  int row_groups_skipped_ = 0;
  int64_t rows_scanned_ = 0;
  int64_t row_in_group_ = 0;   // the next batch's first row within the current row group
  int64_t pages_skipped_ = 0;  // by the readers of row groups already finished
  // With a row filter: positions (in columns_) of the filter's leaves and of the others, and
  // the schema of the batch the filter gets.
  std::vector<size_t> filter_leaves_;
  std::vector<size_t> other_leaves_;
  columnar::SchemaPtr filter_schema_;
  // Filtering by dictionary index: the filter's columns when possible for this filter (flat
  // columns, RowFilter::passes or field_passes), else empty; whether this row group uses it
  // (some column's chunk is dictionary-encoded throughout).
  std::vector<FilterLeaf> filter_by_leaf_;
  bool dictionary_filter_ = false;
  int row_groups_by_dictionary_ = 0;
};

}  // namespace floe::parquet
