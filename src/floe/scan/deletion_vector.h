// Deletion vectors (Puffin spec, blob type "deletion-vector-v1"; table spec "Deletion
// Vectors"): the deleted row positions of one data file, stored as one Puffin blob:
//   length (4 bytes, big-endian: magic + vector) | magic D1 D3 39 64 | vector | CRC-32 (4 bytes,
//   big-endian, of magic + vector)
// where the vector is the portable 64-bit Roaring format: a bucket count (8 bytes, little-
// endian), then per bucket, keys ascending, the key (4 bytes, little-endian; the high 32 bits of
// the positions, at most 2^31 - 1) and a portable 32-bit Roaring bitmap of the low 32 bits.
// Each 32-bit bitmap is decoded by libroaring's bounds-checked deserializer inside this framing.
// A manifest names the blob by content_offset and content_size_in_bytes, so reading a deletion
// vector never needs the Puffin footer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/data_file_reader.h"  // kRowPositionFieldId
#include "floe/scan/position_set.h"
#include "floe/util/result.h"

namespace floe::scan {

// The blob's magic bytes.
inline constexpr std::string_view kDeletionVectorMagic = "\xD1\xD3\x39\x64";

// Decodes one deletion-vector-v1 blob. kCorrupt (without a file name; callers add it) on a bad
// length, magic or CRC, a truncated vector, keys not ascending or too large, a bitmap the
// deserializer refuses, or bytes left over.
Result<PositionSet> DecodeDeletionVector(std::string_view blob);

// The blob for `positions` (bitmaps run-optimized, empty buckets left out).
std::string EncodeDeletionVector(const PositionSet& positions);

// Reads the deletion vector a delete file entry points at: content_offset and
// content_size_in_bytes of `file.file_path` (Puffin). Invalid argument when the entry is not a
// deletion vector (no offset or size); errors name the file. The cardinality is checked
// against the entry's record_count.
Result<PositionSet> ReadDeletionVector(io::FileIO& io, const manifest::DeleteFile& file);

// Whether a delete file entry is a deletion vector (a Puffin position delete file).
bool IsDeletionVector(const manifest::DeleteFile& file);

// One deletion vector to write: the data file it applies to and its deleted positions.
struct DeletionVectorToWrite {
  std::string referenced_data_file;
  const PositionSet* positions = nullptr;
};

// Writes the vectors as deletion-vector-v1 blobs of one new Puffin file at `location` (as the
// spec asks: field kRowPositionFieldId, properties referenced-data-file and cardinality,
// snapshot id and sequence number -1, no compression) and returns one delete file entry per
// vector: content position deletes, format PUFFIN, content_offset and content_size_in_bytes of
// its blob, referenced_data_file, record_count = its cardinality, the file's size. Partition
// and spec id are the caller's.
Result<std::vector<manifest::DeleteFile>> WriteDeletionVectors(
    io::FileIO& io, std::string_view location, const std::vector<DeletionVectorToWrite>& vectors);

}  // namespace floe::scan
