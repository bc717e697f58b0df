// Writing Avro object container files: header (schema, codec, user metadata, sync marker), then
// blocks of records, each ended when its uncompressed size reaches block_size. Codecs written:
// null, deflate, snappy, zstandard (never "zstd", which is not an Avro name).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "floe/format/avro/binary.h"
#include "floe/format/avro/block_codec.h"
#include "floe/format/avro/datum.h"
#include "floe/format/avro/schema.h"
#include "floe/io/file_io.h"

namespace floe::avro {

struct ContainerWriterOptions {
  std::string codec = "null";     // Avro name: null, deflate, snappy, zstandard
  int level = -1;                 // codec level; < 0: the codec's default
  size_t block_size = 64 * 1024;  // uncompressed bytes per block (Java's sync interval)
  std::vector<std::pair<std::string, std::string>> metadata;  // extra header entries
  std::optional<std::string> sync_marker;                     // 16 bytes; random when absent
};

class ContainerWriter {
 public:
  static Result<std::unique_ptr<ContainerWriter>> Open(std::unique_ptr<io::OutputFile> file,
                                                       std::shared_ptr<const Schema> schema,
                                                       ContainerWriterOptions options = {});
  ~ContainerWriter();

  const Schema& schema() const { return *schema_; }
  // Encode one record's value with encoder(), then call FinishRecord().
  Encoder& encoder() { return encoder_; }
  Status FinishRecord();
  // Encodes and finishes one record.
  Status Write(const Datum& record);
  // Ends the current block (if it holds records).
  Status Flush();
  // Flushes and closes the file.
  Status Close();

  int64_t records() const { return records_; }
  // Bytes written so far plus the pending block, uncompressed: an estimate of the file's length.
  int64_t EstimatedLength() const;

 private:
  ContainerWriter() = default;

  std::unique_ptr<io::OutputFile> file_;
  std::shared_ptr<const Schema> schema_;
  ContainerWriterOptions options_;
  std::unique_ptr<BlockCodec> codec_;
  std::string sync_;
  std::string block_;
  Encoder encoder_{&block_};
  std::string compressed_;
  std::string frame_;
  int64_t block_records_ = 0;
  int64_t records_ = 0;
  bool closed_ = false;
};

}  // namespace floe::avro
