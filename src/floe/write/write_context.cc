#include "floe/write/write_context.h"

#include <fmt/format.h>

#include "floe/commit/table_properties.h"
#include "floe/spec/schema_json.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/json_writer.h"
#include "floe/util/uuid.h"
#include "floe/write/avro_data_schema.h"
#include "floe/write/avro_write_properties.h"
#include "floe/write/parquet_write_properties.h"

namespace floe::write {

Result<std::shared_ptr<WriteContext>> WriteContext::Make(const spec::TableMetadata& table,
                                                         WriteContextOptions options) {
  const spec::Schema* schema = table.CurrentSchema();
  const spec::PartitionSpec* spec = table.DefaultSpec();
  if (schema == nullptr || spec == nullptr) {
    return Corrupt("table metadata has no current schema or default partition spec");
  }
  return Make(*schema, *spec, table.location, table.properties, std::move(options));
}

Result<std::shared_ptr<WriteContext>> WriteContext::Make(
    const spec::Schema& schema, const spec::PartitionSpec& spec, const std::string& location,
    const std::map<std::string, std::string>& properties, WriteContextOptions options) {
  std::shared_ptr<WriteContext> c(new WriteContext());
  c->schema_ = schema;
  c->spec_ = spec;
  FLOE_RETURN_IF_ERROR(spec.Validate(schema));
  FLOE_ASSIGN_OR_RETURN(c->columnar_schema_, table::ToColumnarSchema(schema));
  FLOE_ASSIGN_OR_RETURN(std::string_view format, commit::kWriteFormatDefault.Get(properties));
  if (format == "orc") {
    return NotSupported(
        "table property write.format.default is orc: floe has no ORC writer, so it cannot write "
        "this table's data files (set write.format.default to parquet or avro)");
  }
  if (format == "avro") {
    c->format_ = DataFileFormat::kAvro;
    FLOE_ASSIGN_OR_RETURN(c->avro_schema_, AvroDataSchema(schema));
    FLOE_ASSIGN_OR_RETURN(c->avro_options_, AvroWriterOptionsFromProperties(properties));
  } else {
    FLOE_ASSIGN_OR_RETURN(c->parquet_, ParquetWriterOptionsFromProperties(properties));
    // Readers (Java, icebird) resolve columns through the schema stored with the file.
    JsonWriter json;
    spec::WriteSchema(schema, json);
    c->parquet_.key_value_metadata.push_back({"iceberg.schema", json.str()});
  }
  FLOE_ASSIGN_OR_RETURN(c->metrics_, table::MetricsConfig::Make(schema, properties));
  FLOE_ASSIGN_OR_RETURN(c->target_file_size_, commit::kWriteTargetFileSizeBytes.Get(properties));
  FLOE_ASSIGN_OR_RETURN(c->locations_, LocationProvider::Make(location, properties));
  if (options.operation_id.empty()) options.operation_id = NewUuid().ToString();
  c->options_ = std::move(options);
  return c;
}

std::string WriteContext::NewDataFileLocation(const std::string& partition_path) {
  int64_t n = ++file_count_;
  std::string name =
      fmt::format("{:05d}-{}-{}-{:05d}.{}", options_.partition_id, options_.task_id,
                  options_.operation_id, n, format_ == DataFileFormat::kAvro ? "avro" : "parquet");
  return locations_.NewDataLocation(partition_path, name);
}

}  // namespace floe::write
