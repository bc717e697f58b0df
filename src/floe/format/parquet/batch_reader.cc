#include "floe/format/parquet/batch_reader.h"

#include <algorithm>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/columnar_type.h"
#include "floe/format/parquet/leaf_row_selection.h"
#include "floe/format/parquet/level_assembly.h"
#include "floe/util/thread_pool.h"

namespace floe::parquet {

namespace {

void CollectLeafTypes(const ReadNode& n, std::vector<columnar::DataTypePtr>* by_column) {
  if (n.kind == ReadNode::Kind::kLeaf) (*by_column)[static_cast<size_t>(n.column)] = n.field.type;
  for (const ReadNode& c : n.children) CollectLeafTypes(c, by_column);
}

// The filter's runs must be sorted, disjoint, non-empty and inside the batch.
Status CheckRowFilterRuns(const std::vector<RowRange>& runs, int64_t rows) {
  int64_t previous_end = 0;
  for (const RowRange& r : runs) {
    if (r.first < previous_end || r.last <= r.first || r.last > rows) {
      return InvalidArgument(
          "the row filter's run [{}, {}) is not sorted, disjoint and inside the batch's {} rows",
          r.first, r.last, rows);
    }
    previous_end = r.last;
  }
  return Ok();
}

}  // namespace

Result<std::unique_ptr<BatchReader>> BatchReader::Make(const FileReader& file,
                                                       BatchReaderOptions options) {
  if (options.batch_size <= 0)
    return InvalidArgument("batch size {} is not positive", options.batch_size);
  if (file.metadata().encryption_algorithm) {
    return NotSupported("{}: encrypted Parquet files are not supported", file.location());
  }
  FLOE_RETURN_IF_ERROR(ValidateRowGroups(file.metadata(), file.schema()));
  std::unique_ptr<BatchReader> r(new BatchReader(file, std::move(options)));
  auto tree = BuildReadTree(file.schema(), r->options_.projection, r->options_.int96_unit,
                            r->options_.int96_nano_columns);
  if (!tree.ok()) return std::move(tree).error().WithContext(file.location());
  r->tree_ = std::move(tree).value();
  std::vector<columnar::Field> fields;
  std::vector<columnar::DataTypePtr> by_column(static_cast<size_t>(file.schema().num_columns()));
  for (const ReadNode& n : r->tree_) {
    fields.push_back(n.field);
    CollectLeafTypes(n, &by_column);
  }
  r->schema_ = std::make_shared<columnar::Schema>(std::move(fields));
  const int num_groups = static_cast<int>(file.metadata().row_groups.size());
  if (r->options_.row_groups) {
    int previous = -1;
    for (int g : *r->options_.row_groups) {
      if (g <= previous || g >= num_groups) {
        return InvalidArgument("row group {} is not ascending inside the file's {} row groups", g,
                               num_groups);
      }
      previous = g;
    }
    r->row_groups_ = *r->options_.row_groups;
  } else {
    for (int g = 0; g < num_groups; ++g) r->row_groups_.push_back(g);
  }
  r->columns_ = LeafColumns(r->tree_);
  for (int c : r->columns_) r->column_types_.push_back(by_column[static_cast<size_t>(c)]);
  if (r->options_.row_filter) {
    const RowFilter& filter = *r->options_.row_filter;
    if (!filter.select) return InvalidArgument("a row filter without a select function");
    std::vector<columnar::Field> filter_fields;
    std::vector<ReadNode> filter_nodes;
    int previous = -1;
    for (int f : filter.fields) {
      if (f <= previous || f >= static_cast<int>(r->tree_.size())) {
        return InvalidArgument("row filter field {} is not ascending inside the {} fields read", f,
                               r->tree_.size());
      }
      previous = f;
      filter_fields.push_back(r->tree_[static_cast<size_t>(f)].field);
      filter_nodes.push_back(r->tree_[static_cast<size_t>(f)]);
    }
    r->filter_schema_ = std::make_shared<columnar::Schema>(std::move(filter_fields));
    std::vector<int> filter_columns = LeafColumns(filter_nodes);
    for (size_t k = 0; k < r->columns_.size(); ++k) {
      bool used = std::binary_search(filter_columns.begin(), filter_columns.end(), r->columns_[k]);
      (used ? r->filter_leaves_ : r->other_leaves_).push_back(k);
    }
    if (!filter.passes != !filter.runs_of) {
      return InvalidArgument("a row filter with only one of passes and runs_of");
    }
    bool flat = true;
    for (int f : filter.fields)
      flat = flat && r->tree_[static_cast<size_t>(f)].kind == ReadNode::Kind::kLeaf;
    flat = flat && r->filter_leaves_.size() == filter.fields.size();
    const bool one = filter.passes && filter.fields.size() == 1;
    const bool each = filter.passes && filter.field_passes.size() == filter.fields.size();
    if (!filter.field_passes.empty() && filter.field_passes.size() != filter.fields.size()) {
      return InvalidArgument("a row filter of {} fields with {} field predicates",
                             filter.fields.size(), filter.field_passes.size());
    }
    if (flat && (one || each)) {
      for (size_t i = 0; i < filter.fields.size(); ++i) {
        r->filter_by_leaf_.push_back({.k = r->filter_leaves_[i], .field = filter.fields[i]});
      }
    }
  }
  return r;
}

int64_t BatchReader::pages_skipped() const {
  int64_t n = pages_skipped_;
  for (const auto& reader : readers_) n += reader->pages_skipped();
  return n;
}

Result<bool> BatchReader::OpenNextRowGroup() {
  const auto& groups = file_.metadata().row_groups;
  while (next_row_group_ < row_groups_.size()) {
    const int rg = row_groups_[next_row_group_++];
    if (groups[rg].num_rows <= 0) continue;
    if (options_.row_group_filter) {
      FLOE_ASSIGN_OR_RETURN(bool keep, options_.row_group_filter(rg));
      if (!keep) {
        ++row_groups_skipped_;
        continue;
      }
    }
    pages_skipped_ = pages_skipped();
    // The previous row group's buffers serve this one (no new allocation, no page faults).
    std::vector<PageReaderBuffers> reused(columns_.size());
    for (size_t k = 0; k < readers_.size(); ++k) reused[k] = readers_[k]->ReleasePageBuffers();
    if (readers_.empty() && options_.buffer_pool) {
      for (size_t k = 0; k < columns_.size(); ++k) {
        const ColumnChunk& chunk = groups[rg].columns[static_cast<size_t>(columns_[k])];
        if (!chunk.meta_data) continue;  // OpenColumnChunk says what is wrong
        reused[k] = options_.buffer_pool->Take(
            chunk.meta_data->codec,
            static_cast<size_t>(std::max<int64_t>(0, chunk.meta_data->total_compressed_size)));
      }
    }
    readers_.clear();
    for (size_t k = 0; k < columns_.size(); ++k) {
      FLOE_ASSIGN_OR_RETURN(auto pages,
                            OpenColumnChunk(file_, rg, columns_[k], options_.pages, &reused[k]));
      FLOE_ASSIGN_OR_RETURN(
          auto reader, ColumnChunkReader::Make(std::move(pages), file_.schema().column(columns_[k]),
                                               column_types_[k]));
      readers_.push_back(std::move(reader));
    }
    dictionary_filter_ = false;
    for (FilterLeaf& f : filter_by_leaf_) {
      f.by_dictionary = readers_[f.k]->DictionaryEncodedThroughout();
      f.dictionary.reset();
      f.passes.clear();
      dictionary_filter_ = dictionary_filter_ || f.by_dictionary;
    }
    if (dictionary_filter_) ++row_groups_by_dictionary_;
    current_row_group_ = rg;
    rows_left_ = groups[rg].num_rows;
    row_in_group_ = 0;
    ++row_groups_read_;
    return true;
  }
  ReturnBuffers();
  return false;
}

void BatchReader::ReturnBuffers() {
  pages_skipped_ = pages_skipped();
  if (options_.buffer_pool) {
    for (auto& reader : readers_) options_.buffer_pool->Give(reader->ReleasePageBuffers());
  }
  readers_.clear();
}

BatchReader::~BatchReader() { ReturnBuffers(); }

Status BatchReader::ReadLeaves(const std::vector<size_t>& ks,
                               const std::function<Status(size_t, LeafBatch*)>& read) {
  leaf_batches_.resize(columns_.size());
  auto read_column = [&](int64_t i) -> Status {
    const size_t k = ks[static_cast<size_t>(i)];
    Status st = read(k, &leaf_batches_[k]);
    if (!st.ok()) {
      return std::move(st).error().WithContext(
          fmt::format("column {}", JoinPath(file_.schema().column(columns_[k]).path)));
    }
    return Ok();
  };
  const auto n = static_cast<int64_t>(ks.size());
  if (options_.parallel && n > 1) return ParallelFor(n, read_column);
  for (int64_t i = 0; i < n; ++i) FLOE_RETURN_IF_ERROR(read_column(i));
  return Ok();
}

Result<std::vector<columnar::ArrayPtr>> BatchReader::Assemble(const std::vector<int>* fields,
                                                              int64_t rows) {
  std::vector<const LeafBatch*> by_column(static_cast<size_t>(file_.schema().num_columns()),
                                          nullptr);
  for (size_t k = 0; k < columns_.size(); ++k) by_column[columns_[k]] = &leaf_batches_[k];
  std::vector<columnar::ArrayPtr> arrays;
  auto assemble = [&](const ReadNode& node) -> Status {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr a, AssembleArray(node, by_column));
    if (a->length != rows) {
      return Corrupt("column {}: {} values for {} rows", node.field.name, a->length, rows);
    }
    arrays.push_back(std::move(a));
    return Ok();
  };
  if (fields) {
    for (int f : *fields) FLOE_RETURN_IF_ERROR(assemble(tree_[static_cast<size_t>(f)]));
  } else {
    for (const ReadNode& node : tree_) FLOE_RETURN_IF_ERROR(assemble(node));
  }
  return arrays;
}

