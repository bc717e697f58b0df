// The dictionary lookup table against std::map on the same keys: indices handed out in first-seen
// order, found again later, with hashes that collide on purpose (every probe path), across growth.
#include "floe/format/parquet/dictionary_index_map.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

namespace floe::parquet {
namespace {

// Looks up `key`, the way a column writer does: the payload is the key's position in `keys`.
uint32_t Lookup(DictionaryIndexMap& map, std::vector<std::string>& keys, const std::string& key,
                uint32_t hash, bool* inserted) {
  uint32_t next = static_cast<uint32_t>(keys.size());
  uint32_t index = map.FindOrInsert(
      hash, next, next, [&](uint64_t stored) { return keys[stored] == key; }, inserted);
  if (*inserted) keys.push_back(key);
  return index;
}

TEST(DictionaryIndexMapTest, IndicesInFirstSeenOrderAcrossGrowthAndCollisions) {
  for (uint32_t modulus : {1u, 7u, 1u << 30}) {  // every key in one chain, a few chains, spread out
    SCOPED_TRACE(modulus);
    DictionaryIndexMap map;
    std::vector<std::string> keys;
    std::map<std::string, uint32_t> expected;
    std::mt19937_64 rng(modulus);
    int lookups = modulus == 1u << 30 ? 60000 : 3000;  // colliding hashes probe long chains
    int own_peeks = 0;
    for (int i = 0; i < lookups; ++i) {
      std::string key = std::to_string(rng() % (lookups / 3));
      uint32_t hash = DictionaryIndexMap::HashBytes(key) % modulus;
      map.Prefetch(hash);
      bool inserted = false;
      uint32_t index = Lookup(map, keys, key, hash, &inserted);
      auto it = expected.find(key);
      if (it == expected.end()) {
        ASSERT_TRUE(inserted) << key;
        ASSERT_EQ(index, expected.size());
        expected.emplace(key, index);
      } else {
        ASSERT_FALSE(inserted) << key;
        ASSERT_EQ(index, it->second) << key;
      }
      // Peek gives the payload of the first slot a lookup reads when it has the same hash.
      if (const uint64_t* peeked = map.Peek(hash)) {
        ASSERT_EQ(DictionaryIndexMap::HashBytes(keys[*peeked]) % modulus, hash);
        own_peeks += *peeked == index;
      }
    }
    if (modulus == 1u << 30) {
      EXPECT_GT(own_peeks, lookups * 3 / 4);  // mostly the value's own slot
    }
    EXPECT_EQ(keys.size(), expected.size());
    EXPECT_GE(map.memory_bytes(), expected.size() * 2 * 16);  // at most half full
    map.clear();
    EXPECT_LE(map.memory_bytes(), 4096u) << "clear gives the table memory back";
    bool inserted = false;
    uint32_t next = static_cast<uint32_t>(keys.size());
    EXPECT_EQ(Lookup(map, keys, "again", 5, &inserted), next);
    EXPECT_TRUE(inserted);
  }
}

TEST(DictionaryIndexMapTest, HashesDependOnEveryByte) {
  // Equal values hash equally; values differing in one byte (any position, any length) do not
  // all collide.
  std::string base(40, 'a');
  for (size_t len = 0; len <= base.size(); ++len) {
    std::string s = base.substr(0, len);
    EXPECT_EQ(DictionaryIndexMap::HashBytes(s), DictionaryIndexMap::HashBytes(std::string(s)));
    for (size_t i = 0; i < len; ++i) {
      std::string t = s;
      t[i] = 'b';
      EXPECT_NE(DictionaryIndexMap::HashBytes(s), DictionaryIndexMap::HashBytes(t))
          << len << " " << i;
    }
  }
  EXPECT_NE(DictionaryIndexMap::HashBits(1), DictionaryIndexMap::HashBits(2));
  EXPECT_NE(DictionaryIndexMap::HashBytes(std::string_view("\0", 1)),
            DictionaryIndexMap::HashBytes(""));
}

}  // namespace
}  // namespace floe::parquet
