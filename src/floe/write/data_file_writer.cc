#include "floe/write/data_file_writer.h"

#include "floe/table/iceberg_metrics.h"

namespace floe::write {

Result<std::unique_ptr<DataFileWriter>> DataFileWriter::Make(io::FileIO& io,
                                                             std::shared_ptr<WriteContext> context,
                                                             const std::string& location,
                                                             std::vector<spec::Literal> partition) {
  std::unique_ptr<DataFileWriter> w(new DataFileWriter());
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<io::OutputFile> file, io.Create(location));
  w->file_ = file.get();
  if (context->format() == DataFileFormat::kAvro) {
    FLOE_ASSIGN_OR_RETURN(w->avro_,
                          avro::ContainerWriter::Open(std::move(file), context->avro_schema(),
                                                      context->avro_options()));
    w->avro_records_ = std::make_unique<AvroRecordEncoder>(context->schema());
  } else {
    FLOE_ASSIGN_OR_RETURN(w->writer_,
                          parquet::ParquetWriter::Make(std::move(file), context->columnar_schema(),
                                                       context->parquet_options()));
  }
  w->context_ = std::move(context);
  w->location_ = location;
  w->partition_ = std::move(partition);
  return w;
}

DataFileWriter::~DataFileWriter() { Abort(); }

int64_t DataFileWriter::EstimatedSize() const {
  if (avro_) return avro_->EstimatedLength();
  return writer_ ? writer_->EstimatedSize() : 0;
}

int64_t DataFileWriter::BufferedSize() const {
  if (avro_) return avro_->EstimatedLength() - file_->BytesWritten();
  return writer_ ? writer_->MemoryBytes() : 0;
}

Status DataFileWriter::Write(const columnar::RecordBatch& batch) {
  rows_ += batch.num_rows();
  if (avro_) {
    Status s = avro_records_->Write(batch, *avro_);
    if (!s.ok()) Abort();
    return s;
  }
  Status s = writer_->Write(batch);
  if (!s.ok()) done_ = true;  // the Parquet writer removed the file
  return s;
}

namespace {

// Counts of an Avro data file by the metrics modes (none: nothing; others: the counts).
void SetAvroMetrics(const AvroRecordEncoder& records, const WriteContext& context,
                    manifest::DataFile* f) {
  for (const auto& [id, counts] : records.counts()) {
    if (context.metrics().ModeFor(id).kind == table::MetricsMode::Kind::kNone) continue;
    const spec::NestedField* field = context.schema().FindFieldById(id);
    if (field == nullptr) continue;
    f->value_counts.emplace_back(id, counts.values);
    f->null_value_counts.emplace_back(id, counts.nulls);
    spec::TypeId t = field->type->id();
    if (t == spec::TypeId::kFloat || t == spec::TypeId::kDouble) {
      f->nan_value_counts.emplace_back(id, counts.nans);
    }
  }
}

}  // namespace

Result<manifest::DataFile> DataFileWriter::Close() {
  manifest::DataFile f;
  f.content = manifest::FileContent::kData;
  f.file_path = location_;
  f.partition = partition_;
  f.spec_id = context_->spec().spec_id;
  if (avro_) {
    Status s = avro_->Close();
    if (!s.ok()) {
      Abort();
      return s.error();
    }
    done_ = true;
    f.file_format = "AVRO";
    f.record_count = avro_->records();
    f.file_size_in_bytes = avro_->EstimatedLength();
    SetAvroMetrics(*avro_records_, *context_, &f);
    return f;
  }
  done_ = true;
  FLOE_ASSIGN_OR_RETURN(parquet::FileMetrics metrics, writer_->Close());
  f.file_format = "PARQUET";
  FLOE_RETURN_IF_ERROR(
      table::SetDataFileMetrics(metrics, context_->schema(), context_->metrics(), &f));
  return f;
}

void DataFileWriter::Abort() {
  if (done_) return;
  done_ = true;
  if (avro_) {
    avro_.reset();  // an unclosed container writer removes its file
    return;
  }
  if (writer_ != nullptr) writer_->Abort();
}

}  // namespace floe::write
