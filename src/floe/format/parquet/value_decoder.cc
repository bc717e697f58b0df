#include "floe/format/parquet/value_decoder.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/encoding/byte_stream_split.h"
#include "floe/format/parquet/encoding/delta_binary_packed.h"
#include "floe/format/parquet/encoding/delta_byte_array.h"
#include "floe/format/parquet/encoding/delta_length_byte_array.h"
#include "floe/format/parquet/encoding/dictionary.h"
#include "floe/format/parquet/encoding/plain.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "floe/util/bytes.h"

namespace floe::parquet {

namespace {

using columnar::ArrayData;
using columnar::ArrayPtr;
using columnar::Buffer;
using columnar::BufferPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

std::span<const uint8_t> Bytes(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

bool IsDictionary(Encoding e) {
  return e == Encoding::kPlainDictionary || e == Encoding::kRleDictionary;
}

// Passes over n dictionary indices (any physical type's dictionary-encoded values).
Status SkipIndices(DictionaryIndexDecoder& indices, int64_t n) {
  FLOE_ASSIGN_OR_RETURN(int64_t skipped, indices.Skip(n));
  if (skipped != n)
    return Corrupt("dictionary indices end after {} of {} values skipped", skipped, n);
  return Ok();
}

// Of the next `advance` indices of a dictionary-encoded page, those at `runs` (sorted, disjoint,
// inside [0, advance)) handed to gather(indices, count) in one call.
template <typename Gather>
Status GatherIndexRuns(DictionaryIndexDecoder& indices, std::span<const RowRange> runs,
                       int64_t advance, std::vector<uint32_t>* scratch, Gather gather) {
  FLOE_RETURN_IF_ERROR(CoveredRows(runs, advance, "value"));
  scratch->resize(static_cast<size_t>(advance));
  uint32_t* idx = scratch->data();
  FLOE_RETURN_IF_ERROR(indices.Decode(idx, advance));
  // The kept indices moved to the front, in place: a kept index never moves right.
  int64_t kept = 0;
  for (const RowRange& r : runs) {
    for (int64_t i = r.first; i < r.last; ++i) idx[kept++] = idx[i];
  }
  return gather(idx, kept);
}

Status UnsupportedEncoding(Encoding e, std::string_view physical) {
  return NotSupported("encoding {} for {} values", EncodingName(e), physical);
}

// Fixed-width values appended into one growing buffer, finished as an array without nulls.
class DenseFixedOutput {
 public:
  DenseFixedOutput(DataTypePtr type, int width) : type_(std::move(type)), width_(width) {}

  // Room for n more values, allocated without zeroing when the batch starts (every byte up to
  // the final length is written by the decoders).
  void Reserve(int64_t n) {
    if (data_) {
      (void)data_->Reserve((length_ + n) * width_);
      return;
    }
    auto b = Buffer::AllocateForWriting(n * width_);
    if (b.ok()) data_ = std::move(b).value();
  }

  Result<uint8_t*> Append(int64_t n) {
    int64_t bytes = (length_ + n) * width_;
    if (!data_) {
      FLOE_ASSIGN_OR_RETURN(data_, Buffer::Allocate(bytes));
    } else {
      FLOE_RETURN_IF_ERROR(data_->Resize(bytes));
    }
    uint8_t* out = data_->mutable_data() + length_ * width_;
    length_ += n;
    return out;
  }

  Result<ArrayPtr> Finish() {
    if (!data_) {
      FLOE_ASSIGN_OR_RETURN(data_, Buffer::Allocate(0));
    }
    // Bytes reserved but not written stay zero (no stale memory in the padding).
    std::memset(data_->mutable_data() + data_->size(), 0,
                static_cast<size_t>(data_->capacity() - data_->size()));
    ArrayPtr out = ArrayData::Make(type_, length_, {nullptr, std::move(data_)});
    data_.reset();
    length_ = 0;
    return out;
  }

 private:
  DataTypePtr type_;
  int width_;
  BufferPtr data_;
  int64_t length_ = 0;
};

// The values of one page of a fixed-width physical type (`width` bytes each), as raw bytes.
class FixedWidthPageValues {
 public:
  FixedWidthPageValues(Type physical, int width) : physical_(physical), width_(width) {}

  Status SetDictionary(const Page& page) {
    FLOE_ASSIGN_OR_RETURN(
        dictionary_, FixedWidthDictionary::FromPlain(Bytes(page.values), page.num_values, width_));
    return Ok();
  }

  Status Start(const Page& page) {
    encoding_ = page.encoding;
    data_ = Bytes(page.values);
    pos_ = 0;
    if (IsDictionary(encoding_)) {
      if (!dictionary_) return Corrupt("dictionary-encoded page without a dictionary page");
      return indices_.Init(data_);
    }
    switch (encoding_) {
      case Encoding::kPlain:
        return Ok();
      case Encoding::kDeltaBinaryPacked:
        if (physical_ == Type::kInt32) return delta32_.Init(data_);
        if (physical_ == Type::kInt64) return delta64_.Init(data_);
        break;
      case Encoding::kByteStreamSplit:
        return split_.Init(data_, width_);
      case Encoding::kDeltaByteArray:
        if (physical_ == Type::kFixedLenByteArray) return delta_bytes_.Init(data_, page.num_values);
        break;
      default:
        break;
    }
    return UnsupportedEncoding(encoding_, TypeName(physical_));
  }

  // n values, n * width bytes at out.
  Status Decode(int64_t n, uint8_t* out) {
    if (IsDictionary(encoding_)) return DecodeDictionaryPage(indices_, *dictionary_, n, out);
    switch (encoding_) {
      case Encoding::kPlain: {
        FLOE_ASSIGN_OR_RETURN(size_t used,
                              DecodePlainFixedLenByteArray(data_.subspan(pos_), n, width_, out));
        pos_ += used;
        return Ok();
      }
      case Encoding::kDeltaBinaryPacked:
        if (physical_ == Type::kInt32) {
          return delta32_.Decode(reinterpret_cast<int32_t*>(out), n);
        }
        return delta64_.Decode(reinterpret_cast<int64_t*>(out), n);
      case Encoding::kByteStreamSplit:
        return split_.Decode(n, out);
      default:
        return delta_bytes_.DecodeFixed(n, width_, out);
    }
  }

  Status DecodeIndices(int64_t n, uint32_t* out) {
    if (!IsDictionary(encoding_))
      return NotSupported("{} values read as dictionary indices", EncodingName(encoding_));
    return indices_.Decode(out, n);
  }
  const FixedWidthDictionary* dictionary() const { return dictionary_ ? &*dictionary_ : nullptr; }
  bool plain() const { return encoding_ == Encoding::kPlain; }
  bool dictionary_encoded() const { return IsDictionary(encoding_); }

  // Dictionary-encoded pages: the next n values gathered from `dict` (the page's dictionary, or
  // its entries converted to the output's type).
  Status DecodeFrom(const FixedWidthDictionary& dict, int64_t n, uint8_t* out) {
    return DecodeDictionaryPage(indices_, dict, n, out);
  }
  // Dictionary-encoded pages: GatherPlainRuns's work, the values gathered from `dict`.
  Status GatherRunsFrom(const FixedWidthDictionary& dict, std::span<const RowRange> runs,
                        int64_t advance, uint8_t* out) {
    return GatherIndexRuns(
        indices_, runs, advance, &index_scratch_,
        [&](const uint32_t* idx, int64_t n) { return dict.Gather(idx, n, out); });
  }

  // PLAIN pages: the values of `runs` among the next `advance` copied to out, `advance` passed.
  Status GatherPlainRuns(std::span<const RowRange> runs, int64_t advance, uint8_t* out) {
    const auto w = static_cast<size_t>(width_);
    if (advance < 0 || static_cast<uint64_t>(advance) * w > data_.size() - pos_) {
      return Corrupt("PLAIN: {} values of {} bytes passed, {} bytes left in the page", advance,
                     width_, data_.size() - pos_);
    }
    const uint8_t* base = data_.data() + pos_;
    for (const RowRange& r : runs) {
      const auto n = static_cast<size_t>(r.last - r.first);
      const uint8_t* from = base + static_cast<size_t>(r.first) * w;
      // Single values (sparse selections) as fixed-size copies the compiler inlines.
      if (n == 1 && w == 8) {
        std::memcpy(out, from, 8);
      } else if (n == 1 && w == 4) {
        std::memcpy(out, from, 4);
      } else {
        std::memcpy(out, from, n * w);
      }
      out += n * w;
    }
    pos_ += static_cast<size_t>(advance) * w;
    return Ok();
  }

  // Passes over n values; `scratch` holds those that must be decoded to be passed.
  Status Skip(int64_t n, std::vector<uint8_t>* scratch) {
    if (IsDictionary(encoding_)) return SkipIndices(indices_, n);
    if (encoding_ == Encoding::kPlain) {
      const auto bytes = static_cast<uint64_t>(n) * static_cast<uint64_t>(width_);
      if (bytes > data_.size() - pos_) {
        return Corrupt("PLAIN: {} values of {} bytes skipped, {} bytes left in the page", n, width_,
                       data_.size() - pos_);
      }
      pos_ += static_cast<size_t>(bytes);
      return Ok();
    }
    constexpr int64_t kChunk = 4096;
    scratch->resize(static_cast<size_t>(std::min(n, kChunk) * width_));
    for (int64_t done = 0; done < n;) {
      const int64_t step = std::min(n - done, kChunk);
      FLOE_RETURN_IF_ERROR(Decode(step, scratch->data()));
      done += step;
    }
    return Ok();
  }

 private:
  Type physical_;
  int width_;
  Encoding encoding_ = Encoding::kPlain;
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::optional<FixedWidthDictionary> dictionary_;
  DictionaryIndexDecoder indices_;
  std::vector<uint32_t> index_scratch_;
  DeltaBinaryPackedDecoder<int32_t> delta32_;
  DeltaBinaryPackedDecoder<int64_t> delta64_;
  ByteStreamSplitDecoder split_;
  DeltaByteArrayDecoder delta_bytes_;
};

// How physical fixed-width values become the columnar type's values.
enum class Conversion {
  kCopy,  // same bytes (int32, int64, float, double, date, time, timestamp, fixed, ...)
  kInt8,  // INT32 narrowed
  kInt16,
  kInt32ToDecimal,  // sign-extended to 128 bits
  kInt64ToDecimal,
  kBigEndianDecimal,  // FIXED_LEN_BYTE_ARRAY big-endian two's complement
  kInt96ToNanos,
  kInt96ToMicros,
};

void StoreDecimal(__int128 v, uint8_t* out) { std::memcpy(out, &v, 16); }

// Wider than 16 bytes is read when the extra bytes only extend the sign (Impala's padding).
Status BigEndianToDecimal(const uint8_t* in, int width, uint8_t* out) {
  __int128 v = 0;
  if (width < 1 || !LoadWideBigEndianInt128(in, static_cast<size_t>(width), &v)) {
    std::string hex;
    for (int i = 0; i < std::min(width, 40); ++i) hex += fmt::format("{:02x}", in[i]);
    return Corrupt("decimal value of {} bytes (0x{}{}) does not fit 128 bits", width, hex,
                   width > 40 ? "..." : "");
  }
  StoreDecimal(v, out);
  return Ok();
}

// An INT96 as microseconds (Int96ToUnixMicros, Spark's arithmetic) or nanoseconds since the
// epoch: the sub-microsecond digits added, and a value outside 64-bit nanoseconds an error,
// never a wrapped timestamp.
Result<int64_t> Int96ToTimestamp(const uint8_t* in, Conversion conversion) {
  Int96 v;
  std::memcpy(&v, in, 12);
  const int64_t us = Int96ToUnixMicros(v);
  if (conversion == Conversion::kInt96ToMicros) return us;
  const __int128 nanos = static_cast<__int128>(us) * 1000 + Int96NanosOfDay(v) % 1000;
  if (nanos > INT64_MAX || nanos < INT64_MIN) {
    return NotSupported(
        "INT96 timestamp of {} microseconds since 1970 is outside the range of the 64-bit "
        "nanoseconds it is read in (years 1677-2262); read it in microseconds (a timestamp or "
        "timestamptz column; --int96-unit us in parquet cat)",
        us);
  }
  return static_cast<int64_t>(nanos);
}

Status Convert(Conversion conversion, const uint8_t* in, int64_t n, int in_width, uint8_t* out) {
  switch (conversion) {
    case Conversion::kCopy:
      std::memcpy(out, in, static_cast<size_t>(n * in_width));
      return Ok();
    case Conversion::kInt8:
      for (int64_t i = 0; i < n; ++i) {
        int32_t v;
        std::memcpy(&v, in + i * 4, 4);
        out[i] = static_cast<uint8_t>(v);
      }
      return Ok();
    case Conversion::kInt16:
      for (int64_t i = 0; i < n; ++i) {
        int32_t v;
        std::memcpy(&v, in + i * 4, 4);
        auto w = static_cast<uint16_t>(v);
        std::memcpy(out + i * 2, &w, 2);
      }
      return Ok();
    case Conversion::kInt32ToDecimal:
      for (int64_t i = 0; i < n; ++i) {
        int32_t v;
        std::memcpy(&v, in + i * 4, 4);
        StoreDecimal(v, out + i * 16);
      }
      return Ok();
    case Conversion::kInt64ToDecimal:
      for (int64_t i = 0; i < n; ++i) {
        int64_t v;
        std::memcpy(&v, in + i * 8, 8);
        StoreDecimal(v, out + i * 16);
      }
      return Ok();
    case Conversion::kBigEndianDecimal:
      for (int64_t i = 0; i < n; ++i) {
        FLOE_RETURN_IF_ERROR(BigEndianToDecimal(in + i * in_width, in_width, out + i * 16));
      }
      return Ok();
    case Conversion::kInt96ToNanos:
    case Conversion::kInt96ToMicros:
      for (int64_t i = 0; i < n; ++i) {
        FLOE_ASSIGN_OR_RETURN(int64_t v, Int96ToTimestamp(in + i * 12, conversion));
        std::memcpy(out + i * 8, &v, 8);
      }
      return Ok();
  }
  return Internal("unknown conversion");
}

int PhysicalWidth(const SchemaNode& leaf) {
  switch (*leaf.physical_type) {
    case Type::kInt32:
    case Type::kFloat:
      return 4;
    case Type::kInt64:
    case Type::kDouble:
      return 8;
    case Type::kInt96:
      return 12;
    default:
      return leaf.type_length;
  }
}

class FixedWidthDecoder final : public ValueDecoder {
 public:
  FixedWidthDecoder(const SchemaNode& leaf, DataTypePtr type, Conversion conversion)
      : pages_(*leaf.physical_type, PhysicalWidth(leaf)),
        conversion_(conversion),
        in_width_(PhysicalWidth(leaf)),
        out_width_(type->byte_width()),
        out_type_(type),
        out_(std::move(type), out_width_) {}

  Status SetDictionary(const Page& page) override {
    FLOE_RETURN_IF_ERROR(pages_.SetDictionary(page));
    // Values that need converting are converted once per dictionary, then gathered converted. A
    // dictionary with an entry that does not convert is left to the value-by-value path, which
    // reports the entry only if a row uses it.
    converted_.reset();
    if (conversion_ != Conversion::kCopy) {
      const FixedWidthDictionary& dict = *pages_.dictionary();
      std::vector<uint8_t> entries(static_cast<size_t>(dict.size() * out_width_));
      if (Convert(conversion_, dict.values(), dict.size(), in_width_, entries.data()).ok()) {
        FLOE_ASSIGN_OR_RETURN(converted_,
                              FixedWidthDictionary::FromPlain(entries, dict.size(), out_width_));
      }
    }
    return Ok();
  }
  Status StartPage(const Page& page) override { return pages_.Start(page); }
  void Reserve(int64_t n) override { out_.Reserve(n); }

  Status Decode(int64_t n) override {
    if (n <= 0) return Ok();
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, out_.Append(n));
    if (pages_.dictionary_encoded() && OutputDictionary())
      return pages_.DecodeFrom(*OutputDictionary(), n, out);
    if (conversion_ == Conversion::kCopy) return pages_.Decode(n, out);
    scratch_.resize(static_cast<size_t>(n * in_width_));
    FLOE_RETURN_IF_ERROR(pages_.Decode(n, scratch_.data()));
    return Convert(conversion_, scratch_.data(), n, in_width_, out);
  }

  Status Skip(int64_t n) override {
    if (n <= 0) return Ok();
    return pages_.Skip(n, &scratch_);
  }

  Result<ArrayPtr> Finish() override { return out_.Finish(); }

  Status DecodeIndices(int64_t n, uint32_t* out) override {
    if (n <= 0) return Ok();
    return pages_.DecodeIndices(n, out);
  }

  bool CanGatherRuns() const override {
    if (pages_.dictionary_encoded()) return OutputDictionary() != nullptr;
    return conversion_ == Conversion::kCopy && pages_.plain();
  }

  Status GatherRuns(std::span<const RowRange> runs, int64_t advance) override {
    FLOE_ASSIGN_OR_RETURN(int64_t total, CoveredRows(runs, advance, "value"));
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, out_.Append(total));
    if (pages_.dictionary_encoded())
      return pages_.GatherRunsFrom(*OutputDictionary(), runs, advance, out);
    return pages_.GatherPlainRuns(runs, advance, out);
  }

