#include "floe/sql/exec/hash_join_node.h"

#include <unordered_map>

#include "floe/expr/filter_batch.h"
#include "floe/util/cancellation.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::RecordBatch;

namespace {

constexpr int64_t kCheckEvery = 1 << 16;

// The rows `indices` of `array`; index -1 gives NULL.
Result<ArrayPtr> GatherWithNulls(const columnar::ArrayData& array,
                                 const std::vector<int64_t>& indices) {
  FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(array.type));
  FLOE_RETURN_IF_ERROR(builder->Reserve(static_cast<int64_t>(indices.size())));
  for (int64_t i : indices) {
    if (i < 0) {
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
    } else {
      FLOE_RETURN_IF_ERROR(CopyValue(array, i, *builder));
    }
  }
  return builder->Finish();
}

class HashJoinNode final : public PlanNode {
 public:
  HashJoinNode(PlanNodePtr left, PlanNodePtr right, HashJoinType type,
               std::vector<PhysicalExprPtr> left_keys, std::vector<PhysicalExprPtr> right_keys,
               PhysicalExprPtr residual, columnar::SchemaPtr schema)
      : PlanNode(std::move(schema)),
        left_(std::move(left)),
        right_(std::move(right)),
        type_(type),
        left_keys_(std::move(left_keys)),
        right_keys_(std::move(right_keys)),
        residual_(std::move(residual)) {}

  Status Run(const BatchSink& sink) override {
    // Build.
    // Ctrl-C (util/cancellation.h) is checked per batch, and every kCheckEvery rows of the
    // loops that a single batch can make long (a key shared by many rows multiplies them).
    const CancellationToken& cancel = GlobalCancellation();
    FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> built, RunToOneBatch(*right_));
    RecordBatch build =
        built ? std::move(*built)
              : *RecordBatch::Make(right_->schema(), 0, EmptyColumns(*right_->schema()));
    std::unordered_multimap<std::string, int64_t> table;
    {
      std::vector<ArrayPtr> keys;
      for (const auto& k : right_keys_) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr v, k->Evaluate(build));
        keys.push_back(std::move(v));
      }
      std::string key;
      for (int64_t i = 0; i < build.num_rows(); ++i) {
        if (i % kCheckEvery == 0) FLOE_RETURN_IF_ERROR(cancel.Check());
        if (!MakeKey(keys, i, &key)) continue;
        table.emplace(key, i);
      }
    }
    // Probe.
    return left_->Run([&](const RecordBatch& probe) -> Status {
      FLOE_RETURN_IF_ERROR(cancel.Check());
      std::vector<ArrayPtr> keys;
      for (const auto& k : left_keys_) {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr v, k->Evaluate(probe));
        keys.push_back(std::move(v));
      }
      std::vector<int64_t> li, ri;
      std::string key;
      for (int64_t i = 0; i < probe.num_rows(); ++i) {
        if (!MakeKey(keys, i, &key)) continue;
        auto [begin, end] = table.equal_range(key);
        for (auto it = begin; it != end; ++it) {
          if (li.size() % kCheckEvery == 0) FLOE_RETURN_IF_ERROR(cancel.Check());
          li.push_back(i);
          ri.push_back(it->second);
        }
      }
      std::vector<bool> matched(static_cast<size_t>(probe.num_rows()), false);
      if (!li.empty()) {
        FLOE_ASSIGN_OR_RETURN(RecordBatch joined, Join(probe, build, li, ri));
        if (residual_) {
          FLOE_ASSIGN_OR_RETURN(ArrayPtr keep, residual_->Evaluate(joined));
          std::vector<int64_t> kept;
          for (int64_t r = 0; r < joined.num_rows(); ++r) {
            if (keep->IsValid(r) && keep->GetBool(r)) kept.push_back(r);
          }
          if (static_cast<int64_t>(kept.size()) != joined.num_rows()) {
            std::vector<int64_t> li2, ri2;
            for (int64_t r : kept) {
              li2.push_back(li[static_cast<size_t>(r)]);
              ri2.push_back(ri[static_cast<size_t>(r)]);
            }
            li.swap(li2);
            ri.swap(ri2);
            if (!li.empty()) {
              FLOE_ASSIGN_OR_RETURN(joined, Join(probe, build, li, ri));
            }
          }
        }
        for (int64_t l : li) matched[static_cast<size_t>(l)] = true;
        if (!li.empty()) FLOE_RETURN_IF_ERROR(sink(joined));
      }
      if (type_ == HashJoinType::kLeft) {
        std::vector<int64_t> lo, ro;
        for (int64_t i = 0; i < probe.num_rows(); ++i) {
          if (!matched[static_cast<size_t>(i)]) {
            lo.push_back(i);
            ro.push_back(-1);
          }
        }
        if (!lo.empty()) {
          FLOE_ASSIGN_OR_RETURN(RecordBatch unmatched, Join(probe, build, lo, ro));
          FLOE_RETURN_IF_ERROR(sink(unmatched));
        }
      }
      return Ok();
    });
  }

  std::string Describe() const override {
    return std::string(type_ == HashJoinType::kLeft ? "HashJoin left" : "HashJoin inner") +
           (left_keys_.empty() ? " (cross)" : "") + (residual_ ? " with residual" : "");
  }
  std::vector<const PlanNode*> inputs() const override { return {left_.get(), right_.get()}; }

 private:
  static std::vector<ArrayPtr> EmptyColumns(const columnar::Schema& schema) {
    std::vector<ArrayPtr> out;
    for (const auto& f : schema.fields()) {
      auto b = columnar::MakeBuilder(f.type);
      out.push_back(b.ok() ? *(*b)->Finish() : nullptr);
    }
    return out;
  }

  // False when a key is NULL (never matches).
  static bool MakeKey(const std::vector<ArrayPtr>& keys, int64_t row, std::string* key) {
    key->clear();
    for (const auto& k : keys) {
      if (k->IsNull(row)) return false;
      AppendKeyBytes(*k, row, key);
    }
    return true;
  }

  Result<RecordBatch> Join(const RecordBatch& probe, const RecordBatch& build,
                           const std::vector<int64_t>& li, const std::vector<int64_t>& ri) {
    std::vector<ArrayPtr> columns;
    for (int c = 0; c < probe.num_columns(); ++c) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr a, expr::TakeRows(*probe.column(c), li));
      columns.push_back(std::move(a));
    }
    for (int c = 0; c < build.num_columns(); ++c) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr a, GatherWithNulls(*build.column(c), ri));
      columns.push_back(std::move(a));
    }
    return RecordBatch::Make(schema(), static_cast<int64_t>(li.size()), std::move(columns));
  }

  PlanNodePtr left_, right_;
  HashJoinType type_;
  std::vector<PhysicalExprPtr> left_keys_, right_keys_;
  PhysicalExprPtr residual_;
};

}  // namespace

PlanNodePtr MakeHashJoinNode(PlanNodePtr left, PlanNodePtr right, HashJoinType type,
                             std::vector<PhysicalExprPtr> left_keys,
                             std::vector<PhysicalExprPtr> right_keys, PhysicalExprPtr residual,
                             columnar::SchemaPtr joined_schema) {
  return std::make_shared<HashJoinNode>(std::move(left), std::move(right), type,
                                        std::move(left_keys), std::move(right_keys),
                                        std::move(residual), std::move(joined_schema));
}

}  // namespace floe::sql
