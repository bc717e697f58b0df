#include "floe/format/parquet/value_order.h"

#include <algorithm>
#include <cmath>

#include "floe/util/bytes.h"

namespace floe::parquet {

float HalfToFloat(uint16_t bits) {
  int sign = (bits >> 15) != 0 ? -1 : 1;
  int exponent = (bits >> 10) & 0x1F;
  int mantissa = bits & 0x3FF;
  if (exponent == 0)
    return static_cast<float>(sign) * std::ldexp(static_cast<float>(mantissa), -24);
  if (exponent == 31) return mantissa == 0 ? static_cast<float>(sign) * INFINITY : NAN;
  return static_cast<float>(sign) * std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
}

namespace {

template <typename T>
T Load(std::string_view s) {
  T v{};
  std::memcpy(&v, s.data(), std::min(sizeof(T), s.size()));
  return v;
}

bool BytesLess(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  int c = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);  // memcmp compares unsigned bytes
  return c < 0 || (c == 0 && a.size() < b.size());
}

// Big-endian two's complement integers of any lengths, by value.
bool DecimalLess(std::string_view a, std::string_view b) {
  bool a_negative = !a.empty() && (static_cast<uint8_t>(a[0]) & 0x80) != 0;
  bool b_negative = !b.empty() && (static_cast<uint8_t>(b[0]) & 0x80) != 0;
  if (a_negative != b_negative) return a_negative;
  // Same sign: sign-extend the shorter to the longer length, then compare as unsigned bytes.
  size_t n = std::max(a.size(), b.size());
  char fill = a_negative ? '\xFF' : '\0';
  std::string x(n - a.size(), fill), y(n - b.size(), fill);
  x.append(a);
  y.append(b);
  return BytesLess(x, y);
}

}  // namespace

bool PlainLess(Type type, ValueOrder order, std::string_view a, std::string_view b) {
  switch (order) {
    case ValueOrder::kNone:
      return false;
    case ValueOrder::kSigned:
      if (type == Type::kInt64) return Load<int64_t>(a) < Load<int64_t>(b);
      if (type == Type::kBoolean) return Load<uint8_t>(a) < Load<uint8_t>(b);
      return Load<int32_t>(a) < Load<int32_t>(b);
    case ValueOrder::kUnsigned:
      if (type == Type::kInt64) return Load<uint64_t>(a) < Load<uint64_t>(b);
      return Load<uint32_t>(a) < Load<uint32_t>(b);
    case ValueOrder::kFloat:
      if (type == Type::kDouble) return Load<double>(a) < Load<double>(b);
      return Load<float>(a) < Load<float>(b);
    case ValueOrder::kBytes:
      return BytesLess(a, b);
    case ValueOrder::kDecimalBytes:
      return DecimalLess(a, b);
    case ValueOrder::kFloat16:
      return HalfToFloat(Load<uint16_t>(a)) < HalfToFloat(Load<uint16_t>(b));
  }
  return false;
}

}  // namespace floe::parquet
