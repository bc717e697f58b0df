#include "floe/sql/exec/group_accumulator.h"

#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

Status GroupAccumulator::Add(const columnar::ArrayData& values, int64_t n, const uint32_t* g) {
  for (int64_t i = 0; i < n; ++i) {
    if (values.IsNull(i)) continue;
    FLOE_RETURN_IF_ERROR(AddRow(values, i, g[i]));
  }
  return Ok();
}

bool IsAccumulatorKind(AggregateKind kind) {
  switch (kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
    case AggregateKind::kSum:
    case AggregateKind::kAvg:
    case AggregateKind::kMin:
    case AggregateKind::kMax:
      return false;
    case AggregateKind::kStddevSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kVarPop:
    case AggregateKind::kCollectList:
    case AggregateKind::kCollectSet:
    case AggregateKind::kPercentile:
    case AggregateKind::kPercentileApprox:
    case AggregateKind::kApproxCountDistinct:
      return true;
  }
  return false;
}

Result<DataTypePtr> AccumulatorResultType(const AggregateCall& call) {
  const DataTypePtr& arg = call.arg->type();
  switch (call.kind) {
    case AggregateKind::kStddevSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kVarPop:
    case AggregateKind::kPercentile: {
      // The binder casts numbers to double.
      if (arg->id() != TypeId::kFloat64 && arg->id() != TypeId::kNull) {
        return InvalidArgument("{} of {}: not a number", call.name, SparkTypeName(*arg));
      }
      if (call.kind == AggregateKind::kPercentile && call.percentage_array)
        return columnar::List(columnar::Field("element", columnar::Float64()));
      return columnar::Float64();
    }
    case AggregateKind::kPercentileApprox: {
      const TypeId id = arg->id();
      if (!IsNumeric(*arg) && id != TypeId::kDate32 && id != TypeId::kTimestamp &&
          id != TypeId::kNull) {
        return InvalidArgument("{} of {}: not a number, date or timestamp", call.name,
                               SparkTypeName(*arg));
      }
      if (call.percentage_array) return columnar::List(columnar::Field("element", arg));
      return arg;
    }
    case AggregateKind::kCollectList:
    case AggregateKind::kCollectSet:
      if (call.kind == AggregateKind::kCollectSet && arg->id() == TypeId::kMap) {
        return InvalidArgument("collect_set of {}: maps cannot be compared", SparkTypeName(*arg));
      }
      return columnar::List(columnar::Field("element", arg));
    case AggregateKind::kApproxCountDistinct:
      return columnar::Int64();
    default:
      return Internal("{} is not kept by a group accumulator", call.name);
  }
}

Result<std::unique_ptr<GroupAccumulator>> MakeGroupAccumulator(const AggregateCall& call) {
  switch (call.kind) {
    case AggregateKind::kStddevSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kVarPop:
      return MakeMomentAccumulator(call.kind);
    case AggregateKind::kCollectList:
    case AggregateKind::kCollectSet:
      return MakeCollectAccumulator(call.arg->type(), call.kind == AggregateKind::kCollectSet);
    case AggregateKind::kPercentile:
    case AggregateKind::kPercentileApprox:
      return MakePercentileAccumulator(call);
    case AggregateKind::kApproxCountDistinct:
      return MakeApproxCountDistinctAccumulator(call.relative_sd);
    default:
      return Internal("{} is not kept by a group accumulator", call.name);
  }
}

}  // namespace floe::sql
