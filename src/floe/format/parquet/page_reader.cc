#include "floe/format/parquet/page_reader.h"

#include <zlib.h>

#include <cstring>

#include "floe/format/parquet/file_reader.h"
#include "floe/util/bytes.h"

namespace floe::parquet {

namespace {

int BitWidthOfLevel(int16_t max_level) {
  int w = 0;
  while ((1 << w) <= max_level) ++w;
  return w;
}

uint32_t Crc32(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  const auto* p = reinterpret_cast<const Bytef*>(bytes.data());
  size_t n = bytes.size();
  while (n > 0) {  // zlib takes uInt lengths
    uInt step = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    crc = crc32(crc, p, step);
    p += step;
    n -= step;
  }
  return static_cast<uint32_t>(crc);
}

}  // namespace

Result<compression::CodecKind> CodecKindOf(CompressionCodec codec) {
  using compression::CodecKind;
  switch (codec) {
    case CompressionCodec::kUncompressed:
      return CodecKind::kUncompressed;
    case CompressionCodec::kSnappy:
      return CodecKind::kSnappy;
    case CompressionCodec::kGzip:
      return CodecKind::kGzip;
    case CompressionCodec::kBrotli:
      return CodecKind::kBrotli;
    case CompressionCodec::kLz4:
      return CodecKind::kLz4Hadoop;
    case CompressionCodec::kZstd:
      return CodecKind::kZstd;
    case CompressionCodec::kLz4Raw:
      return CodecKind::kLz4Raw;
    case CompressionCodec::kLzo:
      return NotSupported("the LZO Parquet codec is not supported");
  }
  return NotSupported("unknown Parquet compression codec {}", static_cast<int32_t>(codec));
}

Result<std::unique_ptr<PageReader>> PageReader::Make(const ColumnMetaData& meta, std::string chunk,
                                                     int16_t max_repetition_level,
                                                     int16_t max_definition_level,
                                                     PageReaderOptions options) {
  return MakeReusing(meta, std::move(chunk), max_repetition_level, max_definition_level, options,
                     nullptr);
}

Result<std::unique_ptr<PageReader>> PageReader::MakeReusing(
    const ColumnMetaData& meta, std::string chunk, int16_t max_repetition_level,
    int16_t max_definition_level, PageReaderOptions options, PageReaderBuffers* reused) {
  std::unique_ptr<PageReader> r(new PageReader());
  FLOE_ASSIGN_OR_RETURN(compression::CodecKind kind, CodecKindOf(meta.codec));
  if (reused && reused->codec && reused->codec_kind == meta.codec) {
    r->codec_ = std::move(reused->codec);
  } else {
    FLOE_ASSIGN_OR_RETURN(r->codec_, compression::MakeCodec(kind));
  }
  if (reused) r->buffer_ = std::move(reused->page);
  r->codec_kind_ = meta.codec;
  r->chunk_ = std::move(chunk);
  r->num_values_ = meta.num_values;
  r->max_rep_ = max_repetition_level;
  r->max_def_ = max_definition_level;
  r->options_ = options;
  return r;
}

PageReaderBuffers PageBufferPool::Take(CompressionCodec codec, size_t chunk_size) {
  std::lock_guard lock(mu_);
  if (free_.empty()) return {};
  // The best set: one whose chunk buffer is big enough (the smallest such), else the biggest.
  // Between two of the same size, one with a context for this codec.
  auto better = [&](const PageReaderBuffers& a, const PageReaderBuffers& b) {
    const bool a_fits = a.chunk.capacity() >= chunk_size;
    const bool b_fits = b.chunk.capacity() >= chunk_size;
    if (a_fits != b_fits) return a_fits;
    if (a.chunk.capacity() != b.chunk.capacity()) {
      return a_fits ? a.chunk.capacity() < b.chunk.capacity()
                    : a.chunk.capacity() > b.chunk.capacity();
    }
    return a.codec && a.codec_kind == codec && !(b.codec && b.codec_kind == codec);
  };
  auto best = free_.begin();
  for (auto i = free_.begin() + 1; i != free_.end(); ++i) {
    if (better(*i, *best)) best = i;
  }
  PageReaderBuffers out = std::move(*best);
  free_.erase(best);
  return out;
}

void PageBufferPool::Give(PageReaderBuffers buffers) {
  std::lock_guard lock(mu_);
  if (free_.size() < capacity_) free_.push_back(std::move(buffers));
}

size_t PageBufferPool::free_sets() const {
  std::lock_guard lock(mu_);
  return free_.size();
}

PageReaderBuffers PageReader::ReleaseBuffers() {
  PageReaderBuffers out;
  out.chunk = std::move(chunk_);
  out.page = std::move(buffer_);
  out.codec = std::move(codec_);
  out.codec_kind = codec_kind_;
  chunk_.clear();
  pos_ = 0;
  num_values_ = 0;
  return out;
}

Result<std::string_view> PageReader::Decompress(std::string_view in, int64_t uncompressed_size) {
  if (uncompressed_size < 0) return Corrupt("negative uncompressed page size");
  if (uncompressed_size > static_cast<int64_t>(codec_->max_output_size())) {
    return NotSupported("a page of {} bytes uncompressed exceeds floe's limit of {} bytes per page",
                        uncompressed_size, codec_->max_output_size());
  }
  if (codec_kind_ == CompressionCodec::kUncompressed) {
    if (static_cast<int64_t>(in.size()) != uncompressed_size) {
      return Corrupt("uncompressed page of {} bytes declares {} bytes", in.size(),
                     uncompressed_size);
    }
    return in;
  }
  FLOE_RETURN_IF_ERROR(codec_->Decompress(in, &buffer_, static_cast<size_t>(uncompressed_size)));
  return std::string_view(buffer_);
}

Status PageReader::SplitV1(Page* page, std::string_view body) {
  auto take_levels = [&](int16_t max_level, Encoding encoding, std::string_view* out) -> Status {
    if (max_level == 0) return Ok();
    size_t n;
    if (encoding == Encoding::kBitPacked) {
      // Deprecated BIT_PACKED levels: no length prefix, exactly the packed bits.
      n = (static_cast<size_t>(page->num_values) * BitWidthOfLevel(max_level) + 7) / 8;
    } else {
      if (body.size() < 4) return Corrupt("data page too short for its level length");
      uint32_t len = LoadLittleEndian<uint32_t>(reinterpret_cast<const uint8_t*>(body.data()));
      body.remove_prefix(4);
      n = len;
    }
    if (n > body.size()) {
      return Corrupt("levels of {} bytes exceed the {} bytes of the page", n, body.size());
    }
    *out = body.substr(0, n);
    body.remove_prefix(n);
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(
      take_levels(max_rep_, page->repetition_level_encoding, &page->repetition_levels));
  FLOE_RETURN_IF_ERROR(
      take_levels(max_def_, page->definition_level_encoding, &page->definition_levels));
  page->values = body;
  return Ok();
}

Status PageReader::SplitV2(Page* page, std::string_view raw) {
  const DataPageHeaderV2& h = *page->header.data_page_header_v2;
  int64_t levels = int64_t{h.repetition_levels_byte_length} + h.definition_levels_byte_length;
  if (levels > static_cast<int64_t>(raw.size())) {
    return Corrupt("level lengths {} + {} exceed the page's {} bytes",
                   h.repetition_levels_byte_length, h.definition_levels_byte_length, raw.size());
  }
  page->repetition_levels = raw.substr(0, static_cast<size_t>(h.repetition_levels_byte_length));
  page->definition_levels = raw.substr(static_cast<size_t>(h.repetition_levels_byte_length),
                                       static_cast<size_t>(h.definition_levels_byte_length));
  std::string_view values = raw.substr(static_cast<size_t>(levels));
  int64_t values_size = int64_t{page->header.uncompressed_page_size} - levels;
  if (values_size < 0) return Corrupt("uncompressed_page_size smaller than the level sections");
  if (h.is_compressed && codec_kind_ != CompressionCodec::kUncompressed) {
    if (values.empty() && values_size == 0) {
      page->values = values;  // an empty v2 page: nothing was compressed
    } else {
      FLOE_ASSIGN_OR_RETURN(page->values, Decompress(values, values_size));
    }
  } else {
    page->values = values;
  }
  if (max_rep_ == 0) page->repetition_levels = {};
  if (max_def_ == 0) page->definition_levels = {};
  return Ok();
}

Result<std::optional<Page>> PageReader::Next() {
  while (pos_ < chunk_.size() && values_read_ < num_values_) {
    size_t start = pos_;
    auto fail = [&](const Error& e) {
      return e.WithContext(fmt::format("page at chunk byte {}", start));
    };
    size_t header_size = 0;
    auto header = DecodePageHeader(reinterpret_cast<const uint8_t*>(chunk_.data()) + pos_,
                                   chunk_.size() - pos_, &header_size);
    if (!header.ok()) return fail(header.error());
    size_t body_size = static_cast<size_t>(header->compressed_page_size);
    if (body_size > chunk_.size() - pos_ - header_size) {
      return fail(Corrupt("page of {} bytes runs past the end of the column chunk ({} bytes left)",
                          body_size, chunk_.size() - pos_ - header_size));
    }
    std::string_view raw(chunk_.data() + pos_ + header_size, body_size);
    pos_ += header_size + body_size;
    if (options_.verify_crc && header->crc) {
      uint32_t actual = Crc32(raw);
      if (actual != static_cast<uint32_t>(*header->crc)) {
        return fail(Corrupt("page CRC mismatch: stored {:08x}, computed {:08x}",
                            static_cast<uint32_t>(*header->crc), actual));
      }
    }
    Page page;
    page.type = header->type;
    page.header = std::move(*header);
    switch (page.type) {
      case PageType::kDictionaryPage: {
        if (seen_dictionary_ || seen_data_) {
          return fail(Corrupt("a dictionary page after the chunk's first page"));
        }
        seen_dictionary_ = true;
        const DictionaryPageHeader& d = *page.header.dictionary_page_header;
        page.num_values = d.num_values;
        page.encoding = d.encoding;
        auto values = Decompress(raw, page.header.uncompressed_page_size);
        if (!values.ok()) return fail(values.error());
        page.values = *values;
        return std::optional<Page>(std::move(page));
      }
      case PageType::kDataPage: {
        seen_data_ = true;
        const DataPageHeader& d = *page.header.data_page_header;
        page.num_values = d.num_values;
        page.encoding = d.encoding;
        page.repetition_level_encoding = d.repetition_level_encoding;
        page.definition_level_encoding = d.definition_level_encoding;
        auto body = Decompress(raw, page.header.uncompressed_page_size);
        if (!body.ok()) return fail(body.error());
        if (Status s = SplitV1(&page, *body); !s.ok()) return fail(s.error());
        values_read_ += page.num_values;
        return std::optional<Page>(std::move(page));
      }
      case PageType::kDataPageV2: {
        seen_data_ = true;
        const DataPageHeaderV2& d = *page.header.data_page_header_v2;
        page.num_values = d.num_values;
        page.encoding = d.encoding;
        page.num_nulls = d.num_nulls;
        page.num_rows = d.num_rows;
        if (d.num_nulls > d.num_values) return fail(Corrupt("num_nulls exceeds num_values"));
        if (Status s = SplitV2(&page, raw); !s.ok()) return fail(s.error());
        values_read_ += page.num_values;
        return std::optional<Page>(std::move(page));
      }
      default:
        continue;  // index pages and unknown page types carry nothing a reader needs
    }
  }
  if (values_read_ < num_values_) {
    return Corrupt("column chunk ends after {} of its {} values", values_read_, num_values_);
  }
  return std::optional<Page>();
}

Result<std::optional<int32_t>> PageReader::SkipDataPage(int64_t max_values) {
  if (pos_ >= chunk_.size() || values_read_ >= num_values_) return std::optional<int32_t>();
  size_t header_size = 0;
  auto header = DecodePageHeader(reinterpret_cast<const uint8_t*>(chunk_.data()) + pos_,
                                 chunk_.size() - pos_, &header_size);
  if (!header.ok()) return header.error().WithContext(fmt::format("page at chunk byte {}", pos_));
  int32_t values = -1;
  if (header->type == PageType::kDataPage && header->data_page_header) {
    values = header->data_page_header->num_values;
  } else if (header->type == PageType::kDataPageV2 && header->data_page_header_v2) {
    values = header->data_page_header_v2->num_values;
  }
  const auto body_size = static_cast<size_t>(header->compressed_page_size);
  if (values < 0 || values > max_values || header->compressed_page_size < 0 ||
      body_size > chunk_.size() - pos_ - header_size) {
    return std::optional<int32_t>();  // Next reads it (and reports what is wrong with it)
  }
  pos_ += header_size + body_size;
  values_read_ += values;
  seen_data_ = true;
  return std::optional<int32_t>(values);
}

bool PageReader::DictionaryEncodedThroughout() const {
  bool dictionary = false;
  int64_t values = values_read_;
  for (size_t pos = pos_; pos < chunk_.size() && values < num_values_;) {
    size_t header_size = 0;
    auto header = DecodePageHeader(reinterpret_cast<const uint8_t*>(chunk_.data()) + pos,
                                   chunk_.size() - pos, &header_size);
    if (!header.ok() || header->compressed_page_size < 0) return false;
    pos += header_size + static_cast<size_t>(header->compressed_page_size);
    Encoding encoding;
    if (header->type == PageType::kDictionaryPage) {
      dictionary = true;
      continue;
    } else if (header->type == PageType::kDataPage && header->data_page_header) {
      encoding = header->data_page_header->encoding;
      values += header->data_page_header->num_values;
    } else if (header->type == PageType::kDataPageV2 && header->data_page_header_v2) {
      encoding = header->data_page_header_v2->encoding;
      values += header->data_page_header_v2->num_values;
    } else {
      continue;
    }
    if (encoding != Encoding::kPlainDictionary && encoding != Encoding::kRleDictionary)
      return false;
  }
  return dictionary;
}

Result<std::unique_ptr<PageReader>> OpenColumnChunk(const FileReader& file, int row_group,
                                                    int column, PageReaderOptions options,
                                                    PageReaderBuffers* reused) {
  const FileMetaData& md = file.metadata();
  if (row_group < 0 || row_group >= static_cast<int>(md.row_groups.size()) || column < 0 ||
      column >= file.schema().num_columns()) {
    return InvalidArgument("no row group {} column {}", row_group, column);
  }
  const ColumnMetaData& meta = *md.row_groups[row_group].columns[column].meta_data;
  const SchemaNode& leaf = file.schema().column(column);
  if (meta.num_values == 0) {
    // An empty chunk (a file without rows): some writers leave its offsets at 0.
    return PageReader::Make(meta, std::string(), leaf.max_repetition_level,
                            leaf.max_definition_level, options);
  }
  // The chunk starts at its dictionary page when there is one. Some writers store 0 (or an offset
  // past the data page) for "no dictionary"; the page headers tell what each page is anyway.
  int64_t start = meta.data_page_offset;
  if (meta.dictionary_page_offset && *meta.dictionary_page_offset >= 4 &&
      *meta.dictionary_page_offset < start) {
    start = *meta.dictionary_page_offset;
  }
  int64_t size = meta.total_compressed_size;
  int64_t limit = file.file_size() - 8 - file.metadata_length();
  if (start < 4 || size < 0 || start > limit || size > limit - start) {
    return Corrupt("{}: column {} of row group {} at {} (+{}) lies outside the data of the file",
                   file.location(), JoinPath(leaf.path), row_group, start, size);
  }
  // A reused chunk buffer keeps its capacity: resizing it writes only bytes past its old size.
  std::string chunk = reused ? std::move(reused->chunk) : std::string();
  chunk.resize(static_cast<size_t>(size));
  FLOE_RETURN_IF_ERROR(file.file().ReadAt(start, size, reinterpret_cast<uint8_t*>(chunk.data())));
  auto reader = PageReader::MakeReusing(meta, std::move(chunk), leaf.max_repetition_level,
                                        leaf.max_definition_level, options, reused);
  if (!reader.ok()) {
    return std::move(reader).error().WithContext(
        fmt::format("{}: column {}", file.location(), JoinPath(leaf.path)));
  }
  return reader;
}

}  // namespace floe::parquet
