// The Avro container options of data files from the table's write.avro.* properties (spec:
// "Write properties"): write.avro.compression-codec gzip (the default, written as Avro's
// deflate), zstd (zstandard), snappy, uncompressed or none (null); write.avro.compression-level.
#pragma once

#include <map>
#include <string>

#include "floe/format/avro/container_writer.h"
#include "floe/util/result.h"

namespace floe::write {

// InvalidArgument naming the property for an unknown codec or a level out of range.
Result<avro::ContainerWriterOptions> AvroWriterOptionsFromProperties(
    const std::map<std::string, std::string>& properties);

}  // namespace floe::write
