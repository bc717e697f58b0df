#include "floe/table/parquet_scan.h"

#include <algorithm>
#include <map>

#include "floe/columnar/array_builder.h"
#include "floe/expr/binder.h"
#include "floe/expr/filter_batch.h"
#include "floe/expr/parser.h"
#include "floe/expr/row_evaluator.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/table/parquet_pruning.h"
#include "floe/util/ascii.h"

namespace floe::table {

namespace {

std::vector<std::string> SplitPath(std::string_view path) {
  std::vector<std::string> parts;
  std::string part;
  bool quoted = false;
  for (char c : path) {
    if (c == '`') {
      quoted = !quoted;
    } else if (c == '.' && !quoted) {
      parts.push_back(part);
      part.clear();
    } else {
      part.push_back(c);
    }
  }
  parts.push_back(part);
  return parts;
}

std::string JoinParts(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "." : "") + parts[i];
  return out;
}

// The requested column paths as a tree of names (lower case): a leaf of the tree selects its
// whole subtree.
struct PathTree {
  std::map<std::string, PathTree> children;
  bool whole = false;

  void Add(const std::vector<std::string>& parts, size_t i = 0) {
    if (i == parts.size()) {
      whole = true;
      return;
    }
    children[AsciiLower(parts[i])].Add(parts, i + 1);
  }
  const PathTree* Find(std::string_view name) const {
    auto it = children.find(AsciiLower(name));
    return it == children.end() ? nullptr : &it->second;
  }
};

// The part of `array` (of `field`) that `tree` selects: whole, or a struct with some fields.
std::pair<columnar::Field, columnar::ArrayPtr> Project(const columnar::Field& field,
                                                       const columnar::ArrayPtr& array,
                                                       const PathTree& tree) {
  if (tree.whole || field.type->id() != columnar::TypeId::kStruct) return {field, array};
  std::vector<columnar::Field> fields;
  std::vector<columnar::ArrayPtr> children;
  for (int i = 0; i < field.type->num_children(); ++i) {
    const columnar::Field& child = field.type->child(i);
    const PathTree* sub = tree.Find(child.name);
    if (!sub) continue;
    auto [f, a] = Project(child, array->children[static_cast<size_t>(i)], *sub);
    fields.push_back(std::move(f));
    children.push_back(std::move(a));
  }
  columnar::Field out(field.name, columnar::Struct(fields), field.nullable, field.metadata);
  auto data = columnar::ArrayData::Make(out.type, array->length, {array->buffers[0]},
                                        array->null_count, array->offset, std::move(children));
  return {std::move(out), std::move(data)};
}

// Column paths (the file's own names) a bound filter reads.
void CollectPaths(const expr::BoundExpression& e, std::vector<std::string>* out) {
  if (e.is_predicate()) out->push_back(JoinParts(e.term().column.path));
  for (const auto& c : e.children()) CollectPaths(c, out);
}

// The read tree a BatchReader with `projection` uses, without making the reader: binding a
// filter needs only the columns.
Result<std::vector<parquet::ReadNode>> ReadTreeOf(const parquet::FileReader& file,
                                                  const parquet::Projection& projection,
                                                  columnar::TimeUnit int96_unit) {
  auto tree = parquet::BuildReadTree(file.schema(), projection, int96_unit);
  if (!tree.ok()) return std::move(tree).error().WithContext(file.location());
  return tree;
}

columnar::Schema SchemaOf(const std::vector<parquet::ReadNode>& tree) {
  std::vector<columnar::Field> fields;
  for (const parquet::ReadNode& n : tree) fields.push_back(n.field);
  return columnar::Schema(std::move(fields));
}

// The top-level fields (positions in the schema it was bound to) a bound filter reads.
void CollectTopLevelFields(const expr::BoundExpression& e, std::vector<int>* out) {
  if (e.is_predicate() && !e.term().path.empty()) out->push_back(e.term().path[0]);
  for (const auto& c : e.children()) CollectTopLevelFields(c, out);
}

// Appends the runs of selected rows of `selection` inside [begin, end).
void AppendSelectedRuns(const expr::Selection& selection, int64_t begin, int64_t end,
                        std::vector<parquet::RowRange>* out) {
  int64_t i = begin;
  while (i < end) {
    // Whole bytes without a selected row are passed at once.
    if ((i & 7) == 0 && i + 8 <= end && selection.bitmap[static_cast<size_t>(i >> 3)] == 0) {
      i += 8;
      continue;
    }
    if (!selection.selected(i)) {
      ++i;
      continue;
    }
    const int64_t first = i;
    while (i < end && selection.selected(i)) ++i;
    if (!out->empty() && out->back().last == first) {
      out->back().last = i;
    } else {
      out->push_back({first, i});
    }
  }
}

}  // namespace

