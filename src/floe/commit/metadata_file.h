// Table metadata files on storage: reading them (plain, gzip or zstd compressed), writing them
// (compressed as `write.metadata.compression-codec` says), and finding a table folder's current
// metadata file (docs/cli.md, "Table folders and metadata files").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

// The JSON text of a metadata file, decompressed when its first bytes are a gzip or zstd header
// (names like `v2.gz.metadata.json` or `x.zstd.metadata.json` say so too, but bytes decide).
Result<std::string> ReadMetadataJson(io::FileIO& io, std::string_view location);

// Reads and parses a metadata file. Errors are prefixed with the file's name:
// `metadata v3.metadata.json: partition-specs[0].fields[1]: unknown transform "bukket[16]"`.
Result<spec::TableMetadata> ReadMetadataFile(io::FileIO& io, std::string_view location);

enum class MetadataCodec { kNone, kGzip };

// The codec the table's properties ask for: `write.metadata.compression-codec` = none | gzip
// (any case; absent = none). Anything else is not supported.
Result<MetadataCodec> MetadataCodecOf(const spec::TableMetadata& metadata);
// ".metadata.json" or ".gz.metadata.json".
std::string_view MetadataFileSuffix(MetadataCodec codec);
// The file name of metadata version `version`: "00003-<uuid>.metadata.json" (spec: "Metastore
// Tables"), with ".gz" before ".metadata.json" for gzip.
std::string MetadataFileName(int64_t version, std::string_view uuid, MetadataCodec codec);

// Writes `metadata` as a new file at `location`, compressed as its properties say.
Status WriteMetadataFile(io::FileIO& io, std::string_view location,
                         const spec::TableMetadata& metadata, bool overwrite = false);

// The version number in a metadata file name: `v12.metadata.json` and `v12.gz.metadata.json`
// give 12, `00012-<uuid>.metadata.json` (and .gz) give 12; other names give nullopt.
std::optional<int64_t> MetadataFileVersion(std::string_view file_name);

// The current metadata file of a table folder (the folder holding `metadata/`, or the metadata
// folder itself): `version-hint.text` holding N names vN[.gz].metadata.json, holding a stem names
// <stem>[.gz].metadata.json; without a hint, the highest version among the folder's metadata
// files. Two candidates for the chosen version are an error listing both.
Result<std::string> FindCurrentMetadataFile(io::FileIO& io, std::string_view table_folder);

}  // namespace floe::commit
