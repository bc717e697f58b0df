// Reading a Puffin file (Puffin spec, "File structure"):
//   Magic Blob1 ... BlobN Footer,   Footer = Magic FooterPayload FooterPayloadSize Flags Magic
// where FooterPayloadSize and Flags are 4-byte little-endian integers and the payload is the
// JSON of file_metadata_json.h, LZ4-compressed when bit 0 of the first flag byte is set. Open
// checks both magics, the footer size and that every blob lies between the header and the
// footer; ReadBlob returns a blob's bytes, decompressed by its codec (lz4 frame or zstd).
// Deletion vectors can also be read without the footer: a manifest gives their offset and
// length (scan/deletion_vector.h), which is how older writers' bare blob files stay readable.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "floe/format/puffin/file_metadata.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::puffin {

class PuffinReader {
 public:
  // Errors are kCorrupt and name the file: bad magic, footer sizes past the file, a blob outside
  // the blob area, a payload that is not the spec's JSON. Unknown flags are kNotSupported.
  static Result<std::unique_ptr<PuffinReader>> Open(io::FileIO& io, std::string_view location,
                                                    std::optional<int64_t> known_length = {});
  static Result<std::unique_ptr<PuffinReader>> Open(std::unique_ptr<io::InputFile> file);

  const FileMetadata& metadata() const { return metadata_; }
  const std::string& location() const { return file_->location(); }
  int64_t file_size() const { return file_size_; }

  // The bytes of `blob` (one of metadata().blobs), decompressed. Safe from several threads.
  Result<std::string> ReadBlob(const BlobMetadata& blob) const;

 private:
  PuffinReader() = default;

  std::unique_ptr<io::InputFile> file_;
  int64_t file_size_ = 0;
  int64_t footer_start_ = 0;  // offset of the footer's first magic
  FileMetadata metadata_;
};

// Decompresses bytes stored with a Puffin compression codec ("lz4": one LZ4 frame, "zstd": one
// zstd frame; absent: as is). Unknown codecs are kNotSupported.
Result<std::string> DecompressPuffin(const std::optional<std::string>& codec, std::string data);

}  // namespace floe::puffin
