#include "floe/format/parquet/file_reader.h"

#include <cstring>
#include <string>

namespace floe::parquet {

namespace {

constexpr int64_t kMagicSize = 4;
constexpr int64_t kFooterTrailer = 8;  // footer length + magic
// The first read takes this much of the file's end: most footers fit, saving a second read.
constexpr int64_t kInitialTailSize = 64 * 1024;

bool IsMagic(const char* p, const char* magic) { return std::memcmp(p, magic, 4) == 0; }

Status CheckTrailer(std::string_view tail, int64_t file_size, int64_t* metadata_length) {
  if (file_size < 2 * kMagicSize + 4) {
    return Corrupt("file of {} bytes is too small to be Parquet (at least 12 bytes)", file_size);
  }
  if (tail.size() < static_cast<size_t>(kFooterTrailer)) return Corrupt("footer tail too short");
  const char* end = tail.data() + tail.size();
  if (IsMagic(end - 4, "PARE")) {
    return NotSupported("encrypted Parquet files are not supported (encrypted footer, magic PARE)");
  }
  if (!IsMagic(end - 4, "PAR1")) {
    return Corrupt("not a Parquet file: the last 4 bytes are not the magic \"PAR1\"");
  }
  uint32_t len;
  std::memcpy(&len, end - 8, 4);
  if (len == 0 || static_cast<int64_t>(len) > file_size - kFooterTrailer - kMagicSize) {
    return Corrupt("footer length {} does not fit in a file of {} bytes", len, file_size);
  }
  *metadata_length = len;
  return Ok();
}

}  // namespace

Result<FileMetaData> ParseFooter(std::string_view tail, int64_t file_size,
                                 int64_t* metadata_length) {
  int64_t len = 0;
  FLOE_RETURN_IF_ERROR(CheckTrailer(tail, file_size, &len));
  if (static_cast<int64_t>(tail.size()) < len + kFooterTrailer) {
    return InvalidArgument("footer of {} bytes is not within the {} bytes given", len, tail.size());
  }
  std::string_view bytes = tail.substr(tail.size() - kFooterTrailer - len, len);
  FLOE_ASSIGN_OR_RETURN(FileMetaData md, DecodeFileMetaData(bytes).WithContext("footer"));
  if (md.encryption_algorithm) {
    return NotSupported(
        "encrypted Parquet files are not supported (plaintext footer with "
        "encrypted columns)");
  }
  *metadata_length = len;
  return md;
}

Status ValidateRowGroups(const FileMetaData& md, const Schema& schema) {
  if (md.num_rows < 0) return Corrupt("negative num_rows {}", md.num_rows);
  for (size_t g = 0; g < md.row_groups.size(); ++g) {
    const RowGroup& rg = md.row_groups[g];
    if (rg.num_rows < 0) return Corrupt("row group {}: negative num_rows", g);
    if (static_cast<int>(rg.columns.size()) != schema.num_columns()) {
      return Corrupt("row group {} has {} column chunks, the schema has {} columns", g,
                     rg.columns.size(), schema.num_columns());
    }
    for (size_t c = 0; c < rg.columns.size(); ++c) {
      const ColumnChunk& cc = rg.columns[c];
      const SchemaNode& leaf = schema.column(static_cast<int>(c));
      if (cc.crypto_metadata || cc.encrypted_column_metadata) {
        return NotSupported("encrypted Parquet files are not supported (column {} is encrypted)",
                            JoinPath(leaf.path));
      }
      if (!cc.meta_data) {
        return Corrupt("row group {}, column {}: no column metadata", g, JoinPath(leaf.path));
      }
      const ColumnMetaData& m = *cc.meta_data;
      if (m.type != *leaf.physical_type) {
        return Corrupt("row group {}, column {}: chunk type {} differs from the schema's {}", g,
                       JoinPath(leaf.path), TypeName(m.type), TypeName(*leaf.physical_type));
      }
      if (m.num_values < 0 || m.total_compressed_size < 0 || m.total_uncompressed_size < 0 ||
          m.data_page_offset < 0) {
        return Corrupt("row group {}, column {}: negative size, count or offset", g,
                       JoinPath(leaf.path));
      }
    }
  }
  return Ok();
}

Result<std::unique_ptr<FileReader>> FileReader::Open(io::FileIO& io, std::string_view location,
                                                     std::optional<int64_t> known_length) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.OpenInput(location, known_length));
  return Open(std::move(file));
}

