// The lookup a dictionary-encoding column writer does for every value: from a value to its index
// in the chunk's dictionary, inserting the next index for a value not seen yet.
//
// An open-addressing table (linear probing, at most half full) of 16-byte slots: a 32-bit hash of
// the value, its index, and a payload the writer chooses — a number's own bits, or where a byte
// array's bytes are in the writer's PLAIN dictionary. `same(payload)` compares the value looked up
// with a stored one, only when the hashes agree. A writer looking up many values prefetches: the
// slot of a value some values ahead (Prefetch), and, a few values ahead, the bytes the slot points
// to (Peek), so that the lookups' cache misses overlap instead of following one another.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace floe::parquet {

class DictionaryIndexMap {
 public:
  // The index of the value hashed to `hash` for which same(payload) is true; when there is none,
  // `next` is stored for it with `payload`, returned, and *inserted set.
  template <typename Same>
  uint32_t FindOrInsert(uint32_t hash, uint64_t payload, uint32_t next, Same&& same,
                        bool* inserted) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.index_plus_one == 0) {
        s = Slot{hash, next + 1, payload};
        ++size_;
        *inserted = true;
        return next;
      }
      if (s.hash == hash && same(s.payload)) {
        *inserted = false;
        return s.index_plus_one - 1;
      }
    }
  }

  // Brings the first slot a lookup of `hash` reads into the cache.
  void Prefetch(uint32_t hash) const { PrefetchAddress(&slots_[hash & (slots_.size() - 1)]); }

  // A hint to load the cache line at `p` (never faults). On x86-64 an explicit instruction: g++ 12
  // drops many __builtin_prefetch calls as dead code.
  static void PrefetchAddress(const void* p) {
#if defined(__x86_64__)
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
#else
    __builtin_prefetch(p);
#endif
  }
  // The payload of the first slot a lookup of `hash` reads, when that slot has the same hash
  // (most likely the value's own): what to prefetch next.
  const uint64_t* Peek(uint32_t hash) const {
    const Slot& s = slots_[hash & (slots_.size() - 1)];
    return s.index_plus_one != 0 && s.hash == hash ? &s.payload : nullptr;
  }

  DictionaryIndexMap() { clear(); }

  // Empties the table and gives its memory back.
  void clear() {
    std::vector<Slot>(kMinSlots).swap(slots_);  // never empty: lookups need no check
    size_ = 0;
  }
  size_t memory_bytes() const { return slots_.capacity() * sizeof(Slot); }

  // Hashes of the values looked up: any good mix works, the table only needs it to be the same
  // for equal values.
  static uint32_t HashBits(uint64_t bits) {
    uint64_t h = (bits ^ (bits >> 29)) * 0xBF58476D1CE4E5B9ULL;
    return static_cast<uint32_t>(h ^ (h >> 32));
  }
  static uint32_t HashBytes(std::string_view bytes) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ bytes.size();
    size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, bytes.data() + i, 8);
      h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
      h ^= h >> 32;
    }
    if (i < bytes.size()) {
      uint64_t w = 0;
      std::memcpy(&w, bytes.data() + i, bytes.size() - i);
      h = (h ^ w) * 0xC4CEB9FE1A85EC53ULL;
      h ^= h >> 32;
    }
    return HashBits(h);
  }

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t index_plus_one = 0;  // 0: empty
    uint64_t payload = 0;
  };

  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.index_plus_one == 0) continue;
      size_t i = s.hash & mask;
      while (slots_[i].index_plus_one != 0) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }

  static constexpr size_t kMinSlots = 256;
  std::vector<Slot> slots_;  // a power of two, at most half full
  size_t size_ = 0;
};

}  // namespace floe::parquet
