#include "floe/format/parquet/encoding/delta_length_byte_array.h"

#include "floe/format/parquet/encoding/delta_binary_packed.h"

namespace floe::parquet {

Status DeltaLengthByteArrayDecoder::Init(std::span<const uint8_t> data, int64_t max_values) {
  DeltaBinaryPackedDecoder<int32_t> lengths;
  FLOE_RETURN_IF_ERROR(lengths.Init(data).WithContext("DELTA_LENGTH_BYTE_ARRAY lengths"));
  const int64_t n = lengths.total_values();
  if (n > max_values) {
    return Corrupt("DELTA_LENGTH_BYTE_ARRAY holds {} lengths for a page of {} values", n,
                   max_values);
  }
  lengths_.resize(static_cast<size_t>(n));
  FLOE_RETURN_IF_ERROR(
      lengths.Decode(lengths_.data(), n).WithContext("DELTA_LENGTH_BYTE_ARRAY lengths"));
  const size_t start = lengths.bytes_consumed();
  int64_t total = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int32_t len = lengths_[static_cast<size_t>(i)];
    if (len < 0) return Corrupt("DELTA_LENGTH_BYTE_ARRAY value {} has length {}", i, len);
    total += len;
  }
  if (static_cast<uint64_t>(total) > data.size() - start) {
    return Corrupt("DELTA_LENGTH_BYTE_ARRAY lengths add up to {} bytes, the page has {} left",
                   total, data.size() - start);
  }
  next_ = 0;
  begin_ = data.data();
  pos_ = begin_ + start;
  bytes_end_ = pos_ + total;
  return Ok();
}

Status DeltaLengthByteArrayDecoder::Check(int64_t n) const {
  if (n < 0 || n > values_left()) {
    return Corrupt("DELTA_LENGTH_BYTE_ARRAY: {} values requested, {} left", n, values_left());
  }
  return Ok();
}

Status DeltaLengthByteArrayDecoder::Decode(int64_t n, columnar::BinaryBuilder* out) {
  FLOE_RETURN_IF_ERROR(Check(n));
  const int32_t* lens = lengths_.data() + next_;
  int64_t bytes = 0;
  for (int64_t i = 0; i < n; ++i) bytes += lens[i];
  FLOE_RETURN_IF_ERROR(out->AppendBulk(lens, n, pos_, bytes));
  pos_ += bytes;
  next_ += static_cast<size_t>(n);
  return Ok();
}

Status DeltaLengthByteArrayDecoder::Decode(int64_t n, std::string_view* out) {
  FLOE_RETURN_IF_ERROR(Check(n));
  for (int64_t i = 0; i < n; ++i) {
    const int32_t len = lengths_[next_++];
    out[i] = std::string_view(reinterpret_cast<const char*>(pos_), static_cast<size_t>(len));
    pos_ += len;
  }
  return Ok();
}

void EncodeDeltaLengthByteArray(const std::string_view* values, int64_t n, std::string* out) {
  DeltaBinaryPackedEncoder<int32_t> lengths;
  for (int64_t i = 0; i < n; ++i) lengths.Put(static_cast<int32_t>(values[i].size()));
  lengths.Flush(out);
  for (int64_t i = 0; i < n; ++i) out->append(values[i]);
}

}  // namespace floe::parquet
