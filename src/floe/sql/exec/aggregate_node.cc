#include "floe/sql/exec/aggregate_node.h"

#include <unordered_map>
#include <unordered_set>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/sql_type.h"

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
  return InvalidArgument("{} is not an aggregate function", name);
}

Result<DataTypePtr> AggregateResultType(AggregateKind kind, const DataTypePtr& arg) {
  switch (kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount: return columnar::Int64();
    case AggregateKind::kSum:
      if (IsIntegral(*arg) || arg->id() == TypeId::kNull) return columnar::Int64();
      if (IsFloating(*arg)) return columnar::Float64();
      if (arg->id() == TypeId::kDecimal128) return BoundedDecimal(arg->precision() + 10, arg->scale());
      return InvalidArgument("sum of {}: not a number", SparkTypeName(*arg));
    case AggregateKind::kAvg:
      if (IsIntegral(*arg) || IsFloating(*arg) || arg->id() == TypeId::kNull) return columnar::Float64();
      if (arg->id() == TypeId::kDecimal128) {
        return columnar::Decimal128(std::min(38, arg->precision() + 4), std::min(38, arg->scale() + 4));
      }
      return InvalidArgument("avg of {}: not a number", SparkTypeName(*arg));
    case AggregateKind::kMin:
    case AggregateKind::kMax:
      if (arg->is_nested() && arg->id() == TypeId::kMap) {
        return InvalidArgument("min/max of {}: maps have no order", SparkTypeName(*arg));
      }
      return arg;
  }
  return Internal("unknown aggregate");
}

namespace {

// The running state of one aggregate in one group.
struct AggState {
  int64_t count = 0;      // values seen (count, avg)
  int64_t int_sum = 0;    // integer sums (wrapping)
  double double_sum = 0;  // float sums
  __int128 decimal_sum = 0;
  bool overflow = false;  // decimal sum beyond 38 digits
  Scalar extreme;         // min / max
  std::unique_ptr<std::unordered_set<std::string>> seen;  // DISTINCT
};

class AggregateNode final : public PlanNode {
 public:
  AggregateNode(PlanNodePtr input, std::vector<PhysicalExprPtr> keys, std::vector<AggregateCall> aggs,
                columnar::SchemaPtr schema)
      : PlanNode(std::move(schema)), input_(std::move(input)), keys_(std::move(keys)), aggs_(std::move(aggs)) {}

