#include "floe/update/manifest_properties.h"

namespace floe::update {

Result<manifest::ManifestCodec> ManifestCodecFromProperties(const commit::Properties& properties) {
  FLOE_ASSIGN_OR_RETURN(std::string_view codec, commit::kManifestCompressionCodec.Get(properties));
  manifest::ManifestCodec c;
  if (codec == "gzip") {
    c.avro_codec = "deflate";
  } else if (codec == "zstd") {
    c.avro_codec = "zstandard";
  } else if (codec == "snappy") {
    c.avro_codec = "snappy";
  } else {
    c.avro_codec = "null";  // uncompressed, none
  }
  FLOE_ASSIGN_OR_RETURN(c.level, commit::kManifestCompressionLevel.Get(properties));
  return c;
}

}  // namespace floe::update