  Result<ArrayPtr> DictionaryValues() override {
    const FixedWidthDictionary* dict = pages_.dictionary();
    if (!dict) return NotSupported("no dictionary");
    DenseFixedOutput entries(out_type_, out_width_);
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, entries.Append(dict->size()));
    FLOE_RETURN_IF_ERROR(Convert(conversion_, dict->values(), dict->size(), in_width_, out));
    return entries.Finish();
  }

 private:
  FixedWidthPageValues pages_;
  Conversion conversion_;
  int in_width_;
  int out_width_;
  DataTypePtr out_type_;
  DenseFixedOutput out_;
  std::vector<uint8_t> scratch_;
  std::optional<FixedWidthDictionary> converted_;  // the dictionary's entries converted

  // The dictionary in the output's form, or null (none yet, or an entry that does not convert).
  const FixedWidthDictionary* OutputDictionary() const {
    if (conversion_ == Conversion::kCopy) return pages_.dictionary();
    return converted_ ? &*converted_ : nullptr;
  }
};

// BYTE_ARRAY values into a string/binary array, or as decimals.
class ByteArrayDecoder final : public ValueDecoder {
 public:
  explicit ByteArrayDecoder(DataTypePtr type)
      : type_(type),
        strings_(type->id() == TypeId::kDecimal128 ? columnar::Binary() : type),
        decimals_(type, 16) {}