Result<columnar::RecordBatch> BatchReader::ReadBatch(int64_t rows) {
  std::vector<size_t> all(columns_.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  auto read_whole = [&](size_t k, LeafBatch* out) -> Status {
    FLOE_RETURN_IF_ERROR(readers_[k]->ReadRows(rows, out));
    if (out->num_rows != rows) {
      return Corrupt("the row group has {} more rows, the column only {}", rows, out->num_rows);
    }
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(ReadLeaves(all, read_whole));
  FLOE_ASSIGN_OR_RETURN(auto arrays, Assemble(nullptr, rows));
  return columnar::RecordBatch::Make(schema_, rows, std::move(arrays));
}

const RowPredicateFunction& BatchReader::PredicateOf(size_t i) const {
  const RowFilter& filter = *options_.row_filter;
  return filter.field_passes.empty() ? filter.passes : filter.field_passes[i];
}

Status BatchReader::ComputeDictionaryPasses(size_t i) {
  FilterLeaf& f = filter_by_leaf_[i];
  const RowPredicateFunction& predicate = PredicateOf(i);
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{tree_[static_cast<size_t>(f.field)].field});
  FLOE_ASSIGN_OR_RETURN(f.dictionary, readers_[f.k]->DictionaryValues());
  const int64_t n = f.dictionary->length;
  FLOE_ASSIGN_OR_RETURN(auto entries, columnar::RecordBatch::Make(schema, n, {f.dictionary}));
  FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> passing, predicate(entries));
  if (static_cast<int64_t>(passing.size()) * 8 < n) {
    return Internal("the row filter's predicate gave {} bits for {} values", passing.size() * 8, n);
  }
  f.passes.assign(static_cast<size_t>(n) + 1, 0);
  for (int64_t e = 0; e < n; ++e) {
    f.passes[static_cast<size_t>(e)] = (passing[static_cast<size_t>(e >> 3)] >> (e & 7)) & 1;
  }
  // Null rows: asked about one null (a required column has none).
  if (schema->field(0).nullable) {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(f.dictionary->type));
    FLOE_RETURN_IF_ERROR(builder->AppendNulls(1));
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr null, builder->Finish());
    FLOE_ASSIGN_OR_RETURN(auto one, columnar::RecordBatch::Make(schema, 1, {null}));
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> null_passes, predicate(one));
    if (null_passes.empty()) return Internal("the row filter's predicate gave no bit for a null");
    f.passes.back() = null_passes[0] & 1;
  }
  return Ok();
}

