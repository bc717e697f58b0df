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

#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
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

}  // namespace floe::scan
