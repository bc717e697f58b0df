// HyperLogLog (Flajolet et al. 2007) with two of HLL++'s changes (Heule et al. 2013): a 64-bit
// hash (xxHash64 of the value's key bytes, seed 42), so no large-range correction, and linear
// counting while registers are still empty and the raw estimate is at most 2.5 m. It keeps
// 2^precision one-byte registers; the relative standard error is about 1.04 / sqrt(2^precision).
// Not the empirical bias tables of HLL++: estimates are close to, not equal to, Spark's.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace floe::sql {

// xxHash64 (Collet's XXH64) of `bytes`.
uint64_t XxHash64(std::string_view bytes, uint64_t seed);

class HyperLogLog {
 public:
  explicit HyperLogLog(int precision) : precision_(precision) {}

  // Spark's precision for a relative standard deviation: ceil(2 log2(1.106 / rsd)).
  static int PrecisionFor(double relative_sd);

  void AddHash(uint64_t hash);
  void Merge(const HyperLogLog& other);
  int64_t Estimate() const;

 private:
  int precision_;
  std::vector<uint8_t> registers_;  // empty until the first value
};

}  // namespace floe::sql