namespace {

// The rows of `leaf` (one value per row, nulls by definition level) that pass, by dictionary
// index, and-ed into `passing` (bit i of byte i / 8).
Status AndDictionaryPasses(const LeafBatch& leaf, const std::vector<uint32_t>& indices,
                           const std::vector<uint8_t>& passes, int64_t rows,
                           std::vector<uint8_t>* passing) {
  const auto size = static_cast<uint32_t>(passes.size() - 1);
  const uint32_t* index = indices.data();
  const size_t values = indices.size();
  uint32_t max_index = 0;
  for (size_t i = 0; i < values; ++i) max_index = std::max(max_index, index[i]);
  if (values > 0 && max_index >= size) {
    return Corrupt("dictionary index {} is outside the dictionary's {} entries", max_index, size);
  }
  const uint8_t* pass = passes.data();
  uint8_t* out = passing->data();
  if (leaf.def_levels.empty()) {
    if (static_cast<int64_t>(values) != rows)
      return Corrupt("{} values for {} rows without nulls", values, rows);
    int64_t i = 0;
    for (; i + 8 <= rows; i += 8) {  // 8 rows at a time
      const uint32_t* x = index + i;
      out[i >> 3] &= static_cast<uint8_t>(pass[x[0]] | pass[x[1]] << 1 | pass[x[2]] << 2 |
                                          pass[x[3]] << 3 | pass[x[4]] << 4 | pass[x[5]] << 5 |
                                          pass[x[6]] << 6 | pass[x[7]] << 7);
    }
    for (; i < rows; ++i) {
      if (!pass[index[i]]) out[i >> 3] &= static_cast<uint8_t>(~(1 << (i & 7)));
    }
    return Ok();
  }
  const uint8_t null_pass = pass[size];
  size_t v = 0;
  for (int64_t i = 0; i < rows; ++i) {
    const bool present = leaf.def_levels[static_cast<size_t>(i)] == leaf.max_def_level;
    if (present && v >= values) return Corrupt("more defined rows than the {} values", values);
    const uint8_t bit = present ? pass[index[v++]] : null_pass;
    if (!bit) out[i >> 3] &= static_cast<uint8_t>(~(1 << (i & 7)));
  }
  return Ok();
}

// The kept rows (`runs`) of a leaf read as dictionary indices: their levels, and their values
// gathered from the dictionary.
Result<LeafBatch> KeptByIndex(const LeafBatch& leaf, const std::vector<uint32_t>& indices,
                              const columnar::ArrayData& dictionary,
                              const std::vector<RowRange>& runs) {
  LeafBatch out;
  out.max_def_level = leaf.max_def_level;
  std::vector<RowRange> entries;  // the kept values' dictionary entries, in order
  const uint32_t* index = indices.data();
  size_t v = 0;
  int64_t row = 0;
  int64_t kept = 0;
  for (const RowRange& r : runs) {
    kept += r.last - r.first;
    if (leaf.def_levels.empty()) {
      for (int64_t i = r.first; i < r.last; ++i) entries.push_back({index[i], index[i] + 1});
      continue;
    }
    v += static_cast<size_t>(std::count(leaf.def_levels.begin() + row,
                                        leaf.def_levels.begin() + r.first, leaf.max_def_level));
    for (int64_t i = r.first; i < r.last; ++i) {
      const int16_t level = leaf.def_levels[static_cast<size_t>(i)];
      out.def_levels.push_back(level);
      if (level == leaf.max_def_level) {
        entries.push_back({index[v], index[v] + 1});
        ++v;
      }
    }
    row = r.last;
  }
  out.num_rows = kept;
  out.num_levels = kept;
  FLOE_ASSIGN_OR_RETURN(out.values, TakeValueRuns(dictionary, entries));
  return out;
}

}  // namespace

