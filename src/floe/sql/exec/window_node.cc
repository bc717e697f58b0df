#include "floe/sql/exec/window_node.h"

#include <algorithm>

#include "floe/expr/filter_batch.h"
#include "floe/sql/exec/window_frames.h"
#include "floe/util/cancellation.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::RecordBatch;

namespace {

columnar::SchemaPtr WindowOutputSchema(const columnar::Schema& input,
                                       const std::vector<WindowCall>& calls) {
  std::vector<std::string> names;
  std::vector<columnar::DataTypePtr> types;
  for (int i = 0; i < input.num_fields(); ++i) {
    names.push_back(input.field(i).name);
    types.push_back(input.field(i).type);
  }
  for (const auto& c : calls) {
    names.push_back(c.name);
    types.push_back(c.type);
  }
  return MakeSchema(names, types);
}

class WindowNode final : public PlanNode {
 public:
  WindowNode(PlanNodePtr input, WindowDefinition window, std::vector<WindowCall> calls,
             std::string description)
      : PlanNode(WindowOutputSchema(*input->schema(), calls)),
        input_(std::move(input)),
        window_(std::move(window)),
        calls_(std::move(calls)),
        description_(std::move(description)) {}

  Status Run(const BatchSink& sink) override {
    FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> input, RunToOneBatch(*input_));
    if (!input) return Ok();
    const RecordBatch& all = *input;
    const int64_t n = all.num_rows();

    // Sort by (partition keys, order keys).
    std::vector<ArrayPtr> keys;
    std::vector<SortKey> sort_keys;
    std::vector<ArrayPtr> partition_values, order_values;
    for (const auto& p : window_.partition_by) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr v, p->Evaluate(all));
      keys.push_back(v);
      partition_values.push_back(v);
      sort_keys.push_back({p, false, true});
    }
    for (const auto& o : window_.order_by) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr v, o.expr->Evaluate(all));
      keys.push_back(v);
      order_values.push_back(v);
      sort_keys.push_back(o);
    }
    std::vector<int64_t> order = SortedOrder(keys, sort_keys, n);
    FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());

    // Partitions and peer groups, over sorted positions.
    WindowLayout layout;
    layout.num_rows = n;
    layout.partition_start.resize(static_cast<size_t>(n));
    layout.partition_end.resize(static_cast<size_t>(n));
    layout.peer_start.resize(static_cast<size_t>(n));
    layout.peer_end.resize(static_cast<size_t>(n));
    for (int64_t p = 0; p < n;) {
      int64_t q = p + 1;
      while (q < n && SameKeys(partition_values, order[static_cast<size_t>(p)],
                               order[static_cast<size_t>(q)]))
        ++q;
      for (int64_t r = p; r < q;) {
        int64_t s = r + 1;
        while (s < q &&
               SameKeys(order_values, order[static_cast<size_t>(r)], order[static_cast<size_t>(s)]))
          ++s;
        for (int64_t t = r; t < s; ++t) {
          layout.partition_start[static_cast<size_t>(t)] = p;
          layout.partition_end[static_cast<size_t>(t)] = q;
          layout.peer_start[static_cast<size_t>(t)] = r;
          layout.peer_end[static_cast<size_t>(t)] = s;
        }
        r = s;
      }
      p = q;
    }
    if (window_.range_key) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr v, window_.range_key->Evaluate(all));
      const double* values = v->values<double>();
      bool descending = window_.order_by.at(0).descending;
      layout.range_key.resize(static_cast<size_t>(n));
      layout.range_null.resize(static_cast<size_t>(n));
      layout.range_descending = descending;
      for (int64_t p = 0; p < n; ++p) {
        int64_t row = order[static_cast<size_t>(p)];
        layout.range_null[static_cast<size_t>(p)] = v->IsNull(row);
        double d = v->IsNull(row) ? 0.0 : values[row];
        layout.range_key[static_cast<size_t>(p)] = descending ? -d : d;
      }
    }

    // The window columns, in sorted order.
    std::vector<ArrayPtr> results;
    for (const auto& call : calls_) {
      ArrayPtr arg, def;
      if (call.arg) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr a, call.arg->Evaluate(all));
        FLOE_ASSIGN_OR_RETURN(arg, expr::TakeRows(*a, order));
      }
      if (call.default_value) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr d, call.default_value->Evaluate(all));
        FLOE_ASSIGN_OR_RETURN(def, expr::TakeRows(*d, order));
      }
      FLOE_ASSIGN_OR_RETURN(ArrayPtr column, ComputeWindowColumn(call, layout, arg, def));
      results.push_back(std::move(column));
      FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
    }

    constexpr size_t kChunk = 64 * 1024;
    for (size_t off = 0; off < order.size(); off += kChunk) {
      size_t end = std::min(order.size(), off + kChunk);
      std::vector<int64_t> part(order.begin() + static_cast<std::ptrdiff_t>(off),
                                order.begin() + static_cast<std::ptrdiff_t>(end));
      std::vector<ArrayPtr> columns;
      for (int c = 0; c < all.num_columns(); ++c) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr taken, expr::TakeRows(*all.column(c), part));
        columns.push_back(std::move(taken));
      }
      for (const auto& r : results) {
        columns.push_back(r->Slice(static_cast<int64_t>(off), static_cast<int64_t>(end - off)));
      }
      FLOE_ASSIGN_OR_RETURN(
          RecordBatch out,
          RecordBatch::Make(schema(), static_cast<int64_t>(part.size()), std::move(columns)));
      FLOE_RETURN_IF_ERROR(sink(out));
    }
    return Ok();
  }
  std::string Describe() const override { return "Window " + description_; }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  PlanNodePtr input_;
  WindowDefinition window_;
  std::vector<WindowCall> calls_;
  std::string description_;
};

}  // namespace

PlanNodePtr MakeWindowNode(PlanNodePtr input, WindowDefinition window,
                           std::vector<WindowCall> calls, std::string description) {
  return std::make_shared<WindowNode>(std::move(input), std::move(window), std::move(calls),
                                      std::move(description));
}

}  // namespace floe::sql