std::vector<std::string> SplitColumnList(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  auto flush = [&] {
    size_t b = cur.find_first_not_of(" \t");
    size_t e = cur.find_last_not_of(" \t");
    if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
    cur.clear();
  };
  for (char c : text) {
    if (c == '`') quoted = !quoted;
    if (c == ',' && !quoted) {
      flush();
    } else {
      cur.push_back(c);
    }
  }
  flush();
  return out;
}

Result<ParquetScanReport> ScanParquetFile(io::FileIO& io, std::string_view path,
                                          const ParquetScanOptions& options,
                                          const ParquetScanCallbacks& callbacks) {
  FLOE_ASSIGN_OR_RETURN(auto file, parquet::FileReader::Open(io, path));
  ParquetScanReport report;
  report.row_groups = static_cast<int>(file->metadata().row_groups.size());

  parquet::BatchReaderOptions read;
  read.batch_size = options.batch_size;
  read.int96_unit = options.int96_unit;
  for (const std::string& c : options.columns) read.projection.paths.push_back(JoinParts(SplitPath(c)));

  std::optional<expr::Expression> filter;
  expr::BindOptions bind;
  bind.case_sensitive = options.case_sensitive;
  if (!options.filter.empty()) {
    FLOE_ASSIGN_OR_RETURN(filter, expr::ParseFilter(options.filter));
    if (!read.projection.paths.empty()) {
      // Bind to the whole file first: errors then name every column, and the filter's columns
      // join the projection under the file's own names.
      FLOE_ASSIGN_OR_RETURN(auto everything, ReadTreeOf(*file, {}, options.int96_unit));
      FLOE_ASSIGN_OR_RETURN(auto bound, expr::Bind(*filter, SchemaOf(everything), bind));
      CollectPaths(bound, &read.projection.paths);
    }
  } else if (options.limit) {
    read.batch_size = std::max<int64_t>(1, std::min(read.batch_size, *options.limit));
  }

  PruningCounters counters;
  std::optional<expr::BoundExpression> bound;
  std::unique_ptr<parquet::BatchReader> reader;
  // The rows of the current row group the page index admits, and the row the next batch starts
  // at. The reader asks for each row group just before reading it, and its batches never span
  // row groups, so the last row group kept is the one the batches come from.
  // TODO(page skipping): hand the ranges to the reader (BatchReaderOptions) once it can skip
  // pages by the OffsetIndex, instead of slicing decoded batches here.
  std::optional<parquet::RowRanges> ranges;
  int64_t next_row = 0;
  if (filter) {
    // The filter binds to the reader's columns before the pruning that uses it is installed.
    FLOE_ASSIGN_OR_RETURN(auto tree, ReadTreeOf(*file, read.projection, options.int96_unit));
    FLOE_ASSIGN_OR_RETURN(bound, expr::Bind(*filter, SchemaOf(tree), bind));
    if (options.prune) {
      auto groups = MakeRowGroupFilter(*file, tree, *bound, &counters);
      auto pages = MakeRowRangesFilter(*file, tree, *bound);
      read.row_group_filter = [&, groups = std::move(groups),
                               pages = std::move(pages)](int rg) -> Result<bool> {
        FLOE_ASSIGN_OR_RETURN(bool keep, groups(rg));
        if (!keep) return false;
        FLOE_ASSIGN_OR_RETURN(parquet::RowRanges r, pages(rg));
        if (r.empty()) {
          ++counters.by_page_index;
          return false;
        }
        report.rows_skipped_by_page_index += file->metadata().row_groups[rg].num_rows - r.row_count();
        ranges = std::move(r);
        next_row = 0;
        return true;
      };
    }
  }
  // Late materialization: the reader filters (and applies the page-index ranges) itself.
  const bool late = bound && options.late_materialization;
  std::optional<expr::BoundExpression> filter_bound;  // bound to the filter's fields only
  if (late) {
    FLOE_ASSIGN_OR_RETURN(auto tree, ReadTreeOf(*file, read.projection, options.int96_unit));
    parquet::RowFilter row_filter;
    CollectTopLevelFields(*bound, &row_filter.fields);
    std::sort(row_filter.fields.begin(), row_filter.fields.end());
    row_filter.fields.erase(std::unique(row_filter.fields.begin(), row_filter.fields.end()),
                            row_filter.fields.end());
    std::vector<parquet::ReadNode> filter_nodes;
    for (int f : row_filter.fields) filter_nodes.push_back(tree[static_cast<size_t>(f)]);
    FLOE_ASSIGN_OR_RETURN(filter_bound, expr::Bind(*filter, SchemaOf(filter_nodes), bind));
    row_filter.select = [&](const columnar::RecordBatch& columns, int,
                            int64_t first_row) -> Result<std::vector<parquet::RowRange>> {
      FLOE_ASSIGN_OR_RETURN(expr::Selection selection, expr::EvaluateRows(*filter_bound, columns));
      std::vector<parquet::RowRange> runs;
      if (selection.count == 0) return runs;
      if (!ranges) {
        AppendSelectedRuns(selection, 0, columns.num_rows(), &runs);
        return runs;
      }
      const parquet::RowRanges within = ranges->Within(first_row, first_row + columns.num_rows());
      for (const parquet::RowRange& r : within.ranges()) {
        AppendSelectedRuns(selection, r.first - first_row, r.last - first_row, &runs);
      }
      return runs;
    };
    read.row_filter = std::move(row_filter);
  }
  FLOE_ASSIGN_OR_RETURN(reader, parquet::BatchReader::Make(*file, read));

  // The output columns: everything read, or the requested paths only.
  PathTree wanted;
  for (const std::string& c : options.columns) wanted.Add(SplitPath(c));
  auto project = [&](const columnar::RecordBatch& batch) -> Result<columnar::RecordBatch> {
    if (options.columns.empty()) return batch;
    std::vector<columnar::Field> fields;
    std::vector<columnar::ArrayPtr> arrays;
    for (int i = 0; i < batch.num_columns(); ++i) {
      const PathTree* sub = wanted.Find(batch.schema()->field(i).name);
      if (!sub) continue;
      auto [f, a] = Project(batch.schema()->field(i), batch.column(i), *sub);
      fields.push_back(std::move(f));
      arrays.push_back(std::move(a));
    }
    return columnar::RecordBatch::Make(std::make_shared<columnar::Schema>(std::move(fields)),
                                       batch.num_rows(), std::move(arrays));
  };

  // The output schema, from an empty slice of the reader's columns.
  {
    std::vector<columnar::ArrayPtr> empty;
    for (const columnar::Field& f : reader->schema()->fields()) {
      FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(f.type));
      FLOE_ASSIGN_OR_RETURN(auto array, builder->Finish());
      empty.push_back(std::move(array));
    }
    FLOE_ASSIGN_OR_RETURN(auto none, columnar::RecordBatch::Make(reader->schema(), 0, std::move(empty)));
    FLOE_ASSIGN_OR_RETURN(auto shaped, project(none));
    if (callbacks.on_schema) FLOE_RETURN_IF_ERROR(callbacks.on_schema(shaped.schema()));
  }

  // Filters, limits, projects and hands on one batch; false once the limit is reached.
  auto emit = [&](columnar::RecordBatch batch) -> Result<bool> {
    if (bound && !late) {
      FLOE_ASSIGN_OR_RETURN(expr::Selection selection, expr::EvaluateRows(*bound, batch));
      FLOE_ASSIGN_OR_RETURN(batch, expr::FilterBatch(batch, selection));
    }
    if (options.limit && batch.num_rows() > *options.limit - report.rows_returned) {
      batch = batch.Slice(0, *options.limit - report.rows_returned);
    }
    if (batch.num_rows() > 0) {
      FLOE_ASSIGN_OR_RETURN(columnar::RecordBatch out, project(batch));
      report.rows_returned += out.num_rows();
      if (callbacks.on_batch) FLOE_RETURN_IF_ERROR(callbacks.on_batch(out));
    }
    return !options.limit || report.rows_returned < *options.limit;
  };
  bool more = !options.limit || *options.limit > 0;
  while (more) {
    FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, reader->Next());
    if (!batch) break;
    if (late) {
      FLOE_ASSIGN_OR_RETURN(more, emit(std::move(*batch)));
      continue;
    }
    report.rows_read += batch->num_rows();
    if (!ranges) {
      FLOE_ASSIGN_OR_RETURN(more, emit(std::move(*batch)));
      continue;
    }
    const int64_t first = next_row;
    next_row += batch->num_rows();
    for (columnar::RecordBatch& part : parquet::SliceToRanges(*batch, first, *ranges)) {
      FLOE_ASSIGN_OR_RETURN(more, emit(std::move(part)));
      if (!more) break;
    }
  }
  if (late) report.rows_read = reader->rows_scanned();
  report.row_groups_skipped_by_statistics = counters.by_statistics;
  report.row_groups_skipped_by_bloom_filter = counters.by_bloom_filter;
  report.row_groups_skipped_by_page_index = counters.by_page_index;
  return report;
}

}  // namespace floe::table
