#include "floe/format/parquet/encoding/dictionary.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "floe/format/parquet/encoding/plain.h"

namespace floe::parquet {
namespace {

constexpr int64_t kChunk = 1024;

Status CheckIndices(const uint32_t* indices, int64_t n, int64_t size) {
  uint32_t max = 0;
  for (int64_t i = 0; i < n; ++i) max = std::max(max, indices[i]);
  if (n > 0 && static_cast<int64_t>(max) >= size) {
    return Corrupt("dictionary index {} out of range for a dictionary of {} values", max, size);
  }
  return Ok();
}

template <int W>
void GatherFixed(const uint8_t* dict, const uint32_t* indices, int64_t n, uint8_t* out) {
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(out + i * W, dict + static_cast<size_t>(indices[i]) * W, W);
  }
}

}  // namespace

Status DictionaryIndexDecoder::Init(std::span<const uint8_t> data) {
  if (data.empty()) return runs_.Init(data, 0);  // a page without non-null values
  const int width = data[0];
  if (width > 32) return Corrupt("dictionary index bit width {} exceeds 32", width);
  return runs_.Init(data.subspan(1), width);
}

Result<FixedWidthDictionary> FixedWidthDictionary::FromPlain(std::span<const uint8_t> data,
                                                             int64_t num_values, int width) {
  if (width <= 0) return Corrupt("dictionary of values {} bytes wide", width);
  if (num_values < 0 || static_cast<uint64_t>(num_values) > data.size() / width) {
    return Corrupt("dictionary page of {} bytes cannot hold {} values of {} bytes", data.size(),
                   num_values, width);
  }
  FixedWidthDictionary d;
  d.width_ = width;
  d.size_ = num_values;
  d.values_.assign(reinterpret_cast<const char*>(data.data()),
                   static_cast<size_t>(num_values * width));
  return d;
}

Status FixedWidthDictionary::Gather(const uint32_t* indices, int64_t n, uint8_t* out) const {
  FLOE_RETURN_IF_ERROR(CheckIndices(indices, n, size_));
  const uint8_t* dict = values();
  switch (width_) {
    case 4:
      GatherFixed<4>(dict, indices, n, out);
      break;
    case 8:
      GatherFixed<8>(dict, indices, n, out);
      break;
    case 12:
      GatherFixed<12>(dict, indices, n, out);
      break;
    case 16:
      GatherFixed<16>(dict, indices, n, out);
      break;
    default:
      for (int64_t i = 0; i < n; ++i) {
        std::memcpy(out + i * width_, dict + static_cast<size_t>(indices[i]) * width_,
                    static_cast<size_t>(width_));
      }
  }
  return Ok();
}

Result<ByteArrayDictionary> ByteArrayDictionary::FromPlain(std::span<const uint8_t> data,
                                                           int64_t num_values) {
  if (num_values < 0 || static_cast<uint64_t>(num_values) > data.size() / 4) {
    return Corrupt("dictionary page of {} bytes cannot hold {} BYTE_ARRAY values", data.size(),
                   num_values);
  }
  std::vector<std::string_view> views(static_cast<size_t>(num_values));
  FLOE_ASSIGN_OR_RETURN(size_t used, DecodePlainByteArray(data, num_values, views.data()));
  ByteArrayDictionary d;
  d.bytes_.reserve(used - static_cast<size_t>(num_values) * 4);
  d.offsets_.reserve(static_cast<size_t>(num_values) + 1);
  for (const auto& v : views) {
    d.bytes_.append(v);
    d.offsets_.push_back(static_cast<int64_t>(d.bytes_.size()));
  }
  if (num_values > 0) {
    d.common_length_ = static_cast<int64_t>(views[0].size());
    for (const auto& v : views) {
      if (static_cast<int64_t>(v.size()) != d.common_length_) d.common_length_ = -1;
    }
  }
  return d;
}

