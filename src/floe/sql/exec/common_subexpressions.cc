#include "floe/sql/exec/common_subexpressions.h"

#include <map>
#include <string>

namespace floe::sql {

namespace {

// Counts every call's fingerprint in the tree of `e`.
void CountCalls(const PhysicalExprPtr& e, std::map<std::string, int>* counts) {
  const std::vector<PhysicalExprPtr> children = e->children();
  if (children.empty()) return;  // a column or a literal: nothing to share
  ++(*counts)[e->Fingerprint()];
  for (const auto& c : children) CountCalls(c, counts);
}

struct Rewriter {
  const std::map<std::string, int>& counts;
  int input_columns;
  std::vector<PhysicalExprPtr> shared;
  std::map<std::string, int> column_of;  // fingerprint → column of the extended batch

  // `e` with each shared call replaced by a column reference (the call itself, rewritten the
  // same way, becoming a shared expression the first time it is seen).
  PhysicalExprPtr Rewrite(const PhysicalExprPtr& e) {
    std::vector<PhysicalExprPtr> children = e->children();
    if (children.empty()) return e;
    const std::string fingerprint = e->Fingerprint();
    const bool is_shared = counts.at(fingerprint) > 1;
    if (is_shared) {
      auto found = column_of.find(fingerprint);
      if (found != column_of.end()) return MakeColumnExpr(found->second, e->type());
    }
    for (auto& c : children) c = Rewrite(c);
    PhysicalExprPtr rewritten = e->WithChildren(std::move(children));
    if (!is_shared) return rewritten;
    const int column = input_columns + static_cast<int>(shared.size());
    shared.push_back(std::move(rewritten));
    column_of.emplace(fingerprint, column);
    return MakeColumnExpr(column, e->type());
  }
};

}  // namespace

CommonSubexpressions CommonSubexpressions::Extract(std::vector<PhysicalExprPtr*> exprs,
                                                   int input_columns) {
  std::map<std::string, int> counts;
  for (PhysicalExprPtr* e : exprs) CountCalls(*e, &counts);
  CommonSubexpressions out;
  out.input_columns_ = input_columns;
  bool any = false;
  for (const auto& [fingerprint, n] : counts) any = any || n > 1;
  if (!any) return out;
  Rewriter rewriter{counts, input_columns, {}, {}};
  for (PhysicalExprPtr* e : exprs) *e = rewriter.Rewrite(*e);
  out.shared_ = std::move(rewriter.shared);
  return out;
}

Result<columnar::RecordBatch> CommonSubexpressions::Extend(
    const columnar::RecordBatch& batch) const {
  if (shared_.empty()) return batch;
  if (batch.num_columns() != input_columns_) {
    return Internal("sql: a batch of {} columns where {} were expected", batch.num_columns(),
                    input_columns_);
  }
  std::vector<columnar::Field> fields = batch.schema()->fields();
  std::vector<columnar::ArrayPtr> columns = batch.columns();
  for (size_t i = 0; i < shared_.size(); ++i) {
    FLOE_ASSIGN_OR_RETURN(columnar::RecordBatch so_far,
                          columnar::RecordBatch::Make(std::make_shared<columnar::Schema>(fields),
                                                      batch.num_rows(), columns));
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr values, shared_[i]->Evaluate(so_far));
    fields.emplace_back("_shared" + std::to_string(i), shared_[i]->type());
    columns.push_back(std::move(values));
  }
  return columnar::RecordBatch::Make(std::make_shared<columnar::Schema>(std::move(fields)),
                                     batch.num_rows(), std::move(columns));
}

}  // namespace floe::sql
