#include "floe/format/parquet/encoding/byte_stream_split.h"

namespace floe::parquet {
namespace {

template <int W>
void Gather(const uint8_t* data, int64_t stride, int64_t start, int64_t n, uint8_t* out) {
  for (int64_t i = 0; i < n; ++i) {
    for (int b = 0; b < W; ++b) out[i * W + b] = data[b * stride + start + i];
  }
}

void GatherAny(const uint8_t* data, int width, int64_t stride, int64_t start, int64_t n,
               uint8_t* out) {
  for (int b = 0; b < width; ++b) {
    const uint8_t* stream = data + b * stride + start;
    for (int64_t i = 0; i < n; ++i) out[i * width + b] = stream[i];
  }
}

}  // namespace

Status ByteStreamSplitDecoder::Init(std::span<const uint8_t> data, int width) {
  if (width <= 0) return Corrupt("BYTE_STREAM_SPLIT with value width {}", width);
  if (data.size() % static_cast<size_t>(width) != 0) {
    return Corrupt("BYTE_STREAM_SPLIT data of {} bytes is not a whole number of {}-byte values",
                   data.size(), width);
  }
  data_ = data.data();
  width_ = width;
  num_values_ = static_cast<int64_t>(data.size() / static_cast<size_t>(width));
  next_ = 0;
  return Ok();
}

Status ByteStreamSplitDecoder::Decode(int64_t n, uint8_t* out) {
  if (n < 0 || n > values_left()) {
    return Corrupt("BYTE_STREAM_SPLIT: {} values requested, {} left", n, values_left());
  }
  switch (width_) {
    case 2:
      Gather<2>(data_, num_values_, next_, n, out);
      break;
    case 4:
      Gather<4>(data_, num_values_, next_, n, out);
      break;
    case 8:
      Gather<8>(data_, num_values_, next_, n, out);
      break;
    case 16:
      Gather<16>(data_, num_values_, next_, n, out);
      break;
    default:
      GatherAny(data_, width_, num_values_, next_, n, out);
  }
  next_ += n;
  return Ok();
}

void EncodeByteStreamSplit(const uint8_t* values, int64_t n, int width, std::string* out) {
  const size_t at = out->size();
  out->resize(at + static_cast<size_t>(n * width));
  auto* dst = reinterpret_cast<uint8_t*>(out->data() + at);
  for (int b = 0; b < width; ++b) {
    for (int64_t i = 0; i < n; ++i) dst[b * n + i] = values[i * width + b];
  }
}

}  // namespace floe::parquet
