// approx_count_distinct (group_accumulator.h): one HyperLogLog per group over the xxHash64 of
// each value's key bytes (AppendKeyBytes: equal values, equal bytes).
#include <cmath>
#include <string>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/group_accumulator.h"
#include "floe/sql/exec/hyper_log_log.h"
#include "floe/sql/exec/scalar_value.h"

namespace floe::sql {
namespace {

class ApproxCountDistinctAccumulator final : public GroupAccumulator {
 public:
  explicit ApproxCountDistinctAccumulator(int precision) : precision_(precision) {}

  void Resize(size_t num_groups) override {
    while (sketches_.size() < num_groups) sketches_.emplace_back(precision_);
  }

  Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) override {
    key_.clear();
    AppendKeyBytes(values, row, &key_);
    sketches_[group].AddHash(XxHash64(key_, 42));
    return Ok();
  }

  Status Merge(GroupAccumulator& other, const std::vector<uint32_t>& mapping) override {
    auto& from = static_cast<ApproxCountDistinctAccumulator&>(other);
    for (size_t k = 0; k < mapping.size() && k < from.sketches_.size(); ++k)
      sketches_[mapping[k]].Merge(from.sketches_[k]);
    return Ok();
  }

  Result<columnar::ArrayPtr> Finish(int64_t num_groups, const columnar::DataTypePtr&) override {
    columnar::PrimitiveBuilder<int64_t> builder(columnar::Int64());
    FLOE_RETURN_IF_ERROR(builder.Reserve(num_groups));
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g)
      builder.UnsafeAppend(g < sketches_.size() ? sketches_[g].Estimate() : 0);
    return builder.Finish();
  }

 private:
  int precision_;
  std::vector<HyperLogLog> sketches_;
  std::string key_;
};

}  // namespace

Result<std::unique_ptr<GroupAccumulator>> MakeApproxCountDistinctAccumulator(double relative_sd) {
  if (!(relative_sd > 0) || !std::isfinite(relative_sd)) {
    return InvalidArgument("approx_count_distinct: the relative error must be above 0, not {}",
                           relative_sd);
  }
  const int precision = HyperLogLog::PrecisionFor(relative_sd);
  if (precision < 4) {
    return InvalidArgument(
        "approx_count_distinct: relative error {} needs fewer than 4 register bits; use at most "
        "0.39",
        relative_sd);
  }
  if (precision > 18) {
    return InvalidArgument(
        "approx_count_distinct: relative error {} needs more than 2^18 registers; use at least "
        "0.0022",
        relative_sd);
  }
  return std::unique_ptr<GroupAccumulator>(
      std::make_unique<ApproxCountDistinctAccumulator>(precision));
}

}  // namespace floe::sql
