#include "floe/format/parquet/row_ranges.h"

#include <algorithm>

namespace floe::parquet {

Result<int64_t> CoveredRows(std::span<const RowRange> runs, int64_t limit, std::string_view what) {
  int64_t total = 0;
  int64_t previous_end = 0;
  for (const RowRange& r : runs) {
    if (r.first < previous_end || r.last <= r.first || r.last > limit) {
      return InvalidArgument("{} run [{}, {}) is not sorted, disjoint and inside [0, {})", what,
                             r.first, r.last, limit);
    }
    previous_end = r.last;
    total += r.last - r.first;
  }
  return total;
}

RowRanges RowRanges::All(int64_t rows) {
  RowRanges r;
  if (rows > 0) r.ranges_.push_back({0, rows});
  return r;
}

RowRanges RowRanges::Of(std::vector<RowRange> ranges) {
  std::erase_if(ranges, [](const RowRange& r) { return r.last <= r.first; });
  std::sort(ranges.begin(), ranges.end(),
            [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
  RowRanges out;
  for (const RowRange& r : ranges) {
    if (!out.ranges_.empty() && r.first <= out.ranges_.back().last) {
      out.ranges_.back().last = std::max(out.ranges_.back().last, r.last);
    } else {
      out.ranges_.push_back(r);
    }
  }
  return out;
}

RowRanges RowRanges::Union(const RowRanges& a, const RowRanges& b) {
  std::vector<RowRange> all = a.ranges_;
  all.insert(all.end(), b.ranges_.begin(), b.ranges_.end());
  return Of(std::move(all));
}

RowRanges RowRanges::Intersection(const RowRanges& a, const RowRanges& b) {
  RowRanges out;
  size_t i = 0, j = 0;
  while (i < a.ranges_.size() && j < b.ranges_.size()) {
    const RowRange& x = a.ranges_[i];
    const RowRange& y = b.ranges_[j];
    const int64_t first = std::max(x.first, y.first), last = std::min(x.last, y.last);
    if (first < last) out.ranges_.push_back({first, last});
    if (x.last < y.last) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

int64_t RowRanges::row_count() const {
  int64_t n = 0;
  for (const RowRange& r : ranges_) n += r.last - r.first;
  return n;
}

RowRanges RowRanges::Within(int64_t first, int64_t last) const {
  RowRanges window;
  if (first < last) window.ranges_.push_back({first, last});
  return Intersection(*this, window);
}

Result<std::vector<RowRange>> PageRows(const OffsetIndex& index, int64_t row_count) {
  const auto& pages = index.page_locations;
  std::vector<RowRange> out;
  out.reserve(pages.size());
  for (size_t i = 0; i < pages.size(); ++i) {
    const int64_t first = pages[i].first_row_index;
    const int64_t last = i + 1 < pages.size() ? pages[i + 1].first_row_index : row_count;
    if (i == 0 && first != 0) {
      return Corrupt("offset index: the first page starts at row {}, not 0", first);
    }
    if (last < first || last > row_count) {
      return Corrupt("offset index: page {} holds rows [{}, {}) of a row group of {} rows", i,
                     first, last, row_count);
    }
    out.push_back({first, last});
  }
  if (pages.empty() && row_count > 0)
    return Corrupt("offset index: no pages for {} rows", row_count);
  return out;
}

std::vector<columnar::RecordBatch> SliceToRanges(const columnar::RecordBatch& batch,
                                                 int64_t first_row, const RowRanges& ranges) {
  std::vector<columnar::RecordBatch> out;
  const int64_t last_row = first_row + batch.num_rows();
  const RowRanges within = ranges.Within(first_row, last_row);
  for (const RowRange& r : within.ranges()) {
    if (r.first == first_row && r.last == last_row) {
      out.push_back(batch);
    } else {
      out.push_back(batch.Slice(r.first - first_row, r.last - r.first));
    }
  }
  return out;
}

}  // namespace floe::parquet
