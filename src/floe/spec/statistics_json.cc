#include "floe/spec/statistics_json.h"

#include "floe/spec/json_fields.h"

namespace floe::spec {

using internal::FieldReader;

namespace {

Result<BlobMetadata> ParseBlobMetadata(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  BlobMetadata blob;
  FLOE_ASSIGN_OR_RETURN(std::string_view type, in.GetString("type"));
  blob.type = std::string(type);
  FLOE_ASSIGN_OR_RETURN(blob.source_snapshot_id, in.GetId("snapshot-id"));
  FLOE_ASSIGN_OR_RETURN(blob.source_snapshot_sequence_number, in.GetLong("sequence-number"));
  FLOE_ASSIGN_OR_RETURN(JsonValue fields, json.Get("fields"));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> ids, fields.AsArray());
  for (const JsonValue& id : ids) {
    FLOE_ASSIGN_OR_RETURN(int32_t field_id, id.AsInt32());
    blob.fields.push_back(field_id);
  }
  FLOE_ASSIGN_OR_RETURN(blob.properties, in.FindStringMap("properties"));
  return blob;
}

template <typename T, typename F>
Result<std::vector<T>> ParseList(const JsonValue& array, F parse_one) {
  std::vector<T> out;
  if (array.IsNull()) return out;
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(T value, parse_one(item));
    out.push_back(std::move(value));
  }
  return out;
}

}  // namespace

Result<StatisticsFile> ParseStatisticsFile(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  StatisticsFile file;
  FLOE_ASSIGN_OR_RETURN(file.snapshot_id, in.GetId("snapshot-id"));
  FLOE_ASSIGN_OR_RETURN(std::string_view path, in.GetString("statistics-path"));
  file.path = std::string(path);
  FLOE_ASSIGN_OR_RETURN(file.file_size_in_bytes, in.GetLong("file-size-in-bytes"));
  FLOE_ASSIGN_OR_RETURN(file.file_footer_size_in_bytes, in.GetLong("file-footer-size-in-bytes"));
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> key, in.FindString("key-metadata"));
  if (key) file.key_metadata = std::string(*key);
  FLOE_ASSIGN_OR_RETURN(JsonValue blobs, json.Get("blob-metadata"));
  FLOE_ASSIGN_OR_RETURN(file.blob_metadata, ParseList<BlobMetadata>(blobs, ParseBlobMetadata));
  return file;
}

void WriteStatisticsFile(const StatisticsFile& file, JsonWriter& out) {
  out.BeginObject();
  out.Key("snapshot-id");
  out.Int(file.snapshot_id);
  out.Member("statistics-path", file.path);
  out.Key("file-size-in-bytes");
  out.Int(file.file_size_in_bytes);
  out.Key("file-footer-size-in-bytes");
  out.Int(file.file_footer_size_in_bytes);
  if (file.key_metadata) out.Member("key-metadata", *file.key_metadata);
  out.Key("blob-metadata");
  out.BeginArray();
  for (const BlobMetadata& blob : file.blob_metadata) {
    out.BeginObject();
    out.Member("type", blob.type);
    out.Key("snapshot-id");
    out.Int(blob.source_snapshot_id);
    out.Key("sequence-number");
    out.Int(blob.source_snapshot_sequence_number);
    out.Key("fields");
    out.BeginArray();
    for (int32_t id : blob.fields) out.Int(id);
    out.EndArray();
    if (!blob.properties.empty()) {
      out.Key("properties");
      out.BeginObject();
      for (const auto& [k, v] : blob.properties) out.Member(k, v);
      out.EndObject();
    }
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

Result<std::vector<StatisticsFile>> ParseStatisticsFiles(const JsonValue& array) {
  return ParseList<StatisticsFile>(array, ParseStatisticsFile);
}

Result<PartitionStatisticsFile> ParsePartitionStatisticsFile(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  PartitionStatisticsFile file;
  FLOE_ASSIGN_OR_RETURN(file.snapshot_id, in.GetId("snapshot-id"));
  FLOE_ASSIGN_OR_RETURN(std::string_view path, in.GetString("statistics-path"));
  file.path = std::string(path);
  FLOE_ASSIGN_OR_RETURN(file.file_size_in_bytes, in.GetLong("file-size-in-bytes"));
  return file;
}

void WritePartitionStatisticsFile(const PartitionStatisticsFile& file, JsonWriter& out) {
  out.BeginObject();
  out.Key("snapshot-id");
  out.Int(file.snapshot_id);
  out.Member("statistics-path", file.path);
  out.Key("file-size-in-bytes");
  out.Int(file.file_size_in_bytes);
  out.EndObject();
}

Result<std::vector<PartitionStatisticsFile>> ParsePartitionStatisticsFiles(const JsonValue& array) {
  return ParseList<PartitionStatisticsFile>(array, ParsePartitionStatisticsFile);
}

}  // namespace floe::spec
