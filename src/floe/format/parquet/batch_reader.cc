#include "floe/format/parquet/batch_reader.h"

#include "floe/format/parquet/columnar_type.h"
#include "floe/format/parquet/level_assembly.h"
#include "floe/util/thread_pool.h"

namespace floe::parquet {

namespace {

void CollectLeafTypes(const ReadNode& n, std::vector<columnar::DataTypePtr>* by_column) {
  if (n.kind == ReadNode::Kind::kLeaf) (*by_column)[static_cast<size_t>(n.column)] = n.field.type;
  for (const ReadNode& c : n.children) CollectLeafTypes(c, by_column);
}

}  // namespace

Result<std::unique_ptr<BatchReader>> BatchReader::Make(const FileReader& file,
                                                       BatchReaderOptions options) {
  if (options.batch_size <= 0) return InvalidArgument("batch size {} is not positive", options.batch_size);
  if (file.metadata().encryption_algorithm) {
    return NotSupported("{}: encrypted Parquet files are not supported", file.location());
  }
  FLOE_RETURN_IF_ERROR(ValidateRowGroups(file.metadata(), file.schema()));
  std::unique_ptr<BatchReader> r(new BatchReader(file, std::move(options)));
  auto tree = BuildReadTree(file.schema(), r->options_.projection, r->options_.int96_unit);
  if (!tree.ok()) return std::move(tree).error().WithContext(file.location());
  r->tree_ = std::move(tree).value();
  std::vector<columnar::Field> fields;
  std::vector<columnar::DataTypePtr> by_column(static_cast<size_t>(file.schema().num_columns()));
  for (const ReadNode& n : r->tree_) {
    fields.push_back(n.field);
    CollectLeafTypes(n, &by_column);
  }
  r->schema_ = std::make_shared<columnar::Schema>(std::move(fields));
  r->columns_ = LeafColumns(r->tree_);
  for (int c : r->columns_) r->column_types_.push_back(by_column[static_cast<size_t>(c)]);
  return r;
}

Result<bool> BatchReader::OpenNextRowGroup() {
  const auto& groups = file_.metadata().row_groups;
  while (next_row_group_ < static_cast<int>(groups.size())) {
    const int rg = next_row_group_++;
    if (groups[rg].num_rows <= 0) continue;
    if (options_.row_group_filter) {
      FLOE_ASSIGN_OR_RETURN(bool keep, options_.row_group_filter(rg));
      if (!keep) {
        ++row_groups_skipped_;
        continue;
      }
    }
    readers_.clear();
    for (size_t k = 0; k < columns_.size(); ++k) {
      FLOE_ASSIGN_OR_RETURN(auto pages, OpenColumnChunk(file_, rg, columns_[k], options_.pages));
      FLOE_ASSIGN_OR_RETURN(auto reader,
                            ColumnChunkReader::Make(std::move(pages),
                                                    file_.schema().column(columns_[k]),
                                                    column_types_[k]));
      readers_.push_back(std::move(reader));
    }
    current_row_group_ = rg;
    rows_left_ = groups[rg].num_rows;
    ++row_groups_read_;
    return true;
  }
  return false;
}

Result<columnar::RecordBatch> BatchReader::ReadBatch(int64_t rows) {
  leaf_batches_.resize(columns_.size());
  auto read_column = [&](int64_t k) -> Status {
    LeafBatch& out = leaf_batches_[static_cast<size_t>(k)];
    Status st = readers_[static_cast<size_t>(k)]->ReadRows(rows, &out);
    if (st.ok() && out.num_rows != rows) {
      st = Corrupt("the row group has {} more rows, the column only {}", rows, out.num_rows);
    }
    if (!st.ok()) {
      return std::move(st).error().WithContext(
          fmt::format("column {}", JoinPath(file_.schema().column(columns_[k]).path)));
    }
    return Ok();
  };
  const auto n = static_cast<int64_t>(columns_.size());
  if (options_.parallel && n > 1) {
    FLOE_RETURN_IF_ERROR(ParallelFor(n, read_column));
  } else {
    for (int64_t k = 0; k < n; ++k) FLOE_RETURN_IF_ERROR(read_column(k));
  }
  std::vector<const LeafBatch*> by_column(static_cast<size_t>(file_.schema().num_columns()), nullptr);
  for (size_t k = 0; k < columns_.size(); ++k) by_column[columns_[k]] = &leaf_batches_[k];
  std::vector<columnar::ArrayPtr> arrays;
  for (const ReadNode& node : tree_) {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr a, AssembleArray(node, by_column));
    if (a->length != rows) {
      return Corrupt("column {}: {} values for {} rows", node.field.name, a->length, rows);
    }
    arrays.push_back(std::move(a));
  }
  return columnar::RecordBatch::Make(schema_, rows, std::move(arrays));
}

Result<std::optional<columnar::RecordBatch>> BatchReader::Next() {
  while (rows_left_ == 0) {
    FLOE_ASSIGN_OR_RETURN(bool more, OpenNextRowGroup());
    if (!more) return std::optional<columnar::RecordBatch>();
  }
  const int64_t rows = std::min(options_.batch_size, rows_left_);
  auto batch = ReadBatch(rows);
  if (!batch.ok()) {
    return std::move(batch).error().WithContext(
        fmt::format("{}: row group {}", file_.location(), current_row_group_));
  }
  rows_left_ -= rows;
  return std::optional<columnar::RecordBatch>(std::move(batch).value());
}

}  // namespace floe::parquet
