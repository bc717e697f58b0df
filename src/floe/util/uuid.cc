#include "floe/util/uuid.h"

#include <fmt/format.h>

#include <cstdlib>
#include <mutex>
#include <random>

namespace floe {
namespace {

class IdSource {
 public:
  IdSource() {
    const char* seed = std::getenv("FLOE_TEST_SEED");
    if (seed != nullptr && *seed != '\0') {
      engine_.seed(std::strtoull(seed, nullptr, 10));
    } else {
      std::random_device device;
      engine_.seed((static_cast<uint64_t>(device()) << 32) ^ device());
    }
  }
  uint64_t Next() {
    std::lock_guard<std::mutex> lock(mutex_);
    return engine_();
  }

 private:
  std::mutex mutex_;
  std::mt19937_64 engine_;
};

IdSource& Source() {
  static IdSource source;
  return source;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string Uuid::ToString() const {
  std::string out;
  out.reserve(36);
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    fmt::format_to(std::back_inserter(out), "{:02x}", bytes[i]);
  }
  return out;
}

std::optional<Uuid> Uuid::Parse(std::string_view text) {
  if (text.size() != 36) return std::nullopt;
  Uuid uuid;
  size_t j = 0;
  for (size_t i = 0; i < 36;) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (text[i] != '-') return std::nullopt;
      ++i;
      continue;
    }
    int hi = HexValue(text[i]), lo = HexValue(text[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    uuid.bytes[j++] = static_cast<uint8_t>(hi * 16 + lo);
    i += 2;
  }
  return uuid;
}

uint64_t NextRandom() { return Source().Next(); }

Uuid NewUuid() {
  Uuid uuid;
  uint64_t a = NextRandom(), b = NextRandom();
  for (int i = 0; i < 8; ++i) {
    uuid.bytes[i] = static_cast<uint8_t>(a >> (56 - 8 * i));
    uuid.bytes[8 + i] = static_cast<uint8_t>(b >> (56 - 8 * i));
  }
  uuid.bytes[6] = (uuid.bytes[6] & 0x0F) | 0x40;  // version 4
  uuid.bytes[8] = (uuid.bytes[8] & 0x3F) | 0x80;  // RFC 4122 variant
  return uuid;
}

int64_t NewPositiveId() {
  int64_t id = static_cast<int64_t>(NextRandom() & 0x7FFFFFFFFFFFFFFFULL);
  return id == 0 ? 1 : id;
}

}  // namespace floe
