// Opening a Parquet file: the footer (https://parquet.apache.org/docs/file-format/) is
//   "PAR1" <column chunks...> <FileMetaData (Thrift compact)> <4-byte LE footer length> "PAR1"
// FileReader reads it through FileIO with ranged reads (the file's tail first, then the rest of a
// long footer), decodes FileMetaData and builds the schema tree. Files with an encrypted footer
// ("PARE") or a plaintext footer that declares encryption are not supported.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/page_index.h"
#include "floe/format/parquet/schema.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::parquet {

// Decodes the footer from the last bytes of a file: `tail` holds the file's final tail.size()
// bytes and must include the whole footer (length + 8 bytes). Checks the trailing magic and the
// footer length; *metadata_length receives the footer length.
Result<FileMetaData> ParseFooter(std::string_view tail, int64_t file_size,
                                 int64_t* metadata_length);

class FileReader {
 public:
  static Result<std::unique_ptr<FileReader>> Open(io::FileIO& io, std::string_view location,
                                                  std::optional<int64_t> known_length = {});
  static Result<std::unique_ptr<FileReader>> Open(std::unique_ptr<io::InputFile> file);

  const FileMetaData& metadata() const { return metadata_; }
  const Schema& schema() const { return schema_; }
  int64_t file_size() const { return file_size_; }
  // Length in bytes of the Thrift-encoded FileMetaData.
  int64_t metadata_length() const { return metadata_length_; }
  const io::InputFile& file() const { return *file_; }
  const std::string& location() const { return file_->location(); }

  // The page index of one column chunk; NotFound when the chunk has none.
  Result<ColumnIndex> ReadColumnIndex(int row_group, int column) const;
  Result<OffsetIndex> ReadOffsetIndex(int row_group, int column) const;

 private:
  FileReader() = default;

  std::unique_ptr<io::InputFile> file_;
  int64_t file_size_ = 0;
  int64_t metadata_length_ = 0;
  FileMetaData metadata_;
  Schema schema_;
};

// Checks that the row groups agree with the schema: one column chunk per leaf, each with
// metadata whose physical type is the leaf's, sizes and counts not negative.
Status ValidateRowGroups(const FileMetaData& md, const Schema& schema);

}  // namespace floe::parquet