Result<std::vector<RowRange>> BatchReader::SelectByDictionary(int64_t rows, int64_t* kept) {
  leaf_batches_.resize(columns_.size());
  // Every row passes until a column says otherwise (bits past `rows` are never looked at).
  std::vector<uint8_t> passing(static_cast<size_t>((rows + 7) / 8), 0xFF);
  for (size_t i = 0; i < filter_by_leaf_.size(); ++i) {
    FilterLeaf& f = filter_by_leaf_[i];
    LeafBatch& leaf = leaf_batches_[f.k];
    Status tested = [&]() -> Status {
      if (f.by_dictionary) {
        FLOE_RETURN_IF_ERROR(readers_[f.k]->ReadIndices(rows, &leaf, &f.indices));
      } else {
        FLOE_RETURN_IF_ERROR(readers_[f.k]->ReadRows(rows, &leaf));
      }
      if (leaf.num_rows != rows) {
        return Corrupt("the row group has {} more rows, the column only {}", rows, leaf.num_rows);
      }
      if (f.by_dictionary) {
        if (f.passes.empty()) FLOE_RETURN_IF_ERROR(ComputeDictionaryPasses(i));
        return AndDictionaryPasses(leaf, f.indices, f.passes, rows, &passing);
      }
      // A column of this row group that is not dictionary-encoded throughout: by value.
      const std::vector<int> field = {f.field};
      FLOE_ASSIGN_OR_RETURN(auto arrays, Assemble(&field, rows));
      auto schema = std::make_shared<columnar::Schema>(
          std::vector<columnar::Field>{tree_[static_cast<size_t>(f.field)].field});
      FLOE_ASSIGN_OR_RETURN(auto values,
                            columnar::RecordBatch::Make(schema, rows, std::move(arrays)));
      FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> bits, PredicateOf(i)(values));
      if (static_cast<int64_t>(bits.size()) * 8 < rows) {
        return Internal("the row filter's predicate gave {} bits for {} rows", bits.size() * 8,
                        rows);
      }
      for (size_t b = 0; b < passing.size(); ++b) passing[b] &= bits[b];
      return Ok();
    }();
    if (!tested.ok()) {
      return std::move(tested).error().WithContext(
          fmt::format("column {}", JoinPath(file_.schema().column(columns_[f.k]).path)));
    }
  }
  const RowFilter& filter = *options_.row_filter;
  FLOE_ASSIGN_OR_RETURN(std::vector<RowRange> runs,
                        filter.runs_of(passing, rows, current_row_group_, row_in_group_));
  FLOE_RETURN_IF_ERROR(CheckRowFilterRuns(runs, rows));
  *kept = 0;
  for (const RowRange& r : runs) *kept += r.last - r.first;
  // The filter's columns cut down to the kept rows.
  for (FilterLeaf& f : filter_by_leaf_) {
    LeafBatch& leaf = leaf_batches_[f.k];
    if (f.by_dictionary) {
      FLOE_ASSIGN_OR_RETURN(leaf, KeptByIndex(leaf, f.indices, *f.dictionary, runs));
    } else {
      FLOE_ASSIGN_OR_RETURN(leaf, SelectLeafRows(leaf, runs));
    }
  }
  return runs;
}

