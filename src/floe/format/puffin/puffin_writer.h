// Writing a Puffin file (Puffin spec): the header magic at Make, each blob's bytes as it is
// added (compressed when its compression_codec says "zstd"), then on Close the footer with an
// uncompressed JSON payload. Add returns the blob's metadata with its offset and length filled
// in, which is what a manifest's content_offset / content_size_in_bytes record for a deletion
// vector.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "floe/format/puffin/file_metadata.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::puffin {

class PuffinWriter {
 public:
  // `properties`: the file's properties (e.g. "created-by").
  static Result<std::unique_ptr<PuffinWriter>> Make(std::unique_ptr<io::OutputFile> file,
                                                    Properties properties = {});
  ~PuffinWriter();

  // Appends one blob. `blob`'s offset and length are ignored and set here; a compression_codec
  // other than "zstd" (or none) is kNotSupported.
  Result<BlobMetadata> Add(BlobMetadata blob, std::string_view data);

  // Writes the footer and closes the file; returns the file's size.
  Result<int64_t> Close();

  // Removes the partial file (also done by the destructor of an unclosed writer).
  void Abort();

  const std::string& location() const { return file_->location(); }

 private:
  PuffinWriter() = default;

  std::unique_ptr<io::OutputFile> file_;
  FileMetadata metadata_;
  int64_t position_ = 0;
  bool closed_ = false;
};

}  // namespace floe::puffin
