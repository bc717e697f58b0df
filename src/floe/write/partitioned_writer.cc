#include "floe/write/partitioned_writer.h"

#include <algorithm>

#include "floe/expr/filter_batch.h"

namespace floe::write {

struct PartitionedWriter::Partition {
  std::unique_ptr<RollingDataWriter> writer;
  std::vector<int64_t> rows;  // rows of the current batch going here
};

PartitionedWriter::PartitionedWriter(io::FileIO& io, std::shared_ptr<WriteContext> context,
                                     PartitionedWriterOptions options, RowPartitioner partitioner)
    : io_(io),
      context_(std::move(context)),
      options_(options),
      partitioner_(std::move(partitioner)) {}

PartitionedWriter::~PartitionedWriter() {
  if (!done_) Abort();
}

Result<std::unique_ptr<PartitionedWriter>> PartitionedWriter::Make(
    io::FileIO& io, std::shared_ptr<WriteContext> context, PartitionedWriterOptions options) {
  FLOE_ASSIGN_OR_RETURN(RowPartitioner p, RowPartitioner::Make(context->schema(), context->spec()));
  return std::unique_ptr<PartitionedWriter>(
      new PartitionedWriter(io, std::move(context), options, std::move(p)));
}

Result<PartitionedWriter::Partition*> PartitionedWriter::PartitionFor(
    const std::vector<spec::Literal>& tuple) {
  std::string key = PartitionKey(tuple);
  auto it = partitions_.find(key);
  if (it != partitions_.end()) return it->second.get();
  std::string path;
  if (!context_->spec().fields.empty()) {
    FLOE_ASSIGN_OR_RETURN(path, context_->spec().PartitionPath(context_->schema(), tuple));
  }
  auto p = std::make_unique<Partition>();
  p->writer = std::make_unique<RollingDataWriter>(io_, context_, tuple, path);
  Partition* raw = p.get();
  partitions_.emplace(std::move(key), std::move(p));
  order_.push_back(raw);
  return raw;
}

Status PartitionedWriter::Write(const columnar::RecordBatch& batch) {
  if (batch.num_rows() == 0) return Ok();
  std::vector<Partition*> touched;
  if (context_->spec().fields.empty()) {
    FLOE_ASSIGN_OR_RETURN(Partition * p, PartitionFor({}));
    FLOE_RETURN_IF_ERROR(p->writer->Write(batch));
    return EnforceBudget();
  }
  // Consecutive rows of one partition share the last lookup (sorted or clustered input).
  std::string last_key;
  Partition* last = nullptr;
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    FLOE_ASSIGN_OR_RETURN(std::vector<spec::Literal> tuple, partitioner_.PartitionOf(batch, r));
    std::string key = PartitionKey(tuple);
    if (last == nullptr || key != last_key) {
      FLOE_ASSIGN_OR_RETURN(last, PartitionFor(tuple));
      last_key = std::move(key);
    }
    if (last->rows.empty()) touched.push_back(last);
    last->rows.push_back(r);
  }
  for (Partition* p : touched) {
    std::vector<int64_t> rows = std::move(p->rows);
    p->rows.clear();
    if (static_cast<int64_t>(rows.size()) == batch.num_rows()) {
      FLOE_RETURN_IF_ERROR(p->writer->Write(batch));
    } else {
      std::vector<columnar::ArrayPtr> columns;
      for (const columnar::ArrayPtr& c : batch.columns()) {
        FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr taken, expr::TakeRows(*c, rows));
        columns.push_back(std::move(taken));
      }
      FLOE_ASSIGN_OR_RETURN(
          columnar::RecordBatch part,
          columnar::RecordBatch::Make(batch.schema(), static_cast<int64_t>(rows.size()),
                                      std::move(columns)));
      FLOE_RETURN_IF_ERROR(p->writer->Write(part));
    }
    FLOE_RETURN_IF_ERROR(EnforceBudget());
  }
  return Ok();
}

int64_t PartitionedWriter::BufferedSize() const {
  int64_t total = 0;
  for (const Partition* p : order_) total += p->writer->BufferedSize();
  return total;
}

int PartitionedWriter::open_files() const {
  int n = 0;
  for (const Partition* p : order_) n += p->writer->BufferedSize() > 0 ? 1 : 0;
  return n;
}

Status PartitionedWriter::EnforceBudget() {
  int64_t total = BufferedSize();
  if (total <= options_.memory_budget) return Ok();
  // Largest first: the fewest closes free the most memory, and small files stay rare.
  std::vector<Partition*> by_size = order_;
  std::sort(by_size.begin(), by_size.end(), [](const Partition* a, const Partition* b) {
    return a->writer->BufferedSize() > b->writer->BufferedSize();
  });
  for (Partition* p : by_size) {
    if (total <= options_.memory_budget) break;
    int64_t size = p->writer->BufferedSize();
    FLOE_RETURN_IF_ERROR(p->writer->CloseCurrent());
    total -= size;
  }
  return Ok();
}

Result<std::vector<manifest::DataFile>> PartitionedWriter::Close() {
  std::vector<manifest::DataFile> files;
  for (Partition* p : order_) {
    auto r = p->writer->Close();
    if (!r.ok()) {
      // Files already handed out of their rolling writers are deleted here.
      for (const manifest::DataFile& f : files) (void)io_.Delete(f.file_path);
      Abort();
      return r.error();
    }
    for (manifest::DataFile& f : *r) files.push_back(std::move(f));
  }
  done_ = true;
  return files;
}

void PartitionedWriter::Abort() {
  done_ = true;
  for (Partition* p : order_) p->writer->Abort();
}

}  // namespace floe::write
