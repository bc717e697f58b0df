// percentile, median and percentile_approx (group_accumulator.h): every non-NULL value is kept
// and each group's values sorted once at the end (Spark's order: NaN above every number).
//   percentile: position (n - 1) * p between the values at floor and ceil of it, interpolated as
//     Spark's Percentile does: (ceil - pos) * lower + (pos - floor) * higher.
//   percentile_approx: the value at 1-based rank ceil(p * n) (at least 1), which is what Spark's
//     Greenwald-Khanna summary answers when it holds every value (its accuracy 10000 by
//     default); floe always computes it exactly.
#include <algorithm>
#include <cmath>
#include <memory>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/group_accumulator.h"
#include "floe/sql/exec/scalar_value.h"

namespace floe::sql {
namespace {

bool SparkLess(double a, double b) {
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a < b;
}

class PercentileAccumulator final : public GroupAccumulator {
 public:
  explicit PercentileAccumulator(const AggregateCall& call)
      : percentages_(call.percentages), as_list_(call.percentage_array) {}

  void Resize(size_t num_groups) override {
    if (num_groups > values_.size()) values_.resize(num_groups);
  }

  Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) override {
    values_[group].push_back(values.values<double>()[row]);
    return Ok();
  }

  Status Merge(GroupAccumulator& other, const std::vector<uint32_t>& mapping) override {
    auto& from = static_cast<PercentileAccumulator&>(other);
    for (size_t k = 0; k < mapping.size() && k < from.values_.size(); ++k) {
      auto& into = values_[mapping[k]];
      into.insert(into.end(), from.values_[k].begin(), from.values_[k].end());
    }
    return Ok();
  }

  Result<columnar::ArrayPtr> Finish(int64_t num_groups, const columnar::DataTypePtr& out) override {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g) {
      std::vector<double>* v = g < values_.size() ? &values_[g] : nullptr;
      if (v == nullptr || v->empty()) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      std::sort(v->begin(), v->end(), SparkLess);
      if (!as_list_) {
        FLOE_RETURN_IF_ERROR(AppendScalar(*builder, Scalar::Double(At(*v, percentages_[0]))));
        continue;
      }
      auto& list = static_cast<columnar::ListBuilder&>(*builder);
      FLOE_RETURN_IF_ERROR(list.Append(true));
      for (double p : percentages_) {
        FLOE_RETURN_IF_ERROR(AppendScalar(*list.value_builder(), Scalar::Double(At(*v, p))));
      }
      std::vector<double>().swap(*v);
    }
    return builder->Finish();
  }

 private:
  static double At(const std::vector<double>& sorted, double p) {
    const double position = static_cast<double>(sorted.size() - 1) * p;
    const auto lower = static_cast<size_t>(std::floor(position));
    const auto higher = static_cast<size_t>(std::ceil(position));
    const double low = sorted[lower];
    if (higher == lower) return low;
    const double high = sorted[higher];
    if (high == low) return low;
    return (static_cast<double>(higher) - position) * low +
           (position - static_cast<double>(lower)) * high;
  }

  std::vector<double> percentages_;
  bool as_list_;
  std::vector<std::vector<double>> values_;
};

class PercentileApproxAccumulator final : public GroupAccumulator {
 public:
  explicit PercentileApproxAccumulator(const AggregateCall& call)
      : type_(call.arg->type()), percentages_(call.percentages), as_list_(call.percentage_array) {}

  void Resize(size_t num_groups) override {
    if (num_groups > positions_.size()) positions_.resize(num_groups);
  }

  Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) override {
    if (!values_) {
      FLOE_ASSIGN_OR_RETURN(values_, columnar::MakeBuilder(type_));
    }
    positions_[group].push_back(values_->length());
    return CopyValue(values, row, *values_);
  }

  Status Merge(GroupAccumulator& other, const std::vector<uint32_t>& mapping) override {
    auto& from = static_cast<PercentileApproxAccumulator&>(other);
    if (!from.values_) return Ok();
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr theirs, from.values_->Finish());
    for (size_t k = 0; k < mapping.size() && k < from.positions_.size(); ++k) {
      for (int64_t at : from.positions_[k]) FLOE_RETURN_IF_ERROR(AddRow(*theirs, at, mapping[k]));
    }
    return Ok();
  }

  Result<columnar::ArrayPtr> Finish(int64_t num_groups, const columnar::DataTypePtr& out) override {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    columnar::ArrayPtr all;
    if (values_) {
      FLOE_ASSIGN_OR_RETURN(all, values_->Finish());
    }
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g) {
      std::vector<int64_t>* at = g < positions_.size() ? &positions_[g] : nullptr;
      if (at == nullptr || at->empty()) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      std::stable_sort(at->begin(), at->end(),
                       [&](int64_t a, int64_t b) { return CompareValues(*all, a, *all, b) < 0; });
      auto pick = [&](double p) {
        const auto n = static_cast<double>(at->size());
        auto rank = static_cast<int64_t>(std::ceil(p * n));
        rank = std::clamp<int64_t>(rank, 1, static_cast<int64_t>(at->size()));
        return (*at)[static_cast<size_t>(rank - 1)];
      };
      if (!as_list_) {
        FLOE_RETURN_IF_ERROR(CopyValue(*all, pick(percentages_[0]), *builder));
        continue;
      }
      auto& list = static_cast<columnar::ListBuilder&>(*builder);
      FLOE_RETURN_IF_ERROR(list.Append(true));
      for (double p : percentages_)
        FLOE_RETURN_IF_ERROR(CopyValue(*all, pick(p), *list.value_builder()));
    }
    return builder->Finish();
  }

 private:
  columnar::DataTypePtr type_;
  std::vector<double> percentages_;
  bool as_list_;
  std::unique_ptr<columnar::ArrayBuilder> values_;
  std::vector<std::vector<int64_t>> positions_;
};

}  // namespace

std::unique_ptr<GroupAccumulator> MakePercentileAccumulator(const AggregateCall& call) {
  if (call.kind == AggregateKind::kPercentileApprox)
    return std::make_unique<PercentileApproxAccumulator>(call);
  return std::make_unique<PercentileAccumulator>(call);
}

}  // namespace floe::sql
