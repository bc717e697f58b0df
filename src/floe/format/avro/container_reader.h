// Reading Avro object container files (spec "Object Container Files"): the header (magic,
// metadata map, sync marker), then blocks of records, each checked against the sync marker and
// decompressed with the file's codec. Reads go through io::InputFile in ranged chunks; nothing
// is allocated beyond what the file holds (or, decompressed, max_block_bytes). Errors name the
// file and the offset.
//
// A consumer decoding into its own structures:
//   FLOE_ASSIGN_OR_RETURN(auto reader, ContainerReader::Open(file));
//   FLOE_ASSIGN_OR_RETURN(auto res, Resolution::Make(reader->schema(), my_schema));
//   ContainerReader::Block block;
//   while (true) {
//     FLOE_ASSIGN_OR_RETURN(bool more, reader->NextBlock(&block));
//     if (!more) break;
//     Decoder d = block.decoder();
//     for (int64_t i = 0; i < block.count; ++i) ReadRecord(res->root(), d, field_fn);
//     FLOE_RETURN_IF_ERROR(reader->CheckBlockEnd(block, d));
//   }
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/format/avro/binary.h"
#include "floe/format/avro/block_codec.h"
#include "floe/format/avro/datum.h"
#include "floe/format/avro/schema.h"
#include "floe/io/file_io.h"

namespace floe::avro {

struct ContainerReaderOptions {
  // The most bytes one block may decompress to.
  size_t max_block_bytes = size_t{256} << 20;
};

class ContainerReader {
 public:
  struct Block {
    int64_t index = 0;      // 0-based block number
    int64_t offset = 0;     // file offset of the block's count
    int64_t count = 0;      // records in the block
    std::string_view data;  // (decompressed) records; valid until the next NextBlock
    // A decoder over the data; offsets are file offsets for uncompressed blocks.
    Decoder decoder() const { return Decoder(data, data_offset); }
    int64_t data_offset = 0;
  };

  static Result<std::unique_ptr<ContainerReader>> Open(std::shared_ptr<io::InputFile> file,
                                                       ContainerReaderOptions options = {});

  const std::string& location() const { return file_->location(); }
  const std::shared_ptr<const Schema>& schema() const { return schema_; }
  const std::string& codec() const { return codec_->name(); }
  // Header metadata in file order (avro.schema and avro.codec included).
  const std::vector<std::pair<std::string, std::string>>& metadata() const { return metadata_; }
  std::optional<std::string_view> Meta(std::string_view key) const;
  const std::string& sync_marker() const { return sync_; }
  int64_t file_size() const { return size_; }
  int64_t header_size() const { return header_size_; }

  // The next block, or false at the end of the file.
  Result<bool> NextBlock(Block* block);
  // After decoding block.count records with `d`: the block must be used up exactly.
  Status CheckBlockEnd(const Block& block, const Decoder& d) const;
  // "file: block 3 at offset 1234" for messages about a block.
  std::string BlockContext(const Block& block) const;

 private:
  ContainerReader() = default;
  Status ReadHeader();
  // Makes file bytes [offset, offset + n) available in buf_; returns a pointer to them.
  Result<const uint8_t*> Bytes(int64_t offset, int64_t n);

  std::shared_ptr<io::InputFile> file_;
  ContainerReaderOptions options_;
  int64_t size_ = 0;
  int64_t header_size_ = 0;
  std::shared_ptr<const Schema> schema_;
  std::unique_ptr<BlockCodec> codec_;
  std::vector<std::pair<std::string, std::string>> metadata_;
  std::string sync_;
  int64_t min_record_size_ = 0;

  std::string buf_;
  int64_t buf_offset_ = 0;
  int64_t pos_ = 0;
  int64_t next_index_ = 0;
  std::string decompressed_;
};

// Reads a container file's records as Datums (through a reader schema when given).
class DatumFileReader {
 public:
  static Result<std::unique_ptr<DatumFileReader>> Open(
      std::shared_ptr<io::InputFile> file, std::shared_ptr<const Schema> reader_schema = nullptr,
      ContainerReaderOptions options = {});
  ContainerReader& container() { return *container_; }
  // The schema the records follow (the reader's); Datums point into it.
  const std::shared_ptr<const Schema>& schema() const { return resolution_->reader_ptr(); }
  // The next record, or false at the end.
  Result<bool> Next(Datum* out);
  int64_t blocks_read() const { return blocks_; }

 private:
  std::unique_ptr<ContainerReader> container_;
  std::unique_ptr<Resolution> resolution_;
  ContainerReader::Block block_;
  Decoder decoder_;
  int64_t left_ = 0;
  int64_t blocks_ = 0;
  bool in_block_ = false;
};

// What `floe avro meta` shows: the header and the block and record counts (blocks are read and
// decompressed, records not decoded).
struct ContainerSummary {
  std::string location;
  int64_t file_size = 0;
  int64_t header_size = 0;
  std::string codec;
  std::shared_ptr<const Schema> schema;
  std::vector<std::pair<std::string, std::string>> metadata;
  int64_t blocks = 0;
  int64_t records = 0;
};
Result<ContainerSummary> SummarizeContainer(std::shared_ptr<io::InputFile> file);

// Every record of a container file, for tests and small files. The records point into `schema`.
struct DatumFile {
  std::shared_ptr<const Schema> schema;
  std::vector<Datum> records;
};
Result<DatumFile> ReadAllDatums(std::shared_ptr<io::InputFile> file,
                                std::shared_ptr<const Schema> reader_schema = nullptr);

}  // namespace floe::avro
