#include "floe/format/parquet/column_writer.h"

#include <zlib.h>

#include <cmath>
#include <map>
#include <unordered_set>

#include "floe/format/parquet/bloom_filter.h"
#include "floe/format/parquet/dictionary_index_map.h"
#include "floe/format/parquet/encoding/bit_packing.h"
#include "floe/format/parquet/encoding/plain.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "floe/format/parquet/metadata_encoder.h"
#include "floe/format/parquet/physical_values.h"
#include "floe/util/bytes.h"

namespace floe::parquet {

using compression::CodecKind;

Result<CodecKind> CodecKindFor(CompressionCodec codec) {
  switch (codec) {
    case CompressionCodec::kUncompressed:
      return CodecKind::kUncompressed;
    case CompressionCodec::kSnappy:
      return CodecKind::kSnappy;
    case CompressionCodec::kGzip:
      return CodecKind::kGzip;
    case CompressionCodec::kBrotli:
      return CodecKind::kBrotli;
    case CompressionCodec::kZstd:
      return CodecKind::kZstd;
    case CompressionCodec::kLz4Raw:
      return CodecKind::kLz4Raw;
    default:
      return NotSupported("floe does not write Parquet codec {}", CodecName(codec));
  }
}

namespace {

// Per physical C++ type: how a value is compared, hashed into the dictionary, and encoded.
template <typename T>
struct ValueTraits {
  using Owned = T;  // a value kept beyond the batch (page and chunk bounds)
  static uint64_t Key(T v) {
    uint64_t k = 0;
    std::memcpy(&k, &v, sizeof(T));
    return k;
  }
  static void AppendPlain(T v, bool /*fixed*/, std::string* out) { AppendLittleEndian(*out, v); }
  static std::string StatBytes(const Owned& v) {
    std::string s;
    AppendLittleEndian(s, v);
    return s;
  }
  static bool IsNan(T v, ValueOrder) {
    if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
    return false;
  }
  static bool Less(T a, T b, Type, ValueOrder order) {
    if constexpr (std::is_integral_v<T>) {
      if (order == ValueOrder::kUnsigned) {
        using U = std::make_unsigned_t<T>;
        return static_cast<U>(a) < static_cast<U>(b);
      }
    }
    return a < b;
  }
  // Zero bounds: -0.0 as the minimum and +0.0 as the maximum (parquet.thrift's rule for floats).
  static void FixZeroBounds(Owned* min, Owned* max, ValueOrder) {
    if constexpr (std::is_floating_point_v<T>) {
      if (*min == 0) *min = -T{0};
      if (*max == 0) *max = T{0};
    }
  }
};

template <>
struct ValueTraits<std::string_view> {
  using Owned = std::string;
  static void AppendPlain(std::string_view v, bool fixed, std::string* out) {
    if (!fixed) AppendLittleEndian(*out, static_cast<uint32_t>(v.size()));
    out->append(v);
  }
  static std::string StatBytes(const Owned& v) { return v; }
  static uint16_t Half(std::string_view v) {
    return LoadLittleEndian<uint16_t>(reinterpret_cast<const uint8_t*>(v.data()));
  }
  static bool IsNan(std::string_view v, ValueOrder order) {
    return order == ValueOrder::kFloat16 && HalfIsNan(Half(v));
  }
  static bool Less(std::string_view a, std::string_view b, Type type, ValueOrder order) {
    return PlainLess(type, order, a, b);
  }
  static void FixZeroBounds(Owned* min, Owned* max, ValueOrder order) {
    if (order != ValueOrder::kFloat16) return;
    if ((Half(*min) & 0x7FFF) == 0) *min = std::string("\x00\x80", 2);
    if ((Half(*max) & 0x7FFF) == 0) *max = std::string("\x00\x00", 2);
  }
};

// Min and max of the values seen, in the column's order, NaN left out.
template <typename T>
struct Bounds {
  using Owned = typename ValueTraits<T>::Owned;
  std::optional<Owned> min, max;

