// The Iceberg metrics of an existing Parquet file from its footer alone (add-files registers files
// without reading their rows): per column with a field id, the column chunks' sizes, value and
// null counts summed over the row groups, and the row groups' min/max statistics merged into one
// lower and one upper bound, converted to the table column's type (int → long, float → double,
// timestamps in milli- or nanoseconds → the column's unit, fixed[16] → uuid).
//
// Statistics are used as parquet_pruning.h trusts them (min_value/max_value under the declared
// type order; the deprecated min/max only for signed-order types; never INT96). A column loses
// its bounds when any row group holding values has no usable statistics, and its null or NaN
// count when any row group does not say. Fields inside lists and maps get counts, no bounds (as
// iceberg_metrics.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/manifest/data_file.h"
#include "floe/spec/literal.h"
#include "floe/spec/schema.h"
#include "floe/table/metrics_config.h"
#include "floe/util/result.h"

namespace floe::table {

struct FooterColumn {
  int32_t field_id = 0;
  int64_t column_size = 0;  // compressed bytes of the chunks
  int64_t value_count = 0;  // values and nulls
  std::optional<int64_t> null_count;
  std::optional<int64_t> nan_count;    // float and double columns whose file counts NaNs
  std::optional<spec::Literal> lower;  // in the table column's type
  std::optional<spec::Literal> upper;
  // The bounds are the least and greatest values themselves (no row group marked them inexact):
  // only then may a partition value be derived from them.
  bool exact_bounds = true;
  // Every non-null value equals this one (in the table column's type): each row group's min and
  // max statistics are the same bytes. Known whatever order the writer compared in, so also for
  // strings in files that declare no column order (DuckDB's).
  std::optional<spec::Literal> only_value;
  bool inside_list_or_map = false;
};

struct FooterStatistics {
  int64_t row_count = 0;
  int64_t file_size = 0;
  std::vector<int64_t> split_offsets;  // where each row group starts
  std::vector<FooterColumn> columns;   // leaves whose field id is a primitive table column

  const FooterColumn* Find(int32_t field_id) const;
};

// `read_tree` is BuildReadTree of the file's schema carrying field ids (the file's own or those of
// a name mapping) with every column selected. Corrupt naming the file when a column chunk has no
// metadata.
Result<FooterStatistics> ReadFooterStatistics(const parquet::FileReader& file,
                                              const std::vector<parquet::ReadNode>& read_tree,
                                              const spec::Schema& table);

// Fills record_count, file_size_in_bytes, split_offsets and the six metric maps of `file` under
// the table's metrics modes (metrics_config.h), bounds truncated as iceberg_metrics.h does.
Status SetDataFileMetrics(const FooterStatistics& stats, const spec::Schema& table,
                          const MetricsConfig& config, manifest::DataFile* file);

}  // namespace floe::table