  Status SetDictionary(const Page& page) override {
    FLOE_ASSIGN_OR_RETURN(dictionary_,
                          ByteArrayDictionary::FromPlain(Bytes(page.values), page.num_values));
    return Ok();
  }

  Status StartPage(const Page& page) override {
    encoding_ = page.encoding;
    data_ = Bytes(page.values);
    pos_ = 0;
    if (IsDictionary(encoding_)) {
      if (!dictionary_) return Corrupt("dictionary-encoded page without a dictionary page");
      return indices_.Init(data_);
    }
    switch (encoding_) {
      case Encoding::kPlain:
        return Ok();
      case Encoding::kDeltaLengthByteArray:
        return delta_length_.Init(data_, page.num_values);
      case Encoding::kDeltaByteArray:
        return delta_.Init(data_, page.num_values);
      default:
        return UnsupportedEncoding(encoding_, "BYTE_ARRAY");
    }
  }

  void Reserve(int64_t n) override {
    if (type_->id() == TypeId::kDecimal128) {
      decimals_.Reserve(n);
    } else {
      (void)strings_.Reserve(n);
    }
  }

  Status Decode(int64_t n) override {
    if (n <= 0) return Ok();
    FLOE_RETURN_IF_ERROR(DecodeStrings(n));
    if (type_->id() != TypeId::kDecimal128) return Ok();
    // Decimals: convert the big-endian bytes just decoded.
    FLOE_ASSIGN_OR_RETURN(ArrayPtr raw, strings_.Finish());
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, decimals_.Append(n));
    for (int64_t i = 0; i < n; ++i) {
      std::string_view v = raw->GetView(i);
      FLOE_RETURN_IF_ERROR(BigEndianToDecimal(reinterpret_cast<const uint8_t*>(v.data()),
                                              static_cast<int>(v.size()), out + i * 16));
    }
    return Ok();
  }

  Status Skip(int64_t n) override {
    if (n <= 0) return Ok();
    if (IsDictionary(encoding_)) return SkipIndices(indices_, n);
    if (encoding_ == Encoding::kPlain) {
      // The lengths are walked (and checked); the bytes are not copied.
      skipped_views_.resize(static_cast<size_t>(n));
      FLOE_ASSIGN_OR_RETURN(size_t used,
                            DecodePlainByteArray(data_.subspan(pos_), n, skipped_views_.data()));
      pos_ += used;
      return Ok();
    }
    columnar::BinaryBuilder discard(columnar::Binary());
    if (encoding_ == Encoding::kDeltaLengthByteArray) return delta_length_.Decode(n, &discard);
    return delta_.Decode(n, &discard);
  }

  Result<ArrayPtr> Finish() override {
    if (type_->id() == TypeId::kDecimal128) return decimals_.Finish();
    return strings_.Finish();
  }

  bool CanGatherRuns() const override {
    return IsDictionary(encoding_) && type_->id() != TypeId::kDecimal128;
  }

  Status GatherRuns(std::span<const RowRange> runs, int64_t advance) override {
    return GatherIndexRuns(
        indices_, runs, advance, &index_scratch_,
        [&](const uint32_t* idx, int64_t n) { return dictionary_->Gather(idx, n, &strings_); });
  }

  Status DecodeIndices(int64_t n, uint32_t* out) override {
    if (n <= 0) return Ok();
    if (!IsDictionary(encoding_)) {
      return NotSupported("{} values read as dictionary indices", EncodingName(encoding_));
    }
    return indices_.Decode(out, n);
  }

  Result<ArrayPtr> DictionaryValues() override {
    if (!dictionary_) return NotSupported("no dictionary");
    const bool decimal = type_->id() == TypeId::kDecimal128;
    columnar::BinaryBuilder strings(decimal ? columnar::Binary() : type_);
    for (int64_t i = 0; i < dictionary_->size(); ++i) {
      FLOE_RETURN_IF_ERROR(strings.Append(dictionary_->value(i)));
    }
    FLOE_ASSIGN_OR_RETURN(ArrayPtr raw, strings.Finish());
    if (!decimal) return raw;
    DenseFixedOutput decimals(type_, 16);
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, decimals.Append(raw->length));
    for (int64_t i = 0; i < raw->length; ++i) {
      std::string_view v = raw->GetView(i);
      FLOE_RETURN_IF_ERROR(BigEndianToDecimal(reinterpret_cast<const uint8_t*>(v.data()),
                                              static_cast<int>(v.size()), out + i * 16));
    }
    return decimals.Finish();
  }

 private:
  Status DecodeStrings(int64_t n) {
    if (IsDictionary(encoding_)) return DecodeDictionaryPage(indices_, *dictionary_, n, &strings_);
    switch (encoding_) {
      case Encoding::kPlain: {
        FLOE_ASSIGN_OR_RETURN(size_t used, DecodePlainByteArray(data_.subspan(pos_), n, &strings_));
        pos_ += used;
        return Ok();
      }
      case Encoding::kDeltaLengthByteArray:
        return delta_length_.Decode(n, &strings_);
      default:
        return delta_.Decode(n, &strings_);
    }
  }

  DataTypePtr type_;
  columnar::BinaryBuilder strings_;
  DenseFixedOutput decimals_;
  Encoding encoding_ = Encoding::kPlain;
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::optional<ByteArrayDictionary> dictionary_;
  DictionaryIndexDecoder indices_;
  DeltaLengthByteArrayDecoder delta_length_;
  DeltaByteArrayDecoder delta_;
  std::vector<std::string_view> skipped_views_;
  std::vector<uint32_t> index_scratch_;
};

