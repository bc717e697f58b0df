#include "floe/sql/exec/sort_node.h"

#include <algorithm>
#include <numeric>

#include "floe/expr/filter_batch.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::RecordBatch;

std::vector<int64_t> SortedOrder(const std::vector<ArrayPtr>& key_values,
                                 const std::vector<SortKey>& keys, int64_t num_rows) {
  std::vector<int64_t> order(static_cast<size_t>(num_rows));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
    for (size_t k = 0; k < keys.size(); ++k) {
      const columnar::ArrayData& a = *key_values[k];
      bool xn = a.IsNull(x), yn = a.IsNull(y);
      int c;
      if (xn || yn) {
        if (xn && yn) continue;
        c = xn == keys[k].nulls_first ? -1 : 1;  // null placement ignores the direction
      } else {
        c = CompareValues(a, x, a, y);
        if (keys[k].descending) c = -c;
      }
      if (c != 0) return c < 0;
    }
    return false;
  });
  return order;
}

bool SameKeys(const std::vector<ArrayPtr>& key_values, int64_t x, int64_t y) {
  for (const ArrayPtr& a : key_values) {
    if (CompareValues(*a, x, *a, y) != 0) return false;
  }
  return true;
}

namespace {

class SortNode final : public PlanNode {
 public:
  SortNode(PlanNodePtr input, std::vector<SortKey> keys, std::string description)
      : PlanNode(input->schema()),
        input_(std::move(input)),
        keys_(std::move(keys)),
        description_(std::move(description)) {}

  Status Run(const BatchSink& sink) override {
    FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> input, RunToOneBatch(*input_));
    if (!input) return Ok();
    const RecordBatch& all = *input;
    std::vector<ArrayPtr> key_values;
    for (const auto& k : keys_) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr v, k.expr->Evaluate(all));
      key_values.push_back(std::move(v));
    }
    std::vector<int64_t> order = SortedOrder(key_values, keys_, all.num_rows());
    constexpr size_t kChunk = 64 * 1024;
    for (size_t off = 0; off < order.size(); off += kChunk) {
      std::vector<int64_t> part(
          order.begin() + static_cast<std::ptrdiff_t>(off),
          order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), off + kChunk)));
      std::vector<ArrayPtr> columns;
      for (int c = 0; c < all.num_columns(); ++c) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr taken, expr::TakeRows(*all.column(c), part));
        columns.push_back(std::move(taken));
      }
      FLOE_ASSIGN_OR_RETURN(
          RecordBatch out,
          RecordBatch::Make(schema(), static_cast<int64_t>(part.size()), std::move(columns)));
      FLOE_RETURN_IF_ERROR(sink(out));
    }
    return Ok();
  }
  std::string Describe() const override { return "Sort " + description_; }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  PlanNodePtr input_;
  std::vector<SortKey> keys_;
  std::string description_;
};

}  // namespace

PlanNodePtr MakeSortNode(PlanNodePtr input, std::vector<SortKey> keys, std::string description) {
  return std::make_shared<SortNode>(std::move(input), std::move(keys), std::move(description));
}

}  // namespace floe::sql
