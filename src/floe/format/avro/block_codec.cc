#include "floe/format/avro/block_codec.h"

#include <zlib.h>

#include "floe/util/bytes.h"

namespace floe::avro {

using compression::CodecKind;

Result<std::unique_ptr<BlockCodec>> BlockCodec::ForName(std::string_view avro_name) {
  auto codec = std::make_unique<BlockCodec>();
  codec->name_ = std::string(avro_name);
  std::optional<CodecKind> kind;
  if (avro_name == "null") return codec;
  if (avro_name == "deflate") kind = CodecKind::kDeflate;
  if (avro_name == "snappy") kind = CodecKind::kSnappy;
  if (avro_name == "zstandard") kind = CodecKind::kZstd;
  if (avro_name == "bzip2") kind = CodecKind::kBzip2;
  if (avro_name == "xz") kind = CodecKind::kXz;
  if (avro_name == "zstd") {
    return Corrupt("codec \"zstd\" is not an Avro codec name (Avro calls it \"zstandard\")");
  }
  if (!kind) return NotSupported("unknown Avro codec \"{}\"", avro_name);
  FLOE_ASSIGN_OR_RETURN(codec->codec_, compression::MakeCodec(*kind));
  return codec;
}

bool BlockCodec::can_write() const {
  return name_ == "null" || name_ == "deflate" || name_ == "snappy" || name_ == "zstandard";
}

Status BlockCodec::Compress(std::string_view in, std::string* out, int level) {
  if (!can_write()) return NotSupported("floe does not write Avro codec \"{}\"", name_);
  if (codec_ == nullptr) {
    out->assign(in);
    return Ok();
  }
  FLOE_RETURN_IF_ERROR(codec_->Compress(in, out, level));
  if (name_ == "snappy") {
    uint32_t crc = static_cast<uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(in.data()), static_cast<uInt>(in.size())));
    AppendBigEndian(*out, crc, 4);
  }
  return Ok();
}

Status BlockCodec::Decompress(std::string_view in, std::string* out, size_t max_size) {
  if (codec_ == nullptr) {
    out->assign(in);
    return Ok();
  }
  codec_->set_max_output_size(max_size);
  if (name_ != "snappy") return codec_->Decompress(in, out, std::nullopt);
  if (in.size() < 4) return Corrupt("snappy block of {} bytes has no CRC-32", in.size());
  FLOE_RETURN_IF_ERROR(codec_->Decompress(in.substr(0, in.size() - 4), out, std::nullopt));
  auto expected = static_cast<uint32_t>(
      LoadBigEndian(reinterpret_cast<const uint8_t*>(in.data()) + in.size() - 4, 4));
  uint32_t actual = static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(out->data()), static_cast<uInt>(out->size())));
  if (actual != expected) {
    return Corrupt("snappy block CRC-32 mismatch: stored {:08x}, computed {:08x}", expected,
                   actual);
  }
  return Ok();
}

}  // namespace floe::avro
