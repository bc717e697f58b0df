// A set of row positions (int64 >= 0) in one data file: the rows that position deletes or a
// deletion vector remove. Stored as the spec's deletion vectors store them ("Deletion Vectors"
// in the Puffin spec): positions split into a 32-bit key (high half) and a 32-bit
// sub-position (low half), one 32-bit Roaring bitmap per key, buckets sorted by key. Debian's
// libroaring (0.2.66) has no 64-bit C API, hence this small wrapper.
// Move-only; const methods are safe to call from several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

struct roaring_bitmap_s;

namespace floe::scan {

class PositionSet {
 public:
  // One 32-bit bitmap for the positions whose high 32 bits are `key`.
  struct Bucket {
    uint32_t key = 0;
    std::unique_ptr<roaring_bitmap_s, void (*)(roaring_bitmap_s*)> bitmap;
  };

  PositionSet() = default;
  PositionSet(PositionSet&&) = default;
  PositionSet& operator=(PositionSet&&) = default;

  // Adds a position; the caller checks 0 <= position.
  void Add(int64_t position);
  // Adds every position of `other`.
  void Merge(const PositionSet& other);
  // Appends a bucket whose key is greater than every key so far (decoders build sets this way);
  // takes ownership of `bitmap`.
  void AppendBucket(uint32_t key, roaring_bitmap_s* bitmap);

  bool Contains(int64_t position) const;
  // For the positions first .. first + count - 1: sets marks[p - first] = 1 for each one in the
  // set (other marks are left alone). Walks only the set's members in that range, which is what
  // a batch of consecutive rows needs. The caller checks first >= 0 and count >= 0.
  void MarkRange(int64_t first, int64_t count, uint8_t* marks) const;
  int64_t Cardinality() const;
  bool empty() const { return Cardinality() == 0; }
  const std::vector<Bucket>& buckets() const { return buckets_; }

  // Every position, ascending (tests and small sets).
  std::vector<int64_t> ToVector() const;

 private:
  // The bucket for `key`, created (in key order) when absent.
  roaring_bitmap_s* BucketFor(uint32_t key);

  std::vector<Bucket> buckets_;
};

}  // namespace floe::scan
