#include "floe/format/avro/container_reader.h"

namespace floe::avro {
namespace {
constexpr int64_t kSyncSize = 16;
constexpr int64_t kReadChunk = int64_t{1} << 20;
}  // namespace

Result<std::unique_ptr<ContainerReader>> ContainerReader::Open(std::shared_ptr<io::InputFile> file,
                                                               ContainerReaderOptions options) {
  auto r = std::unique_ptr<ContainerReader>(new ContainerReader());
  r->file_ = std::move(file);
  r->options_ = options;
  FLOE_ASSIGN_OR_RETURN(r->size_, r->file_->Size());
  Status st = r->ReadHeader();
  if (!st.ok()) return std::move(st).error().WithContext(r->location());
  return r;
}

std::optional<std::string_view> ContainerReader::Meta(std::string_view key) const {
  for (const auto& [k, v] : metadata_) {
    if (k == key) return v;
  }
  return std::nullopt;
}

Result<const uint8_t*> ContainerReader::Bytes(int64_t offset, int64_t n) {
  if (offset < 0 || n < 0 || n > size_ - offset) {
    return Corrupt("truncated file: {} bytes needed at offset {}, the file has {}", n, offset,
                   size_);
  }
  if (offset < buf_offset_ || offset + n > buf_offset_ + static_cast<int64_t>(buf_.size())) {
    int64_t want = std::min(size_ - offset, std::max(n, kReadChunk));
    buf_.resize(static_cast<size_t>(want));
    buf_offset_ = offset;
    Status st = file_->ReadAt(offset, want, reinterpret_cast<uint8_t*>(buf_.data()));
    if (!st.ok()) {
      buf_.clear();
      return st.error();
    }
  }
  return reinterpret_cast<const uint8_t*>(buf_.data()) + (offset - buf_offset_);
}

Status ContainerReader::ReadHeader() {
  // The header's length is unknown until parsed: parse what the first chunk holds, and read
  // the whole rest of the file only if it did not suffice.
  FLOE_ASSIGN_OR_RETURN(const uint8_t* p, Bytes(0, std::min<int64_t>(size_, 4)));
  if (size_ < 4 ||
      std::string_view(reinterpret_cast<const char*>(p), 4) != std::string_view(kAvroMagic, 4)) {
    return Corrupt("not an Avro object container file (bad magic{})",
                   size_ >= 4 && std::string_view(reinterpret_cast<const char*>(p), 4) == "AGS1"
                       ? "; the file is encrypted (AGS1)"
                       : "");
  }
  for (int64_t chunk = std::min(size_, kReadChunk);; chunk = size_) {
    FLOE_ASSIGN_OR_RETURN(p, Bytes(0, chunk));
    Decoder d(std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(chunk)), 0);
    (void)d.Skip(4);
    metadata_.clear();
    Status st = [&]() -> Status {
      for (;;) {
        FLOE_ASSIGN_OR_RETURN(int64_t n, d.ReadLong());
        if (n == 0) break;
        if (n < 0) {
          if (n == INT64_MIN) return d.Error("bad metadata count");
          n = -n;
          FLOE_RETURN_IF_ERROR(d.ReadLong());
        }
        if (n > static_cast<int64_t>(d.remaining()) / 2) {
          return d.Error(fmt::format("metadata count {} exceeds the data", n));
        }
        for (int64_t i = 0; i < n; ++i) {
          FLOE_ASSIGN_OR_RETURN(std::string_view key, d.ReadBytes());
          FLOE_ASSIGN_OR_RETURN(std::string_view value, d.ReadBytes());
          metadata_.emplace_back(key, value);
        }
      }
      FLOE_ASSIGN_OR_RETURN(std::string_view sync, d.ReadFixed(kSyncSize));
      sync_.assign(sync);
      return Ok();
    }();
    if (st.ok()) {
      header_size_ = d.offset();
      break;
    }
    if (chunk == size_) return std::move(st).error().WithContext("header");
  }
  auto schema_json = Meta("avro.schema");
  if (!schema_json) return Corrupt("header has no avro.schema");
  FLOE_ASSIGN_OR_RETURN(schema_, Schema::ParseShared(*schema_json));
  auto codec = Meta("avro.codec");
  FLOE_ASSIGN_OR_RETURN(codec_, BlockCodec::ForName(codec ? *codec : "null"));
  min_record_size_ = MinEncodedSize(schema_->root());
  pos_ = header_size_;
  return Ok();
}

std::string ContainerReader::BlockContext(const Block& block) const {
  return fmt::format("{}: block {} at offset {}", location(), block.index, block.offset);
}

