#include "floe/write/avro_write_properties.h"

#include "floe/commit/table_properties.h"

namespace floe::write {

Result<avro::ContainerWriterOptions> AvroWriterOptionsFromProperties(
    const std::map<std::string, std::string>& properties) {
  avro::ContainerWriterOptions o;
  FLOE_ASSIGN_OR_RETURN(std::string_view codec, commit::kAvroCompressionCodec.Get(properties));
  if (codec == "gzip") {
    o.codec = "deflate";
  } else if (codec == "zstd") {
    o.codec = "zstandard";
  } else if (codec == "snappy") {
    o.codec = "snappy";
  } else {
    o.codec = "null";  // uncompressed, none
  }
  FLOE_ASSIGN_OR_RETURN(o.level, commit::kAvroCompressionLevel.Get(properties));
  return o;
}

}  // namespace floe::write
