#include "floe/sql/exec/hyper_log_log.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace floe::sql {
namespace {

constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
constexpr uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;

uint64_t Rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
uint64_t Round(uint64_t acc, uint64_t input) { return Rotl(acc + input * kPrime2, 31) * kPrime1; }
uint64_t MergeRound(uint64_t acc, uint64_t v) { return (acc ^ Round(0, v)) * kPrime1 + kPrime4; }
uint64_t Read64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
uint32_t Read32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

uint64_t XxHash64(std::string_view bytes, uint64_t seed) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  const uint8_t* end = p + bytes.size();
  uint64_t h;
  if (bytes.size() >= 32) {
    uint64_t v1 = seed + kPrime1 + kPrime2, v2 = seed + kPrime2, v3 = seed, v4 = seed - kPrime1;
    for (; p + 32 <= end; p += 32) {
      v1 = Round(v1, Read64(p));
      v2 = Round(v2, Read64(p + 8));
      v3 = Round(v3, Read64(p + 16));
      v4 = Round(v4, Read64(p + 24));
    }
    h = Rotl(v1, 1) + Rotl(v2, 7) + Rotl(v3, 12) + Rotl(v4, 18);
    h = MergeRound(MergeRound(MergeRound(MergeRound(h, v1), v2), v3), v4);
  } else {
    h = seed + kPrime5;
  }
  h += bytes.size();
  for (; p + 8 <= end; p += 8) h = Rotl(h ^ Round(0, Read64(p)), 27) * kPrime1 + kPrime4;
  if (p + 4 <= end) {
    h = Rotl(h ^ (static_cast<uint64_t>(Read32(p)) * kPrime1), 23) * kPrime2 + kPrime3;
    p += 4;
  }
  for (; p < end; ++p) h = Rotl(h ^ (*p * kPrime5), 11) * kPrime1;
  h ^= h >> 33;
  h *= kPrime2;
  h ^= h >> 29;
  h *= kPrime3;
  h ^= h >> 32;
  return h;
}

int HyperLogLog::PrecisionFor(double relative_sd) {
  return static_cast<int>(std::ceil(2.0 * std::log(1.106 / relative_sd) / std::log(2.0)));
}

void HyperLogLog::AddHash(uint64_t hash) {
  if (registers_.empty()) registers_.assign(size_t{1} << precision_, 0);
  const size_t index = hash >> (64 - precision_);
  // The rank of the first 1 bit after the index bits (a guard bit bounds it).
  const uint64_t rest = (hash << precision_) | (uint64_t{1} << (precision_ - 1));
  const auto rank = static_cast<uint8_t>(__builtin_clzll(rest) + 1);
  registers_[index] = std::max(registers_[index], rank);
}

void HyperLogLog::Merge(const HyperLogLog& other) {
  if (other.registers_.empty()) return;
  if (registers_.empty()) {
    registers_ = other.registers_;
    return;
  }
  for (size_t i = 0; i < registers_.size(); ++i)
    registers_[i] = std::max(registers_[i], other.registers_[i]);
}

int64_t HyperLogLog::Estimate() const {
  if (registers_.empty()) return 0;
  const auto m = static_cast<double>(registers_.size());
  double sum = 0;
  int64_t zeros = 0;
  for (uint8_t r : registers_) {
    sum += std::ldexp(1.0, -r);
    zeros += r == 0;
  }
  double alpha = 0.7213 / (1.0 + 1.079 / m);
  if (registers_.size() == 16) alpha = 0.673;
  if (registers_.size() == 32) alpha = 0.697;
  if (registers_.size() == 64) alpha = 0.709;
  double estimate = alpha * m * m / sum;
  if (zeros > 0 && estimate <= 2.5 * m) estimate = m * std::log(m / static_cast<double>(zeros));
  return static_cast<int64_t>(std::llround(estimate));
}

}  // namespace floe::sql
