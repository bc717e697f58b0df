#include "floe/io/file_io.h"

namespace floe::io {

Status InputFile::ReadRanges(std::span<const Range> ranges) const {
  for (const Range& r : ranges) FLOE_RETURN_IF_ERROR(ReadAt(r.offset, r.length, r.out));
  return Ok();
}

Result<std::string> InputFile::ReadAll() const {
  FLOE_ASSIGN_OR_RETURN(int64_t size, Size());
  std::string data(static_cast<size_t>(size), '\0');
  FLOE_RETURN_IF_ERROR(ReadAt(0, size, reinterpret_cast<uint8_t*>(data.data())));
  return data;
}

Result<std::string> ReadFile(FileIO& io, std::string_view location) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.OpenInput(location));
  return file->ReadAll();
}

Status WriteFile(FileIO& io, std::string_view location, std::string_view data, bool overwrite) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.Create(location, overwrite));
  FLOE_RETURN_IF_ERROR(file->Write(data));
  return file->Close();
}

}  // namespace floe::io
