#include "floe/format/parquet/column_chunk_reader.h"

#include <algorithm>
#include <bit>

#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"

namespace floe::parquet {

namespace {

int BitWidth(int16_t max_level) {
  return static_cast<int>(std::bit_width(static_cast<uint16_t>(max_level)));
}

// The deprecated BIT_PACKED level encoding: values packed from the most significant bit.
void UnpackMsbFirst(const uint8_t* data, int width, int64_t n, int16_t* out) {
  int64_t bit = 0;
  for (int64_t i = 0; i < n; ++i) {
    int v = 0;
    for (int b = 0; b < width; ++b, ++bit) {
      v = (v << 1) | ((data[bit >> 3] >> (7 - (bit & 7))) & 1);
    }
    out[i] = static_cast<int16_t>(v);
  }
}

// True when RLE/bit-packed level runs start with one RLE run of `level` covering at least `n`
// entries (what writers emit for a page without nulls): the levels need not be decoded.
bool IsSingleLevelRun(std::string_view runs, Encoding encoding, int16_t level, int64_t n) {
  if (encoding != Encoding::kRle) return false;
  uint64_t header = 0;
  size_t pos = 0;
  for (int shift = 0; pos < runs.size() && shift < 64; shift += 7) {
    const auto byte = static_cast<uint8_t>(runs[pos++]);
    header |= static_cast<uint64_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) break;
    if (pos == runs.size()) return false;
  }
  if (pos == 0 || (header & 1) != 0) return false;  // none, or a bit-packed run
  const uint64_t count = header >> 1;
  const size_t value_bytes = (BitWidth(level) + 7) / 8;
  if (runs.size() - pos < value_bytes) return false;
  uint32_t value = 0;
  for (size_t i = 0; i < value_bytes; ++i) {
    value |= static_cast<uint32_t>(static_cast<uint8_t>(runs[pos + i])) << (8 * i);
  }
  return value == static_cast<uint32_t>(level) && count >= static_cast<uint64_t>(n);
}

}  // namespace

Result<std::unique_ptr<ColumnChunkReader>> ColumnChunkReader::Make(
    std::unique_ptr<PageReader> pages, const SchemaNode& leaf, columnar::DataTypePtr type) {
  std::unique_ptr<ColumnChunkReader> r(new ColumnChunkReader());
  r->pages_ = std::move(pages);
  r->max_def_ = leaf.max_definition_level;
  r->max_rep_ = leaf.max_repetition_level;
  FLOE_ASSIGN_OR_RETURN(r->values_, ValueDecoder::Make(leaf, std::move(type)));
  return r;
}

Status ColumnChunkReader::DecodeLevels(std::string_view runs, Encoding encoding, int16_t max_level,
                                       std::vector<int16_t>* out, const char* what) {
  out->resize(static_cast<size_t>(page_levels_));
  const int width = BitWidth(max_level);
  const auto* data = reinterpret_cast<const uint8_t*>(runs.data());
  if (encoding == Encoding::kBitPacked) {
    if (static_cast<int64_t>(runs.size()) * 8 < page_levels_ * width) {
      return Corrupt("{} levels: {} bytes hold fewer than {} values", what, runs.size(),
                     page_levels_);
    }
    UnpackMsbFirst(data, width, page_levels_, out->data());
  } else if (encoding == Encoding::kRle) {
    RleBitPackedDecoder decoder;
    FLOE_RETURN_IF_ERROR(decoder.Init({data, runs.size()}, width));
    FLOE_ASSIGN_OR_RETURN(int64_t got, decoder.GetBatch(out->data(), page_levels_));
    if (got != page_levels_) {
      return Corrupt("{} levels end after {} of the page's {} values", what, got, page_levels_);
    }
  } else {
    return NotSupported("{} level encoding {}", what, EncodingName(encoding));
  }
  for (int16_t level : *out) {
    if (level < 0 || level > max_level) {
      return Corrupt("{} level {} exceeds the column's maximum {}", what, level, max_level);
    }
  }
  return Ok();
}

