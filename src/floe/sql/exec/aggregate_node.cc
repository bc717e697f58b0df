#include "floe/sql/exec/aggregate_node.h"

#include <algorithm>
#include <climits>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "floe/columnar/array_builder.h"
#include "floe/expr/filter_batch.h"
#include "floe/sql/exec/common_subexpressions.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/group_accumulator.h"
#include "floe/sql/exec/group_table.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/cancellation.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::RecordBatch;
using columnar::TypeId;

Result<AggregateKind> AggregateKindFromName(std::string_view name, bool star) {
  if (name == "count") return star ? AggregateKind::kCountStar : AggregateKind::kCount;
  if (star) return InvalidArgument("{}(*) is not an aggregate (only count(*))", name);
  if (name == "sum") return AggregateKind::kSum;
  if (name == "avg" || name == "mean") return AggregateKind::kAvg;
  if (name == "min") return AggregateKind::kMin;
  if (name == "max") return AggregateKind::kMax;
  if (name == "stddev" || name == "std" || name == "stddev_samp") return AggregateKind::kStddevSamp;
  if (name == "stddev_pop") return AggregateKind::kStddevPop;
  if (name == "variance" || name == "var_samp") return AggregateKind::kVarSamp;
  if (name == "var_pop") return AggregateKind::kVarPop;
  if (name == "collect_list" || name == "array_agg") return AggregateKind::kCollectList;
  if (name == "collect_set") return AggregateKind::kCollectSet;
  if (name == "percentile" || name == "median") return AggregateKind::kPercentile;
  if (name == "percentile_approx" || name == "approx_percentile")
    return AggregateKind::kPercentileApprox;
  if (name == "approx_count_distinct") return AggregateKind::kApproxCountDistinct;
  return InvalidArgument("{} is not an aggregate function", name);
}

Result<DataTypePtr> AggregateResultType(AggregateKind kind, const DataTypePtr& arg) {
  switch (kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
      return columnar::Int64();
    case AggregateKind::kSum:
      if (IsIntegral(*arg) || arg->id() == TypeId::kNull) return columnar::Int64();
      if (IsFloating(*arg)) return columnar::Float64();
      if (arg->id() == TypeId::kDecimal128)
        return BoundedDecimal(arg->precision() + 10, arg->scale());
      return InvalidArgument("sum of {}: not a number", SparkTypeName(*arg));
    case AggregateKind::kAvg:
      if (IsIntegral(*arg) || IsFloating(*arg) || arg->id() == TypeId::kNull)
        return columnar::Float64();
      if (arg->id() == TypeId::kDecimal128) {
        return columnar::Decimal128(std::min(38, arg->precision() + 4),
                                    std::min(38, arg->scale() + 4));
      }
      return InvalidArgument("avg of {}: not a number", SparkTypeName(*arg));
    case AggregateKind::kMin:
    case AggregateKind::kMax:
      if (arg->is_nested() && arg->id() == TypeId::kMap) {
        return InvalidArgument("min/max of {}: maps have no order", SparkTypeName(*arg));
      }
      return arg;
    default:
      return Internal("the result type of this aggregate depends on more than its argument");
  }
  return Internal("unknown aggregate");
}

Result<DataTypePtr> AggregateResultType(const AggregateCall& call) {
  if (IsAccumulatorKind(call.kind)) return AccumulatorResultType(call);
  return AggregateResultType(call.kind, call.arg ? call.arg->type() : nullptr);
}

