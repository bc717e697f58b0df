#include "floe/table/parquet_scan.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "floe/columnar/array_builder.h"
#include "floe/expr/binder.h"
#include "floe/expr/filter_batch.h"
#include "floe/expr/row_evaluator.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/table/parquet_pruning.h"
#include "floe/table/parquet_row_filter.h"
#include "floe/util/ascii.h"
#include "floe/util/thread_pool.h"

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

// The read tree a BatchReader with `projection` and the INT96 units of `read` uses, without
// making the reader: binding a filter needs only the columns.
Result<std::vector<parquet::ReadNode>> ReadTreeOf(const parquet::FileReader& file,
                                                  const parquet::Projection& projection,
                                                  const parquet::BatchReaderOptions& read) {
  auto tree =
      parquet::BuildReadTree(file.schema(), projection, read.int96_unit, read.int96_nano_columns);
  if (!tree.ok()) return std::move(tree).error().WithContext(file.location());
  return tree;
}

// The INT96 columns of `file` whose values all fit 64-bit nanoseconds (read once in
// microseconds to see).
Result<std::vector<int>> Int96ColumnsFittingNanos(const parquet::FileReader& file) {
  std::vector<int> int96;
  for (int c = 0; c < file.schema().num_columns(); ++c) {
    if (file.schema().column(c).physical_type == parquet::Type::kInt96) int96.push_back(c);
  }
  if (int96.empty()) return int96;
  parquet::BatchReaderOptions read;
  read.int96_unit = columnar::TimeUnit::kMicro;
  for (int c : int96) read.projection.paths.push_back(JoinParts(file.schema().column(c).path));
  FLOE_ASSIGN_OR_RETURN(auto reader, parquet::BatchReader::Make(file, read));
  // The leaf arrays of a batch, depth first, are the columns read in column order (a path in a
  // list or map reads all of it, so other columns may come along).
  FLOE_ASSIGN_OR_RETURN(auto tree, ReadTreeOf(file, read.projection, read));
  const std::vector<int> leaves = parquet::LeafColumns(tree);
  // The microsecond range whose nanoseconds (with up to 999 more) fit int64.
  constexpr int64_t kMax = INT64_MAX / 1000 - 1;
  constexpr int64_t kMin = INT64_MIN / 1000 + 1;
  std::set<int> too_wide;
  std::function<void(const columnar::ArrayData&, size_t*)> check = [&](const columnar::ArrayData& a,
                                                                       size_t* leaf) {
    if (!a.type->is_nested()) {
      const int column = *leaf < leaves.size() ? leaves[*leaf] : -1;
      ++*leaf;
      if (column < 0 || a.type->id() != columnar::TypeId::kTimestamp ||
          file.schema().column(column).physical_type != parquet::Type::kInt96) {
        return;
      }
      const int64_t* v = a.values<int64_t>();
      for (int64_t i = 0; i < a.length; ++i) {
        if (!a.IsNull(i) && (v[i] > kMax || v[i] < kMin)) {
          too_wide.insert(column);
          return;
        }
      }
      return;
    }
    for (const auto& child : a.children) check(*child, leaf);
  };
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    size_t leaf = 0;
    for (int i = 0; i < batch->num_columns(); ++i) check(*batch->column(i), &leaf);
  }
  std::vector<int> out;
  for (int c : int96) {
    if (!too_wide.count(c)) out.push_back(c);
  }
  return out;
}

