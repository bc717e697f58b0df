// Helpers for the Avro tests: an in-memory InputFile and small file builders.
#pragma once

#include <cstring>
#include <memory>
#include <string>

#include "floe/format/avro/container_reader.h"
#include "floe/format/avro/container_writer.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::avro::testing {

class MemoryInputFile final : public io::InputFile {
 public:
  MemoryInputFile(std::string data, std::string location = "memory.avro")
      : data_(std::move(data)), location_(std::move(location)) {}
  const std::string& location() const override { return location_; }
  Result<int64_t> Size() const override { return static_cast<int64_t>(data_.size()); }
  Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const override {
    if (offset < 0 || length < 0 || offset + length > static_cast<int64_t>(data_.size())) {
      return Corrupt("{}: read past the end", location_);
    }
    std::memcpy(out, data_.data() + offset, static_cast<size_t>(length));
    return Ok();
  }

 private:
  std::string data_;
  std::string location_;
};

inline std::shared_ptr<io::InputFile> Memory(std::string data) {
  return std::make_shared<MemoryInputFile>(std::move(data));
}

inline std::shared_ptr<io::InputFile> OpenLocal(const std::string& path) {
  auto file = io::LocalFileIO()->OpenInput(path);
  if (!file.ok()) return nullptr;
  return std::shared_ptr<io::InputFile>(std::move(file).value());
}

// Reads a file's records as JSON lines (floe avro cat's form), or the error message.
inline Result<std::vector<std::string>> JsonLines(std::shared_ptr<io::InputFile> file,
                                                  std::shared_ptr<const Schema> reader = nullptr) {
  FLOE_ASSIGN_OR_RETURN(auto datums, ReadAllDatums(std::move(file), std::move(reader)));
  std::vector<std::string> out;
  for (const Datum& d : datums.records) out.push_back(DatumToJson(d));
  return out;
}

// Writes records to a new local file; returns the file's bytes.
inline std::string WriteFile(const std::string& path, std::shared_ptr<const Schema> schema,
                             const std::vector<Datum>& records, ContainerWriterOptions options) {
  auto out = io::LocalFileIO()->Create(path, true);
  EXPECT_OK(out);
  auto writer = ContainerWriter::Open(std::move(out).value(), schema, options);
  EXPECT_OK(writer);
  for (const Datum& r : records) {
    Status st = (*writer)->Write(r);
    EXPECT_OK(st);
  }
  EXPECT_OK((*writer)->Close());
  return floe::testing::ReadFileToString(path);
}

}  // namespace floe::avro::testing