namespace {

// Appends entry indices[i] (each kLength bytes, at base + index * kLength) for i < n: gathered
// into a local buffer by copies the compiler makes of kLength bytes, then appended in bulk.
template <int64_t kLength>
Status AppendCommonLength(const uint8_t* base, const uint32_t* indices, int64_t n,
                          columnar::BinaryBuilder* out) {
  constexpr int64_t kPiece = 1024;
  uint8_t bytes[kPiece * kLength];
  int32_t lengths[kPiece];
  std::fill(lengths, lengths + kPiece, static_cast<int32_t>(kLength));
  for (int64_t done = 0; done < n; done += kPiece) {
    const int64_t k = std::min(kPiece, n - done);
    for (int64_t i = 0; i < k; ++i) {
      std::memcpy(bytes + i * kLength, base + static_cast<size_t>(indices[done + i]) * kLength,
                  kLength);
    }
    FLOE_RETURN_IF_ERROR(out->AppendBulk(lengths, k, bytes, k * kLength));
  }
  return Ok();
}

}  // namespace

Status ByteArrayDictionary::Gather(const uint32_t* indices, int64_t n,
                                   columnar::BinaryBuilder* out) const {
  FLOE_RETURN_IF_ERROR(CheckIndices(indices, n, size()));
  const auto* base = reinterpret_cast<const uint8_t*>(bytes_.data());
  switch (common_length_) {
    case 1:
      return AppendCommonLength<1>(base, indices, n, out);
    case 2:
      return AppendCommonLength<2>(base, indices, n, out);
    case 4:
      return AppendCommonLength<4>(base, indices, n, out);
    case 8:
      return AppendCommonLength<8>(base, indices, n, out);
    default:
      break;
  }
  int64_t bytes = 0;
  for (int64_t i = 0; i < n; ++i) {
    bytes += offsets_[indices[i] + 1] - offsets_[indices[i]];
  }
  FLOE_RETURN_IF_ERROR(out->Reserve(n));
  FLOE_RETURN_IF_ERROR(out->ReserveData(bytes));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t start = offsets_[indices[i]];
    out->UnsafeAppend(base + start, offsets_[indices[i] + 1] - start);
  }
  return Ok();
}

template <typename T>
Status DecodeDictionaryPage(DictionaryIndexDecoder& indices, const FixedWidthDictionary& dict,
                            int64_t n, T* out) {
  if (!std::is_same_v<T, uint8_t> && static_cast<int>(sizeof(T)) != dict.width()) {
    return InvalidArgument("dictionary of {}-byte values decoded as {}-byte values", dict.width(),
                           sizeof(T));
  }
  uint32_t buf[kChunk];
  for (int64_t done = 0; done < n;) {
    const int64_t k = std::min(kChunk, n - done);
    FLOE_RETURN_IF_ERROR(indices.Decode(buf, k));
    FLOE_RETURN_IF_ERROR(dict.Gather(
        buf, k, reinterpret_cast<uint8_t*>(out) + static_cast<size_t>(done) * dict.width()));
    done += k;
  }
  return Ok();
}

template Status DecodeDictionaryPage<uint8_t>(DictionaryIndexDecoder&, const FixedWidthDictionary&,
                                              int64_t, uint8_t*);
template Status DecodeDictionaryPage<int32_t>(DictionaryIndexDecoder&, const FixedWidthDictionary&,
                                              int64_t, int32_t*);
template Status DecodeDictionaryPage<int64_t>(DictionaryIndexDecoder&, const FixedWidthDictionary&,
                                              int64_t, int64_t*);
template Status DecodeDictionaryPage<float>(DictionaryIndexDecoder&, const FixedWidthDictionary&,
                                            int64_t, float*);
template Status DecodeDictionaryPage<double>(DictionaryIndexDecoder&, const FixedWidthDictionary&,
                                             int64_t, double*);

Status DecodeDictionaryPage(DictionaryIndexDecoder& indices, const ByteArrayDictionary& dict,
                            int64_t n, columnar::BinaryBuilder* out) {
  uint32_t buf[kChunk];
  for (int64_t done = 0; done < n;) {
    const int64_t k = std::min(kChunk, n - done);
    FLOE_RETURN_IF_ERROR(indices.Decode(buf, k));
    FLOE_RETURN_IF_ERROR(dict.Gather(buf, k, out));
    done += k;
  }
  return Ok();
}

}  // namespace floe::parquet