Result<columnar::RecordBatch> BatchReader::ReadFilteredBatch(int64_t rows) {
  const RowFilter& filter = *options_.row_filter;
  auto read_whole = [&](size_t k, LeafBatch* out) -> Status {
    FLOE_RETURN_IF_ERROR(readers_[k]->ReadRows(rows, out));
    if (out->num_rows != rows) {
      return Corrupt("the row group has {} more rows, the column only {}", rows, out->num_rows);
    }
    return Ok();
  };
  // 1. The filter's columns and the rows it keeps: by dictionary index (the filter's column
  // then holds the kept rows already), or from the columns read whole.
  std::vector<RowRange> runs;
  int64_t kept = 0;
  if (dictionary_filter_) {
    FLOE_ASSIGN_OR_RETURN(runs, SelectByDictionary(rows, &kept));
  } else {
    FLOE_RETURN_IF_ERROR(ReadLeaves(filter_leaves_, read_whole));
    FLOE_ASSIGN_OR_RETURN(auto filter_arrays, Assemble(&filter.fields, rows));
    FLOE_ASSIGN_OR_RETURN(auto filter_batch, columnar::RecordBatch::Make(filter_schema_, rows,
                                                                         std::move(filter_arrays)));
    FLOE_ASSIGN_OR_RETURN(runs, filter.select(filter_batch, current_row_group_, row_in_group_));
    FLOE_RETURN_IF_ERROR(CheckRowFilterRuns(runs, rows));
    for (const RowRange& r : runs) kept += r.last - r.first;
  }
  if (kept == rows) {
    // Everything kept: the other columns are read whole, the filter's stay as they are.
    FLOE_RETURN_IF_ERROR(ReadLeaves(other_leaves_, read_whole));
    FLOE_ASSIGN_OR_RETURN(auto arrays, Assemble(nullptr, rows));
    return columnar::RecordBatch::Make(schema_, rows, std::move(arrays));
  }
  // 2. The other columns: only the kept rows, or whole and then cut down.
  const bool dense = static_cast<int64_t>(runs.size()) * filter.min_rows_per_run > rows;
  auto read_kept = [&](size_t k, LeafBatch* out) -> Status {
    if (dense) {
      FLOE_RETURN_IF_ERROR(read_whole(k, out));
      FLOE_ASSIGN_OR_RETURN(*out, SelectLeafRows(*out, runs));
    } else {
      FLOE_RETURN_IF_ERROR(readers_[k]->ReadRowRuns(rows, runs, out));
    }
    if (out->num_rows != kept) {
      return Corrupt("the row group has more rows than the column's {}", out->num_rows);
    }
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(ReadLeaves(other_leaves_, read_kept));
  // 3. The filter's columns cut down to the kept rows.
  if (!dictionary_filter_) {
    auto cut = [&](size_t k, LeafBatch* out) -> Status {
      FLOE_ASSIGN_OR_RETURN(*out, SelectLeafRows(*out, runs));
      return Ok();
    };
    FLOE_RETURN_IF_ERROR(ReadLeaves(filter_leaves_, cut));
  }
  FLOE_ASSIGN_OR_RETURN(auto arrays, Assemble(nullptr, kept));
  return columnar::RecordBatch::Make(schema_, kept, std::move(arrays));
}

Result<std::optional<columnar::RecordBatch>> BatchReader::Next() {
  while (true) {
    while (rows_left_ == 0) {
      FLOE_ASSIGN_OR_RETURN(bool more, OpenNextRowGroup());
      if (!more) return std::optional<columnar::RecordBatch>();
    }
    const int64_t rows = std::min(options_.batch_size, rows_left_);
    auto batch = options_.row_filter ? ReadFilteredBatch(rows) : ReadBatch(rows);
    if (!batch.ok()) {
      return std::move(batch).error().WithContext(
          fmt::format("{}: row group {}", file_.location(), current_row_group_));
    }
    rows_left_ -= rows;
    row_in_group_ += rows;
    rows_scanned_ += rows;
    if (batch->num_rows() > 0 || !options_.row_filter) {
      return std::optional<columnar::RecordBatch>(std::move(batch).value());
    }
  }
}

}  // namespace floe::parquet
