#include "floe/format/parquet/encoding/plain.h"

#include <cstring>
#include <type_traits>

#include "floe/columnar/bit_util.h"
#include "floe/util/bytes.h"

namespace floe::parquet {
namespace {

constexpr int64_t kJulianDayOfEpoch = 2440588;
constexpr int64_t kNanosPerDay = int64_t{86400} * 1000 * 1000 * 1000;

Status CheckFixed(std::span<const uint8_t> data, int64_t n, int64_t width, const char* what) {
  if (n < 0) return InvalidArgument("negative value count {}", n);
  if (width > 0 && static_cast<uint64_t>(n) > data.size() / static_cast<uint64_t>(width)) {
    return Corrupt("PLAIN {}: {} values of {} bytes do not fit in the {} bytes left", what, n,
                   width, data.size());
  }
  return Ok();
}

template <typename T>
const char* PhysicalName() {
  if constexpr (std::is_same_v<T, int32_t>) return "INT32";
  if constexpr (std::is_same_v<T, int64_t>) return "INT64";
  if constexpr (std::is_same_v<T, float>) return "FLOAT";
  if constexpr (std::is_same_v<T, double>) return "DOUBLE";
  return "INT96";
}

}  // namespace

int64_t Int96ToUnixNanos(const Int96& v) {
  uint64_t nanos_of_day;
  std::memcpy(&nanos_of_day, v.words, 8);
  const int64_t days = static_cast<int64_t>(v.words[2]) - kJulianDayOfEpoch;
  return static_cast<int64_t>(static_cast<uint64_t>(days) * static_cast<uint64_t>(kNanosPerDay) +
                              nanos_of_day);
}

int64_t Int96NanosOfDay(const Int96& v) {
  int64_t nanos_of_day;
  std::memcpy(&nanos_of_day, v.words, 8);
  return nanos_of_day;
}

int64_t Int96ToUnixMicros(const Int96& v) {
  constexpr uint64_t kMicrosPerDay = 86400ULL * 1000 * 1000;
  const auto julian_day = static_cast<int32_t>(v.words[2]);
  return static_cast<int64_t>(static_cast<uint64_t>(static_cast<int64_t>(julian_day)) *
                                  kMicrosPerDay +
                              static_cast<uint64_t>(Int96NanosOfDay(v) / 1000) -
                              static_cast<uint64_t>(kJulianDayOfEpoch) * kMicrosPerDay);
}

Int96 UnixNanosToInt96(int64_t nanos) {
  int64_t days = nanos / kNanosPerDay;
  int64_t rem = nanos % kNanosPerDay;
  if (rem < 0) {
    rem += kNanosPerDay;
    --days;
  }
  Int96 out;
  const uint64_t r = static_cast<uint64_t>(rem);
  std::memcpy(out.words, &r, 8);
  out.words[2] = static_cast<uint32_t>(days + kJulianDayOfEpoch);
  return out;
}

template <typename T>
Result<size_t> DecodePlain(std::span<const uint8_t> data, int64_t n, T* out) {
  FLOE_RETURN_IF_ERROR(CheckFixed(data, n, sizeof(T), PhysicalName<T>()));
  const size_t bytes = static_cast<size_t>(n) * sizeof(T);
  if (bytes > 0) std::memcpy(out, data.data(), bytes);
  return bytes;
}

template Result<size_t> DecodePlain<int32_t>(std::span<const uint8_t>, int64_t, int32_t*);
template Result<size_t> DecodePlain<int64_t>(std::span<const uint8_t>, int64_t, int64_t*);
template Result<size_t> DecodePlain<float>(std::span<const uint8_t>, int64_t, float*);
template Result<size_t> DecodePlain<double>(std::span<const uint8_t>, int64_t, double*);
template Result<size_t> DecodePlain<Int96>(std::span<const uint8_t>, int64_t, Int96*);

Result<size_t> DecodePlainFixedLenByteArray(std::span<const uint8_t> data, int64_t n, int width,
                                            uint8_t* out) {
  if (width < 0) return Corrupt("FIXED_LEN_BYTE_ARRAY with negative type length {}", width);
  FLOE_RETURN_IF_ERROR(CheckFixed(data, n, width, "FIXED_LEN_BYTE_ARRAY"));
  const size_t bytes = static_cast<size_t>(n) * static_cast<size_t>(width);
  if (bytes > 0) std::memcpy(out, data.data(), bytes);
  return bytes;
}

namespace {

// Walks n length-prefixed values, calling f(index, pointer, length) for each.
template <typename F>
Result<size_t> WalkByteArrays(std::span<const uint8_t> data, int64_t n, F&& f) {
  if (n < 0) return InvalidArgument("negative value count {}", n);
  size_t pos = 0;
  const size_t size = data.size();
  for (int64_t i = 0; i < n; ++i) {
    if (size - pos < 4) {
      return Corrupt("PLAIN BYTE_ARRAY value {} of {}: length truncated at byte {}", i, n, pos);
    }
    const uint32_t len = LoadLittleEndian<uint32_t>(data.data() + pos);
    pos += 4;
    if (len > size - pos) {
      return Corrupt("PLAIN BYTE_ARRAY value {} of {}: length {} passes the end of the page", i, n,
                     len);
    }
    FLOE_RETURN_IF_ERROR(f(i, data.data() + pos, len));
    pos += len;
  }
  return pos;
}

}  // namespace

Result<size_t> DecodePlainByteArray(std::span<const uint8_t> data, int64_t n,
                                    columnar::BinaryBuilder* out) {
  // At least 4 bytes per value: n is checked before anything is reserved.
  if (n > 0 && static_cast<uint64_t>(n) > data.size() / 4) {
    return Corrupt("PLAIN BYTE_ARRAY: {} values cannot fit in {} bytes", n, data.size());
  }
  FLOE_RETURN_IF_ERROR(out->Reserve(n));
  FLOE_RETURN_IF_ERROR(out->ReserveData(static_cast<int64_t>(data.size()) - 4 * n));
  // An estimate (exact when the n values fill the data); Append grows it when lengths say more.
  return WalkByteArrays(data, n, [out](int64_t, const uint8_t* p, uint32_t len) -> Status {
    return out->Append(p, len);
  });
}

Result<size_t> DecodePlainByteArray(std::span<const uint8_t> data, int64_t n,
                                    std::string_view* out) {
  return WalkByteArrays(data, n, [out](int64_t i, const uint8_t* p, uint32_t len) -> Status {
    out[i] = std::string_view(reinterpret_cast<const char*>(p), len);
    return Ok();
  });
}

Status PlainBooleanDecoder::Check(int64_t n) const {
  if (n < 0) return InvalidArgument("negative value count {}", n);
  if (n > values_left()) {
    return Corrupt("PLAIN BOOLEAN: {} values requested, {} bits left in the page", n,
                   values_left());
  }
  return Ok();
}

Status PlainBooleanDecoder::Decode(int64_t n, uint8_t* out) {
  FLOE_RETURN_IF_ERROR(Check(n));
  for (int64_t i = 0; i < n; ++i) out[i] = columnar::GetBit(data_.data(), bit_ + i);
  bit_ += n;
  return Ok();
}

Status PlainBooleanDecoder::Decode(int64_t n, columnar::BooleanBuilder* out) {
  FLOE_RETURN_IF_ERROR(Check(n));
  FLOE_RETURN_IF_ERROR(out->AppendBits(data_.data(), bit_, n));
  bit_ += n;
  return Ok();
}

template <typename T>
void EncodePlain(const T* values, int64_t n, std::string* out) {
  out->append(reinterpret_cast<const char*>(values), static_cast<size_t>(n) * sizeof(T));
}

template void EncodePlain<int32_t>(const int32_t*, int64_t, std::string*);
template void EncodePlain<int64_t>(const int64_t*, int64_t, std::string*);
template void EncodePlain<float>(const float*, int64_t, std::string*);
template void EncodePlain<double>(const double*, int64_t, std::string*);
template void EncodePlain<Int96>(const Int96*, int64_t, std::string*);

void EncodePlainBoolean(const uint8_t* values, int64_t n, std::string* out) {
  const size_t at = out->size();
  out->append(static_cast<size_t>((n + 7) / 8), '\0');
  auto* bits = reinterpret_cast<uint8_t*>(out->data() + at);
  for (int64_t i = 0; i < n; ++i) {
    if (values[i]) columnar::SetBit(bits, i);
  }
}

void EncodePlainByteArray(const std::string_view* values, int64_t n, std::string* out) {
  for (int64_t i = 0; i < n; ++i) {
    AppendLittleEndian(*out, static_cast<uint32_t>(values[i].size()));
    out->append(values[i]);
  }
}

void EncodePlainFixedLenByteArray(const uint8_t* values, int64_t n, int width, std::string* out) {
  out->append(reinterpret_cast<const char*>(values), static_cast<size_t>(n * width));
}

}  // namespace floe::parquet