Result<bool> ContainerReader::NextBlock(Block* block) {
  if (pos_ >= size_) return false;
  block->index = next_index_;
  block->offset = pos_;
  auto fail = [&](Error e) { return e.WithContext(BlockContext(*block)); };
  // Two varints take at most 20 bytes; near the end of the file fewer are there.
  FLOE_ASSIGN_OR_RETURN(const uint8_t* p, Bytes(pos_, std::min<int64_t>(20, size_ - pos_)));
  Decoder d(std::string_view(reinterpret_cast<const char*>(p),
                             static_cast<size_t>(std::min<int64_t>(20, size_ - pos_))),
            pos_);
  auto count = d.ReadLong();
  if (!count.ok()) return fail(Corrupt("truncated block header"));
  auto bytes = d.ReadLong();
  if (!bytes.ok()) return fail(Corrupt("truncated block header"));
  if (*count < 0) return fail(Corrupt("negative record count {}", *count));
  if (*bytes < 0) return fail(Corrupt("negative block size {}", *bytes));
  int64_t data_at = d.offset();
  if (*bytes > size_ - data_at - kSyncSize) {
    return fail(Corrupt("block claims {} bytes but only {} remain in the file", *bytes,
                        std::max<int64_t>(0, size_ - data_at - kSyncSize)));
  }
  auto data = Bytes(data_at, *bytes + kSyncSize);
  if (!data.ok()) return fail(std::move(data).error());
  std::string_view raw(reinterpret_cast<const char*>(*data), static_cast<size_t>(*bytes));
  std::string_view sync(reinterpret_cast<const char*>(*data) + *bytes, kSyncSize);
  if (sync != sync_) return fail(Corrupt("bad sync marker at offset {}", data_at + *bytes));
  if (codec_->is_null()) {
    block->data = raw;
    block->data_offset = data_at;
  } else {
    Status st = codec_->Decompress(raw, &decompressed_, options_.max_block_bytes);
    if (!st.ok()) return fail(std::move(st).error());
    block->data = decompressed_;
    block->data_offset = 0;
  }
  int64_t max_count = min_record_size_ > 0
                          ? static_cast<int64_t>(block->data.size()) / min_record_size_
                          : static_cast<int64_t>(block->data.size()) + (int64_t{1} << 20);
  if (*count > max_count) {
    return fail(
        Corrupt("record count {} is impossible for {} bytes of data", *count, block->data.size()));
  }
  block->count = *count;
  pos_ = data_at + *bytes + kSyncSize;
  ++next_index_;
  return true;
}

Status ContainerReader::CheckBlockEnd(const Block& block, const Decoder& d) const {
  if (!d.AtEnd()) {
    return Corrupt("{}: {} bytes left over after {} records", BlockContext(block), d.remaining(),
                   block.count);
  }
  return Ok();
}

Result<std::unique_ptr<DatumFileReader>> DatumFileReader::Open(
    std::shared_ptr<io::InputFile> file, std::shared_ptr<const Schema> reader_schema,
    ContainerReaderOptions options) {
  auto r = std::make_unique<DatumFileReader>();
  FLOE_ASSIGN_OR_RETURN(r->container_, ContainerReader::Open(std::move(file), options));
  auto res = Resolution::Make(r->container_->schema(), std::move(reader_schema));
  if (!res.ok()) return std::move(res).error().WithContext(r->container_->location());
  r->resolution_ = std::move(res).value();
  return r;
}

Result<bool> DatumFileReader::Next(Datum* out) {
  while (left_ == 0) {
    if (in_block_) {
      FLOE_RETURN_IF_ERROR(container_->CheckBlockEnd(block_, decoder_));
      in_block_ = false;
    }
    FLOE_ASSIGN_OR_RETURN(bool more, container_->NextBlock(&block_));
    if (!more) return false;
    ++blocks_;
    in_block_ = true;
    decoder_ = block_.decoder();
    left_ = block_.count;
  }
  auto datum = DecodeDatum(resolution_->root(), decoder_);
  if (!datum.ok()) {
    return std::move(datum).error().WithContext(
        fmt::format("{}, record {}", container_->BlockContext(block_), block_.count - left_));
  }
  *out = std::move(datum).value();
  --left_;
  return true;
}

Result<ContainerSummary> SummarizeContainer(std::shared_ptr<io::InputFile> file) {
  FLOE_ASSIGN_OR_RETURN(auto reader, ContainerReader::Open(std::move(file)));
  ContainerSummary s;
  s.location = reader->location();
  s.file_size = reader->file_size();
  s.header_size = reader->header_size();
  s.codec = reader->codec();
  s.schema = reader->schema();
  s.metadata = reader->metadata();
  ContainerReader::Block block;
  for (;;) {
    FLOE_ASSIGN_OR_RETURN(bool more, reader->NextBlock(&block));
    if (!more) break;
    ++s.blocks;
    s.records += block.count;
  }
  return s;
}

Result<DatumFile> ReadAllDatums(std::shared_ptr<io::InputFile> file,
                                std::shared_ptr<const Schema> reader_schema) {
  FLOE_ASSIGN_OR_RETURN(auto reader,
                        DatumFileReader::Open(std::move(file), std::move(reader_schema)));
  DatumFile out;
  out.schema = reader->schema();
  for (;;) {
    Datum d;
    FLOE_ASSIGN_OR_RETURN(bool more, reader->Next(&d));
    if (!more) break;
    out.records.push_back(std::move(d));
  }
  return out;
}

}  // namespace floe::avro