Result<bool> ColumnChunkReader::NextPage() {
  while (true) {
    FLOE_ASSIGN_OR_RETURN(std::optional<Page> page, pages_->Next());
    if (!page) return false;
    if (page->type == PageType::kDictionaryPage) {
      FLOE_RETURN_IF_ERROR(values_->SetDictionary(*page));
      continue;
    }
    if (page->num_values < 0) return Corrupt("data page with {} values", page->num_values);
    page_levels_ = page->num_values;
    page_pos_ = 0;
    page_all_defined_ = max_def_ > 0 && max_rep_ == 0 &&
                        IsSingleLevelRun(page->definition_levels, page->definition_level_encoding,
                                         max_def_, page_levels_);
    if (max_def_ > 0 && !page_all_defined_) {
      FLOE_RETURN_IF_ERROR(DecodeLevels(page->definition_levels, page->definition_level_encoding,
                                        max_def_, &page_def_, "definition"));
    }
    if (max_rep_ > 0) {
      FLOE_RETURN_IF_ERROR(DecodeLevels(page->repetition_levels, page->repetition_level_encoding,
                                        max_rep_, &page_rep_, "repetition"));
    }
    FLOE_RETURN_IF_ERROR(values_->StartPage(*page));
    if (page_levels_ > 0) return true;
  }
}

void ColumnChunkReader::StartBatch(LeafBatch* out) const {
  out->num_rows = 0;
  out->num_levels = 0;
  out->def_levels.clear();
  out->rep_levels.clear();
  out->max_def_level = max_def_;
}

Status ColumnChunkReader::Advance(int64_t rows, LeafBatch* out, int64_t* done) {
  int64_t started = 0;
  while (true) {
    if (page_pos_ == page_levels_) {
      if (max_rep_ == 0 && started == rows) break;
      if (out == nullptr && max_rep_ == 0) {
        // Passing over rows of a column without repetition: a data page holds one level entry
        // per row, so a page of no more than the rows left is skipped undecompressed.
        FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> skipped, pages_->SkipDataPage(rows - started));
        if (skipped) {
          started += *skipped;
          ++pages_skipped_;
          continue;
        }
      }
      FLOE_ASSIGN_OR_RETURN(bool more, NextPage());
      if (!more) break;
    }
    const int64_t begin = page_pos_;
    int64_t end = begin;
    if (max_rep_ == 0) {
      end = begin + std::min(rows - started, page_levels_ - begin);
      started += end - begin;
    } else {
      for (; end < page_levels_; ++end) {
        if (page_rep_[static_cast<size_t>(end)] != 0) {
          if (first_entry_) return Corrupt("the column chunk starts inside a row");
          continue;
        }
        if (started == rows) break;
        ++started;
        first_entry_ = false;
      }
    }
    if (end == begin) break;
    int64_t present = end - begin;
    if (max_def_ > 0 && !page_all_defined_) {
      present = std::count(page_def_.begin() + begin, page_def_.begin() + end, max_def_);
    }
    if (out == nullptr) {
      FLOE_RETURN_IF_ERROR(values_->Skip(present));
      page_pos_ = end;
      continue;
    }
    if (max_def_ > 0) {
      // Levels are kept only once an entry below the max appears (or the column repeats).
      bool elide = max_rep_ == 0 && present == end - begin && out->def_levels.empty();
      if (!elide) {
        out->def_levels.resize(static_cast<size_t>(out->num_levels), max_def_);
        if (page_all_defined_) {
          out->def_levels.resize(static_cast<size_t>(out->num_levels + end - begin), max_def_);
        } else {
          out->def_levels.insert(out->def_levels.end(), page_def_.begin() + begin,
                                 page_def_.begin() + end);
        }
      }
    }
    if (max_rep_ > 0) {
      out->rep_levels.insert(out->rep_levels.end(), page_rep_.begin() + begin,
                             page_rep_.begin() + end);
    }
    if (indices_) {
      if (indices_used_ + static_cast<size_t>(present) > indices_->size()) {
        return Corrupt("more values than rows in a column without repetition");
      }
      FLOE_RETURN_IF_ERROR(values_->DecodeIndices(present, indices_->data() + indices_used_));
      indices_used_ += static_cast<size_t>(present);
    } else {
      FLOE_RETURN_IF_ERROR(values_->Decode(present));
    }
    out->num_levels += end - begin;
    page_pos_ = end;
  }
  *done = started;
  return Ok();
}