class BooleanDecoder final : public ValueDecoder {
 public:
  Status SetDictionary(const Page&) override {
    return NotSupported("dictionary pages for BOOLEAN columns");
  }

  Status StartPage(const Page& page) override {
    encoding_ = page.encoding;
    auto data = Bytes(page.values);
    if (encoding_ == Encoding::kPlain) {
      plain_.Init(data);
      return Ok();
    }
    if (encoding_ == Encoding::kRle) {
      size_t consumed = 0;
      FLOE_ASSIGN_OR_RETURN(auto runs, SplitLengthPrefixed(data, &consumed));
      return rle_.Init(runs, 1);
    }
    return UnsupportedEncoding(encoding_, "BOOLEAN");
  }

  Status Decode(int64_t n) override {
    if (n <= 0) return Ok();
    if (encoding_ == Encoding::kPlain) return plain_.Decode(n, &out_);
    scratch_.resize(static_cast<size_t>(n));
    FLOE_RETURN_IF_ERROR(rle_.Decode(scratch_.data(), n));
    return out_.AppendValues(scratch_.data(), n);
  }

  Status Skip(int64_t n) override {
    if (n <= 0) return Ok();
    if (encoding_ == Encoding::kPlain) {
      scratch_.resize(static_cast<size_t>(n));
      return plain_.Decode(n, scratch_.data());
    }
    FLOE_ASSIGN_OR_RETURN(int64_t skipped, rle_.Skip(n));
    if (skipped != n) return Corrupt("RLE booleans end after {} of {} values skipped", skipped, n);
    return Ok();
  }