  void Add(T v, Type type, ValueOrder order) {
    if (!min || ValueTraits<T>::Less(v, *min, type, order)) min = Owned(v);
    if (!max || ValueTraits<T>::Less(*max, v, type, order)) max = Owned(v);
  }
  void Merge(const Bounds& other, Type type, ValueOrder order) {
    if (other.min) Add(*other.min, type, order);
    if (other.max) Add(*other.max, type, order);
  }
};

int LevelBitWidth(int16_t max_level) { return BitWidthOf(static_cast<uint64_t>(max_level)); }

uint32_t PageCrc32(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  return static_cast<uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

template <typename T>
class TypedColumnWriter final : public ColumnWriter {
 public:
  using Traits = ValueTraits<T>;

  TypedColumnWriter(const WriteLeaf& leaf, const ColumnWriterOptions& options,
                    std::unique_ptr<compression::Codec> codec)
      : leaf_(leaf), options_(options), codec_(std::move(codec)) {
    fixed_ = leaf.physical_type == Type::kFixedLenByteArray;
    dictionary_active_ = options.dictionary && !std::is_same_v<T, uint8_t>;
    with_statistics_ = leaf.order != ValueOrder::kNone;
  }

  Status Write(const ShreddedColumn& column) override {
    Scratch& scratch = ThreadScratch();
    values_ = &scratch.values;
    hashes_ = &scratch.hashes;
    std::vector<T>& values = *values_;
    values.clear();
    if (column.values != nullptr) {
      GatherPhysical<T>(*column.values, column.indices, leaf_.type_length, &values, &scratch.bytes);
    }
    if (dictionary_active_) {
      hashes_->resize(values.size());
      for (size_t j = 0; j < values.size(); ++j) (*hashes_)[j] = DictionaryHash(values[j]);
    }
    size_t next_value = 0;
    const int16_t max_def = leaf_.max_def_level;
    for (int64_t e = 0; e < column.num_levels; ++e) {
      size_t ei = static_cast<size_t>(e);
      bool new_row = column.rep_levels.empty() || column.rep_levels[ei] == 0;
      if (new_row && page_.num_levels > 0 && PageFull()) FLOE_RETURN_IF_ERROR(FlushPage());
      if (new_row) ++page_.num_rows;
      int16_t def = column.def_levels.empty() ? max_def : column.def_levels[ei];
      if (max_def > 0) page_.def_levels.push_back(def);
      if (leaf_.max_rep_level > 0) page_.rep_levels.push_back(column.rep_levels[ei]);
      ++page_.num_levels;
      if (def == max_def) {
        if (dictionary_active_) PrefetchDictionary(next_value);
        AddValue(next_value++);
      } else {
        ++page_.null_count;
      }
    }
    return Ok();
  }

  // The pages and the page being built, and the dictionary with its lookup table.
  // The pages and the page being built, and the dictionary with its lookup table.
  int64_t buffered_bytes() const override {
    size_t dictionary =
        dict_plain_.size() + dict_offsets_.size() * sizeof(size_t) + dict_.memory_bytes();
    return static_cast<int64_t>(pages_.size() + page_.plain.size() + page_.indices.size() * 4 +
                                page_.def_levels.size() / 4 + dictionary);
  }
  // The same buffers' capacity, which growth by doubling keeps above their size.
  int64_t memory_bytes() const override {
    size_t dictionary =
        dict_plain_.capacity() + dict_offsets_.capacity() * sizeof(size_t) + dict_.memory_bytes();
    size_t page = page_.plain.capacity() + page_.indices.capacity() * sizeof(uint32_t) +
                  (page_.def_levels.capacity() + page_.rep_levels.capacity()) * sizeof(int16_t);
    return static_cast<int64_t>(pages_.capacity() + page + dictionary);
  }

  Result<ColumnChunkOutput> Finish() override {
    FLOE_RETURN_IF_ERROR(FlushPage());
    ColumnChunkOutput out;
    ColumnMetaData& m = out.meta;
    m.type = leaf_.physical_type;
    m.path_in_schema = leaf_.path;
    m.codec = options_.codec;
    m.num_values = num_levels_;
    if (used_dictionary_) {
      // The dictionary page goes first: the data pages' offsets move by its size.
      FLOE_RETURN_IF_ERROR(WriteDictionaryPage(&out.bytes));
      m.dictionary_page_offset = 0;
      for (PageLocation& loc : page_locations_)
        loc.offset += static_cast<int64_t>(out.bytes.size());
      AddEncoding(Encoding::kPlain);
    }
    m.data_page_offset = static_cast<int64_t>(out.bytes.size());
    out.bytes += pages_;
    m.total_uncompressed_size = uncompressed_size_;
    m.total_compressed_size = static_cast<int64_t>(out.bytes.size());
    AddEncoding(Encoding::kRle);  // levels (and the hybrid inside RLE_DICTIONARY)
    m.encodings.assign(encodings_.begin(), encodings_.end());
    std::vector<PageEncodingStats> stats;
    for (const auto& [key, count] : encoding_stats_) {
      stats.push_back({static_cast<PageType>(key.first), static_cast<Encoding>(key.second), count});
    }
    m.encoding_stats = std::move(stats);
    Statistics s;
    s.null_count = null_count_;
    if (with_statistics_ && chunk_bounds_.min) {
      auto min = *chunk_bounds_.min, max = *chunk_bounds_.max;
      Traits::FixZeroBounds(&min, &max, leaf_.order);
      s.min_value = Traits::StatBytes(min);
      s.max_value = Traits::StatBytes(max);
      s.is_min_value_exact = true;
      s.is_max_value_exact = true;
    }
    if (IsFloating()) s.nan_count = nan_count_;
    m.statistics = std::move(s);
    out.offset_index.page_locations = std::move(page_locations_);
    if (options_.page_index && with_statistics_ && !index_invalid_) {
      column_index_.boundary_order = BoundaryOrderOf();
      if (IsFloating()) column_index_.nan_counts = std::move(page_nan_counts_);
      out.column_index = std::move(column_index_);
    }
    if (options_.bloom_filter) out.bloom_filter = MakeBloomFilter();
    return out;
  }

 private:
  struct Page {
    std::vector<int16_t> def_levels, rep_levels;
    std::string plain;              // PLAIN values (booleans: one byte each)
    std::vector<uint32_t> indices;  // dictionary indices
    int64_t plain_size = 0;         // what the values take PLAIN-encoded
    int64_t num_levels = 0, num_rows = 0, null_count = 0, nan_count = 0, num_values = 0;
    Bounds<T> bounds;
  };

  bool IsFloating() const {
    return std::is_floating_point_v<T> || leaf_.order == ValueOrder::kFloat16;
  }

  bool PageFull() const {
    if (fallback_pending_) return true;
    if (page_.num_rows >= options_.page_row_limit) return true;
    int64_t bytes = static_cast<int64_t>(page_.plain.size()) +
                    static_cast<int64_t>(page_.indices.size()) * (IndexBitWidth() + 1) / 8;
    return bytes >= options_.page_bytes;
  }

  int IndexBitWidth() const {
    return std::max(1, BitWidthOf(dict_size_ == 0 ? 0 : dict_size_ - 1));
  }

  // Adds the batch's value j.
  void AddValue(size_t j) {
    T v = (*values_)[j];
    ++page_.num_values;
    if (Traits::IsNan(v, leaf_.order)) {
      ++page_.nan_count;
    } else if (with_statistics_) {
      page_.bounds.Add(v, leaf_.physical_type, leaf_.order);
    }
    size_t before = page_.plain.size();
    if (dictionary_active_) {
      page_.indices.push_back(DictionaryIndex(v, (*hashes_)[j]));
      page_.plain_size += PlainSize(v);
    } else {
      if constexpr (std::is_same_v<T, uint8_t>) {
        page_.plain.push_back(static_cast<char>(v));
      } else {
        Traits::AppendPlain(v, fixed_, &page_.plain);
      }
      page_.plain_size += static_cast<int64_t>(page_.plain.size() - before);
    }
    if (options_.bloom_filter) bloom_hashes_.insert(BloomFilter::Hash(PlainNoPrefix(v)));
  }

  static int64_t PlainSize(T v) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return static_cast<int64_t>(v.size()) + 4;
    } else {
      return sizeof(T);
    }
  }

