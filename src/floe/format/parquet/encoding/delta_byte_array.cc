#include "floe/format/parquet/encoding/delta_byte_array.h"

#include <algorithm>
#include <cstring>

#include "floe/format/parquet/encoding/delta_binary_packed.h"

namespace floe::parquet {

Status DeltaByteArrayDecoder::Init(std::span<const uint8_t> data, int64_t max_values) {
  DeltaBinaryPackedDecoder<int32_t> prefixes;
  FLOE_RETURN_IF_ERROR(prefixes.Init(data).WithContext("DELTA_BYTE_ARRAY prefix lengths"));
  const int64_t n = prefixes.total_values();
  if (n > max_values) {
    return Corrupt("DELTA_BYTE_ARRAY holds {} prefix lengths for a page of {} values", n,
                   max_values);
  }
  prefixes_.resize(static_cast<size_t>(n));
  FLOE_RETURN_IF_ERROR(
      prefixes.Decode(prefixes_.data(), n).WithContext("DELTA_BYTE_ARRAY prefix lengths"));
  suffix_start_ = prefixes.bytes_consumed();
  FLOE_RETURN_IF_ERROR(suffixes_.Init(data.subspan(suffix_start_), max_values)
                           .WithContext("DELTA_BYTE_ARRAY suffixes"));
  if (suffixes_.total_values() != n) {
    return Corrupt("DELTA_BYTE_ARRAY has {} prefix lengths but {} suffixes", n,
                   suffixes_.total_values());
  }
  next_ = 0;
  last_.clear();
  return Ok();
}

Status DeltaByteArrayDecoder::Next() {
  const int32_t prefix = prefixes_[next_];
  if (prefix < 0 || static_cast<size_t>(prefix) > last_.size()) {
    return Corrupt(
        "DELTA_BYTE_ARRAY value {}: prefix length {} but the previous value has {} bytes", next_,
        prefix, last_.size());
  }
  std::string_view suffix;
  FLOE_RETURN_IF_ERROR(suffixes_.Decode(1, &suffix));
  last_.resize(static_cast<size_t>(prefix));
  last_.append(suffix);
  ++next_;
  return Ok();
}

Status DeltaByteArrayDecoder::Decode(int64_t n, columnar::BinaryBuilder* out) {
  if (n < 0 || n > values_left()) {
    return Corrupt("DELTA_BYTE_ARRAY: {} values requested, {} left", n, values_left());
  }
  FLOE_RETURN_IF_ERROR(out->Reserve(n));
  for (int64_t i = 0; i < n; ++i) {
    FLOE_RETURN_IF_ERROR(Next());
    FLOE_RETURN_IF_ERROR(out->Append(last_));
  }
  return Ok();
}

Status DeltaByteArrayDecoder::DecodeFixed(int64_t n, int width, uint8_t* out) {
  if (n < 0 || n > values_left()) {
    return Corrupt("DELTA_BYTE_ARRAY: {} values requested, {} left", n, values_left());
  }
  for (int64_t i = 0; i < n; ++i) {
    FLOE_RETURN_IF_ERROR(Next());
    if (last_.size() != static_cast<size_t>(width)) {
      return Corrupt("DELTA_BYTE_ARRAY value {} has {} bytes in a FIXED_LEN_BYTE_ARRAY({}) column",
                     next_ - 1, last_.size(), width);
    }
    if (width > 0) std::memcpy(out + i * width, last_.data(), static_cast<size_t>(width));
  }
  return Ok();
}

void EncodeDeltaByteArray(const std::string_view* values, int64_t n, std::string* out) {
  DeltaBinaryPackedEncoder<int32_t> prefixes;
  std::vector<std::string_view> suffixes(static_cast<size_t>(n));
  std::string_view prev;
  for (int64_t i = 0; i < n; ++i) {
    const std::string_view v = values[i];
    const size_t limit = std::min(prev.size(), v.size());
    size_t p = 0;
    while (p < limit && prev[p] == v[p]) ++p;
    prefixes.Put(static_cast<int32_t>(p));
    suffixes[static_cast<size_t>(i)] = v.substr(p);
    prev = v;
  }
  prefixes.Flush(out);
  EncodeDeltaLengthByteArray(suffixes.data(), n, out);
}

}  // namespace floe::parquet
