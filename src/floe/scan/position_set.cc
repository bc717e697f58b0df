#include "floe/scan/position_set.h"

#include <roaring/roaring.h>

#include <algorithm>
#include <cassert>

namespace floe::scan {
namespace {

void FreeBitmap(roaring_bitmap_s* bitmap) { roaring_bitmap_free(bitmap); }

uint32_t KeyOf(int64_t position) {
  return static_cast<uint32_t>(static_cast<uint64_t>(position) >> 32);
}
uint32_t LowOf(int64_t position) { return static_cast<uint32_t>(static_cast<uint64_t>(position)); }

}  // namespace

roaring_bitmap_s* PositionSet::BucketFor(uint32_t key) {
  // Positions mostly arrive ascending: look at the last bucket first.
  if (!buckets_.empty() && buckets_.back().key == key) return buckets_.back().bitmap.get();
  auto it = std::lower_bound(buckets_.begin(), buckets_.end(), key,
                             [](const Bucket& b, uint32_t k) { return b.key < k; });
  if (it != buckets_.end() && it->key == key) return it->bitmap.get();
  Bucket bucket{key, {roaring_bitmap_create(), &FreeBitmap}};
  it = buckets_.insert(it, std::move(bucket));
  return it->bitmap.get();
}

void PositionSet::Add(int64_t position) {
  assert(position >= 0);
  roaring_bitmap_add(BucketFor(KeyOf(position)), LowOf(position));
}

void PositionSet::Merge(const PositionSet& other) {
  for (const Bucket& b : other.buckets_) {
    roaring_bitmap_or_inplace(BucketFor(b.key), b.bitmap.get());
  }
}

void PositionSet::AppendBucket(uint32_t key, roaring_bitmap_s* bitmap) {
  assert(buckets_.empty() || buckets_.back().key < key);
  buckets_.push_back(Bucket{key, {bitmap, &FreeBitmap}});
}

bool PositionSet::Contains(int64_t position) const {
  if (position < 0) return false;
  uint32_t key = KeyOf(position);
  auto it = std::lower_bound(buckets_.begin(), buckets_.end(), key,
                             [](const Bucket& b, uint32_t k) { return b.key < k; });
  return it != buckets_.end() && it->key == key &&
         roaring_bitmap_contains(it->bitmap.get(), LowOf(position));
}

void PositionSet::MarkRange(int64_t first, int64_t count, uint8_t* marks) const {
  if (count <= 0) return;
  const int64_t last = first + count - 1;
  auto it = std::lower_bound(buckets_.begin(), buckets_.end(), KeyOf(first),
                             [](const Bucket& b, uint32_t k) { return b.key < k; });
  for (; it != buckets_.end() && it->key <= KeyOf(last); ++it) {
    const int64_t base = static_cast<int64_t>(it->key) << 32;
    // The part of [first, last] inside this bucket, as 32-bit sub-positions.
    uint32_t low = it->key == KeyOf(first) ? LowOf(first) : 0;
    uint32_t high = it->key == KeyOf(last) ? LowOf(last) : 0xFFFFFFFFu;
    roaring_uint32_iterator_t values;
    roaring_init_iterator(it->bitmap.get(), &values);
    if (!roaring_move_uint32_iterator_equalorlarger(&values, low)) continue;
    while (values.has_value && values.current_value <= high) {
      marks[base + values.current_value - first] = 1;
      roaring_advance_uint32_iterator(&values);
    }
  }
}

int64_t PositionSet::Cardinality() const {
  int64_t n = 0;
  for (const Bucket& b : buckets_)
    n += static_cast<int64_t>(roaring_bitmap_get_cardinality(b.bitmap.get()));
  return n;
}

std::vector<int64_t> PositionSet::ToVector() const {
  std::vector<int64_t> out;
  for (const Bucket& b : buckets_) {
    size_t n = roaring_bitmap_get_cardinality(b.bitmap.get());
    std::vector<uint32_t> lows(n);
    roaring_bitmap_to_uint32_array(b.bitmap.get(), lows.data());
    for (uint32_t low : lows) out.push_back((static_cast<int64_t>(b.key) << 32) | low);
  }
  return out;
}

}  // namespace floe::scan
