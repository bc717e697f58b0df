// Pruning the entries of a manifest (spec: "Scan Planning"): a data file is skipped when its
// partition tuple (projected back through the spec's transforms, partition_bounds.h) together
// with its column metrics (lower/upper bounds, value, null and NaN counts) leave no room for a
// row that matches the filter. One pruner serves the files of one partition spec; a table that
// evolved its partitioning needs one per spec, since old files keep their spec.
//
// Pruning never drops a file that holds a matching row: anything unknown, undecodable or
// inconsistent counts as "might match". Delete files are pruned by their partition only (their
// own metrics describe deleted rows or positions, not the data they apply to).
#pragma once

#include <cstdint>
#include <vector>

#include "floe/expr/bound_expression.h"
#include "floe/expr/bounds_evaluator.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/partition_bounds.h"
#include "floe/scan/scan_filter.h"
#include "floe/spec/partition_spec.h"

namespace floe::scan {

class DataFilePruner {
 public:
  // Partition fields whose source column is not in the filter's schema, or whose transform
  // does not apply to it, say nothing.
  DataFilePruner(ScanFilter filter, const spec::PartitionSpec& spec);

  // False only when no row of the data file can match (partition and metrics).
  bool MightMatch(const manifest::DataFile& file) const;
  // False only when no row in the file's partition can match (delete files).
  bool PartitionMightMatch(const manifest::DataFile& file) const;
  // True only when every row of the data file certainly matches (strict_metrics_evaluator.h):
  // its rows can be counted without reading it.
  bool AllRowsMatch(const manifest::DataFile& file) const;

  // What the file's partition (and, with use_metrics, its metrics) say about a column.
  std::optional<expr::ColumnBounds> Bounds(const manifest::DataFile& file,
                                           const expr::BoundReference& ref, bool use_metrics) const;

  const ScanFilter& filter() const { return filter_; }
  int32_t spec_id() const { return spec_id_; }

 private:
  bool Evaluate(const manifest::DataFile& file, bool use_metrics) const;
  bool PartitionUsable(const manifest::DataFile& file) const;

  ScanFilter filter_;
  expr::BoundExpression rewritten_;  // NOT pushed down, for the bucket walk
  int32_t spec_id_ = 0;
  size_t num_partition_fields_ = 0;
  std::vector<PartitionSource> fields_;
};

}  // namespace floe::scan
