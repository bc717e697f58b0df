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
  FLOE_ASSIGN_OR_RETURN(w->writer_,
                        parquet::ParquetWriter::Make(std::move(file), context->columnar_schema(),
                                                     context->parquet_options()));
  w->context_ = std::move(context);
  w->location_ = location;
  w->partition_ = std::move(partition);
  return w;
}

DataFileWriter::~DataFileWriter() { Abort(); }

Status DataFileWriter::Write(const columnar::RecordBatch& batch) {
  rows_ += batch.num_rows();
  Status s = writer_->Write(batch);
  if (!s.ok()) done_ = true;  // the Parquet writer removed the file
  return s;
}

Result<manifest::DataFile> DataFileWriter::Close() {
  done_ = true;
  FLOE_ASSIGN_OR_RETURN(parquet::FileMetrics metrics, writer_->Close());
  manifest::DataFile f;
  f.content = manifest::FileContent::kData;
  f.file_path = location_;
  f.file_format = "PARQUET";
  f.partition = partition_;
  f.spec_id = context_->spec().spec_id;
  FLOE_RETURN_IF_ERROR(
      table::SetDataFileMetrics(metrics, context_->schema(), context_->metrics(), &f));
  return f;
}

void DataFileWriter::Abort() {
  if (done_ || writer_ == nullptr) return;
  done_ = true;
  writer_->Abort();
}

}  // namespace floe::write
