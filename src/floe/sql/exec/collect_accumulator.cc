// collect_list and collect_set (group_accumulator.h): every kept value is copied once into one
// builder of the element type; each group lists the positions of its values there. collect_set
// keeps a value when its key bytes (AppendKeyBytes: NaN = NaN, -0.0 = 0.0) are new to the group.
#include <memory>
#include <string>
#include <unordered_set>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/group_accumulator.h"
#include "floe/sql/exec/scalar_value.h"

namespace floe::sql {
namespace {

class CollectAccumulator final : public GroupAccumulator {
 public:
  CollectAccumulator(columnar::DataTypePtr element, bool distinct_values)
      : element_(std::move(element)), distinct_values_(distinct_values) {}

  void Resize(size_t num_groups) override {
    if (num_groups <= positions_.size()) return;
    positions_.resize(num_groups);
    if (distinct_values_) seen_.resize(num_groups);
  }

  Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) override {
    if (!values_) {
      FLOE_ASSIGN_OR_RETURN(values_, columnar::MakeBuilder(element_));
    }
    if (distinct_values_) {
      key_.clear();
      AppendKeyBytes(values, row, &key_);
      auto& seen = seen_[group];
      if (!seen) seen = std::make_unique<std::unordered_set<std::string>>();
      if (!seen->insert(key_).second) return Ok();
    }
    positions_[group].push_back(values_->length());
    return CopyValue(values, row, *values_);
  }

  Status Merge(GroupAccumulator& other, const std::vector<uint32_t>& mapping) override {
    auto& from = static_cast<CollectAccumulator&>(other);
    if (!from.values_) return Ok();
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr theirs, from.values_->Finish());
    for (size_t k = 0; k < mapping.size() && k < from.positions_.size(); ++k) {
      for (int64_t at : from.positions_[k]) FLOE_RETURN_IF_ERROR(AddRow(*theirs, at, mapping[k]));
    }
    return Ok();
  }

  Result<columnar::ArrayPtr> Finish(int64_t num_groups, const columnar::DataTypePtr& out) override {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    auto& lists = static_cast<columnar::ListBuilder&>(*builder);
    columnar::ArrayPtr all;
    if (values_) {
      FLOE_ASSIGN_OR_RETURN(all, values_->Finish());
    }
    for (size_t g = 0; g < static_cast<size_t>(num_groups); ++g) {
      FLOE_RETURN_IF_ERROR(lists.Append(true));
      if (g >= positions_.size()) continue;
      for (int64_t at : positions_[g])
        FLOE_RETURN_IF_ERROR(CopyValue(*all, at, *lists.value_builder()));
    }
    return lists.Finish();
  }

 private:
  columnar::DataTypePtr element_;
  bool distinct_values_;
  std::unique_ptr<columnar::ArrayBuilder> values_;
  std::vector<std::vector<int64_t>> positions_;
  std::vector<std::unique_ptr<std::unordered_set<std::string>>> seen_;
  std::string key_;
};

}  // namespace

std::unique_ptr<GroupAccumulator> MakeCollectAccumulator(const columnar::DataTypePtr& element,
                                                         bool distinct_values) {
  return std::make_unique<CollectAccumulator>(element, distinct_values);
}

}  // namespace floe::sql
