#include "floe/sql/exec/window_frames.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "floe/columnar/array_builder.h"
#include "floe/expr/filter_batch.h"
#include "floe/sql/exec/decimal_math.h"

namespace floe::sql {

using columnar::ArrayPtr;

namespace {

size_t WinPos(int64_t p) { return static_cast<size_t>(p); }

// Order of RANGE keys: NaN above every number and equal to itself (Spark's order), so first when
// the window orders descending (its keys are negated then, and NaN stays NaN).
bool RangeKeyLess(double a, double b, bool descending) {
  if (std::isnan(a) || std::isnan(b)) return descending ? !std::isnan(b) : !std::isnan(a);
  return a < b;
}

// The frame [start, end) of position p; start >= end when empty.
class WindowFrameBounds {
 public:
  WindowFrameBounds(const WindowFrameSpec& frame, const WindowLayout& layout)
      : frame_(frame), layout_(layout) {}

  void Of(int64_t p, int64_t* start, int64_t* end) {
    int64_t ps = layout_.partition_start[WinPos(p)], pe = layout_.partition_end[WinPos(p)];
    if (frame_.rows) {
      *start = RowsBound(frame_.start, p, ps, pe, false);
      *end = RowsBound(frame_.end, p, ps, pe, true);
    } else {
      *start = RangeBound(frame_.start, p, ps, pe, false);
      *end = RangeBound(frame_.end, p, ps, pe, true);
    }
    *start = std::clamp(*start, ps, pe);
    *end = std::clamp(*end, ps, pe);
  }

 private:
  // `end`: the bound is the frame's end (exclusive position returned).
  int64_t RowsBound(const WindowBound& b, int64_t p, int64_t ps, int64_t pe, bool end) const {
    int64_t k = std::min<int64_t>(b.rows, layout_.num_rows + 1);
    int64_t shift = end ? 1 : 0;
    switch (b.kind) {
      case WindowBoundKind::kUnboundedPreceding:
        return ps;
      case WindowBoundKind::kPreceding:
        return p - k + shift;
      case WindowBoundKind::kCurrentRow:
        return p + shift;
      case WindowBoundKind::kFollowing:
        return p + k + shift;
      case WindowBoundKind::kUnboundedFollowing:
        return pe;
    }
    return p;
  }

  int64_t RangeBound(const WindowBound& b, int64_t p, int64_t ps, int64_t pe, bool end) {
    switch (b.kind) {
      case WindowBoundKind::kUnboundedPreceding:
        return ps;
      case WindowBoundKind::kUnboundedFollowing:
        return pe;
      case WindowBoundKind::kCurrentRow:
        return end ? layout_.peer_end[WinPos(p)] : layout_.peer_start[WinPos(p)];
      case WindowBoundKind::kPreceding:
      case WindowBoundKind::kFollowing:
        break;
    }
    // A NULL key reaches its peers (the other NULLs) only.
    if (layout_.range_null[WinPos(p)])
      return end ? layout_.peer_end[WinPos(p)] : layout_.peer_start[WinPos(p)];
    if (ps != cached_partition_) {
      // The partition's non-NULL keys: NULLs sort together at one end.
      cached_partition_ = ps;
      non_null_start_ = ps;
      while (non_null_start_ < pe && layout_.range_null[WinPos(non_null_start_)]) ++non_null_start_;
      non_null_end_ = non_null_start_;
      while (non_null_end_ < pe && !layout_.range_null[WinPos(non_null_end_)]) ++non_null_end_;
    }
    double v = layout_.range_key[WinPos(p)];
    double target = b.kind == WindowBoundKind::kPreceding ? v - b.range : v + b.range;
    auto first = layout_.range_key.begin() + static_cast<std::ptrdiff_t>(non_null_start_);
    auto last = layout_.range_key.begin() + static_cast<std::ptrdiff_t>(non_null_end_);
    auto less = [d = layout_.range_descending](double a, double b) {
      return RangeKeyLess(a, b, d);
    };
    auto it = end ? std::upper_bound(first, last, target, less)
                  : std::lower_bound(first, last, target, less);
    return static_cast<int64_t>(it - layout_.range_key.begin());
  }