Status ColumnChunkReader::ReadRows(int64_t rows, LeafBatch* out) {
  StartBatch(out);
  if (max_rep_ == 0) values_->Reserve(rows);
  FLOE_RETURN_IF_ERROR(Advance(rows, out, &out->num_rows));
  FLOE_ASSIGN_OR_RETURN(out->values, values_->Finish());
  return Ok();
}

Status ColumnChunkReader::ReadIndices(int64_t rows, LeafBatch* out,
                                      std::vector<uint32_t>* indices) {
  if (max_rep_ != 0) return NotSupported("dictionary indices of a repeated column");
  StartBatch(out);
  // Sized once for the batch (a reused vector keeps its capacity); cut to the values read.
  indices->resize(static_cast<size_t>(rows));
  indices_ = indices;
  indices_used_ = 0;
  Status st = Advance(rows, out, &out->num_rows);
  indices_ = nullptr;
  FLOE_RETURN_IF_ERROR(st);
  indices->resize(indices_used_);
  out->values.reset();
  return Ok();
}

Status ColumnChunkReader::ReadRowRuns(int64_t rows, std::span<const RowRange> runs,
                                      LeafBatch* out) {
  StartBatch(out);
  FLOE_ASSIGN_OR_RETURN(int64_t selected, CoveredRows(runs, rows, "row"));
  int64_t at = 0;  // rows of the `rows` taken or passed so far
  if (max_rep_ == 0) values_->Reserve(selected);
  for (size_t i = 0; i < runs.size(); ++i) {
    const RowRange& run = runs[i];
    // Runs inside the current page of a column without nulls nor repetition (one value per row)
    // are gathered in one call: no per-run work between the copies of sparse kept values.
    if (max_rep_ == 0 && page_pos_ < page_levels_ && (max_def_ == 0 || page_all_defined_) &&
        run.first >= at && values_->CanGatherRuns()) {
      const int64_t page_end = at + (page_levels_ - page_pos_);  // in rows of the batch
      size_t j = i;
      while (j < runs.size() && runs[j].last <= page_end) ++j;
      if (j - i >= 2) {
        gather_runs_.clear();
        int64_t taken = 0;
        for (size_t x = i; x < j; ++x) {
          gather_runs_.push_back({runs[x].first - at, runs[x].last - at});
          taken += runs[x].last - runs[x].first;
        }
        const int64_t advance = runs[j - 1].last - at;
        FLOE_RETURN_IF_ERROR(values_->GatherRuns(gather_runs_, advance));
        if (max_def_ > 0 && !out->def_levels.empty()) {
          out->def_levels.resize(out->def_levels.size() + static_cast<size_t>(taken), max_def_);
        }
        out->num_levels += taken;
        out->num_rows += taken;
        page_pos_ += advance;
        at += advance;
        i = j - 1;
        continue;
      }
    }
    int64_t done = 0;
    FLOE_RETURN_IF_ERROR(Advance(run.first - at, nullptr, &done));
    if (done != run.first - at) break;  // the chunk ended: the caller checks the row count
    FLOE_RETURN_IF_ERROR(Advance(run.last - run.first, out, &done));
    out->num_rows += done;
    at = run.first + done;
    if (done != run.last - run.first) break;
  }
  if (at < rows && out->num_rows == selected) {
    int64_t done = 0;
    FLOE_RETURN_IF_ERROR(Advance(rows - at, nullptr, &done));
  }
  FLOE_ASSIGN_OR_RETURN(out->values, values_->Finish());
  return Ok();
}

}  // namespace floe::parquet
