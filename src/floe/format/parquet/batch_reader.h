// Reading a Parquet file as record batches: the selected columns (read_tree.h) of the selected
// row groups, in file order, `batch_size` rows at a time (a batch never spans row groups). Each
// batch is decoded column by column — on the thread pool when there are several columns — and
// assembled from levels into floe's columnar arrays (level_assembly.h). Memory is bounded by the
// selected column chunks of one row group plus one batch.
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
#include "floe/util/result.h"

namespace floe::parquet {

struct BatchReaderOptions {
  Projection projection;  // empty: every column
  int64_t batch_size = 64 * 1024;
  // Asked once per row group (by index) before it is read; false skips it. Unset: read all.
  // This is where statistics and bloom-filter pruning plug in; the reader knows no predicates.
  std::function<Result<bool>(int row_group)> row_group_filter;
  bool parallel = true;  // decode the columns of a batch on the global thread pool
  // INT96 timestamps in nanoseconds (CLI.md) or, for years outside 1677-2262, microseconds.
  columnar::TimeUnit int96_unit = columnar::TimeUnit::kNano;
  PageReaderOptions pages;
};

class BatchReader {
 public:
  // `file` must outlive the reader.
  static Result<std::unique_ptr<BatchReader>> Make(const FileReader& file,
                                                   BatchReaderOptions options = {});

  // The columns of every batch (top-level fields of the read tree).
  const columnar::SchemaPtr& schema() const { return schema_; }
  const std::vector<ReadNode>& read_tree() const { return tree_; }

  // The next batch; nullopt after the last. Errors name the file, row group and column.
  Result<std::optional<columnar::RecordBatch>> Next();

  int row_groups_read() const { return row_groups_read_; }
  int row_groups_skipped() const { return row_groups_skipped_; }

 private:
  BatchReader(const FileReader& file, BatchReaderOptions options)
      : file_(file), options_(std::move(options)) {}
  // Moves to the next selected row group and opens its column chunks; false at the end.
  Result<bool> OpenNextRowGroup();
  Result<columnar::RecordBatch> ReadBatch(int64_t rows);

  const FileReader& file_;
  BatchReaderOptions options_;
  std::vector<ReadNode> tree_;
  columnar::SchemaPtr schema_;
  std::vector<int> columns_;  // leaves read, ascending
  std::vector<columnar::DataTypePtr> column_types_;  // by position in columns_
  int next_row_group_ = 0;
  int current_row_group_ = -1;
  int64_t rows_left_ = 0;
  std::vector<std::unique_ptr<ColumnChunkReader>> readers_;  // by position in columns_
  std::vector<LeafBatch> leaf_batches_;
  int row_groups_read_ = 0;
  int row_groups_skipped_ = 0;
};

}  // namespace floe::parquet
