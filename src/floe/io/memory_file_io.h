// An in-memory FileIO for deterministic tests: locations are plain strings (no normalisation),
// files appear only when their OutputFile is closed (as on the local file system), exclusive
// create is checked both at Create and at Close, and an open InputFile keeps reading the bytes
// it opened even if the file is deleted or replaced (as POSIX does). Thread-safe. An OutputFile
// refers to its MemoryFileIO, which must outlive it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"

namespace floe::io {

class MemoryFileIO : public FileIO {
 public:
  MemoryFileIO() = default;

  Result<std::unique_ptr<InputFile>> OpenInput(
      std::string_view location, std::optional<int64_t> known_length = std::nullopt) override;
  Result<std::unique_ptr<OutputFile>> Create(std::string_view location,
                                             bool overwrite = false) override;
  Status Delete(std::string_view location) override;
  Result<bool> Exists(std::string_view location) override;
  // Files whose location starts with `prefix`, sorted by location.
  Result<std::vector<FileInfo>> List(std::string_view prefix) override;

  // Test helpers: put or read a file directly (no exclusive-create check), see every file.
  void Put(std::string_view location, std::string_view data);
  std::optional<std::string> Get(std::string_view location) const;
  std::vector<std::string> Locations() const;
  size_t FileCount() const;
  int64_t TotalBytes() const;
  // Files being written (created and not yet closed or aborted).
  int64_t OpenOutputCount() const;

 private:
  friend class MemoryOutputFile;
  struct Entry {
    std::shared_ptr<const std::string> data;
    int64_t modified_ms = 0;
  };
  Status Publish(const std::string& location, std::string data, bool overwrite);

  mutable std::mutex mu_;
  std::map<std::string, Entry, std::less<>> files_;
  int64_t open_outputs_ = 0;
};

}  // namespace floe::io
