#include "floe/manifest/manifest_schema.h"

#include <fmt/format.h>

#include <set>
#include <string_view>
#include <vector>

#include "floe/format/avro/compatible_name.h"
#include "floe/util/json_writer.h"

namespace floe::manifest {
namespace {

using spec::TypeId;

// One field of a record being written as JSON.
struct FieldDef {
  int32_t id;
  std::string name;
  std::string type_json;  // the value's type, without the null union
  bool required;
  std::string doc;
  std::string alias = "";  // an older name readers also accept
};

std::string Quote(std::string_view s) {
  JsonWriter w;
  w.String(s);
  return w.Take();
}

std::string RecordJson(std::string_view name, const std::vector<FieldDef>& fields) {
  std::string out = fmt::format("{{\"type\":\"record\",\"name\":{},\"fields\":[", Quote(name));
  for (size_t i = 0; i < fields.size(); ++i) {
    const FieldDef& f = fields[i];
    if (i > 0) out += ",";
    out += fmt::format("{{\"name\":{},", Quote(f.name));
    if (f.required) {
      out += fmt::format("\"type\":{},", f.type_json);
    } else {
      out += fmt::format("\"type\":[\"null\",{}],\"default\":null,", f.type_json);
    }
    if (!f.doc.empty()) out += fmt::format("\"doc\":{},", Quote(f.doc));
    if (!f.alias.empty()) out += fmt::format("\"aliases\":[{}],", Quote(f.alias));
    out += fmt::format("\"field-id\":{}}}", f.id);
  }
  out += "]}";
  return out;
}

// map<key_id: int, value_id: value> in Iceberg's Avro form: an array of key/value records.
std::string IntMapJson(int32_t key_id, int32_t value_id, std::string_view value_type) {
  return fmt::format(
      "{{\"type\":\"array\",\"items\":{{\"type\":\"record\",\"name\":\"k{}_v{}\",\"fields\":["
      "{{\"name\":\"key\",\"type\":\"int\",\"field-id\":{}}},"
      "{{\"name\":\"value\",\"type\":\"{}\",\"field-id\":{}}}]}},\"logicalType\":\"map\"}}",
      key_id, value_id, key_id, value_type, value_id);
}

std::string ListJson(int32_t element_id, std::string_view element_type) {
  return fmt::format("{{\"type\":\"array\",\"items\":\"{}\",\"element-id\":{}}}", element_type,
                     element_id);
}

// Avro type JSON of a primitive; a named type already written is referred to by name.
Result<std::string> PrimitiveJson(const spec::Type& t, std::set<std::string>* named) {
  auto fixed = [&](std::string name, int size, std::string extra) -> std::string {
    if (named && !named->insert(name).second) return Quote(name);
    return fmt::format("{{\"type\":\"fixed\",\"name\":{},\"size\":{}{}}}", Quote(name), size,
                       extra);
  };
  switch (t.id()) {
    case TypeId::kBoolean:
      return std::string("\"boolean\"");
    case TypeId::kInt:
      return std::string("\"int\"");
    case TypeId::kLong:
      return std::string("\"long\"");
    case TypeId::kFloat:
      return std::string("\"float\"");
    case TypeId::kDouble:
      return std::string("\"double\"");
    case TypeId::kDate:
      return std::string(R"({"type":"int","logicalType":"date"})");
    case TypeId::kTime:
      return std::string(R"({"type":"long","logicalType":"time-micros"})");
    case TypeId::kTimestamp:
      return std::string(
          R"({"type":"long","logicalType":"timestamp-micros","adjust-to-utc":false})");
    case TypeId::kTimestampTz:
      return std::string(
          R"({"type":"long","logicalType":"timestamp-micros","adjust-to-utc":true})");
    case TypeId::kTimestampNs:
      return std::string(
          R"({"type":"long","logicalType":"timestamp-nanos","adjust-to-utc":false})");
    case TypeId::kTimestampTzNs:
      return std::string(R"({"type":"long","logicalType":"timestamp-nanos","adjust-to-utc":true})");
    case TypeId::kString:
      return std::string("\"string\"");
    case TypeId::kBinary:
      return std::string("\"bytes\"");
    case TypeId::kUuid:
      return fixed("uuid_fixed", 16, ",\"logicalType\":\"uuid\"");
    case TypeId::kFixed:
      return fixed(fmt::format("fixed_{}", t.length()), t.length(), "");
    case TypeId::kDecimal:
      return fixed(fmt::format("decimal_{}_{}", t.precision(), t.scale()),
                   DecimalRequiredBytes(t.precision()),
                   fmt::format(",\"logicalType\":\"decimal\",\"precision\":{},\"scale\":{}",
                               t.precision(), t.scale()));
    default:
      return NotSupported("partition values of type {} cannot be written to a manifest",
                          t.ToString());
  }
}

Result<std::string> PartitionJson(const spec::Type& partition_type) {
  if (!partition_type.is_struct()) {
    return InvalidArgument("the partition type must be a struct, not {}",
                           partition_type.ToString());
  }
  std::set<std::string> named;
  std::vector<FieldDef> fields;
  for (const spec::NestedField& f : partition_type.fields()) {
    FLOE_ASSIGN_OR_RETURN(std::string t, PrimitiveJson(*f.type, &named));
    fields.push_back({f.id, avro::CompatibleName(f.name), std::move(t), false, ""});
  }
  return RecordJson("r102", fields);
}

enum class Use { kWrite, kRead };

std::vector<FieldDef> DataFileFields(int v, Use use, std::string partition_json) {
  bool read = use == Use::kRead;
  auto req = [&](bool required) { return read ? false : required; };
  std::vector<FieldDef> f;
  if (v >= 2 || read) {
    f.push_back({field_id::kContent, "content", "\"int\"", req(true),
                 "Contents of the file: 0=data, 1=position deletes, 2=equality deletes"});
  }
  f.push_back(
      {field_id::kFilePath, "file_path", "\"string\"", req(true), "Location URI with FS scheme"});
  f.push_back({field_id::kFileFormat, "file_format", "\"string\"", req(true),
               "File format name: avro, orc, or parquet"});
  f.push_back({field_id::kPartition, "partition", std::move(partition_json), req(true),
               "Partition data tuple, schema based on the partition spec"});
  f.push_back({field_id::kRecordCount, "record_count", "\"long\"", req(true),
               "Number of records in the file"});
  f.push_back({field_id::kFileSizeInBytes, "file_size_in_bytes", "\"long\"", req(true),
               "Total file size in bytes"});
  if (v == 1 && !read) {
    f.push_back(
        {field_id::kBlockSizeInBytes, "block_size_in_bytes", "\"long\"", true, "Block size"});
  }
  f.push_back({field_id::kColumnSizes, "column_sizes", IntMapJson(117, 118, "long"), false,
               "Map of column id to total size on disk"});
  f.push_back({field_id::kValueCounts, "value_counts", IntMapJson(119, 120, "long"), false,
               "Map of column id to total count, including null and NaN"});
  f.push_back({field_id::kNullValueCounts, "null_value_counts", IntMapJson(121, 122, "long"), false,
               "Map of column id to null value count"});
  f.push_back({field_id::kNanValueCounts, "nan_value_counts", IntMapJson(138, 139, "long"), false,
               "Map of column id to number of NaN values in the column"});
  f.push_back({field_id::kLowerBounds, "lower_bounds", IntMapJson(126, 127, "bytes"), false,
               "Map of column id to lower bound"});
  f.push_back({field_id::kUpperBounds, "upper_bounds", IntMapJson(129, 130, "bytes"), false,
               "Map of column id to upper bound"});
  f.push_back(
      {field_id::kKeyMetadata, "key_metadata", "\"bytes\"", false, "Encryption key metadata blob"});
  f.push_back({field_id::kSplitOffsets, "split_offsets", ListJson(133, "long"), false,
               "Splittable offsets"});
  if (v >= 2 || read) {
    // Read as long: PyIceberg writes the ids as longs; an int reads through promotion.
    f.push_back({field_id::kEqualityIds, "equality_ids", ListJson(136, read ? "long" : "int"),
                 false, "Equality comparison field IDs"});
  }
  f.push_back({field_id::kSortOrderId, "sort_order_id", "\"int\"", false, "Sort order ID"});
  if (v >= 3 || read) {
    f.push_back({field_id::kFirstRowId, "first_row_id", "\"long\"", false,
                 "The first row ID assigned to the first row in the data file"});
  }
  if (v >= 2 || read) {
    f.push_back({field_id::kReferencedDataFile, "referenced_data_file", "\"string\"", false,
                 "Fully qualified location (URI with FS scheme) of a data file that all deletes "
                 "reference"});
  }
  if (v >= 3 || read) {
    f.push_back({field_id::kContentOffset, "content_offset", "\"long\"", false,
                 "The offset in the file where the content starts"});
    f.push_back({field_id::kContentSizeInBytes, "content_size_in_bytes", "\"long\"", false,
                 "The length of referenced content stored in the file"});
  }
  return f;
}

Result<std::string> EntryJson(int v, Use use, const spec::Type& partition_type) {
  if (v < 1 || v > 3) return NotSupported("manifest format version {}", v);
  FLOE_ASSIGN_OR_RETURN(std::string partition, PartitionJson(partition_type));
  bool read = use == Use::kRead;
  std::string data_file = RecordJson("r2", DataFileFields(v, use, std::move(partition)));
  std::vector<FieldDef> f;
  f.push_back({field_id::kStatus, "status", "\"int\"", !read, ""});
  f.push_back({field_id::kSnapshotId, "snapshot_id", "\"long\"", v == 1 && !read, ""});
  if (v >= 2 || read) {
    f.push_back({field_id::kSequenceNumber, "sequence_number", "\"long\"", false, ""});
    f.push_back({field_id::kFileSequenceNumber, "file_sequence_number", "\"long\"", false, ""});
  }
  f.push_back({field_id::kDataFile, "data_file", std::move(data_file), !read, ""});
  return RecordJson("manifest_entry", f);
}

std::string SummaryJson() {
  std::vector<FieldDef> f = {
      {509, "contains_null", "\"boolean\"", true, "True if any file has a null partition value"},
      {518, "contains_nan", "\"boolean\"", false, "True if any file has a nan partition value"},
      {510, "lower_bound", "\"bytes\"", false, "Partition lower bound for all files"},
      {511, "upper_bound", "\"bytes\"", false, "Partition upper bound for all files"},
  };
  return fmt::format("{{\"type\":\"array\",\"items\":{},\"element-id\":508}}",
                     RecordJson("r508", f));
}

std::string FileJson(int v, Use use) {
  bool read = use == Use::kRead;
  auto req = [&](bool required) { return read ? false : required; };
  bool v2 = v >= 2;
  std::vector<FieldDef> f;
  f.push_back({field_id::kManifestPath, "manifest_path", "\"string\"", req(true),
               "Location URI with FS scheme"});
  f.push_back({field_id::kManifestLength, "manifest_length", "\"long\"", req(true),
               "Total file size in bytes"});
  f.push_back({field_id::kPartitionSpecId, "partition_spec_id", "\"int\"", req(true),
               "Spec ID used to write"});
  if (v2 || read) {
    f.push_back({field_id::kManifestContent, "content", "\"int\"", req(true),
                 "Contents of the manifest: 0=data, 1=deletes"});
    f.push_back({field_id::kManifestSequenceNumber, "sequence_number", "\"long\"", req(true),
                 "Sequence number when the manifest was added"});
    f.push_back({field_id::kMinSequenceNumber, "min_sequence_number", "\"long\"", req(true),
                 "Lowest sequence number in the manifest"});
  }
  f.push_back({field_id::kAddedSnapshotId, "added_snapshot_id", "\"long\"", req(v2),
               "Snapshot ID that added the manifest"});
  // Java wrote added_data_files_count etc. before 0.12; readers match files without field ids
  // by name, so the read schema carries the old names as aliases.
  auto alias = [&](const char* old) { return read ? std::string(old) : std::string(); };
  f.push_back({field_id::kAddedFilesCount, "added_files_count", "\"int\"", req(v2),
               "Added entry count", alias("added_data_files_count")});
  f.push_back({field_id::kExistingFilesCount, "existing_files_count", "\"int\"", req(v2),
               "Existing entry count", alias("existing_data_files_count")});
  f.push_back({field_id::kDeletedFilesCount, "deleted_files_count", "\"int\"", req(v2),
               "Deleted entry count", alias("deleted_data_files_count")});
  FieldDef partitions{field_id::kPartitions, "partitions", SummaryJson(), false,
                      "Summary for each partition"};
  if (!v2 && !read) f.push_back(partitions);  // v1 writes the summaries before the row counts
  f.push_back(
      {field_id::kAddedRowsCount, "added_rows_count", "\"long\"", req(v2), "Added rows count"});
  f.push_back({field_id::kExistingRowsCount, "existing_rows_count", "\"long\"", req(v2),
               "Existing rows count"});
  f.push_back({field_id::kDeletedRowsCount, "deleted_rows_count", "\"long\"", req(v2),
               "Deleted rows count"});
  if (v2 || read) f.push_back(partitions);
  f.push_back({field_id::kManifestKeyMetadata, "key_metadata", "\"bytes\"", false,
               "Encryption key metadata blob"});
  if (v >= 3 || read) {
    f.push_back({field_id::kManifestFirstRowId, "first_row_id", "\"long\"", false,
                 "Starting row ID to assign to new rows in ADDED data files"});
  }
  return RecordJson("manifest_file", f);
}

Result<spec::TypePtr> AvroToIceberg(const avro::Node& n) {
  using avro::Type;
  const std::string& lt = n.logical_type;
  switch (n.type) {
    case Type::kBoolean:
      return spec::Type::Boolean();
    case Type::kInt:
      return lt == "date" ? spec::Type::Date() : spec::Type::Int();
    case Type::kLong: {
      bool utc = n.adjust_to_utc.value_or(false);
      if (lt == "time-micros") return spec::Type::Time();
      if (lt == "timestamp-micros")
        return utc ? spec::Type::TimestampTz() : spec::Type::Timestamp();
      if (lt == "local-timestamp-micros") return spec::Type::Timestamp();
      if (lt == "timestamp-nanos") {
        return spec::Type::Primitive(utc ? TypeId::kTimestampTzNs : TypeId::kTimestampNs);
      }
      if (lt == "local-timestamp-nanos") return spec::Type::Primitive(TypeId::kTimestampNs);
      return spec::Type::Long();
    }
    case Type::kFloat:
      return spec::Type::Float();
    case Type::kDouble:
      return spec::Type::Double();
    case Type::kString:
      return lt == "uuid" ? spec::Type::Uuid() : spec::Type::String();
    case Type::kBytes:
      if (lt == "decimal") return spec::Type::Decimal(n.precision, n.scale);
      return spec::Type::Binary();
    case Type::kFixed:
      if (lt == "decimal") return spec::Type::Decimal(n.precision, n.scale);
      if (lt == "uuid" && n.size == 16) return spec::Type::Uuid();
      return spec::Type::Fixed(static_cast<int>(n.size));
    default:
      return Corrupt("partition values of Avro type {} are not an Iceberg primitive",
                     avro::TypeName(n.type));
  }
}

}  // namespace

int DecimalRequiredBytes(int precision) {
  // The smallest n with 2^(8n-1) > 10^precision.
  for (int n = 1; n < 32; ++n) {
    long double max = 1;
    for (int i = 0; i < 8 * n - 1; ++i) max *= 2;
    long double need = 1;
    for (int i = 0; i < precision; ++i) need *= 10;
    if (max >= need) return n;
  }
  return 16;
}

Result<std::string> AvroTypeJson(const spec::Type& type) { return PrimitiveJson(type, nullptr); }

Result<std::string> ManifestEntrySchemaJson(int format_version, const spec::Type& partition_type) {
  return EntryJson(format_version, Use::kWrite, partition_type);
}

Result<std::shared_ptr<const avro::Schema>> ManifestEntrySchema(int format_version,
                                                                const spec::Type& partition_type) {
  FLOE_ASSIGN_OR_RETURN(std::string json, ManifestEntrySchemaJson(format_version, partition_type));
  return avro::Schema::Parse(json);
}

std::string ManifestFileSchemaJson(int format_version) {
  return FileJson(format_version, Use::kWrite);
}

Result<std::shared_ptr<const avro::Schema>> ManifestFileSchema(int format_version) {
  if (format_version < 1 || format_version > 3) {
    return NotSupported("manifest list format version {}", format_version);
  }
  return avro::Schema::Parse(ManifestFileSchemaJson(format_version));
}

Result<std::shared_ptr<const avro::Schema>> ManifestEntryReadSchema(
    const spec::Type& partition_type) {
  FLOE_ASSIGN_OR_RETURN(std::string json, EntryJson(3, Use::kRead, partition_type));
  return avro::Schema::ParseShared(json);
}

const std::shared_ptr<const avro::Schema>& ManifestFileReadSchema() {
  static const std::shared_ptr<const avro::Schema> schema = [] {
    auto parsed = avro::Schema::Parse(FileJson(3, Use::kRead));
    assert(parsed.ok());
    return std::move(parsed).value();
  }();
  return schema;
}

Result<spec::TypePtr> PartitionTypeFromAvro(const avro::Node& record) {
  if (record.type != avro::Type::kRecord) {
    return Corrupt("the partition field is a {}, not a record", avro::TypeName(record.type));
  }
  std::vector<spec::NestedField> fields;
  for (const avro::Field& f : record.fields) {
    const avro::Node* t = f.type;
    bool required = true;
    if (t->type == avro::Type::kUnion) {
      const avro::Node* value = nullptr;
      for (const avro::Node* b : t->branches) {
        if (b->type == avro::Type::kNull) {
          required = false;
        } else if (value == nullptr) {
          value = b;
        } else {
          return Corrupt("partition field {} is a union of several types", f.name);
        }
      }
      if (value == nullptr) return Corrupt("partition field {} is always null", f.name);
      t = value;
    }
    // Writers that omit field ids (early iceberg-rust) number partition fields from 1000, as v1
    // specs do; resolution then matches these fields by name.
    int32_t id = f.field_id.value_or(1000 + static_cast<int32_t>(fields.size()));
    FLOE_ASSIGN_OR_RETURN(spec::TypePtr type,
                          std::move(AvroToIceberg(*t)).WithContext("partition field " + f.name));
    fields.push_back(
        spec::NestedField{.id = id, .name = f.name, .required = required, .type = std::move(type)});
  }
  return spec::Type::Struct(std::move(fields));
}

}  // namespace floe::manifest
