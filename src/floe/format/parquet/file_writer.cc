#include "floe/format/parquet/file_writer.h"

#include <algorithm>

#include "floe/format/parquet/metadata_encoder.h"
#include "floe/util/bytes.h"
#include "floe/util/thread_pool.h"
#include "floe/util/version.h"

namespace floe::parquet {

namespace {

constexpr std::string_view kMagic = "PAR1";
// Batches are written in slices of at most this many rows so that row groups end close to their
// byte size even when batches are large.
constexpr int64_t kSliceRows = 16 * 1024;

void MergeBound(const ColumnMetrics& c, const std::optional<std::string>& v, bool is_min,
                std::optional<std::string>* bound) {
  if (!v) return;
  if (!*bound || (is_min ? PlainLess(c.physical_type, c.order, *v, **bound)
                         : PlainLess(c.physical_type, c.order, **bound, *v))) {
    *bound = v;
  }
}

size_t CountColumns(const WriteNode& node) {
  if (node.kind == WriteNode::Kind::kLeaf) return 1;
  size_t n = 0;
  for (const WriteNode& child : node.children) n += CountColumns(child);
  return n;
}

}  // namespace

std::string FloeCreatedBy() { return fmt::format("floe version {}", kFloeVersion); }

Result<std::unique_ptr<ParquetWriter>> ParquetWriter::Make(std::unique_ptr<io::OutputFile> file,
                                                           columnar::SchemaPtr schema,
                                                           ParquetWriterOptions options) {
  std::unique_ptr<ParquetWriter> w(new ParquetWriter());
  w->file_ = std::move(file);
  auto ws = MakeWriteSchema(*schema);
  if (!ws.ok()) {
    w->Abort();
    return ws.error().WithContext(w->file_ ? w->file_->location() : "parquet");
  }
  w->schema_ = std::move(*ws);
  w->columnar_schema_ = std::move(schema);
  w->options_ = std::move(options);
  if (w->options_.row_group_rows <= 0 || w->options_.row_group_bytes <= 0 ||
      w->options_.columns.page_bytes <= 0 || w->options_.columns.page_row_limit <= 0) {
    w->Abort();
    return InvalidArgument("row group and page sizes must be positive");
  }
  for (const WriteLeaf& leaf : w->schema_.leaves) {
    ColumnWriterOptions o = w->options_.columns;
    auto bloom = w->options_.bloom_filter_fpp.find(leaf.name);
    if (bloom != w->options_.bloom_filter_fpp.end()) {
      o.bloom_filter = true;
      o.bloom_fpp = bloom->second;
    }
    w->column_options_.push_back(o);
    ColumnMetrics m;
    m.path = leaf.path;
    m.field_id = leaf.field_id;
    m.physical_type = leaf.physical_type;
    m.order = leaf.order;
    if (leaf.order == ValueOrder::kFloat || leaf.order == ValueOrder::kFloat16) m.nan_count = 0;
    w->metrics_.columns.push_back(std::move(m));
  }
  w->shredded_.resize(w->schema_.leaves.size());
  // Columns are numbered depth first, so each top-level field's columns are consecutive.
  w->field_columns_.push_back(0);
  for (const WriteNode& field : w->schema_.fields) {
    w->field_columns_.push_back(w->field_columns_.back() + CountColumns(field));
  }
  FLOE_RETURN_IF_ERROR(w->Fail(w->WriteBytes(kMagic)));
  FLOE_RETURN_IF_ERROR(w->Fail(w->StartRowGroup()));
  return w;
}

ParquetWriter::~ParquetWriter() {
  if (!done_) Abort();
}

void ParquetWriter::Abort() {
  if (file_) file_->Abort();
  done_ = true;
}

Status ParquetWriter::Fail(Status status) {
  if (!status.ok()) {
    Abort();
    if (file_) return status.error().WithContext(file_->location());
  }
  return status;
}

Status ParquetWriter::WriteBytes(std::string_view bytes) {
  FLOE_RETURN_IF_ERROR(file_->Write(bytes));
  position_ += static_cast<int64_t>(bytes.size());
  return Ok();
}

Status ParquetWriter::StartRowGroup() {
  writers_.clear();
  for (size_t c = 0; c < schema_.leaves.size(); ++c) {
    FLOE_ASSIGN_OR_RETURN(auto w, MakeColumnWriter(schema_.leaves[c], column_options_[c]));
    writers_.push_back(std::move(w));
  }
  group_rows_ = 0;
  return Ok();
}

Status ParquetWriter::Write(const columnar::RecordBatch& batch) {
  if (done_) return InvalidArgument("the Parquet writer is closed or has failed");
  if (!batch.schema()->Equals(*columnar_schema_, /*check_metadata=*/false)) {
    return Fail(InvalidArgument("batch schema {} differs from the file's schema {}",
                                batch.schema()->ToString(), columnar_schema_->ToString()));
  }
  for (int64_t start = 0; start < batch.num_rows();) {
    int64_t room = options_.row_group_rows - group_rows_;
    int64_t n = std::min({kSliceRows, room, batch.num_rows() - start});
    FLOE_RETURN_IF_ERROR(Fail(WriteSlice(batch.Slice(start, n))));
    start += n;
  }
  return Ok();
}

Status ParquetWriter::WriteSlice(const columnar::RecordBatch& batch) {
  // Each top-level field touches only its own columns' shredded entries and writers.
  auto write_field = [&](int64_t f) -> Status {
    size_t field = static_cast<size_t>(f);
    for (size_t c = field_columns_[field]; c < field_columns_[field + 1]; ++c) shredded_[c].Clear();
    ShredField(schema_.fields[field], schema_, *batch.column(static_cast<int>(f)), &shredded_);
    for (size_t c = field_columns_[field]; c < field_columns_[field + 1]; ++c) {
      FLOE_RETURN_IF_ERROR(writers_[c]->Write(shredded_[c]));
    }
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(ParallelFor(batch.num_columns(), write_field, Parallelism()));
  group_rows_ += batch.num_rows();
  int64_t buffered = 0;
  for (const auto& w : writers_) buffered += w->buffered_bytes();
  if (group_rows_ >= options_.row_group_rows || buffered >= options_.row_group_bytes) {
    FLOE_RETURN_IF_ERROR(FlushRowGroup());
  }
  return Ok();
}

ParallelOptions ParquetWriter::Parallelism() const {
  ParallelOptions p;
  p.max_parallelism = options_.threads;  // 0: the pool's size
  return p;
}

int64_t ParquetWriter::EstimatedSize() const {
  int64_t size = position_;
  for (const auto& w : writers_) size += w->buffered_bytes();
  return size;
}

int64_t ParquetWriter::MemoryBytes() const {
  int64_t size = 0;
  for (const auto& w : writers_) size += w->memory_bytes();
  return size;
}

Status ParquetWriter::FlushRowGroup() {
  if (group_rows_ == 0) return Ok();
  RowGroup group;
  group.num_rows = group_rows_;
  group.file_offset = position_;
  group.ordinal = static_cast<int16_t>(metadata_.row_groups.size());
  metrics_.split_offsets.push_back(position_);
  std::vector<std::string> blooms;
  std::vector<std::optional<ColumnIndex>> column_indexes;
  std::vector<OffsetIndex> offset_indexes;
  int64_t compressed = 0;
  // Finishing a chunk compresses its last page and its dictionary page: columns in parallel.
  FLOE_ASSIGN_OR_RETURN(
      std::vector<ColumnChunkOutput> chunks,
      ParallelMap(
          static_cast<int64_t>(writers_.size()),
          [&](int64_t c) { return writers_[static_cast<size_t>(c)]->Finish(); }, Parallelism()));
  for (size_t c = 0; c < writers_.size(); ++c) {
    ColumnChunkOutput& out = chunks[c];
    int64_t start = position_;
    ColumnMetaData& m = out.meta;
    m.data_page_offset += start;
    if (m.dictionary_page_offset) *m.dictionary_page_offset += start;
    for (PageLocation& loc : out.offset_index.page_locations) loc.offset += start;
    FLOE_RETURN_IF_ERROR(WriteBytes(out.bytes));

    ColumnMetrics& cm = metrics_.columns[c];
    cm.value_count += m.num_values;
    cm.column_size += m.total_compressed_size;
    if (m.statistics) {
      cm.null_count += m.statistics->null_count.value_or(0);
      if (cm.nan_count) *cm.nan_count += m.statistics->nan_count.value_or(0);
      MergeBound(cm, m.statistics->min_value, true, &cm.min);
      MergeBound(cm, m.statistics->max_value, false, &cm.max);
    }
    group.total_byte_size += m.total_uncompressed_size;
    compressed += m.total_compressed_size;

    ColumnChunk chunk;
    chunk.file_offset = start;
    chunk.meta_data = std::move(m);
    group.columns.push_back(std::move(chunk));
    blooms.push_back(std::move(out.bloom_filter));
    column_indexes.push_back(std::move(out.column_index));
    offset_indexes.push_back(std::move(out.offset_index));
  }
  group.total_compressed_size = compressed;
  // Bloom filters follow their row group.
  for (size_t c = 0; c < blooms.size(); ++c) {
    if (blooms[c].empty()) continue;
    group.columns[c].meta_data->bloom_filter_offset = position_;
    group.columns[c].meta_data->bloom_filter_length = static_cast<int32_t>(blooms[c].size());
    FLOE_RETURN_IF_ERROR(WriteBytes(blooms[c]));
  }
  metrics_.row_count += group_rows_;
  metadata_.row_groups.push_back(std::move(group));
  column_indexes_.push_back(std::move(column_indexes));
  offset_indexes_.push_back(std::move(offset_indexes));
  return StartRowGroup();
}

Result<FileMetrics> ParquetWriter::Close() {
  if (done_) return InvalidArgument("the Parquet writer is closed or has failed");
  FLOE_RETURN_IF_ERROR(Fail(FlushRowGroup()));
  // The page index: all column indexes, then all offset indexes.
  std::string bytes;
  for (size_t g = 0; g < metadata_.row_groups.size(); ++g) {
    for (size_t c = 0; c < column_indexes_[g].size(); ++c) {
      if (!column_indexes_[g][c]) continue;
      bytes.clear();
      EncodeColumnIndex(*column_indexes_[g][c], &bytes);
      ColumnChunk& chunk = metadata_.row_groups[g].columns[c];
      chunk.column_index_offset = position_;
      chunk.column_index_length = static_cast<int32_t>(bytes.size());
      FLOE_RETURN_IF_ERROR(Fail(WriteBytes(bytes)));
    }
  }
  for (size_t g = 0; g < metadata_.row_groups.size(); ++g) {
    for (size_t c = 0; c < offset_indexes_[g].size(); ++c) {
      bytes.clear();
      EncodeOffsetIndex(offset_indexes_[g][c], &bytes);
      ColumnChunk& chunk = metadata_.row_groups[g].columns[c];
      chunk.offset_index_offset = position_;
      chunk.offset_index_length = static_cast<int32_t>(bytes.size());
      FLOE_RETURN_IF_ERROR(Fail(WriteBytes(bytes)));
    }
  }
  metadata_.version = 1;
  metadata_.schema = schema_.elements;
  metadata_.num_rows = metrics_.row_count;
  if (!options_.key_value_metadata.empty())
    metadata_.key_value_metadata = options_.key_value_metadata;
  metadata_.created_by = FloeCreatedBy();
  metadata_.column_orders = std::vector<ColumnOrder>(schema_.leaves.size(), ColumnOrder{1});
  std::string footer;
  EncodeFileMetaData(metadata_, &footer);
  AppendLittleEndian(footer, static_cast<uint32_t>(footer.size()));
  footer.append(kMagic);
  FLOE_RETURN_IF_ERROR(Fail(WriteBytes(footer)));
  FLOE_RETURN_IF_ERROR(Fail(file_->Close()));
  done_ = true;
  metrics_.file_size = position_;
  return metrics_;
}

}  // namespace floe::parquet
