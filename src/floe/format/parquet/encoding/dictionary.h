// Dictionary encoding (Encodings.md "Dictionary Encoding", PLAIN_DICTIONARY = 2 and
// RLE_DICTIONARY = 8): the dictionary page holds the distinct values PLAIN-encoded; data pages
// hold a bit-width byte and RLE/bit-packed indices into it. A dictionary is decoded once per
// dictionary page; data pages gather from it (DESIGN: batches carry no dictionary columns).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The indices of a dictionary-encoded data page.
class DictionaryIndexDecoder {
 public:
  // data: the page's value bytes, starting with the bit-width byte (0..32, Corrupt otherwise).
  Status Init(std::span<const uint8_t> data);
  // Exactly n indices, or Corrupt.
  Status Decode(uint32_t* out, int64_t n) { return runs_.Decode(out, n); }
  Result<int64_t> Skip(int64_t n) { return runs_.Skip(n); }

 private:
  RleBitPackedDecoder runs_;
};

// Dictionary of a fixed-width physical type: INT32, INT64, FLOAT, DOUBLE (width 4/8), INT96 (12)
// or FIXED_LEN_BYTE_ARRAY (its type length).
class FixedWidthDictionary {
 public:
  // The dictionary page's PLAIN values; num_values from its header. Corrupt when they do not fit.
  static Result<FixedWidthDictionary> FromPlain(std::span<const uint8_t> data, int64_t num_values,
                                                int width);
  int64_t size() const { return size_; }
  int width() const { return width_; }
  const uint8_t* values() const { return reinterpret_cast<const uint8_t*>(values_.data()); }

  // out[i] = dictionary[indices[i]] (n * width bytes). Corrupt on an index out of range.
  Status Gather(const uint32_t* indices, int64_t n, uint8_t* out) const;
  template <typename T>
  Status Gather(const uint32_t* indices, int64_t n, T* out) const {
    if (static_cast<int>(sizeof(T)) != width_) {
      return InvalidArgument("dictionary of {}-byte values gathered as {}-byte values", width_,
                             sizeof(T));
    }
    return Gather(indices, n, reinterpret_cast<uint8_t*>(out));
  }

 private:
  std::string values_;
  int64_t size_ = 0;
  int width_ = 0;
};

// Dictionary of BYTE_ARRAY values (strings, binary, decimals in binary).
class ByteArrayDictionary {
 public:
  static Result<ByteArrayDictionary> FromPlain(std::span<const uint8_t> data, int64_t num_values);
  int64_t size() const { return static_cast<int64_t>(offsets_.size()) - 1; }
  std::string_view value(int64_t i) const {
    return std::string_view(bytes_).substr(static_cast<size_t>(offsets_[static_cast<size_t>(i)]),
                                           static_cast<size_t>(offsets_[i + 1] - offsets_[i]));
  }
  // Appends dictionary[indices[i]] for i < n. Corrupt on an index out of range.
  Status Gather(const uint32_t* indices, int64_t n, columnar::BinaryBuilder* out) const;

 private:
  std::string bytes_;
  std::vector<int64_t> offsets_{0};
  // The length every entry has (flags, codes, fixed-width ids), or -1: Gather then copies each
  // value with a copy of that fixed size and needs no pass to count the bytes.
  int64_t common_length_ = -1;
};

// Decodes n values of a dictionary-encoded page: indices in chunks, gathered into out.
template <typename T>
Status DecodeDictionaryPage(DictionaryIndexDecoder& indices, const FixedWidthDictionary& dict,
                            int64_t n, T* out);
Status DecodeDictionaryPage(DictionaryIndexDecoder& indices, const ByteArrayDictionary& dict,
                            int64_t n, columnar::BinaryBuilder* out);

}  // namespace floe::parquet