  Result<ArrayPtr> Finish() override { return out_.Finish(); }

 private:
  Encoding encoding_ = Encoding::kPlain;
  PlainBooleanDecoder plain_;
  RleBitPackedDecoder rle_;
  std::vector<uint8_t> scratch_;
  columnar::BooleanBuilder out_;
};

// UNKNOWN (always null) columns hold no values.
class NullDecoder final : public ValueDecoder {
 public:
  Status SetDictionary(const Page&) override { return Ok(); }
  Status StartPage(const Page&) override { return Ok(); }
  Status Decode(int64_t n) override {
    if (n > 0) return Corrupt("a column of UNKNOWN (always null) type holds values");
    return Ok();
  }
  Status Skip(int64_t n) override { return Decode(n); }
  Result<ArrayPtr> Finish() override { return ArrayData::Make(columnar::Null(), 0, {}, 0); }
};

Result<Conversion> ConversionFor(const SchemaNode& leaf, const DataTypePtr& type) {
  switch (type->id()) {
    case TypeId::kInt8:
    case TypeId::kUInt8:
      return Conversion::kInt8;
    case TypeId::kInt16:
    case TypeId::kUInt16:
      return *leaf.physical_type == Type::kInt32 ? Conversion::kInt16 : Conversion::kCopy;
    case TypeId::kDecimal128:
      switch (*leaf.physical_type) {
        case Type::kInt32:
          return Conversion::kInt32ToDecimal;
        case Type::kInt64:
          return Conversion::kInt64ToDecimal;
        default:
          return Conversion::kBigEndianDecimal;
      }
    case TypeId::kTimestamp:
      if (*leaf.physical_type != Type::kInt96) return Conversion::kCopy;
      return type->unit() == columnar::TimeUnit::kNano ? Conversion::kInt96ToNanos
                                                       : Conversion::kInt96ToMicros;
    default:
      if (type->byte_width() != PhysicalWidth(leaf)) {
        return Internal("column {}: no conversion from {} to {}", JoinPath(leaf.path),
                        TypeName(*leaf.physical_type), type->ToString());
      }
      return Conversion::kCopy;
  }
}

}  // namespace

Result<std::unique_ptr<ValueDecoder>> ValueDecoder::Make(const SchemaNode& leaf, DataTypePtr type) {
  if (type->id() == TypeId::kNull) return std::unique_ptr<ValueDecoder>(new NullDecoder());
  switch (*leaf.physical_type) {
    case Type::kBoolean:
      return std::unique_ptr<ValueDecoder>(new BooleanDecoder());
    case Type::kByteArray:
      return std::unique_ptr<ValueDecoder>(new ByteArrayDecoder(std::move(type)));
    default: {
      FLOE_ASSIGN_OR_RETURN(Conversion conversion, ConversionFor(leaf, type));
      return std::unique_ptr<ValueDecoder>(
          new FixedWidthDecoder(leaf, std::move(type), conversion));
    }
  }
}

}  // namespace floe::parquet
