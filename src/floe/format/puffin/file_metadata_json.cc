#include "floe/format/puffin/file_metadata_json.h"

#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::puffin {
namespace {

Result<Properties> ParseProperties(const JsonValue& object) {
  FLOE_ASSIGN_OR_RETURN(auto members, object.AsObject());
  Properties out;
  for (const auto& [key, value] : members) {
    FLOE_ASSIGN_OR_RETURN(std::string_view text, value.AsString());
    out.emplace_back(std::string(key), std::string(text));
  }
  return out;
}

Result<BlobMetadata> ParseBlob(const JsonValue& json) {
  BlobMetadata blob;
  FLOE_ASSIGN_OR_RETURN(std::string_view type, json.GetString("type"));
  blob.type = std::string(type);
  FLOE_ASSIGN_OR_RETURN(JsonValue fields, json.Get("fields"));
  FLOE_ASSIGN_OR_RETURN(auto field_list, fields.AsArray());
  for (const JsonValue& f : field_list) {
    FLOE_ASSIGN_OR_RETURN(int32_t id, f.AsInt32());
    blob.fields.push_back(id);
  }
  FLOE_ASSIGN_OR_RETURN(blob.snapshot_id, json.GetInt("snapshot-id"));
  FLOE_ASSIGN_OR_RETURN(blob.sequence_number, json.GetInt("sequence-number"));
  FLOE_ASSIGN_OR_RETURN(blob.offset, json.GetInt("offset"));
  FLOE_ASSIGN_OR_RETURN(blob.length, json.GetInt("length"));
  if (blob.offset < 0) return json.Invalid(fmt::format("negative blob offset {}", blob.offset));
  if (blob.length < 0) return json.Invalid(fmt::format("negative blob length {}", blob.length));
  FLOE_ASSIGN_OR_RETURN(auto codec, json.FindString("compression-codec"));
  if (codec) blob.compression_codec = std::string(*codec);
  if (auto props = json.Find("properties"); props && !props->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(blob.properties, ParseProperties(*props));
  }
  return blob;
}

void WriteProperties(JsonWriter& w, const Properties& properties) {
  w.BeginObject();
  for (const auto& [k, v] : properties) w.Member(k, std::string_view(v));
  w.EndObject();
}

}  // namespace

Result<FileMetadata> ParseFileMetadata(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  JsonValue root = doc->root();
  if (!root.IsObject()) return root.Invalid("the footer payload is not a JSON object");
  FileMetadata out;
  FLOE_ASSIGN_OR_RETURN(JsonValue blobs, root.Get("blobs"));
  FLOE_ASSIGN_OR_RETURN(auto blob_list, blobs.AsArray());
  for (const JsonValue& b : blob_list) {
    FLOE_ASSIGN_OR_RETURN(BlobMetadata blob, ParseBlob(b));
    out.blobs.push_back(std::move(blob));
  }
  if (auto props = root.Find("properties"); props && !props->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(out.properties, ParseProperties(*props));
  }
  return out;
}

std::string FileMetadataToJson(const FileMetadata& metadata) {
  JsonWriter w;
  w.BeginObject();
  w.Key("blobs");
  w.BeginArray();
  for (const BlobMetadata& blob : metadata.blobs) {
    w.BeginObject();
    w.Member("type", std::string_view(blob.type));
    w.Key("fields");
    w.BeginArray();
    for (int32_t id : blob.fields) w.Int(id);
    w.EndArray();
    w.Member("snapshot-id", blob.snapshot_id);
    w.Member("sequence-number", blob.sequence_number);
    w.Member("offset", blob.offset);
    w.Member("length", blob.length);
    if (blob.compression_codec) {
      w.Member("compression-codec", std::string_view(*blob.compression_codec));
    }
    if (!blob.properties.empty()) {
      w.Key("properties");
      WriteProperties(w, blob.properties);
    }
    w.EndObject();
  }
  w.EndArray();
  if (!metadata.properties.empty()) {
    w.Key("properties");
    WriteProperties(w, metadata.properties);
  }
  w.EndObject();
  return w.Take();
}

}  // namespace floe::puffin
