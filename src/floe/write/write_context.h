// What every data file of one write (one append) shares: the table's schema in both forms, the
// partition spec, the file format from write.format.default (parquet, avro; any case, as Java),
// Parquet options from write.parquet.* (with the `iceberg.schema` footer entry) or the Avro
// schema and write.avro.* options, the metrics modes, where files go and how they are named.
// write.format.default orc (set by another engine) is NotSupported, naming the property: floe
// has no ORC writer and never writes another format in its place.
//
// Locations (spec: "Write properties"; Java's LocationProvider and OutputFileFactory):
//   write.data.path, else <table location>/data; then the partition path
//   (`order_ts_day=2024-01-02/order_id_bucket=3`, escaped) and the file name
//   `<partition id:05>-<task id>-<operation uuid>-<counter:05>.parquet` (`.avro`), the counter
//   from 1;
//   with write.object-storage.enabled, hash folders in between (location_provider.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/avro/container_writer.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"
#include "floe/table/metrics_config.h"
#include "floe/util/result.h"
#include "floe/write/location_provider.h"

namespace floe::write {

enum class DataFileFormat { kParquet, kAvro };

struct WriteContextOptions {
  int32_t partition_id = 0;  // Java: the Spark partition; one writer process: 0
  int64_t task_id = 0;
  std::string operation_id;  // empty: a new UUID
};

class WriteContext {
 public:
  // From the table's current schema, default spec and properties. NotSupported when the schema
  // has types floe cannot write; InvalidArgument for malformed write properties.
  static Result<std::shared_ptr<WriteContext>> Make(const spec::TableMetadata& table,
                                                    WriteContextOptions options = {});
  // From parts (tests, and callers without metadata).
  static Result<std::shared_ptr<WriteContext>> Make(
      const spec::Schema& schema, const spec::PartitionSpec& spec, const std::string& location,
      const std::map<std::string, std::string>& properties, WriteContextOptions options = {});

  const spec::Schema& schema() const { return schema_; }
  const columnar::SchemaPtr& columnar_schema() const { return columnar_schema_; }
  const spec::PartitionSpec& spec() const { return spec_; }
  DataFileFormat format() const { return format_; }
  const parquet::ParquetWriterOptions& parquet_options() const { return parquet_; }
  // Avro data files (format() kAvro): the schema (avro_data_schema.h) and container options.
  const std::shared_ptr<const avro::Schema>& avro_schema() const { return avro_schema_; }
  const avro::ContainerWriterOptions& avro_options() const { return avro_options_; }
  const table::MetricsConfig& metrics() const { return metrics_; }
  // write.target-file-size-bytes (default 512 MB).
  int64_t target_file_size() const { return target_file_size_; }
  const std::string& data_location() const { return locations_.data_location(); }

  // A new file location under the partition path ("" for an unpartitioned table).
  std::string NewDataFileLocation(const std::string& partition_path);

 private:
  WriteContext() = default;
  spec::Schema schema_;
  columnar::SchemaPtr columnar_schema_;
  spec::PartitionSpec spec_;
  DataFileFormat format_ = DataFileFormat::kParquet;
  parquet::ParquetWriterOptions parquet_;
  std::shared_ptr<const avro::Schema> avro_schema_;
  avro::ContainerWriterOptions avro_options_;
  table::MetricsConfig metrics_;
  int64_t target_file_size_ = int64_t{512} * 1024 * 1024;
  LocationProvider locations_;
  WriteContextOptions options_;
  std::atomic<int64_t> file_count_{0};
};

}  // namespace floe::write