  const WindowFrameSpec& frame_;
  const WindowLayout& layout_;
  int64_t cached_partition_ = -1;
  int64_t non_null_start_ = 0, non_null_end_ = 0;
};

// Visits every position's frame with a state that only adds positions at the end and removes
// them at the start while both bounds move forward (amortized O(1) a row), else starts over.
template <typename State, typename Emit>
void SlideWindowFrames(const WindowFrameSpec& frame, const WindowLayout& layout, State& state,
                       Emit&& emit) {
  WindowFrameBounds bounds(frame, layout);
  int64_t lo = 0, hi = 0;
  for (int64_t p = 0; p < layout.num_rows; ++p) {
    int64_t fs, fe;
    bounds.Of(p, &fs, &fe);
    if (fs < lo || fe < hi || fs >= hi) {
      state.Reset();
      lo = hi = fs;
    }
    for (; hi < fe; ++hi) state.Add(hi);
    for (; lo < fs; ++lo) state.Remove(lo);
    emit(p, fs, fe);
  }
}

// Element p of `values`, or where idx[p] < 0 the default's element p (NULL without one).
Result<ArrayPtr> WindowTake(const ArrayPtr& values, const std::vector<int64_t>& idx,
                            const ArrayPtr& fallback) {
  bool any = std::any_of(idx.begin(), idx.end(), [](int64_t i) { return i < 0; });
  if (!any) return expr::TakeRows(*values, idx);
  ArrayPtr extra = fallback;
  if (!extra) {
    FLOE_ASSIGN_OR_RETURN(extra, ScalarArray(values->type, Scalar::Null(), 1));
  }
  auto schema = MakeSchema({"v"}, {values->type});
  FLOE_ASSIGN_OR_RETURN(auto a, columnar::RecordBatch::Make(schema, values->length, {values}));
  FLOE_ASSIGN_OR_RETURN(auto b, columnar::RecordBatch::Make(schema, extra->length, {extra}));
  FLOE_ASSIGN_OR_RETURN(auto both, ConcatBatches(schema, {a, b}));
  std::vector<int64_t> at(idx.size());
  for (size_t p = 0; p < idx.size(); ++p) {
    at[p] = idx[p] >= 0 ? idx[p] : values->length + (fallback ? static_cast<int64_t>(p) : 0);
  }
  return expr::TakeRows(*both.column(0), at);
}

Result<ArrayPtr> WindowRanking(const WindowCall& call, const WindowLayout& layout) {
  const int64_t n = layout.num_rows;
  if (call.kind == WindowFunctionKind::kPercentRank) {
    columnar::PrimitiveBuilder<double> out(columnar::Float64());
    FLOE_RETURN_IF_ERROR(out.Reserve(n));
    for (int64_t p = 0; p < n; ++p) {
      int64_t ps = layout.partition_start[WinPos(p)], size = layout.partition_end[WinPos(p)] - ps;
      int64_t rank = layout.peer_start[WinPos(p)] - ps;
      out.UnsafeAppend(size <= 1 ? 0.0 : static_cast<double>(rank) / static_cast<double>(size - 1));
    }
    return out.Finish();
  }
  columnar::PrimitiveBuilder<int32_t> out(columnar::Int32());
  FLOE_RETURN_IF_ERROR(out.Reserve(n));
  int64_t dense = 0;
  for (int64_t p = 0; p < n; ++p) {
    int64_t ps = layout.partition_start[WinPos(p)];
    int64_t i = p - ps, value = 0;
    switch (call.kind) {
      case WindowFunctionKind::kRowNumber:
        value = i + 1;
        break;
      case WindowFunctionKind::kRank:
        value = layout.peer_start[WinPos(p)] - ps + 1;
        break;
      case WindowFunctionKind::kDenseRank:
        if (p == ps) dense = 0;
        if (layout.peer_start[WinPos(p)] == p) ++dense;
        value = dense;
        break;
      default: {  // ntile: the first (size % n) buckets hold one row more
        int64_t size = layout.partition_end[WinPos(p)] - ps, buckets = call.offset;
        int64_t base = size / buckets, extra = size % buckets;
        int64_t big = (base + 1) * extra;
        value = i < big ? i / (base + 1) + 1 : extra + (i - big) / base + 1;
        break;
      }
    }
    out.UnsafeAppend(static_cast<int32_t>(value));
  }
  return out.Finish();
}

Result<ArrayPtr> WindowOffset(const WindowCall& call, const WindowLayout& layout,
                              const ArrayPtr& arg, const ArrayPtr& def) {
  std::vector<int64_t> idx(WinPos(layout.num_rows));
  // Offsets beyond the rows reach outside every partition alike (and cannot overflow).
  int64_t offset = std::clamp<int64_t>(call.offset, -layout.num_rows - 1, layout.num_rows + 1);
  int64_t shift = call.kind == WindowFunctionKind::kLag ? -offset : offset;
  for (int64_t p = 0; p < layout.num_rows; ++p) {
    int64_t q = p + shift;
    bool inside = q >= layout.partition_start[WinPos(p)] && q < layout.partition_end[WinPos(p)];
    idx[WinPos(p)] = inside ? q : -1;
  }
  return WindowTake(arg, idx, def);
}

struct WindowNoState {
  void Reset() {}
  void Add(int64_t) {}
  void Remove(int64_t) {}
};

Result<ArrayPtr> WindowFirstLast(const WindowCall& call, const WindowLayout& layout,
                                 const ArrayPtr& arg) {
  const int64_t n = layout.num_rows;
  std::vector<int64_t> next(WinPos(n)), prev(WinPos(n));
  for (int64_t p = n - 1, last = n; p >= 0; --p) {
    if (arg->IsValid(p)) last = p;
    next[WinPos(p)] = last;
  }
  for (int64_t p = 0, last = -1; p < n; ++p) {
    if (arg->IsValid(p)) last = p;
    prev[WinPos(p)] = last;
  }
  std::vector<int64_t> idx(WinPos(n), -1);
  bool first = call.kind == WindowFunctionKind::kFirstValue;
  WindowNoState none;
  SlideWindowFrames(call.frame, layout, none, [&](int64_t p, int64_t fs, int64_t fe) {
    if (fs >= fe) return;
    if (!call.ignore_nulls) {
      idx[WinPos(p)] = first ? fs : fe - 1;
    } else if (first) {
      idx[WinPos(p)] = next[WinPos(fs)] < fe ? next[WinPos(fs)] : -1;
    } else {
      idx[WinPos(p)] = prev[WinPos(fe - 1)] >= fs ? prev[WinPos(fe - 1)] : -1;
    }
  });
  return WindowTake(arg, idx, nullptr);
}

// min / max: a queue of positions whose values increase (min) or decrease (max).
struct WindowExtremeState {
  const columnar::ArrayData* values;
  bool max;
  std::deque<int64_t> queue;
  void Reset() { queue.clear(); }
  void Add(int64_t q) {
    if (values->IsNull(q)) return;
    while (!queue.empty()) {
      int c = CompareValues(*values, queue.back(), *values, q);
      if (max ? c > 0 : c < 0) break;
      queue.pop_back();
    }
    queue.push_back(q);
  }
  void Remove(int64_t q) {
    if (!queue.empty() && queue.front() == q) queue.pop_front();
  }
};

// count / sum / avg of bigint or double values.
struct WindowSumState {
  const columnar::ArrayData* values;  // null for count(*)
  bool floating;
  bool count_only;  // count(x): only the NULLs matter
  bool decimal;     // decimal128 values
  int64_t count = 0;
  uint64_t int_sum = 0;               // wraps, as Spark's bigint sum does
  double sum = 0.0;                   // finite values
  unsigned __int128 decimal_sum = 0;  // wraps like int_sum: removing undoes adding exactly
  int64_t nan = 0, pos_inf = 0, neg_inf = 0;
  void Reset() {
    count = 0;
    int_sum = 0;
    decimal_sum = 0;
    sum = 0.0;
    nan = pos_inf = neg_inf = 0;
  }
  void Change(int64_t q, int sign) {
    if (values == nullptr) {
      count += sign;
      return;
    }
    if (values->IsNull(q)) return;
    count += sign;
    if (count_only) return;
    if (decimal) {
      auto v = static_cast<unsigned __int128>(LoadDecimal128(*values, q));
      decimal_sum = sign > 0 ? decimal_sum + v : decimal_sum - v;
      return;
    }
    if (!floating) {
      uint64_t v = static_cast<uint64_t>(values->values<int64_t>()[q]);
      int_sum = sign > 0 ? int_sum + v : int_sum - v;
      return;
    }
    double v = values->values<double>()[q];
    if (std::isnan(v)) {
      nan += sign;
    } else if (std::isinf(v)) {
      (v > 0 ? pos_inf : neg_inf) += sign;
    } else {
      sum += sign * v;
    }
  }
  void Add(int64_t q) { Change(q, 1); }
  void Remove(int64_t q) { Change(q, -1); }
  double Double() const {
    if (nan > 0 || (pos_inf > 0 && neg_inf > 0)) return std::nan("");
    if (pos_inf > 0) return INFINITY;
    if (neg_inf > 0) return -INFINITY;
    return floating ? sum : static_cast<double>(static_cast<int64_t>(int_sum));
  }
};

Result<ArrayPtr> WindowAggregate(const WindowCall& call, const WindowLayout& layout,
                                 const ArrayPtr& arg) {
  const int64_t n = layout.num_rows;
  if (call.aggregate == AggregateKind::kMin || call.aggregate == AggregateKind::kMax) {
    WindowExtremeState state{arg.get(), call.aggregate == AggregateKind::kMax, {}};
    std::vector<int64_t> idx(WinPos(n), -1);
    SlideWindowFrames(call.frame, layout, state, [&](int64_t p, int64_t, int64_t) {
      if (!state.queue.empty()) idx[WinPos(p)] = state.queue.front();
    });
    return WindowTake(arg, idx, nullptr);
  }
  bool floating = arg && arg->type->id() == columnar::TypeId::kFloat64;
  bool decimal = arg && arg->type->id() == columnar::TypeId::kDecimal128;
  bool count =
      call.aggregate == AggregateKind::kCount || call.aggregate == AggregateKind::kCountStar;
  WindowSumState state{call.aggregate == AggregateKind::kCountStar ? nullptr : arg.get(), floating,
                       count, decimal};
  if (count) {
    columnar::PrimitiveBuilder<int64_t> out(columnar::Int64());
    FLOE_RETURN_IF_ERROR(out.Reserve(n));
    SlideWindowFrames(call.frame, layout, state,
                      [&](int64_t, int64_t, int64_t) { out.UnsafeAppend(state.count); });
    return out.Finish();
  }
  bool avg = call.aggregate == AggregateKind::kAvg;
  if (decimal) {
    // Spark's: sum decimal(p + 10, s), NULL when it has more digits; avg decimal(p + 4, s + 4),
    // the sum scaled up and divided by the count, rounded half up.
    FLOE_ASSIGN_OR_RETURN(auto out, columnar::MakeBuilder(call.type));
    int scale_up = call.type->scale() - arg->type->scale();
    Status status = Ok();
    SlideWindowFrames(call.frame, layout, state, [&](int64_t, int64_t, int64_t) {
      if (!status.ok()) return;
      auto sum = static_cast<__int128>(state.decimal_sum);
      Scalar v;
      if (state.count > 0 && !avg && DecimalFits(sum, call.type->precision())) {
        v = Scalar::Decimal(sum);
      } else if (state.count > 0 && avg) {
        std::optional<__int128> scaled = ScaleUp(sum, scale_up);
        if (scaled) v = Scalar::Decimal(DivRoundHalfUp(*scaled, state.count));
      }
      status = AppendScalar(*out, v);
    });
    FLOE_RETURN_IF_ERROR(status);
    return out->Finish();
  }
  if (call.aggregate == AggregateKind::kSum && !floating) {
    columnar::PrimitiveBuilder<int64_t> out(columnar::Int64());
    Status status = Ok();
    SlideWindowFrames(call.frame, layout, state, [&](int64_t, int64_t, int64_t) {
      if (!status.ok()) return;
      status =
          state.count == 0 ? out.AppendNull() : out.Append(static_cast<int64_t>(state.int_sum));
    });
    FLOE_RETURN_IF_ERROR(status);
    return out.Finish();
  }
  columnar::PrimitiveBuilder<double> out(columnar::Float64());
  Status status = Ok();
  SlideWindowFrames(call.frame, layout, state, [&](int64_t, int64_t, int64_t) {
    if (!status.ok()) return;
    if (state.count == 0) {
      status = out.AppendNull();
    } else {
      double s = state.Double();
      status = out.Append(avg ? s / static_cast<double>(state.count) : s);
    }
  });
  FLOE_RETURN_IF_ERROR(status);
  return out.Finish();
}

}  // namespace

Result<ArrayPtr> ComputeWindowColumn(const WindowCall& call, const WindowLayout& layout,
                                     const ArrayPtr& arg, const ArrayPtr& default_value) {
  switch (call.kind) {
    case WindowFunctionKind::kRowNumber:
    case WindowFunctionKind::kRank:
    case WindowFunctionKind::kDenseRank:
    case WindowFunctionKind::kPercentRank:
    case WindowFunctionKind::kNtile:
      return WindowRanking(call, layout);
    case WindowFunctionKind::kLag:
    case WindowFunctionKind::kLead:
      return WindowOffset(call, layout, arg, default_value);
    case WindowFunctionKind::kFirstValue:
    case WindowFunctionKind::kLastValue:
      return WindowFirstLast(call, layout, arg);
    case WindowFunctionKind::kAggregate:
      return WindowAggregate(call, layout, arg);
  }
  return Internal("unknown window function");
}

}  // namespace floe::sql
