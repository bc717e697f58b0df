// UUIDs (RFC 4122) and the process-wide id source. FLOE_TEST_SEED seeds the source so that
// every UUID and snapshot id floe generates is deterministic in tests (docs/cli.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace floe {

struct Uuid {
  std::array<uint8_t, 16> bytes{};

  std::string ToString() const;  // canonical lowercase 8-4-4-4-12
  static std::optional<Uuid> Parse(std::string_view text);
  bool operator==(const Uuid&) const = default;
};

// A random (version 4) UUID from the id source.
Uuid NewUuid();
// A positive 63-bit id (snapshot ids) from the id source.
int64_t NewPositiveId();
// 64 random bits from the id source.
uint64_t NextRandom();

}  // namespace floe
