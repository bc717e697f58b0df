// libFuzzer target: the input is an Avro object container file read from memory. The header is
// parsed (schema JSON included), the schema written back and re-parsed, and every record of every
// block decoded generically and rendered as JSON. Seeds: fuzz/corpus/avro_container/ holds small
// corpus files (every codec, nested types, a Java manifest, a DuckDB manifest list).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "floe/format/avro/container_reader.h"
#include "floe/io/file_io.h"

namespace {

class MemoryInputFile final : public floe::io::InputFile {
 public:
  MemoryInputFile(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  const std::string& location() const override { return location_; }
  floe::Result<int64_t> Size() const override { return static_cast<int64_t>(size_); }
  floe::Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const override {
    if (offset < 0 || length < 0 || static_cast<uint64_t>(offset + length) > size_) {
      return floe::Corrupt("read past the end");
    }
    if (length > 0) std::memcpy(out, data_ + offset, static_cast<size_t>(length));
    return floe::Ok();
  }

 private:
  const uint8_t* data_;
  size_t size_;
  std::string location_ = "fuzz.avro";
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace floe::avro;
  ContainerReaderOptions options;
  options.max_block_bytes = size_t{16} << 20;
  auto file = std::make_shared<MemoryInputFile>(data, size);
  auto reader = DatumFileReader::Open(file, nullptr, options);
  if (!reader.ok()) return 0;
  const Schema& schema = *(*reader)->schema();
  auto again = Schema::Parse(schema.ToJson());
  if (again.ok()) (void)(*again)->CanonicalForm();
  for (int records = 0; records < 100000; ++records) {
    Datum d;
    auto more = (*reader)->Next(&d);
    if (!more.ok() || !*more) break;
    (void)DatumToJson(d);
  }
  return 0;
}
