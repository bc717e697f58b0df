#include "floe/table/parquet_rewrite.h"

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/text/text_batch_reader.h"
#include "floe/spec/schema_json.h"
#include "floe/table/batch_conformance.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/json_writer.h"

namespace floe::table {

using columnar::DataType;
using columnar::DataTypePtr;
using columnar::Field;
namespace col = floe::columnar;

namespace {

bool AllHaveIds(const Field& f) {
  if (!f.field_id()) return false;
  const DataType& t = *f.type;
  switch (t.id()) {
    case col::TypeId::kStruct:
      for (const Field& c : t.children()) {
        if (!AllHaveIds(c)) return false;
      }
      return true;
    case col::TypeId::kList:
      return AllHaveIds(t.value_field());
    case col::TypeId::kMap:
      return AllHaveIds(t.key_field()) && AllHaveIds(t.item_field());
    default:
      return true;
  }
}

Field AssignIds(const Field& field, int32_t* next) {
  Field f = field.WithFieldId((*next)++);
  const DataType& t = *field.type;
  if (t.id() == col::TypeId::kStruct) {
    std::vector<Field> children;
    for (const Field& c : t.children()) children.push_back(AssignIds(c, next));
    f.type = columnar::Struct(std::move(children));
  } else if (t.id() == col::TypeId::kList) {
    f.type = columnar::List(AssignIds(t.value_field(), next));
  } else if (t.id() == col::TypeId::kMap) {
    Field key = AssignIds(t.key_field(), next);
    Field value = AssignIds(t.item_field(), next);
    f.type = columnar::Map(key, value, t.keys_sorted());
  }
  return f;
}

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

Result<spec::TypePtr> IcebergType(const Field& f);

Result<spec::NestedField> IcebergField(const Field& f) {
  spec::NestedField n;
  n.id = f.field_id().value_or(0);
  n.name = f.name;
  n.required = !f.nullable;
  FLOE_ASSIGN_OR_RETURN(n.type, IcebergType(f));
  return n;
}

Result<spec::TypePtr> IcebergType(const Field& f) {
  using spec::Type;
  const DataType& t = *f.type;
  switch (t.id()) {
    case col::TypeId::kBool:
      return Type::Boolean();
    case col::TypeId::kInt8:
    case col::TypeId::kInt16:
    case col::TypeId::kInt32:
    case col::TypeId::kUInt8:
    case col::TypeId::kUInt16:
      return Type::Int();
    case col::TypeId::kInt64:
    case col::TypeId::kUInt32:
      return Type::Long();
    case col::TypeId::kFloat32:
      return Type::Float();
    case col::TypeId::kFloat64:
      return Type::Double();
    case col::TypeId::kString:
      return Type::String();
    case col::TypeId::kBinary:
      return Type::Binary();
    case col::TypeId::kFixedSizeBinary:
      if (t.byte_width() == 16 && columnar::IsUuidField(f)) return Type::Uuid();
      return Type::Fixed(t.byte_width());
    case col::TypeId::kDecimal128:
      return Type::Decimal(t.precision(), t.scale());
    case col::TypeId::kDate32:
      return Type::Date();
    case col::TypeId::kTime64:
      if (t.unit() == columnar::TimeUnit::kMicro) return Type::Time();
      break;
    case col::TypeId::kTimestamp:
      if (t.unit() == columnar::TimeUnit::kMicro) {
        return t.timezone().empty() ? Type::Timestamp() : Type::TimestampTz();
      }
      if (t.unit() == columnar::TimeUnit::kNano) {
        return Type::Primitive(t.timezone().empty() ? spec::TypeId::kTimestampNs
                                                    : spec::TypeId::kTimestampTzNs);
      }
      break;
    case col::TypeId::kStruct: {
      std::vector<spec::NestedField> fields;
      for (const Field& c : t.children()) {
        FLOE_ASSIGN_OR_RETURN(spec::NestedField n, IcebergField(c));
        fields.push_back(std::move(n));
      }
      return Type::Struct(std::move(fields));
    }
    case col::TypeId::kList: {
      FLOE_ASSIGN_OR_RETURN(spec::NestedField element, IcebergField(t.value_field()));
      return Type::List(std::move(element));
    }
    case col::TypeId::kMap: {
      FLOE_ASSIGN_OR_RETURN(spec::NestedField key, IcebergField(t.key_field()));
      FLOE_ASSIGN_OR_RETURN(spec::NestedField value, IcebergField(t.item_field()));
      return Type::Map(std::move(key), std::move(value));
    }
    default:
      break;
  }
  return NotSupported("column {}: {} has no Iceberg type", f.name, t.ToString());
}

}  // namespace

columnar::Schema WithFieldIds(const columnar::Schema& schema) {
  bool all = true;
  for (const Field& f : schema.fields()) all = all && AllHaveIds(f);
  if (all) return schema;
  std::vector<Field> fields;
  int32_t next = 1;
  for (const Field& f : schema.fields()) fields.push_back(AssignIds(f, &next));
  return columnar::Schema(std::move(fields), schema.metadata());
}

Result<spec::Schema> IcebergSchemaOf(const columnar::Schema& schema) {
  spec::Schema out;
  for (const Field& f : schema.fields()) {
    FLOE_ASSIGN_OR_RETURN(spec::NestedField n, IcebergField(f));
    out.fields.push_back(std::move(n));
  }
  return out;
}

namespace {

// The rows of the input, batch by batch: a Parquet file through the batch reader, CSV and
// NDJSON files through the text batch reader (types inferred from the whole file first).
class InputRows {
 public:
  // `declared`: the columns text inputs read as given types (TextColumns::ToBatch).
  static Result<InputRows> Open(io::FileIO& io, const std::string& location,
                                const std::vector<Field>& declared) {
    InputRows in;
    if (auto format = textformat::TextFormatOf(location)) {
      FLOE_ASSIGN_OR_RETURN(in.text_, textformat::TextBatchReader::Open(io, location, *format,
                                                                        {.declared = declared}));
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

}  // namespace

Result<parquet::FileMetrics> RewriteParquet(io::FileIO& io, const std::string& input,
                                            const std::string& output,
                                            const ParquetRewriteOptions& options) {
  std::vector<Field> declared;
  if (options.schema) {
    FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr target, ToColumnarSchema(*options.schema));
    declared = target->fields();
  }
  FLOE_ASSIGN_OR_RETURN(InputRows rows, InputRows::Open(io, input, declared));
  // With a declared schema the batches are conformed to it (the append checks); otherwise the
  // input's columns are written with ids assigned where missing.
  std::optional<BatchConformer> conformer;
  columnar::SchemaPtr schema;
  std::optional<spec::Schema> iceberg;
  if (options.schema) {
    ConformOptions conform;
    conform.matching = ColumnMatching::kByName;
    conform.inferred_types = rows.is_text();
    auto made = BatchConformer::Make(*options.schema, *rows.schema(), conform);
    if (!made.ok()) return std::move(made).error().WithContext(input);
    conformer.emplace(std::move(*made));
    schema = conformer->schema();
    iceberg = *options.schema;
  } else {
    schema = std::make_shared<const columnar::Schema>(WithFieldIds(*rows.schema()));
    // The Iceberg schema goes into the footer when every column has an Iceberg type.
    auto converted = IcebergSchemaOf(*schema);
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
    FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, rows.Next());
    if (!batch) break;
    if (conformer) {
      auto conformed = conformer->Conform(*batch);
      if (!conformed.ok()) return std::move(conformed).error().WithContext(input);
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

}  // namespace floe::table
