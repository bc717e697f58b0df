#include "floe/util/murmur3.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

TEST(Murmur3Test, PublishedVectors) {
  EXPECT_EQ(Murmur3X86_32("", 0), 0u);
  EXPECT_EQ(Murmur3X86_32("", 1), 0x514E28B7u);
  EXPECT_EQ(Murmur3X86_32("test", 0), 0xBA6BD213u);
  EXPECT_EQ(Murmur3X86_32("Hello, world!", 1234), 0xFAF6CDB3u);
  EXPECT_EQ(Murmur3X86_32("The quick brown fox jumps over the lazy dog", 0), 0x2E4FF723u);
}

TEST(Murmur3Test, EveryTailLength) {
  EXPECT_EQ(Murmur3X86_32("a"), 0x3C2569B2u);
  EXPECT_EQ(Murmur3X86_32("ab"), 0x9BBFD75Fu);
  EXPECT_EQ(Murmur3X86_32("abc"), 0xB3DD93FAu);
}

TEST(Murmur3Test, IcebergSpecValue) {
  // spec Appendix B: hashLong(34) = 2017239379.
  const uint8_t bytes[8] = {0x22, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(static_cast<int32_t>(Murmur3X86_32(bytes, sizeof(bytes))), 2017239379);
}

}  // namespace
}  // namespace floe
