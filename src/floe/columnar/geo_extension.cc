#include "floe/columnar/geo_extension.h"

#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::columnar {

std::optional<GeoColumn> GeoColumnOf(const Field& field) {
  if (field.type == nullptr || field.type->id() != TypeId::kBinary) return std::nullopt;
  const std::string* name = field.FindMetadata(std::string(kExtensionNameKey));
  if (name == nullptr || *name != kGeoWkbExtensionName) return std::nullopt;
  GeoColumn geo;
  const std::string* metadata = field.FindMetadata(std::string(kExtensionMetadataKey));
  if (metadata == nullptr || metadata->empty()) return geo;
  auto doc = JsonDocument::Parse(*metadata);
  if (!doc.ok()) return geo;  // unreadable metadata: the defaults, as GeoArrow readers do
  JsonValue root = (*doc)->root();
  if (auto crs = root.Find("crs"); crs && crs->IsString()) {
    geo.crs = std::string(*crs->AsString());
  } else if (crs && crs->IsObject()) {
    geo.crs = crs->ToJson();  // PROJJSON inline
  }
  if (auto edges = root.Find("edges"); edges && edges->IsString()) {
    std::string_view e = *edges->AsString();
    if (e != "planar") {
      geo.geography = true;
      geo.algorithm = e == "spherical" ? "" : std::string(e);
    }
  }
  return geo;
}

Field WithGeoExtension(Field field, const GeoColumn& geo) {
  JsonWriter w;
  w.BeginObject();
  if (!geo.crs.empty()) w.Member("crs", geo.crs);
  if (geo.geography) w.Member("edges", geo.algorithm.empty() ? "spherical" : geo.algorithm);
  w.EndObject();
  std::erase_if(field.metadata, [](const auto& kv) {
    return kv.first == kExtensionNameKey || kv.first == kExtensionMetadataKey;
  });
  field.metadata.emplace_back(std::string(kExtensionNameKey), std::string(kGeoWkbExtensionName));
  field.metadata.emplace_back(std::string(kExtensionMetadataKey), w.str());
  return field;
}

}  // namespace floe::columnar