  // The value's PLAIN bytes without a length prefix (bloom filter hashes).
  std::string_view PlainNoPrefix(const T& v) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return v;
    } else {
      return std::string_view(reinterpret_cast<const char*>(&v), sizeof(T));
    }
  }

  static uint32_t DictionaryHash(T v) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return DictionaryIndexMap::HashBytes(v);
    } else {
      return DictionaryIndexMap::HashBits(Traits::Key(v));
    }
  }

  // Before the lookup of value j: the slot of value j + 16 and the stored bytes value j + 8's
  // slot points to are fetched into the cache (byte arrays; a number's slot holds the number).
  void PrefetchDictionary(size_t j) {
    if (j + 16 < values_->size()) dict_.Prefetch((*hashes_)[j + 16]);
    if constexpr (std::is_same_v<T, std::string_view>) {
      if (j + 8 < values_->size()) {
        if (const uint64_t* at = dict_.Peek((*hashes_)[j + 8])) {
          DictionaryIndexMap::PrefetchAddress(dict_plain_.data() + *at);
        }
      }
    }
  }

  uint32_t DictionaryIndex(T v, uint32_t hash) {
    uint32_t next = static_cast<uint32_t>(dict_size_);
    bool inserted = false;
    if constexpr (std::is_same_v<T, std::string_view>) {
      // The payload: where the value's bytes will be in dict_plain_ (after a 4-byte length unless
      // fixed); a stored value's length is the 4 bytes before it, or the fixed length.
      uint64_t at = dict_plain_.size() + (fixed_ ? 0 : 4);
      uint32_t index = dict_.FindOrInsert(
          hash, at, next,
          [&](uint64_t stored) {
            if (!fixed_ && LoadLittleEndian<uint32_t>(reinterpret_cast<const uint8_t*>(
                               dict_plain_.data() + stored - 4)) != v.size()) {
              return false;
            }
            return std::memcmp(dict_plain_.data() + stored, v.data(), v.size()) == 0;
          },
          &inserted);
      if (!inserted) return index;
    } else {
      uint64_t key = Traits::Key(v);
      uint32_t index = dict_.FindOrInsert(
          hash, key, next, [&](uint64_t stored) { return stored == key; }, &inserted);
      if (!inserted) return index;
    }
    dict_offsets_.push_back(dict_plain_.size());
    Traits::AppendPlain(v, fixed_, &dict_plain_);
    ++dict_size_;
    if (static_cast<int64_t>(dict_plain_.size()) > options_.dictionary_page_bytes) {
      fallback_pending_ = true;
    }
    return next;
  }

  // The page's dictionary indices turned back into PLAIN values (a first page whose dictionary
  // does not pay off).
  void IndicesToPlain() {
    dict_offsets_.push_back(dict_plain_.size());
    for (uint32_t i : page_.indices) {
      page_.plain.append(dict_plain_, dict_offsets_[i], dict_offsets_[i + 1] - dict_offsets_[i]);
    }
    dict_offsets_.pop_back();
    page_.indices.clear();
  }

  Status FlushPage() {
    if (page_.num_levels == 0) return Ok();
    bool dictionary_page = dictionary_active_;
    if (dictionary_page && !used_dictionary_ &&
        static_cast<int64_t>(dict_plain_.size()) +
                static_cast<int64_t>(page_.indices.size()) * IndexBitWidth() / 8 >=
            page_.plain_size) {
      // The first page shows the dictionary does not pay off (mostly distinct values).
      IndicesToPlain();
      dictionary_page = false;
      dictionary_active_ = false;
      dict_.clear();
      std::string().swap(dict_plain_);  // their memory too
      std::vector<size_t>().swap(dict_offsets_);
      dict_size_ = 0;
    }
    used_dictionary_ |= dictionary_page;

    const bool v2 = options_.data_page_v2;
    std::string rep_bytes, def_bytes, values;
    if (leaf_.max_rep_level > 0)
      EncodeLevels(page_.rep_levels, leaf_.max_rep_level, v2, &rep_bytes);
    if (leaf_.max_def_level > 0)
      EncodeLevels(page_.def_levels, leaf_.max_def_level, v2, &def_bytes);
    Encoding encoding = Encoding::kPlain;
    if (dictionary_page) {
      encoding = Encoding::kRleDictionary;
      int width = IndexBitWidth();
      values.push_back(static_cast<char>(width));
      RleBitPackedEncoder indices(width);
      indices.PutValues(page_.indices.data(), static_cast<int64_t>(page_.indices.size()));
      indices.Flush(&values);
    } else if constexpr (std::is_same_v<T, uint8_t>) {
      EncodePlainBoolean(reinterpret_cast<const uint8_t*>(page_.plain.data()),
                         static_cast<int64_t>(page_.plain.size()), &values);
    } else {
      values = std::move(page_.plain);
    }

    PageHeader h;
    std::string body;  // what follows the header
    size_t uncompressed = rep_bytes.size() + def_bytes.size() + values.size();
    if (v2) {
      h.type = PageType::kDataPageV2;
      DataPageHeaderV2 d;
      d.num_values = static_cast<int32_t>(page_.num_levels);
      d.num_nulls = static_cast<int32_t>(page_.null_count);
      d.num_rows = static_cast<int32_t>(page_.num_rows);
      d.encoding = encoding;
      d.definition_levels_byte_length = static_cast<int32_t>(def_bytes.size());
      d.repetition_levels_byte_length = static_cast<int32_t>(rep_bytes.size());
      d.is_compressed = options_.codec != CompressionCodec::kUncompressed;
      h.data_page_header_v2 = d;
      body = rep_bytes + def_bytes;
      std::string compressed;
      FLOE_RETURN_IF_ERROR(Compress(values, &compressed));
      body += compressed;
    } else {
      h.type = PageType::kDataPage;
      DataPageHeader d;
      d.num_values = static_cast<int32_t>(page_.num_levels);
      d.encoding = encoding;
      d.definition_level_encoding = Encoding::kRle;
      d.repetition_level_encoding = Encoding::kRle;
      h.data_page_header = d;
      std::string raw = rep_bytes + def_bytes + values;
      FLOE_RETURN_IF_ERROR(Compress(raw, &body));
    }
    FLOE_RETURN_IF_ERROR(AppendPage(&h, uncompressed, body, &pages_));
    AddEncoding(encoding);
    ++encoding_stats_[{static_cast<int>(h.type), static_cast<int>(encoding)}];

    // Page index entries and chunk totals.
    PageLocation loc;
    loc.offset = page_start_;
    loc.compressed_page_size =
        static_cast<int32_t>(pages_.size() - static_cast<size_t>(page_start_));
    loc.first_row_index = rows_written_;
    page_locations_.push_back(loc);
    page_start_ = static_cast<int64_t>(pages_.size());
    bool null_page = page_.num_values == 0;
    column_index_.null_pages.push_back(null_page);
    if (page_.bounds.min) {
      auto min = *page_.bounds.min, max = *page_.bounds.max;
      Traits::FixZeroBounds(&min, &max, leaf_.order);
      column_index_.min_values.push_back(Traits::StatBytes(min));
      column_index_.max_values.push_back(Traits::StatBytes(max));
      chunk_bounds_.Merge(page_.bounds, leaf_.physical_type, leaf_.order);
    } else {
      if (!null_page) index_invalid_ = true;  // only NaN: no bound to give
      column_index_.min_values.emplace_back();
      column_index_.max_values.emplace_back();
    }
    if (!column_index_.null_counts) column_index_.null_counts.emplace();
    column_index_.null_counts->push_back(page_.null_count);
    page_nan_counts_.push_back(page_.nan_count);
    rows_written_ += page_.num_rows;
    num_levels_ += page_.num_levels;
    null_count_ += page_.null_count;
    nan_count_ += page_.nan_count;
    if (fallback_pending_) {
      dictionary_active_ = false;
      fallback_pending_ = false;
      // No more lookups: the dictionary page needs only the PLAIN values.
      dict_.clear();
      std::vector<size_t>().swap(dict_offsets_);
    }
    page_ = Page{};
    return Ok();
  }

  void EncodeLevels(const std::vector<int16_t>& levels, int16_t max_level, bool v2,
                    std::string* out) {
    RleBitPackedEncoder enc(LevelBitWidth(max_level));
    enc.PutValues(levels.data(), static_cast<int64_t>(levels.size()));
    if (v2) {
      enc.Flush(out);
    } else {
      enc.FlushLengthPrefixed(out);
    }
  }

  Status Compress(const std::string& in, std::string* out) {
    if (options_.codec == CompressionCodec::kUncompressed) {
      *out = in;
      return Ok();
    }
    return codec_->Compress(in, out, options_.compression_level);
  }

  // Header (with CRC when asked) and body appended to *out.
  Status AppendPage(PageHeader* h, size_t uncompressed, const std::string& body, std::string* out) {
    if (uncompressed > INT32_MAX || body.size() > INT32_MAX) {
      return InvalidArgument("column {}: a page of {} bytes passes Parquet's 2 GiB page limit",
                             leaf_.name, uncompressed);
    }
    h->uncompressed_page_size = static_cast<int32_t>(uncompressed);
    h->compressed_page_size = static_cast<int32_t>(body.size());
    if (options_.page_crc) h->crc = static_cast<int32_t>(PageCrc32(body));
    size_t before = out->size();
    EncodePageHeader(*h, out);
    uncompressed_size_ += static_cast<int64_t>(out->size() - before + uncompressed);
    out->append(body);
    return Ok();
  }

  Status WriteDictionaryPage(std::string* out) {
    PageHeader h;
    h.type = PageType::kDictionaryPage;
    DictionaryPageHeader d;
    d.num_values = static_cast<int32_t>(dict_size_);
    d.encoding = Encoding::kPlain;
    h.dictionary_page_header = d;
    std::string body;
    FLOE_RETURN_IF_ERROR(Compress(dict_plain_, &body));
    FLOE_RETURN_IF_ERROR(AppendPage(&h, dict_plain_.size(), body, out));
    ++encoding_stats_[{static_cast<int>(PageType::kDictionaryPage),
                       static_cast<int>(Encoding::kPlain)}];
    return Ok();
  }

  void AddEncoding(Encoding e) {
    for (Encoding x : encodings_) {
      if (x == e) return;
    }
    encodings_.push_back(e);
  }

  BoundaryOrder BoundaryOrderOf() const {
    bool ascending = true, descending = true;
    std::optional<size_t> prev;
    for (size_t i = 0; i < column_index_.null_pages.size(); ++i) {
      if (column_index_.null_pages[i]) continue;
      if (prev) {
        auto less = [&](const std::string& a, const std::string& b) {
          return PlainLess(leaf_.physical_type, leaf_.order, a, b);
        };
        const auto& mins = column_index_.min_values;
        const auto& maxs = column_index_.max_values;
        if (less(mins[i], mins[*prev]) || less(maxs[i], maxs[*prev])) ascending = false;
        if (less(mins[*prev], mins[i]) || less(maxs[*prev], maxs[i])) descending = false;
      }
      prev = i;
    }
    if (ascending) return BoundaryOrder::kAscending;
    if (descending) return BoundaryOrder::kDescending;
    return BoundaryOrder::kUnordered;
  }

  std::string MakeBloomFilter() const {
    // Bits for the distinct values at the requested false-positive rate (BloomFilter.md:
    // m = -8 n / ln(1 - p^(1/8))), rounded up to a power of two between 32 bytes and 128 MiB.
    double n = std::max<double>(1, static_cast<double>(bloom_hashes_.size()));
    double bits = -8 * n / std::log(1 - std::pow(options_.bloom_fpp, 1.0 / 8));
    int64_t bytes = 32;
    while (bytes < static_cast<int64_t>(bits / 8) && bytes < (int64_t{128} << 20)) bytes *= 2;
    auto filter = BloomFilter::FromBitset(std::string(static_cast<size_t>(bytes), '\0'));
    for (uint64_t h : bloom_hashes_) filter->Insert(h);
    BloomFilterHeader header{static_cast<int32_t>(bytes), 1, 1, 1};
    std::string out;
    EncodeBloomFilterHeader(header, &out);
    out += filter->bitset();
    return out;
  }

  const WriteLeaf& leaf_;
  ColumnWriterOptions options_;
  std::unique_ptr<compression::Codec> codec_;
  bool fixed_ = false;
  bool with_statistics_ = true;

  // Scratch of one Write call: the batch's values, their DictionaryHash while the dictionary is in
  // use, bytes the values may point into. Kept per thread, not per writer: a table write holds a
  // writer per partition and column, and their scratch would add up to more than their data.
  struct Scratch {
    std::vector<T> values;
    std::vector<uint32_t> hashes;
    std::string bytes;
  };
  static Scratch& ThreadScratch() {
    static thread_local Scratch scratch;
    return scratch;
  }
  std::vector<T>* values_ = nullptr;  // this thread's Scratch during Write
  std::vector<uint32_t>* hashes_ = nullptr;
  Page page_;
  std::string pages_;  // finished data pages
  int64_t page_start_ = 0;

  bool dictionary_active_ = false;
  bool used_dictionary_ = false;
  bool fallback_pending_ = false;
  DictionaryIndexMap dict_;
  std::string dict_plain_;
  std::vector<size_t> dict_offsets_;
  int64_t dict_size_ = 0;

  int64_t rows_written_ = 0, num_levels_ = 0, null_count_ = 0, nan_count_ = 0;
  int64_t uncompressed_size_ = 0;
  Bounds<T> chunk_bounds_;
  std::vector<Encoding> encodings_;
  std::map<std::pair<int, int>, int32_t> encoding_stats_;
  std::vector<PageLocation> page_locations_;
  ColumnIndex column_index_;
  std::vector<int64_t> page_nan_counts_;
  bool index_invalid_ = false;
  std::unordered_set<uint64_t> bloom_hashes_;
};

}  // namespace

Result<std::unique_ptr<ColumnWriter>> MakeColumnWriter(const WriteLeaf& leaf,
                                                       const ColumnWriterOptions& options) {
  FLOE_ASSIGN_OR_RETURN(CodecKind kind, CodecKindFor(options.codec));
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<compression::Codec> codec, compression::MakeCodec(kind));
  switch (leaf.physical_type) {
    case Type::kBoolean:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<uint8_t>(leaf, options, std::move(codec)));
    case Type::kInt32:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<int32_t>(leaf, options, std::move(codec)));
    case Type::kInt64:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<int64_t>(leaf, options, std::move(codec)));
    case Type::kFloat:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<float>(leaf, options, std::move(codec)));
    case Type::kDouble:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<double>(leaf, options, std::move(codec)));
    case Type::kByteArray:
    case Type::kFixedLenByteArray:
      return std::unique_ptr<ColumnWriter>(
          new TypedColumnWriter<std::string_view>(leaf, options, std::move(codec)));
    default:
      return NotSupported("column {}: floe does not write {}", leaf.name,
                          TypeName(leaf.physical_type));
  }
}

}  // namespace floe::parquet