  Status Run(const BatchSink& sink) override {
    std::unordered_map<std::string, int64_t> groups;
    std::vector<std::unique_ptr<columnar::ArrayBuilder>> key_builders;
    for (const auto& k : keys_) {
      FLOE_ASSIGN_OR_RETURN(auto b, columnar::MakeBuilder(k->type()));
      key_builders.push_back(std::move(b));
    }
    std::vector<std::vector<AggState>> states(aggs_.size());
    int64_t num_groups = 0;
    auto new_group = [&] {
      for (auto& s : states) s.emplace_back();
      return num_groups++;
    };
    if (keys_.empty()) new_group();

    std::string key;
    std::vector<int64_t> group_of_row;
    FLOE_RETURN_IF_ERROR(input_->Run([&](const RecordBatch& batch) -> Status {
      int64_t n = batch.num_rows();
      group_of_row.assign(static_cast<size_t>(n), 0);
      if (!keys_.empty()) {
        std::vector<ArrayPtr> key_columns;
        for (const auto& k : keys_) {
          FLOE_ASSIGN_OR_RETURN(ArrayPtr c, k->Evaluate(batch));
          key_columns.push_back(std::move(c));
        }
        for (int64_t i = 0; i < n; ++i) {
          key.clear();
          for (const auto& c : key_columns) AppendKeyBytes(*c, i, &key);
          auto [it, inserted] = groups.try_emplace(key, num_groups);
          if (inserted) {
            new_group();
            for (size_t k = 0; k < key_columns.size(); ++k) {
              FLOE_RETURN_IF_ERROR(CopyValue(*key_columns[k], i, *key_builders[k]));
            }
          }
          group_of_row[static_cast<size_t>(i)] = it->second;
        }
      }
      for (size_t a = 0; a < aggs_.size(); ++a) FLOE_RETURN_IF_ERROR(Accumulate(a, batch, group_of_row, states[a]));
      return Ok();
    }));

    // Emit in batches of up to 64k groups.
    std::vector<ArrayPtr> key_arrays;
    for (auto& b : key_builders) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr a, b->Finish());
      key_arrays.push_back(std::move(a));
    }
    std::vector<ArrayPtr> agg_arrays;
    for (size_t a = 0; a < aggs_.size(); ++a) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr arr, Finish(a, states[a]));
      agg_arrays.push_back(std::move(arr));
    }
    std::vector<ArrayPtr> columns = key_arrays;
    columns.insert(columns.end(), agg_arrays.begin(), agg_arrays.end());
    if (num_groups == 0) return Ok();
    FLOE_ASSIGN_OR_RETURN(RecordBatch all, RecordBatch::Make(schema(), num_groups, std::move(columns)));
    constexpr int64_t kChunk = 64 * 1024;
    for (int64_t off = 0; off < num_groups; off += kChunk) {
      FLOE_RETURN_IF_ERROR(sink(all.Slice(off, std::min(kChunk, num_groups - off))));
    }
    return Ok();
  }

  std::string Describe() const override {
    std::string out = "Aggregate";
    for (int i = 0; i < schema()->num_fields(); ++i) out += (i ? ", " : " ") + schema()->field(i).name;
    return out;
  }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  Status Accumulate(size_t a, const RecordBatch& batch, const std::vector<int64_t>& group_of_row,
                    std::vector<AggState>& states) {
    const AggregateCall& call = aggs_[a];
    int64_t n = batch.num_rows();
    if (call.kind == AggregateKind::kCountStar) {
      for (int64_t i = 0; i < n; ++i) ++states[static_cast<size_t>(group_of_row[static_cast<size_t>(i)])].count;
      return Ok();
    }
    FLOE_ASSIGN_OR_RETURN(ArrayPtr values, call.arg->Evaluate(batch));
    const columnar::DataType& type = *values->type;
    std::string distinct_key;
    for (int64_t i = 0; i < n; ++i) {
      if (values->IsNull(i)) continue;
      AggState& s = states[static_cast<size_t>(group_of_row[static_cast<size_t>(i)])];
      if (call.distinct) {
        if (!s.seen) s.seen = std::make_unique<std::unordered_set<std::string>>();
        distinct_key.clear();
        AppendKeyBytes(*values, i, &distinct_key);
        if (!s.seen->insert(distinct_key).second) continue;
      }
      ++s.count;
      switch (call.kind) {
        case AggregateKind::kCount: break;
        case AggregateKind::kSum:
        case AggregateKind::kAvg:
          switch (type.id()) {
            case TypeId::kInt32: AddInt(s, values->values<int32_t>()[i]); break;
            case TypeId::kInt64: AddInt(s, values->values<int64_t>()[i]); break;
            case TypeId::kFloat32: s.double_sum += values->values<float>()[i]; break;
            case TypeId::kFloat64: s.double_sum += values->values<double>()[i]; break;
            case TypeId::kDecimal128:
              s.decimal_sum += LoadDecimal128(*values, i);
              if (!DecimalFits(s.decimal_sum, 38)) s.overflow = true;
              break;
            default: {  // narrower or unsigned integers
              FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(*values, i));
              if (IsIntegral(type)) AddInt(s, v.as_int());
            }
          }
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax: {
          FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(*values, i));
          if (s.count == 1) {
            s.extreme = std::move(v);
          } else {
            int c = CompareScalars(v, s.extreme);
            if (call.kind == AggregateKind::kMin ? c < 0 : c > 0) s.extreme = std::move(v);
          }
          break;
        }
        case AggregateKind::kCountStar: break;
      }
    }
    return Ok();
  }

  static void AddInt(AggState& s, int64_t v) {
    s.int_sum = static_cast<int64_t>(static_cast<uint64_t>(s.int_sum) + static_cast<uint64_t>(v));
    s.double_sum += static_cast<double>(v);
  }

  Result<ArrayPtr> Finish(size_t a, const std::vector<AggState>& states) {
    const AggregateCall& call = aggs_[a];
    DataTypePtr out = schema()->field(static_cast<int>(keys_.size() + a)).type;
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    DataTypePtr in = call.arg ? call.arg->type() : nullptr;
    for (const AggState& s : states) {
      Scalar v;
      switch (call.kind) {
        case AggregateKind::kCountStar:
        case AggregateKind::kCount: v = Scalar::Int(s.count); break;
        case AggregateKind::kSum:
          if (s.count == 0) break;
          if (out->id() == TypeId::kInt64) {
            v = Scalar::Int(s.int_sum);
          } else if (out->id() == TypeId::kFloat64) {
            v = Scalar::Double(s.double_sum);
          } else if (!s.overflow && DecimalFits(s.decimal_sum, out->precision())) {
            v = Scalar::Decimal(s.decimal_sum);
          }
          break;
        case AggregateKind::kAvg:
          if (s.count == 0) break;
          if (out->id() == TypeId::kFloat64) {
            v = Scalar::Double(s.double_sum / static_cast<double>(s.count));
          } else if (!s.overflow) {
            // sum (scale s) / count at scale s + 4, rounded half up.
            __int128 scaled = s.decimal_sum * Pow10(out->scale() - in->scale());
            v = Scalar::Decimal(DivRoundHalfUp(scaled, s.count));
          }
          break;
        case AggregateKind::kMin:
        case AggregateKind::kMax:
          if (s.count > 0) v = s.extreme;
          break;
      }
      FLOE_RETURN_IF_ERROR(AppendScalar(*builder, v));
    }
    return builder->Finish();
  }

  PlanNodePtr input_;
  std::vector<PhysicalExprPtr> keys_;
  std::vector<AggregateCall> aggs_;
};

}  // namespace

PlanNodePtr MakeAggregateNode(PlanNodePtr input, std::vector<PhysicalExprPtr> keys,
                              std::vector<std::string> key_names, std::vector<AggregateCall> aggregates) {
  std::vector<std::string> names = key_names;
  std::vector<DataTypePtr> types;
  for (const auto& k : keys) types.push_back(k->type());
  for (const auto& a : aggregates) {
    names.push_back(a.name);
    auto t = AggregateResultType(a.kind, a.arg ? a.arg->type() : nullptr);
    types.push_back(t.ok() ? *t : columnar::Int64());  // the binder checked the types
  }
  auto schema = MakeSchema(names, types);
  return std::make_shared<AggregateNode>(std::move(input), std::move(keys), std::move(aggregates),
                                         std::move(schema));
}

}  // namespace floe::sql
