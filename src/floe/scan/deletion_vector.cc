#include "floe/scan/deletion_vector.h"

#include <roaring/roaring.h>
#include <zlib.h>

#include <utility>

#include "floe/format/parquet/file_writer.h"
#include "floe/format/puffin/puffin_writer.h"
#include "floe/scan/manifest_file_size.h"
#include "floe/util/ascii.h"
#include "floe/util/bytes.h"

namespace floe::scan {
namespace {

// Length prefix (4) + magic (4) + bucket count (8) + CRC (4).
constexpr size_t kMinBlobSize = 20;
// Keys are the high 32 bits of a non-negative int64: the top bit is 0.
constexpr uint32_t kMaxKey = 0x7FFFFFFF;

uint32_t Crc32(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  return static_cast<uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

const uint8_t* U8(std::string_view s) { return reinterpret_cast<const uint8_t*>(s.data()); }

}  // namespace

Result<PositionSet> DecodeDeletionVector(std::string_view blob) {
  if (blob.size() < kMinBlobSize) {
    return Corrupt("deletion vector of {} bytes is too short (at least {})", blob.size(),
                   kMinBlobSize);
  }
  uint64_t length = LoadBigEndian(U8(blob), 4);
  if (length != blob.size() - 8) {
    return Corrupt("deletion vector length field {} does not match the blob size {} (expected {})",
                   length, blob.size(), blob.size() - 8);
  }
  std::string_view body = blob.substr(4, blob.size() - 8);  // magic + vector
  if (body.substr(0, 4) != kDeletionVectorMagic) {
    return Corrupt("deletion vector magic is {:02x}{:02x}{:02x}{:02x}, expected d1d33964",
                   U8(body)[0], U8(body)[1], U8(body)[2], U8(body)[3]);
  }
  uint32_t stored_crc = static_cast<uint32_t>(LoadBigEndian(U8(blob) + blob.size() - 4, 4));
  uint32_t crc = Crc32(body);
  if (crc != stored_crc) {
    return Corrupt("deletion vector CRC-32 is {:08x}, the blob says {:08x}", crc, stored_crc);
  }
  std::string_view vector = body.substr(4);
  uint64_t count = LoadLittleEndian<uint64_t>(U8(vector));
  size_t pos = 8;
  // Each bucket takes at least a key and an empty bitmap's 8 bytes.
  if (count > (vector.size() - pos) / 12) {
    return Corrupt("deletion vector declares {} bitmaps, more than its {} bytes can hold", count,
                   vector.size());
  }
  PositionSet set;
  for (uint64_t i = 0; i < count; ++i) {
    if (vector.size() - pos < 4) return Corrupt("deletion vector truncated in bitmap {} key", i);
    uint32_t key = LoadLittleEndian<uint32_t>(U8(vector) + pos);
    pos += 4;
    if (key > kMaxKey)
      return Corrupt("deletion vector bitmap {} has key {} (at most {})", i, key, kMaxKey);
    if (!set.buckets().empty() && key <= set.buckets().back().key) {
      return Corrupt("deletion vector bitmap keys not ascending: {} after {}", key,
                     set.buckets().back().key);
    }
    const char* data = vector.data() + pos;
    size_t remaining = vector.size() - pos;
    size_t size = roaring_bitmap_portable_deserialize_size(data, remaining);
    if (size == 0 || size > remaining) {
      return Corrupt(
          "deletion vector bitmap {} (key {}) is not a valid portable Roaring bitmap "
          "within the {} bytes left",
          i, key, remaining);
    }
    roaring_bitmap_t* bitmap = roaring_bitmap_portable_deserialize_safe(data, size);
    if (bitmap == nullptr) {
      return Corrupt("deletion vector bitmap {} (key {}) is not a valid portable Roaring bitmap", i,
                     key);
    }
    set.AppendBucket(key, bitmap);
    pos += size;
  }
  if (pos != vector.size()) {
    return Corrupt("deletion vector has {} bytes after its {} bitmaps", vector.size() - pos, count);
  }
  return set;
}

std::string EncodeDeletionVector(const PositionSet& positions) {
  std::string vector;
  uint64_t count = 0;
  for (const auto& b : positions.buckets())
    count += roaring_bitmap_is_empty(b.bitmap.get()) ? 0 : 1;
  AppendLittleEndian<uint64_t>(vector, count);
  for (const auto& b : positions.buckets()) {
    if (roaring_bitmap_is_empty(b.bitmap.get())) continue;
    AppendLittleEndian<uint32_t>(vector, b.key);
    roaring_bitmap_t* copy = roaring_bitmap_copy(b.bitmap.get());
    roaring_bitmap_run_optimize(copy);
    size_t size = roaring_bitmap_portable_size_in_bytes(copy);
    size_t at = vector.size();
    vector.resize(at + size);
    roaring_bitmap_portable_serialize(copy, vector.data() + at);
    roaring_bitmap_free(copy);
  }
  std::string body(kDeletionVectorMagic);
  body += vector;
  std::string blob;
  AppendBigEndian(blob, body.size(), 4);
  blob += body;
  AppendBigEndian(blob, Crc32(body), 4);
  return blob;
}

bool IsDeletionVector(const manifest::DeleteFile& file) {
  return file.content == manifest::FileContent::kPositionDeletes &&
         AsciiEqualsIgnoreCase(file.file_format, "puffin");
}

Result<PositionSet> ReadDeletionVector(io::FileIO& io, const manifest::DeleteFile& file) {
  if (!file.content_offset || !file.content_size_in_bytes) {
    return InvalidArgument(
        "delete file {} has no content_offset/content_size_in_bytes: not a "
        "deletion vector",
        file.file_path);
  }
  int64_t offset = *file.content_offset;
  int64_t size = *file.content_size_in_bytes;
  std::string where =
      fmt::format("deletion vector in {} at offset {} (size {})", file.file_path, offset, size);
  if (offset < 0 || size < 0 || size > (int64_t{1} << 31)) {
    return Corrupt("{}: bad content offset or size", where);
  }
  // The blob, read with the manifest's file size, or the file's own when that one is wrong.
  auto read = [&](std::optional<int64_t> known) -> Result<std::string> {
    FLOE_ASSIGN_OR_RETURN(auto input,
                          std::move(io.OpenInput(file.file_path, known)).WithContext(where));
    FLOE_ASSIGN_OR_RETURN(int64_t file_size, std::move(input->Size()).WithContext(where));
    if (offset > file_size || size > file_size - offset) {
      return Corrupt("{}: the blob runs past the end of the {}-byte file", where, file_size);
    }
    std::string bytes(static_cast<size_t>(size), '\0');
    FLOE_RETURN_IF_ERROR(
        std::move(input->ReadAt(offset, size, reinterpret_cast<uint8_t*>(bytes.data())))
            .WithContext(where));
    return bytes;
  };
  FLOE_ASSIGN_OR_RETURN(std::string blob,
                        OpenWithManifestSize(io, "deletion vector file", file.file_path,
                                             file.file_size_in_bytes, read));
  FLOE_ASSIGN_OR_RETURN(PositionSet set, DecodeDeletionVector(blob).WithContext(where));
  if (set.Cardinality() != file.record_count) {
    return Corrupt("{}: holds {} positions, the manifest's record_count says {}", where,
                   set.Cardinality(), file.record_count);
  }
  return set;
}

Result<std::vector<manifest::DeleteFile>> WriteDeletionVectors(
    io::FileIO& io, std::string_view location, const std::vector<DeletionVectorToWrite>& vectors) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.Create(location));
  FLOE_ASSIGN_OR_RETURN(
      auto writer,
      puffin::PuffinWriter::Make(std::move(file), {{"created-by", parquet::FloeCreatedBy()}}));
  std::vector<manifest::DeleteFile> out;
  for (const DeletionVectorToWrite& v : vectors) {
    if (v.positions == nullptr) {
      return InvalidArgument("deletion vector for {} has no positions", v.referenced_data_file);
    }
    int64_t cardinality = v.positions->Cardinality();
    puffin::BlobMetadata blob;
    blob.type = std::string(puffin::kDeletionVectorV1);
    blob.fields = {kRowPositionFieldId};
    blob.properties = {{"referenced-data-file", v.referenced_data_file},
                       {"cardinality", std::to_string(cardinality)}};
    FLOE_ASSIGN_OR_RETURN(puffin::BlobMetadata written,
                          writer->Add(std::move(blob), EncodeDeletionVector(*v.positions)));
    manifest::DeleteFile entry;
    entry.content = manifest::FileContent::kPositionDeletes;
    entry.file_path = std::string(location);
    entry.file_format = "PUFFIN";
    entry.record_count = cardinality;
    entry.referenced_data_file = v.referenced_data_file;
    entry.content_offset = written.offset;
    entry.content_size_in_bytes = written.length;
    out.push_back(std::move(entry));
  }
  FLOE_ASSIGN_OR_RETURN(int64_t size, writer->Close());
  for (manifest::DeleteFile& entry : out) entry.file_size_in_bytes = size;
  return out;
}

}  // namespace floe::scan