namespace {

// One aggregate's running state for every group (only the vectors its kind uses are sized).
struct AggregateStates {
  std::vector<int64_t> count;      // values seen (count, avg, and whether min/max/sum saw one)
  std::vector<int64_t> int_sum;    // integer sums (wrapping)
  std::vector<double> double_sum;  // float sums, and integer averages
  std::vector<__int128> decimal_sum;
  std::vector<uint8_t> overflow;  // decimal sum beyond 38 digits
  std::vector<Scalar> extreme;    // min / max
  std::vector<std::unique_ptr<std::unordered_set<std::string>>> seen;  // DISTINCT
  std::unique_ptr<GroupAccumulator> accumulator;  // the kinds group_accumulator.h keeps
};

// Calls fn(i) for each non-NULL row i < n of `values`.
template <typename Fn>
void ForEachValid(const columnar::ArrayData& values, int64_t n, Fn fn) {
  if (values.null_count == 0 || values.buffers.empty() || values.buffers[0] == nullptr) {
    for (int64_t i = 0; i < n; ++i) fn(i);
  } else {
    for (int64_t i = 0; i < n; ++i) {
      if (values.IsValid(i)) fn(i);
    }
  }
}

// Where a group was first seen: batch `batch` of input part `part`, row `row`. Groups come out
// in this order, the order a sequential run would first see them, however threads shared the work.
struct FirstRow {
  int64_t part = INT64_MAX, batch = 0, row = 0;
  bool operator<(const FirstRow& o) const {
    if (part != o.part) return part < o.part;
    if (batch != o.batch) return batch < o.batch;
    return row < o.row;
  }
};

// One thread's share of the aggregation: its groups and their states.
struct PartialAggregate {
  explicit PartialAggregate(GroupTable table) : groups(std::move(table)) {}
  GroupTable groups;
  int64_t num_groups = 0;
  std::vector<AggregateStates> states;
  std::vector<FirstRow> first_row;
  std::vector<uint32_t> group_of_row;   // scratch, per batch
  std::vector<int64_t> rows_per_group;  // scratch, per batch (empty: not counted)
  std::vector<ArrayPtr> key_columns;    // scratch, per batch
};

class AggregateNode final : public PlanNode {
 public:
  AggregateNode(PlanNodePtr input, std::vector<PhysicalExprPtr> keys,
                std::vector<AggregateCall> aggs, columnar::SchemaPtr schema)
      : PlanNode(std::move(schema)),
        input_(std::move(input)),
        keys_(std::move(keys)),
        aggs_(std::move(aggs)) {
    std::vector<PhysicalExprPtr*> exprs;
    for (auto& k : keys_) exprs.push_back(&k);
    for (auto& a : aggs_) {
      if (a.arg) exprs.push_back(&a.arg);
    }
    shared_ = CommonSubexpressions::Extract(std::move(exprs), input_->schema()->num_fields());
    // sum(x) and avg(x) of one decimal or floating x keep the same state (count and sum): the
    // later one reads the earlier one's. (Integer sums wrap, integer averages add doubles.)
    for (size_t a = 0; a < aggs_.size(); ++a) {
      state_of_.push_back(a);
      const AggregateCall& call = aggs_[a];
      const bool sum_like =
          (call.kind == AggregateKind::kSum || call.kind == AggregateKind::kAvg) && !call.distinct;
      const TypeId type = sum_like ? call.arg->type()->id() : TypeId::kNull;
      if (type != TypeId::kDecimal128 && type != TypeId::kFloat32 && type != TypeId::kFloat64)
        continue;
      for (size_t b = 0; b < a; ++b) {
        const AggregateCall& earlier = aggs_[b];
        if (state_of_[b] == b && !earlier.distinct &&
            (earlier.kind == AggregateKind::kSum || earlier.kind == AggregateKind::kAvg) &&
            earlier.arg->Fingerprint() == call.arg->Fingerprint()) {
          state_of_[a] = b;
          break;
        }
      }
    }
  }

