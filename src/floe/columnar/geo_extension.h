// Geometry and geography columns: WKB values in a binary column whose Field says so with GeoArrow's
// extension convention (https://geoarrow.org/extension-types): `ARROW:extension:name` =
// `geoarrow.wkb` and `ARROW:extension:metadata` = a JSON object with the CRS ("crs", a string)
// and, for geography, the edge interpolation ("edges": "spherical", "vincenty", ...). A column
// without "edges" is a planar geometry. The mark is how a geometry column keeps its kind and CRS
// between the Parquet GEOMETRY/GEOGRAPHY logical types and Iceberg's geometry(C)/geography(C, A);
// the values themselves are plain binary (printed as hex like any binary).
#pragma once

#include <optional>
#include <string>

#include "floe/columnar/data_type.h"
#include "floe/columnar/value_text.h"

namespace floe::columnar {

inline constexpr std::string_view kGeoWkbExtensionName = "geoarrow.wkb";
inline constexpr std::string_view kExtensionMetadataKey = "ARROW:extension:metadata";

struct GeoColumn {
  bool geography = false;  // spherical/ellipsoidal edges; false: planar geometry
  std::string crs;         // "" = the default (OGC:CRS84)
  std::string algorithm;   // geography only: "spherical", "vincenty", ...; "" = the default
};

// The geometry/geography a binary field is marked as, or nullopt (no mark, or not binary).
std::optional<GeoColumn> GeoColumnOf(const Field& field);
// Returns a copy of `field` marked as a geoarrow.wkb column of `geo`.
Field WithGeoExtension(Field field, const GeoColumn& geo);

}  // namespace floe::columnar
