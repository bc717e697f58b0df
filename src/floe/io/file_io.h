// FileIO (docs/design.md): the one I/O interface. InputFile gives thread-safe ranged reads of a
// file whose length may be known up front (manifests carry file sizes: no stat needed); OutputFile
// writes a new file, never silently overwriting one. Local, in-memory and fault-injecting
// implementations sit behind it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::io {

class InputFile {
 public:
  virtual ~InputFile() = default;
  virtual const std::string& location() const = 0;
  virtual Result<int64_t> Size() const = 0;
  // Reads exactly `length` bytes at `offset` into `out`; a short file is corrupt input.
  // Safe to call from several threads at once.
  virtual Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const = 0;

  struct Range {
    int64_t offset;
    int64_t length;
    uint8_t* out;
  };
  // Reads several ranges; object stores fetch them in parallel. Default: one after another.
  virtual Status ReadRanges(std::span<const Range> ranges) const;

  // The whole file as bytes.
  Result<std::string> ReadAll() const;
};

class OutputFile {
 public:
  virtual ~OutputFile() = default;
  virtual const std::string& location() const = 0;
  virtual Status Write(std::string_view data) = 0;
  virtual int64_t BytesWritten() const = 0;
  // Flushes, makes the bytes durable (fsync), and publishes the file.
  virtual Status Close() = 0;
  // Gives up: removes whatever was written. Also done by the destructor of an unclosed file.
  virtual void Abort() = 0;
};

struct FileInfo {
  std::string location;
  int64_t size = 0;
  int64_t modified_ms = 0;
};

class FileIO {
 public:
  virtual ~FileIO() = default;
  // known_length: the caller already knows the size (from a manifest), so no stat is needed.
  virtual Result<std::unique_ptr<InputFile>> OpenInput(
      std::string_view location, std::optional<int64_t> known_length = std::nullopt) = 0;
  // Creates a new file; fails with kAlreadyExists when it exists, unless overwrite is set.
  virtual Result<std::unique_ptr<OutputFile>> Create(std::string_view location,
                                                     bool overwrite = false) = 0;
  virtual Status Delete(std::string_view location) = 0;
  virtual Result<bool> Exists(std::string_view location) = 0;
  // Every file whose location starts with `prefix` (a folder: all files below it). Pass a
  // folder with a trailing '/' to stay inside it: on object stores and in memory the prefix
  // "wh/t" also matches "wh/t2/x".
  virtual Result<std::vector<FileInfo>> List(std::string_view prefix) = 0;
  // The location read for `location`: a remapping FileIO (location_map.h) applies its map,
  // others return it as it is. Two paths in metadata name the same file when these agree,
  // e.g. a delete file's file_path `hdfs://nn:8020/wh/t/f` and a manifest's `/wh/t/f`.
  virtual std::string ReadLocation(std::string_view location) const {
    return std::string(location);
  }
};

// The local file system (plain paths and file: URIs).
std::shared_ptr<FileIO> LocalFileIO();

// Reads a whole file through `io`.
Result<std::string> ReadFile(FileIO& io, std::string_view location);
// Writes a whole new file through `io` (exclusive create unless overwrite).
Status WriteFile(FileIO& io, std::string_view location, std::string_view data,
                 bool overwrite = false);

}  // namespace floe::io
