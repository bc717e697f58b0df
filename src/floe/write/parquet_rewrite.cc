#include "floe/write/parquet_rewrite.h"

#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/text/text_batch_reader.h"
#include "floe/spec/schema_json.h"
#include "floe/table/batch_conformance.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/cancellation.h"
#include "floe/util/json_writer.h"

namespace floe::write {

using columnar::DataTypePtr;
using columnar::Field;

namespace {

// The same array with the type given (a type that differs only in field metadata).
columnar::ArrayPtr WithType(const columnar::ArrayPtr& array, const DataTypePtr& type) {
  auto a = std::make_shared<columnar::ArrayData>(*array);
  a->type = type;
  for (size_t c = 0; c < a->children.size(); ++c) {
    // struct: its fields; list: the element; map: the entries struct.
    DataTypePtr child_type = type->child(static_cast<int>(c)).type;
    a->children[c] = WithType(a->children[c], child_type);
  }
  return a;
}

// The rows of the input, batch by batch: a Parquet file through the batch reader, CSV and
// NDJSON files through the text batch reader (types inferred from the whole file first).
class InputRows {
 public:
  // `declared`: the columns text inputs read as given types (TextColumns::ToBatch).
  static Result<InputRows> Open(io::FileIO& io, const std::string& location,
                                const std::vector<Field>& declared,
                                const ParquetRewriteOptions& options) {
    InputRows in;
    if (auto format = textformat::TextFormatOf(location)) {
      FLOE_ASSIGN_OR_RETURN(in.text_,
                            textformat::TextBatchReader::Open(
                                io, location, *format,
                                {.declared = declared,
                                 .replace_invalid_utf8 = options.replace_invalid_utf8,
                                 .values = options.text_values,
                                 .allow_missing_columns = options.allow_missing_columns}));
      in.schema_ = in.text_->schema();
      return in;
    }
    FLOE_ASSIGN_OR_RETURN(in.file_, parquet::FileReader::Open(io, location));
    FLOE_ASSIGN_OR_RETURN(in.batches_, parquet::BatchReader::Make(*in.file_));
    in.schema_ = in.batches_->schema();
    return in;
  }
  const columnar::SchemaPtr& schema() const { return schema_; }
  bool is_text() const { return text_ != nullptr; }
  Result<std::optional<columnar::RecordBatch>> Next() {
    if (batches_) return batches_->Next();
    return text_->Next();
  }

 private:
  columnar::SchemaPtr schema_;
  std::unique_ptr<parquet::FileReader> file_;
  std::unique_ptr<parquet::BatchReader> batches_;
  std::unique_ptr<textformat::TextBatchReader> text_;
};

// Input that does not fit the declared schema is bad data (exit code 5), not a bad argument.
Error DataDoesNotFit(Error error, const std::string& input) {
  if (error.kind == ErrorKind::kInvalidArgument) error.kind = ErrorKind::kCorrupt;
  return error.WithContext(input);
}

}  // namespace

Result<parquet::FileMetrics> RewriteParquet(io::FileIO& io, const std::string& input,
                                            const std::string& output,
                                            const ParquetRewriteOptions& options) {
  std::vector<Field> declared;
  if (options.schema) {
    FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr target, table::ToColumnarSchema(*options.schema));
    declared = target->fields();
  }
  FLOE_ASSIGN_OR_RETURN(InputRows rows, InputRows::Open(io, input, declared, options));
  // With a declared schema the batches are conformed to it (the append checks); otherwise the
  // input's columns are written with ids assigned where missing.
  std::optional<table::BatchConformer> conformer;
  columnar::SchemaPtr schema;
  std::optional<spec::Schema> iceberg;
  if (options.schema) {
    table::ConformOptions conform;
    conform.matching = table::ColumnMatching::kByName;
    conform.inferred_types = rows.is_text();
    auto made = table::BatchConformer::Make(*options.schema, *rows.schema(), conform);
    if (!made.ok()) return DataDoesNotFit(std::move(made).error(), input);
    conformer.emplace(std::move(*made));
    schema = conformer->schema();
    iceberg = *options.schema;
  } else {
    schema = std::make_shared<const columnar::Schema>(table::WithFieldIds(*rows.schema()));
    // The Iceberg schema goes into the footer when every column has an Iceberg type.
    auto converted = table::ToIcebergSchema(*schema);
    if (converted.ok()) iceberg = std::move(*converted);
  }
  parquet::ParquetWriterOptions writer_options = options.writer;
  if (iceberg) {
    JsonWriter json;
    spec::WriteSchema(*iceberg, json);
    writer_options.key_value_metadata.push_back({"iceberg.schema", json.str()});
  }
  if (!options.overwrite) {
    FLOE_ASSIGN_OR_RETURN(bool exists, io.Exists(output));
    if (exists) return AlreadyExists("{} already exists (--force replaces it)", output);
  }
  FLOE_ASSIGN_OR_RETURN(auto file, io.Create(output, options.overwrite));
  FLOE_ASSIGN_OR_RETURN(auto writer,
                        parquet::ParquetWriter::Make(std::move(file), schema, writer_options));
  while (true) {
    // Ctrl-C (util/cancellation.h): stop between batches; the unclosed output removes itself.
    FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
    FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, rows.Next());
    if (!batch) break;
    if (conformer) {
      auto conformed = conformer->Conform(*batch);
      if (!conformed.ok()) return DataDoesNotFit(std::move(conformed).error(), input);
      FLOE_RETURN_IF_ERROR(writer->Write(*conformed));
      continue;
    }
    std::vector<columnar::ArrayPtr> columns;
    for (int c = 0; c < batch->num_columns(); ++c) {
      columns.push_back(WithType(batch->column(c), schema->field(c).type));
    }
    FLOE_ASSIGN_OR_RETURN(
        columnar::RecordBatch b,
        columnar::RecordBatch::Make(schema, batch->num_rows(), std::move(columns)));
    FLOE_RETURN_IF_ERROR(writer->Write(b));
  }
  return writer->Close();
}

}  // namespace floe::write
