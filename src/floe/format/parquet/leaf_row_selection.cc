#include "floe/format/parquet/leaf_row_selection.h"

#include <cstring>

#include "floe/columnar/array_builder.h"

namespace floe::parquet {

Result<columnar::ArrayPtr> TakeValueRuns(const columnar::ArrayData& values,
                                         std::span<const RowRange> runs) {
  using columnar::TypeId;
  int64_t total = 0;
  for (const RowRange& r : runs) {
    if (r.first < 0 || r.last < r.first || r.last > values.length) {
      return InvalidArgument("value run [{}, {}) outside an array of {} values", r.first, r.last,
                             values.length);
    }
    total += r.last - r.first;
  }
  const columnar::DataType& type = *values.type;
  if (type.id() == TypeId::kNull) {
    return columnar::ArrayData::Make(values.type, total, {}, total);
  }
  if (values.null_count != 0) return InvalidArgument("leaf values hold nulls");
  if (type.id() == TypeId::kBool) {
    columnar::BooleanBuilder out;
    FLOE_RETURN_IF_ERROR(out.Reserve(total));
    for (const RowRange& r : runs) {
      FLOE_RETURN_IF_ERROR(
          out.AppendBits(values.buffers[1]->data(), values.offset + r.first, r.last - r.first));
    }
    return out.Finish();
  }
  if (type.is_binary_like()) {
    int64_t bytes = 0;
    for (const RowRange& r : runs) {
      for (int64_t i = r.first; i < r.last; ++i)
        bytes += static_cast<int64_t>(values.GetView(i).size());
    }
    columnar::BinaryBuilder out(values.type);
    FLOE_RETURN_IF_ERROR(out.Reserve(total));
    FLOE_RETURN_IF_ERROR(out.ReserveData(bytes));
    for (const RowRange& r : runs) {
      for (int64_t i = r.first; i < r.last; ++i) {
        const std::string_view v = values.GetView(i);
        out.UnsafeAppend(reinterpret_cast<const uint8_t*>(v.data()),
                         static_cast<int64_t>(v.size()));
      }
    }
    return out.Finish();
  }
  const int width = type.byte_width();
  if (width <= 0 || type.is_nested()) {
    return InvalidArgument("leaf values of type {} are not flat", type.ToString());
  }
  FLOE_ASSIGN_OR_RETURN(columnar::BufferPtr data,
                        columnar::Buffer::AllocateForWriting(total * width));
  FLOE_RETURN_IF_ERROR(data->Resize(total * width));
  uint8_t* out = data->mutable_data();
  const uint8_t* in = values.buffers[1]->data() + values.offset * width;
  for (const RowRange& r : runs) {
    const auto bytes = static_cast<size_t>((r.last - r.first) * width);
    const uint8_t* from = in + r.first * width;
    // Single values (dictionary entries, sparse rows) by fixed-size copies the compiler inlines.
    if (bytes == 4) {
      std::memcpy(out, from, 4);
    } else if (bytes == 8) {
      std::memcpy(out, from, 8);
    } else if (bytes == 16) {
      std::memcpy(out, from, 16);
    } else {
      std::memcpy(out, from, bytes);
    }
    out += bytes;
  }
  return columnar::ArrayData::Make(values.type, total, {nullptr, std::move(data)});
}

Result<LeafBatch> SelectLeafRows(const LeafBatch& in, std::span<const RowRange> runs) {
  int64_t previous_end = 0;
  for (const RowRange& r : runs) {
    if (r.first < previous_end || r.last <= r.first || r.last > in.num_rows) {
      return InvalidArgument("row run [{}, {}) is not sorted, disjoint and inside [0, {})", r.first,
                             r.last, in.num_rows);
    }
    previous_end = r.last;
  }
  LeafBatch out;
  out.max_def_level = in.max_def_level;
  std::vector<RowRange> value_runs;
  if (in.def_levels.empty() && in.rep_levels.empty()) {
    // One entry and one value per row.
    for (const RowRange& r : runs) out.num_rows += r.last - r.first;
    out.num_levels = out.num_rows;
    FLOE_ASSIGN_OR_RETURN(out.values, TakeValueRuns(*in.values, runs));
    return out;
  }
  // Walk the entries once: `entry` is the first entry of row `row`, `value` the values before it.
  int64_t entry = 0;
  int64_t row = 0;
  int64_t value = 0;
  const int16_t max_def = in.max_def_level;
  auto step_entry = [&] {
    if (in.def_level(entry) == max_def) ++value;
    ++entry;
  };
  auto advance_to_row = [&](int64_t target) {
    while (row < target && entry < in.num_levels) {
      step_entry();
      while (entry < in.num_levels && in.rep_level(entry) != 0) step_entry();
      ++row;
    }
  };
  bool below_max = false;
  for (const RowRange& r : runs) {
    advance_to_row(r.first);
    const int64_t first_entry = entry;
    const int64_t first_value = value;
    advance_to_row(r.last);
    if (row != r.last) return Corrupt("a leaf batch of {} rows ends at row {}", in.num_rows, row);
    if (!in.def_levels.empty()) {
      for (int64_t i = first_entry; i < entry; ++i) {
        int16_t d = in.def_levels[static_cast<size_t>(i)];
        below_max |= d != max_def;
        out.def_levels.push_back(d);
      }
    }
    if (!in.rep_levels.empty()) {
      out.rep_levels.insert(out.rep_levels.end(), in.rep_levels.begin() + first_entry,
                            in.rep_levels.begin() + entry);
    }
    if (value > first_value) value_runs.push_back({first_value, value});
    out.num_rows += r.last - r.first;
    out.num_levels += entry - first_entry;
  }
  // As the column reader does: a column without repetition keeps no levels when none is below
  // the maximum.
  if (in.rep_levels.empty() && !below_max) out.def_levels.clear();
  FLOE_ASSIGN_OR_RETURN(out.values, TakeValueRuns(*in.values, value_runs));
  return out;
}

}  // namespace floe::parquet