Result<std::unique_ptr<FileReader>> FileReader::Open(std::unique_ptr<io::InputFile> file) {
  std::string where = file->location();
  auto fail = [&](Error e) { return e.WithContext(where); };
  auto size = file->Size();
  if (!size.ok()) return fail(size.error());
  int64_t file_size = *size;
  if (file_size < 2 * kMagicSize + 4) {
    return fail(
        Corrupt("file of {} bytes is too small to be Parquet (at least 12 bytes)", file_size));
  }
  int64_t tail_size = std::min(file_size, kInitialTailSize);
  std::string tail(static_cast<size_t>(tail_size), '\0');
  if (Status s =
          file->ReadAt(file_size - tail_size, tail_size, reinterpret_cast<uint8_t*>(tail.data()));
      !s.ok()) {
    return fail(s.error());
  }
  int64_t len = 0;
  if (Status s = CheckTrailer(tail, file_size, &len); !s.ok()) return fail(s.error());
  if (len + kFooterTrailer > tail_size) {
    // A long footer: read the part before the tail and put it in front.
    int64_t more = len + kFooterTrailer - tail_size;
    std::string head(static_cast<size_t>(more), '\0');
    if (Status s = file->ReadAt(file_size - tail_size - more, more,
                                reinterpret_cast<uint8_t*>(head.data()));
        !s.ok()) {
      return fail(s.error());
    }
    tail = head + tail;
  }
  char magic[4];
  if (Status s = file->ReadAt(0, 4, reinterpret_cast<uint8_t*>(magic)); !s.ok()) {
    return fail(s.error());
  }
  if (!IsMagic(magic, "PAR1")) {
    if (IsMagic(magic, "PARE")) {
      return fail(NotSupported("encrypted Parquet files are not supported"));
    }
    return fail(Corrupt("not a Parquet file: the first 4 bytes are not the magic \"PAR1\""));
  }
  auto md = ParseFooter(tail, file_size, &len);
  if (!md.ok()) return fail(md.error());
  auto schema = Schema::Make(md->schema);
  if (!schema.ok()) return fail(schema.error());
  if (Status s = ValidateRowGroups(*md, *schema); !s.ok()) return fail(s.error());

  std::unique_ptr<FileReader> reader(new FileReader());
  reader->file_ = std::move(file);
  reader->file_size_ = file_size;
  reader->metadata_length_ = len;
  reader->metadata_ = std::move(md).value();
  reader->schema_ = std::move(schema).value();
  return reader;
}

namespace {

Result<std::string> ReadIndexBytes(const FileReader& r, int row_group, int column,
                                   std::optional<int64_t> offset, std::optional<int32_t> length,
                                   std::string_view what) {
  const FileMetaData& md = r.metadata();
  if (row_group < 0 || row_group >= static_cast<int>(md.row_groups.size()) || column < 0 ||
      column >= static_cast<int>(md.row_groups[row_group].columns.size())) {
    return InvalidArgument("no row group {} column {}", row_group, column);
  }
  if (!offset || !length) {
    return NotFound("row group {} column {} has no {}", row_group, column, what);
  }
  if (*offset < 0 || *length <= 0 || *offset > r.file_size() || *length > r.file_size() - *offset) {
    return Corrupt("{}: {} of row group {} column {} at {} (+{}) lies outside the file",
                   r.location(), what, row_group, column, *offset, *length);
  }
  std::string bytes(static_cast<size_t>(*length), '\0');
  FLOE_RETURN_IF_ERROR(r.file().ReadAt(*offset, *length, reinterpret_cast<uint8_t*>(bytes.data())));
  return bytes;
}

}  // namespace

Result<ColumnIndex> FileReader::ReadColumnIndex(int row_group, int column) const {
  const ColumnChunk* cc = nullptr;
  if (row_group >= 0 && row_group < static_cast<int>(metadata_.row_groups.size()) && column >= 0 &&
      column < static_cast<int>(metadata_.row_groups[row_group].columns.size())) {
    cc = &metadata_.row_groups[row_group].columns[column];
  }
  FLOE_ASSIGN_OR_RETURN(
      std::string bytes,
      ReadIndexBytes(*this, row_group, column, cc ? cc->column_index_offset : std::nullopt,
                     cc ? cc->column_index_length : std::nullopt, "column index"));
  return DecodeColumnIndex(bytes).WithContext(location());
}

Result<OffsetIndex> FileReader::ReadOffsetIndex(int row_group, int column) const {
  const ColumnChunk* cc = nullptr;
  if (row_group >= 0 && row_group < static_cast<int>(metadata_.row_groups.size()) && column >= 0 &&
      column < static_cast<int>(metadata_.row_groups[row_group].columns.size())) {
    cc = &metadata_.row_groups[row_group].columns[column];
  }
  FLOE_ASSIGN_OR_RETURN(
      std::string bytes,
      ReadIndexBytes(*this, row_group, column, cc ? cc->offset_index_offset : std::nullopt,
                     cc ? cc->offset_index_length : std::nullopt, "offset index"));
  return DecodeOffsetIndex(bytes).WithContext(location());
}

}  // namespace floe::parquet