  // Partial aggregation: each thread that pushes a batch takes an idle partial (or a new one),
  // adds the batch to it and gives it back; at the end the partials merge into the first.
  // DISTINCT aggregates run on one thread (their value sets would have to merge).
  Status Run(const BatchSink& sink) override {
    std::mutex mutex;
    std::vector<std::unique_ptr<PartialAggregate>> partials;
    std::vector<PartialAggregate*> idle;
    std::unordered_map<int64_t, int64_t> batches_of_part;
    auto take = [&](int64_t part, int64_t* batch) -> Result<PartialAggregate*> {
      std::lock_guard<std::mutex> lock(mutex);
      *batch = batches_of_part[part]++;
      if (idle.empty()) {
        FLOE_ASSIGN_OR_RETURN(std::unique_ptr<PartialAggregate> partial, NewPartial());
        partials.push_back(std::move(partial));
        idle.push_back(partials.back().get());
      }
      PartialAggregate* partial = idle.back();
      idle.pop_back();
      return partial;
    };
    auto consume = [&](int64_t part, const RecordBatch& batch) -> Status {
      // Ctrl-C (util/cancellation.h): stop between batches.
      FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
      int64_t batch_index = 0;
      FLOE_ASSIGN_OR_RETURN(PartialAggregate * partial, take(part, &batch_index));
      Status added = Add(*partial, part, batch_index, batch);
      std::lock_guard<std::mutex> lock(mutex);
      idle.push_back(partial);
      return added;
    };
    bool distinct =
        std::any_of(aggs_.begin(), aggs_.end(), [](const AggregateCall& a) { return a.distinct; });
    if (distinct) {
      FLOE_RETURN_IF_ERROR(
          input_->Run([&](const RecordBatch& batch) { return consume(0, batch); }));
    } else {
      FLOE_RETURN_IF_ERROR(input_->RunParallel(consume));
    }

    if (partials.empty()) {
      FLOE_ASSIGN_OR_RETURN(std::unique_ptr<PartialAggregate> partial, NewPartial());
      partials.push_back(std::move(partial));
    }
    PartialAggregate& all = *partials[0];
    for (size_t p = 1; p < partials.size(); ++p) FLOE_RETURN_IF_ERROR(Merge(all, *partials[p]));
    const int64_t num_groups = all.num_groups;
    if (num_groups == 0) return Ok();

    std::vector<ArrayPtr> columns;
    if (!keys_.empty()) {
      FLOE_ASSIGN_OR_RETURN(columns, all.groups.FinishKeys());
    }
    for (size_t a = 0; a < aggs_.size(); ++a) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr arr, Finish(a, all.states[state_of_[a]], num_groups));
      columns.push_back(std::move(arr));
    }
    // Even a single partial may have seen the parts out of order (a worker finished a later part
    // first and gave the partial back before the earlier part's first batch came).
    if (!keys_.empty()) FLOE_RETURN_IF_ERROR(SortByFirstRow(all.first_row, columns));
    // Emit in batches of up to 64k groups.
    FLOE_ASSIGN_OR_RETURN(RecordBatch out,
                          RecordBatch::Make(schema(), num_groups, std::move(columns)));
    constexpr int64_t kChunk = 64 * 1024;
    for (int64_t off = 0; off < num_groups; off += kChunk) {
      FLOE_RETURN_IF_ERROR(sink(out.Slice(off, std::min(kChunk, num_groups - off))));
    }
    return Ok();
  }

  std::string Describe() const override {
    std::string out = "Aggregate";
    for (int i = 0; i < schema()->num_fields(); ++i)
      out += (i ? ", " : " ") + schema()->field(i).name;
    return out;
  }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  // Batches are added in slices of this many rows, so that the arrays their expressions compute
  // stay in the CPU's caches (a 4k-row decimal column is 64 kB).
  static constexpr int64_t kSliceRows = 4096;

  Result<std::unique_ptr<PartialAggregate>> NewPartial() const {
    std::vector<DataTypePtr> key_types;
    for (const auto& k : keys_) key_types.push_back(k->type());
    FLOE_ASSIGN_OR_RETURN(GroupTable table, GroupTable::Make(key_types));
    auto partial = std::make_unique<PartialAggregate>(std::move(table));
    partial->states.resize(aggs_.size());
    for (size_t a = 0; a < aggs_.size(); ++a) {
      if (IsAccumulatorKind(aggs_[a].kind)) {
        FLOE_ASSIGN_OR_RETURN(partial->states[a].accumulator, MakeGroupAccumulator(aggs_[a]));
      }
    }
    if (keys_.empty()) Grow(*partial, 1);  // one group, also for no input row
    return partial;
  }

  // Sizes the states for `num_groups` groups.
  void Grow(PartialAggregate& partial, int64_t num_groups) const {
    partial.num_groups = num_groups;
    partial.first_row.resize(static_cast<size_t>(num_groups));
    Resize(partial.states, num_groups);
  }

  // Adds a batch in slices of kSliceRows rows.
  Status Add(PartialAggregate& partial, int64_t part, int64_t batch_index,
             const RecordBatch& batch) {
    if (batch.num_rows() <= kSliceRows) return AddSlice(partial, part, batch_index, 0, batch);
    for (int64_t off = 0; off < batch.num_rows(); off += kSliceRows) {
      RecordBatch slice = batch.Slice(off, std::min(kSliceRows, batch.num_rows() - off));
      FLOE_RETURN_IF_ERROR(AddSlice(partial, part, batch_index, off, slice));
    }
    return Ok();
  }

  // Adds rows [first_row, first_row + batch.num_rows()) of a batch.
  Status AddSlice(PartialAggregate& partial, int64_t part, int64_t batch_index, int64_t first_row,
                  const RecordBatch& input) {
    // The keys and arguments read the input's columns and the subexpressions they share.
    FLOE_ASSIGN_OR_RETURN(const RecordBatch batch, shared_.Extend(input));
    const int64_t n = batch.num_rows();
    if (keys_.empty()) {
      partial.group_of_row.assign(static_cast<size_t>(n), 0);
    } else {
      partial.key_columns.clear();
      for (const auto& k : keys_) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr c, k->Evaluate(batch));
        partial.key_columns.push_back(std::move(c));
      }
      FLOE_RETURN_IF_ERROR(partial.groups.Insert(partial.key_columns, n, &partial.group_of_row));
      if (partial.groups.num_groups() > partial.num_groups)
        Grow(partial, partial.groups.num_groups());
      // A partial sees one part's batches in order, but the parts in any order: a row marks
      // where its group was first seen when the group has not been seen in an earlier part.
      FirstRow* first = partial.first_row.data();
      for (int64_t i = 0; i < n; ++i) {
        uint32_t g = partial.group_of_row[static_cast<size_t>(i)];
        if (part < first[g].part) first[g] = {part, batch_index, first_row + i};
      }
    }
    // The batch's rows per group, once for every count(*) and for the counts of aggregates over
    // values without NULLs (when the groups are fewer than the rows: else counting per row is
    // cheaper than clearing the histogram).
    partial.rows_per_group.clear();
    if (partial.num_groups <= n) {
      partial.rows_per_group.assign(static_cast<size_t>(partial.num_groups), 0);
      for (uint32_t g : partial.group_of_row) ++partial.rows_per_group[g];
    }
    for (size_t a = 0; a < aggs_.size(); ++a) {
      if (state_of_[a] != a) continue;  // another aggregate keeps its state
      FLOE_RETURN_IF_ERROR(
          Accumulate(a, batch, partial.group_of_row, partial.rows_per_group, partial.states[a]));
    }
    return Ok();
  }

  // Adds `from`'s groups and states to `into`.
  Status Merge(PartialAggregate& into, PartialAggregate& from) const {
    std::vector<uint32_t> mapping(1, 0);
    if (!keys_.empty()) FLOE_RETURN_IF_ERROR(into.groups.Merge(from.groups, &mapping));
    if (into.groups.num_groups() > into.num_groups) Grow(into, into.groups.num_groups());
    for (size_t g = 0; g < mapping.size(); ++g) {
      FirstRow& first = into.first_row[mapping[g]];
      first = std::min(first, from.first_row[g]);
    }
    for (size_t a = 0; a < aggs_.size(); ++a) {
      if (state_of_[a] != a) continue;
      if (AggregateStates& s = into.states[a]; s.accumulator)
        FLOE_RETURN_IF_ERROR(s.accumulator->Merge(*from.states[a].accumulator, mapping));
      MergeStates(aggs_[a], into.states[a], from.states[a], mapping);
    }
    return Ok();
  }

  static void MergeStates(const AggregateCall& call, AggregateStates& into,
                          const AggregateStates& from, const std::vector<uint32_t>& mapping) {
    for (size_t g = 0; g < mapping.size(); ++g) {
      const uint32_t m = mapping[g];
      if (from.count[g] == 0) continue;
      switch (call.kind) {
        case AggregateKind::kCountStar:
        case AggregateKind::kCount:
          break;
        case AggregateKind::kSum:
        case AggregateKind::kAvg:
          AddWrapping(into.int_sum[m], from.int_sum[g]);
          into.double_sum[m] += from.double_sum[g];
          if (from.overflow[g]) into.overflow[m] = 1;
          AddDecimal(into.decimal_sum[m], from.decimal_sum[g], into.overflow[m]);
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax:
          if (into.count[m] == 0) {
            into.extreme[m] = from.extreme[g];
          } else {
            int c = CompareScalars(from.extreme[g], into.extreme[m]);
            if (call.kind == AggregateKind::kMin ? c < 0 : c > 0) into.extreme[m] = from.extreme[g];
          }
          break;
        default:  // a GroupAccumulator (merged by the caller)
          break;
      }
      into.count[m] += from.count[g];
    }
  }

  // Reorders the output rows by where their group was first seen.
  static Status SortByFirstRow(const std::vector<FirstRow>& first_row,
                               std::vector<ArrayPtr>& columns) {
    if (std::is_sorted(first_row.begin(), first_row.end())) return Ok();  // one thread: in order
    std::vector<int64_t> order(first_row.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return first_row[static_cast<size_t>(a)] < first_row[static_cast<size_t>(b)];
    });
    for (ArrayPtr& column : columns) {
      FLOE_ASSIGN_OR_RETURN(column, expr::TakeRows(*column, order));
    }
    return Ok();
  }

  void Resize(std::vector<AggregateStates>& states, int64_t num_groups) const {
    auto n = static_cast<size_t>(num_groups);
    for (size_t a = 0; a < aggs_.size(); ++a) {
      AggregateStates& s = states[a];
      const AggregateCall& call = aggs_[a];
      s.count.resize(n);
      if (call.distinct) s.seen.resize(n);
      if (s.accumulator) s.accumulator->Resize(n);
      switch (call.kind) {
        case AggregateKind::kCountStar:
        case AggregateKind::kCount:
          break;
        case AggregateKind::kSum:
        case AggregateKind::kAvg:
          s.int_sum.resize(n);
          s.double_sum.resize(n);
          s.decimal_sum.resize(n);
          s.overflow.resize(n);
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax:
          s.extreme.resize(n);
          break;
        default:  // a GroupAccumulator
          break;
      }
    }
  }

  Status Accumulate(size_t a, const RecordBatch& batch, const std::vector<uint32_t>& group_of_row,
                    const std::vector<int64_t>& rows_per_group, AggregateStates& s) {
    const AggregateCall& call = aggs_[a];
    const int64_t n = batch.num_rows();
    const uint32_t* g = group_of_row.data();
    auto add_rows_per_group = [&] {
      for (size_t k = 0; k < rows_per_group.size(); ++k) s.count[k] += rows_per_group[k];
    };
    if (call.kind == AggregateKind::kCountStar) {
      if (!rows_per_group.empty()) {
        add_rows_per_group();
      } else {
        for (int64_t i = 0; i < n; ++i) ++s.count[g[i]];
      }
      return Ok();
    }
    FLOE_ASSIGN_OR_RETURN(ArrayPtr values_ptr, call.arg->Evaluate(batch));
    const columnar::ArrayData& values = *values_ptr;
    if (call.distinct || call.kind == AggregateKind::kMin || call.kind == AggregateKind::kMax) {
      return AccumulateRowByRow(call, values, n, g, s);
    }
    if (s.accumulator) return s.accumulator->Add(values, n, g);
    // count, sum, avg: one typed loop per batch (counts by rows_per_group when no value is NULL).
    int64_t* count = s.count.data();
    const bool no_nulls =
        values.null_count == 0 && !rows_per_group.empty() && values.type->id() != TypeId::kNull;
    if (call.kind == AggregateKind::kCount) {
      if (no_nulls) {
        add_rows_per_group();
      } else {
        ForEachValid(values, n, [&](int64_t i) { ++count[g[i]]; });
      }
      return Ok();
    }
    if (no_nulls) {
      add_rows_per_group();
      return AddValues</*kCountValues=*/false>(call, values, n, g, s);
    }
    return AddValues</*kCountValues=*/true>(call, values, n, g, s);
  }

  // sum/avg: the non-NULL values added to their groups' sums in one typed loop, and counted
  // when kCountValues (else the caller counted them).
  template <bool kCountValues>
  static Status AddValues(const AggregateCall& call, const columnar::ArrayData& values, int64_t n,
                          const uint32_t* g, AggregateStates& s) {
    int64_t* counts = s.count.data();
    const auto count = [&](uint32_t group) {
      if constexpr (kCountValues) ++counts[group];
    };
    const bool avg = call.kind == AggregateKind::kAvg;
    switch (values.type->id()) {
      case TypeId::kInt32: {
        const int32_t* v = values.values<int32_t>();
        if (avg) {
          ForEachValid(values, n, [&](int64_t i) { count(g[i]), s.double_sum[g[i]] += v[i]; });
        } else {
          ForEachValid(values, n,
                       [&](int64_t i) { count(g[i]), AddWrapping(s.int_sum[g[i]], v[i]); });
        }
        return Ok();
      }
      case TypeId::kInt64: {
        const int64_t* v = values.values<int64_t>();
        if (avg) {
          ForEachValid(values, n, [&](int64_t i) {
            count(g[i]), s.double_sum[g[i]] += static_cast<double>(v[i]);
          });
        } else {
          ForEachValid(values, n,
                       [&](int64_t i) { count(g[i]), AddWrapping(s.int_sum[g[i]], v[i]); });
        }
        return Ok();
      }
      case TypeId::kFloat32: {
        const float* v = values.values<float>();
        ForEachValid(values, n, [&](int64_t i) { count(g[i]), s.double_sum[g[i]] += v[i]; });
        return Ok();
      }
      case TypeId::kFloat64: {
        const double* v = values.values<double>();
        ForEachValid(values, n, [&](int64_t i) { count(g[i]), s.double_sum[g[i]] += v[i]; });
        return Ok();
      }
      case TypeId::kDecimal128: {
        __int128* sum = s.decimal_sum.data();
        uint8_t* overflow = s.overflow.data();
        if (values.null_count == 0 && AddSmallDecimals(values, n, g, s)) {
          if constexpr (kCountValues) {
            for (int64_t i = 0; i < n; ++i) ++counts[g[i]];
          }
          return Ok();
        }
        ForEachValid(values, n, [&](int64_t i) {
          count(g[i]);
          AddDecimal(sum[g[i]], LoadDecimal128(values, i), overflow[g[i]]);
        });
        return Ok();
      }
      default:  // narrower or unsigned integers
        for (int64_t i = 0; i < n; ++i) {
          if (values.IsNull(i)) continue;
          FLOE_ASSIGN_OR_RETURN(Scalar scalar, ScalarAt(values, i));
          int64_t v = scalar.as_int();
          count(g[i]);
          if (avg) {
            s.double_sum[g[i]] += static_cast<double>(v);
          } else {
            AddWrapping(s.int_sum[g[i]], v);
          }
        }
        return Ok();
    }
  }

  // DISTINCT aggregates and min/max: one value at a time.
  static Status AccumulateRowByRow(const AggregateCall& call, const columnar::ArrayData& values,
                                   int64_t n, const uint32_t* g, AggregateStates& s) {
    const bool avg = call.kind == AggregateKind::kAvg;
    std::string distinct_key;
    for (int64_t i = 0; i < n; ++i) {
      if (values.IsNull(i)) continue;
      const uint32_t group = g[i];
      if (call.distinct) {
        auto& seen = s.seen[group];
        if (!seen) seen = std::make_unique<std::unordered_set<std::string>>();
        distinct_key.clear();
        AppendKeyBytes(values, i, &distinct_key);
        if (!seen->insert(distinct_key).second) continue;
      }
      ++s.count[group];
      if (s.accumulator) {
        FLOE_RETURN_IF_ERROR(s.accumulator->AddRow(values, i, group));
        continue;
      }
      switch (call.kind) {
        case AggregateKind::kCountStar:
        case AggregateKind::kCount:
          break;
        case AggregateKind::kSum:
        case AggregateKind::kAvg:
          switch (values.type->id()) {
            case TypeId::kFloat32:
              s.double_sum[group] += values.values<float>()[i];
              break;
            case TypeId::kFloat64:
              s.double_sum[group] += values.values<double>()[i];
              break;
            case TypeId::kDecimal128:
              AddDecimal(s.decimal_sum[group], LoadDecimal128(values, i), s.overflow[group]);
              break;
            default: {
              FLOE_ASSIGN_OR_RETURN(Scalar scalar, ScalarAt(values, i));
              int64_t v = scalar.as_int();
              if (avg) {
                s.double_sum[group] += static_cast<double>(v);
              } else {
                AddWrapping(s.int_sum[group], v);
              }
            }
          }
          break;
        default:  // a GroupAccumulator (above)
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax: {
          FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(values, i));
          if (s.count[group] == 1) {
            s.extreme[group] = std::move(v);
          } else {
            int c = CompareScalars(v, s.extreme[group]);
            if (call.kind == AggregateKind::kMin ? c < 0 : c > 0) s.extreme[group] = std::move(v);
          }
          break;
        }
      }
    }
    return Ok();
  }

  // A decimal sum beyond 38 digits is NULL (overflow), and stays so.
  // Decimal sums without a check per value: when every value of the n (at most kSliceRows)
  // fits 64 bits, a sum below 10^38 cannot leave 128 bits by adding them (n * 2^63 < 2^76), so
  // the values are added as they come and each group's sum is checked against 38 digits after.
  // False, adding nothing, when a value does not fit 64 bits.
  static bool AddSmallDecimals(const columnar::ArrayData& values, int64_t n, const uint32_t* g,
                               AggregateStates& s) {
    if (n > kSliceRows) return false;
    const uint8_t* v = values.buffers[1]->data() + values.offset * 16;
    const size_t groups = s.overflow.size();
    // Few groups: 64-bit sums in four interleaved copies, so that consecutive rows of one group
    // do not wait on each other, kept when every value is below 2^51 (4096 * 2^51 = 2^63).
    constexpr size_t kLocalGroups = 64;
    if (groups <= kLocalGroups) {
      uint64_t local[4][kLocalGroups] =
          {};                  // two's complement sums (unsigned: wrapping is defined)
      uint64_t wide = 0;       // non-zero when some value's high half is not its low half's sign
      uint64_t magnitude = 0;  // the bits of every |value| (roughly: v ^ its sign), or-ed
      int64_t i = 0;
      for (; i < n; ++i) {
        int64_t lo, hi;
        std::memcpy(&lo, v + i * 16, 8);
        std::memcpy(&hi, v + i * 16 + 8, 8);
        wide |= static_cast<uint64_t>(hi ^ (lo >> 63));
        magnitude |= static_cast<uint64_t>(lo ^ (lo >> 63));
        local[i & 3][g[i]] += static_cast<uint64_t>(lo);
      }
      if (wide == 0 && magnitude < (uint64_t{1} << 51)) {
        for (size_t k = 0; k < groups; ++k) {
          __int128 add = 0;
          for (const auto& copy : local) add += static_cast<int64_t>(copy[k]);
          AddDecimal(s.decimal_sum[k], add, s.overflow[k]);
        }
        return true;
      }
      if (wide != 0) return false;
    } else {
      uint64_t wide = 0;
      for (int64_t i = 0; i < n; ++i) {
        int64_t lo, hi;
        std::memcpy(&lo, v + i * 16, 8);
        std::memcpy(&hi, v + i * 16 + 8, 8);
        wide |= static_cast<uint64_t>(hi ^ (lo >> 63));
      }
      if (wide != 0) return false;
    }
    // Sums of groups already overflowed are not used; unsigned arithmetic keeps adding to them
    // defined.
    auto* sum = reinterpret_cast<unsigned __int128*>(s.decimal_sum.data());
    for (int64_t i = 0; i < n; ++i) {
      int64_t lo;
      std::memcpy(&lo, v + i * 16, 8);
      sum[g[i]] += static_cast<unsigned __int128>(static_cast<__int128>(lo));
    }
    auto check = [&s](size_t k) {
      if (!s.overflow[k] && !DecimalFits(s.decimal_sum[k], 38)) s.overflow[k] = 1;
    };
    if (groups <= static_cast<size_t>(n)) {
      for (size_t k = 0; k < groups; ++k) check(k);
    } else {
      for (int64_t i = 0; i < n; ++i) check(g[i]);
    }
    return true;
  }

  static void AddDecimal(__int128& sum, __int128 v, uint8_t& overflow) {
    if (overflow) return;
    if (__builtin_add_overflow(sum, v, &sum) || !DecimalFits(sum, 38)) overflow = 1;
  }

  static void AddWrapping(int64_t& sum, int64_t v) {
    sum = static_cast<int64_t>(static_cast<uint64_t>(sum) + static_cast<uint64_t>(v));
  }

  Result<ArrayPtr> Finish(size_t a, const AggregateStates& s, int64_t num_groups) {
    const AggregateCall& call = aggs_[a];
    DataTypePtr out = schema()->field(static_cast<int>(keys_.size() + a)).type;
    if (s.accumulator) return s.accumulator->Finish(num_groups, out);
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    DataTypePtr in = call.arg ? call.arg->type() : nullptr;
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g) {
      const int64_t count = s.count[g];
      Scalar v;
      switch (call.kind) {
        case AggregateKind::kCountStar:
        case AggregateKind::kCount:
          v = Scalar::Int(count);
          break;
        case AggregateKind::kSum:
          if (count == 0) break;
          if (out->id() == TypeId::kInt64) {
            v = Scalar::Int(s.int_sum[g]);
          } else if (out->id() == TypeId::kFloat64) {
            v = Scalar::Double(s.double_sum[g]);
          } else if (!s.overflow[g] && DecimalFits(s.decimal_sum[g], out->precision())) {
            v = Scalar::Decimal(s.decimal_sum[g]);
          }
          break;
        case AggregateKind::kAvg:
          if (count == 0) break;
          if (out->id() == TypeId::kFloat64) {
            v = Scalar::Double(s.double_sum[g] / static_cast<double>(count));
          } else if (!s.overflow[g]) {
            // sum (scale s) / count at scale s + 4, rounded half up.
            __int128 scaled = s.decimal_sum[g] * Pow10(out->scale() - in->scale());
            v = Scalar::Decimal(DivRoundHalfUp(scaled, count));
          }
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax:
          if (count > 0) v = s.extreme[g];
          break;
        default:  // a GroupAccumulator (above)
          break;
      }
      FLOE_RETURN_IF_ERROR(AppendScalar(*builder, v));
    }
    return builder->Finish();
  }

  PlanNodePtr input_;
  std::vector<PhysicalExprPtr> keys_;
  std::vector<AggregateCall> aggs_;
  CommonSubexpressions shared_;  // of keys_ and aggs_
  std::vector<size_t>
      state_of_;  // the aggregate whose states aggs_[a] reads (a, or an earlier sum/avg)
};

}  // namespace

PlanNodePtr MakeAggregateNode(PlanNodePtr input, std::vector<PhysicalExprPtr> keys,
                              std::vector<std::string> key_names,
                              std::vector<AggregateCall> aggregates) {
  std::vector<std::string> names = key_names;
  std::vector<DataTypePtr> types;
  for (const auto& k : keys) types.push_back(k->type());
  for (const auto& a : aggregates) {
    names.push_back(a.name);
    auto t = AggregateResultType(a);
    types.push_back(t.ok() ? *t : columnar::Int64());  // the binder checked the types
  }
  auto schema = MakeSchema(names, types);
  return std::make_shared<AggregateNode>(std::move(input), std::move(keys), std::move(aggregates),
                                         std::move(schema));
}

}  // namespace floe::sql