columnar::Schema SchemaOf(const std::vector<parquet::ReadNode>& tree) {
  std::vector<columnar::Field> fields;
  for (const parquet::ReadNode& n : tree) fields.push_back(n.field);
  return columnar::Schema(std::move(fields));
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
  std::shared_ptr<const parquet::FileReader> file = options.opened;
  if (!file) {
    FLOE_ASSIGN_OR_RETURN(std::unique_ptr<parquet::FileReader> fresh,
                          parquet::FileReader::Open(io, path));
    file = std::move(fresh);
  }
  ParquetScanReport report;
  report.row_groups = static_cast<int>(file->metadata().row_groups.size());

  parquet::BatchReaderOptions read;
  read.batch_size = options.batch_size;
  if (options.int96_unit) {
    read.int96_unit = *options.int96_unit;
  } else {
    read.int96_unit = columnar::TimeUnit::kMicro;
    FLOE_ASSIGN_OR_RETURN(read.int96_nano_columns, Int96ColumnsFittingNanos(*file));
  }
  for (const std::string& c : options.columns)
    read.projection.paths.push_back(JoinParts(SplitPath(c)));

  const std::optional<expr::Expression>& filter = options.filter;
  expr::BindOptions bind;
  bind.case_sensitive = options.case_sensitive;
  if (filter) {
    if (!read.projection.paths.empty()) {
      // Bind to the whole file first: errors then name every column, and the filter's columns
      // join the projection under the file's own names.
      FLOE_ASSIGN_OR_RETURN(auto everything, ReadTreeOf(*file, {}, read));
      FLOE_ASSIGN_OR_RETURN(auto bound, expr::Bind(*filter, SchemaOf(everything), bind));
      CollectPaths(bound, &read.projection.paths);
    }
  } else if (options.limit) {
    read.batch_size = std::max<int64_t>(1, std::min(read.batch_size, *options.limit));
  }

  PruningCounters counters;
  std::optional<expr::BoundExpression> bound;
  std::unique_ptr<parquet::BatchReader> reader;
  std::function<Result<bool>(int)> group_filter;
  std::function<Result<parquet::RowRanges>(int)> page_filter;
  if (filter) {
    // The filter binds to the reader's columns before the pruning that uses it is made.
    FLOE_ASSIGN_OR_RETURN(auto tree, ReadTreeOf(*file, read.projection, read));
    FLOE_ASSIGN_OR_RETURN(bound, expr::Bind(*filter, SchemaOf(tree), bind));
    if (options.prune) {
      group_filter = MakeRowGroupFilter(*file, tree, *bound, &counters);
      page_filter = MakeRowRangesFilter(*file, tree, *bound);
    }
  }
  // Whether row group `rg` is read, and the rows of it the page index admits (*admitted).
  auto decide = [&](int rg, std::optional<parquet::RowRanges>* admitted) -> Result<bool> {
    if (!group_filter) return true;
    FLOE_ASSIGN_OR_RETURN(bool keep, group_filter(rg));
    if (!keep) return false;
    FLOE_ASSIGN_OR_RETURN(parquet::RowRanges r, page_filter(rg));
    if (r.empty()) {
      ++counters.by_page_index;
      return false;
    }
    report.rows_skipped_by_page_index += file->metadata().row_groups[rg].num_rows - r.row_count();
    *admitted = std::move(r);
    return true;
  };

  // Late materialization: the reader filters (and applies the page-index ranges) itself. The
  // row groups to read are decided first, so that several readers can share them out.
  const bool late = bound && options.late_materialization;
  std::vector<std::optional<parquet::RowRanges>> group_ranges;  // by row group
  std::vector<int> groups_read;
  // Reference path: the rows of the current row group the page index admits, and the row the
  // next batch starts at. The reader asks for each row group just before reading it, and its
  // batches never span row groups, so the last row group kept is the one the batches come from.
  std::optional<parquet::RowRanges> ranges;
  int64_t next_row = 0;
  if (late) {
    const auto& groups = file->metadata().row_groups;
    group_ranges.resize(groups.size());
    for (int rg = 0; rg < static_cast<int>(groups.size()); ++rg) {
      if (groups[rg].num_rows <= 0) continue;
      FLOE_ASSIGN_OR_RETURN(bool keep, decide(rg, &group_ranges[static_cast<size_t>(rg)]));
      if (keep) groups_read.push_back(rg);
    }
    read.row_groups = groups_read;
    if (options.plan_only) {
      report.row_groups_skipped_by_statistics = counters.by_statistics;
      report.row_groups_skipped_by_bloom_filter = counters.by_bloom_filter;
      report.row_groups_skipped_by_page_index = counters.by_page_index;
      return report;
    }
    FLOE_ASSIGN_OR_RETURN(auto tree, ReadTreeOf(*file, read.projection, read));
    FLOE_ASSIGN_OR_RETURN(
        read.row_filter,
        MakeParquetRowFilter(*filter, SchemaOf(tree), bind, [&group_ranges](int rg) {
          return &group_ranges[static_cast<size_t>(rg)];
        }));
  } else if (group_filter) {
    read.row_group_filter = [&](int rg) -> Result<bool> {
      next_row = 0;
      return decide(rg, &ranges);
    };
  }
  if (options.plan_only && !late) return report;  // no filter: every row group is read
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
    FLOE_ASSIGN_OR_RETURN(auto none,
                          columnar::RecordBatch::Make(reader->schema(), 0, std::move(empty)));
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
  // Several row groups and threads: each row group is read (and filtered) by a reader of its
  // own on the thread pool, its kept rows emitted in file order. Only without a limit (which
  // would stop the scan early) and with a filter (so what waits to be emitted is small).
  const int threads = options.threads > 0 ? options.threads : ThreadCount();
  if (late && !options.limit && groups_read.size() > 1 && threads > 1) {
    struct GroupBatches {
      std::vector<columnar::RecordBatch> batches;
      int64_t rows_scanned = 0;
    };
    // Readers hand their buffers on to the next row group's; a worker done early starts the
    // next row group while the one before it is still read (what waits is small: kept rows).
    read.buffer_pool = std::make_shared<parquet::PageBufferPool>();
    auto produce = [&](int64_t i) -> Result<GroupBatches> {
      parquet::BatchReaderOptions one = read;
      one.row_groups = std::vector<int>{groups_read[static_cast<size_t>(i)]};
      FLOE_ASSIGN_OR_RETURN(auto group_reader, parquet::BatchReader::Make(*file, std::move(one)));
      GroupBatches out;
      while (true) {
        FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, group_reader->Next());
        if (!batch) break;
        out.batches.push_back(std::move(*batch));
      }
      out.rows_scanned = group_reader->rows_scanned();
      return out;
    };
    auto consume = [&](int64_t, GroupBatches&& group) -> Status {
      for (columnar::RecordBatch& batch : group.batches) {
        FLOE_ASSIGN_OR_RETURN(more, emit(std::move(batch)));
      }
      report.rows_read += group.rows_scanned;
      return Ok();
    };
    FLOE_RETURN_IF_ERROR(
        ParallelForEachOrdered(static_cast<int64_t>(groups_read.size()), produce, consume));
    more = false;
  }
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
  if (late) report.rows_read += reader->rows_scanned();
  report.row_groups_skipped_by_statistics = counters.by_statistics;
  report.row_groups_skipped_by_bloom_filter = counters.by_bloom_filter;
  report.row_groups_skipped_by_page_index = counters.by_page_index;
  return report;
}

}  // namespace floe::table
