// Variance and standard deviation (group_accumulator.h): per group the count, the mean and the
// sum of squared differences from the mean (M2), updated per value as Welford does and merged
// as Chan et al. do, so that values with a large common offset keep their precision (the naive
// sum of squares minus square of sums loses every digit there).
#include <cmath>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/group_accumulator.h"

namespace floe::sql {
namespace {

class MomentAccumulator final : public GroupAccumulator {
 public:
  explicit MomentAccumulator(AggregateKind kind) : kind_(kind) {}

  void Resize(size_t num_groups) override {
    if (num_groups <= count_.size()) return;
    count_.resize(num_groups);
    mean_.resize(num_groups);
    m2_.resize(num_groups);
  }

  Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) override {
    AddValue(group, values.values<double>()[row]);
    return Ok();
  }

  Status Add(const columnar::ArrayData& values, int64_t n, const uint32_t* g) override {
    const double* v = values.values<double>();
    if (values.null_count == 0) {
      for (int64_t i = 0; i < n; ++i) AddValue(g[i], v[i]);
    } else {
      for (int64_t i = 0; i < n; ++i) {
        if (values.IsValid(i)) AddValue(g[i], v[i]);
      }
    }
    return Ok();
  }

  Status Merge(GroupAccumulator& other, const std::vector<uint32_t>& mapping) override {
    auto& from = static_cast<MomentAccumulator&>(other);
    for (size_t k = 0; k < mapping.size() && k < from.count_.size(); ++k) {
      const double nb = from.count_[k];
      if (nb == 0) continue;
      const uint32_t m = mapping[k];
      const double na = count_[m];
      const double n = na + nb;
      const double delta = from.mean_[k] - mean_[m];
      mean_[m] += delta * nb / n;
      m2_[m] += from.m2_[k] + delta * delta * na * nb / n;
      count_[m] = n;
    }
    return Ok();
  }

  Result<columnar::ArrayPtr> Finish(int64_t num_groups, const columnar::DataTypePtr&) override {
    columnar::PrimitiveBuilder<double> builder(columnar::Float64());
    FLOE_RETURN_IF_ERROR(builder.Reserve(num_groups));
    const bool sample = kind_ == AggregateKind::kStddevSamp || kind_ == AggregateKind::kVarSamp;
    const bool root = kind_ == AggregateKind::kStddevSamp || kind_ == AggregateKind::kStddevPop;
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g) {
      const double n = g < count_.size() ? count_[g] : 0;
      // Spark (spark.sql.legacy.statisticalAggregate=false): NULL without values, and the
      // sample forms NULL for one value.
      if (n == 0 || (sample && n == 1)) {
        FLOE_RETURN_IF_ERROR(builder.AppendNull());
        continue;
      }
      double variance = m2_[g] / (sample ? n - 1 : n);
      builder.UnsafeAppend(root ? std::sqrt(variance) : variance);
    }
    return builder.Finish();
  }

 private:
  void AddValue(uint32_t g, double x) {
    const double n = count_[g] + 1;
    const double delta = x - mean_[g];
    mean_[g] += delta / n;
    m2_[g] += delta * (x - mean_[g]);
    count_[g] = n;
  }

  AggregateKind kind_;
  std::vector<double> count_, mean_, m2_;
};

}  // namespace

std::unique_ptr<GroupAccumulator> MakeMomentAccumulator(AggregateKind kind) {
  return std::make_unique<MomentAccumulator>(kind);
}

}  // namespace floe::sql
