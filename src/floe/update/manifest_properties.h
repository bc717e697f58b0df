// The table properties of the manifests an update writes (commit/table_properties.h):
// write.manifest.compression-codec and -level as the manifest writer's Avro codec. manifest/ sits
// below commit/, so the update reads them and hands the writer the typed value.
#pragma once

#include "floe/commit/table_properties.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/util/result.h"

namespace floe::update {

// gzip (default) → deflate, zstd → zstandard, snappy → snappy, uncompressed or none → null (any
// case); the level 0 to 22. InvalidArgument naming the property otherwise.
Result<manifest::ManifestCodec> ManifestCodecFromProperties(const commit::Properties& properties);

}  // namespace floe::update
