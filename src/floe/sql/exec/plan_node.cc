#include "floe/sql/exec/plan_node.h"

#include "floe/expr/filter_batch.h"
#include "floe/util/cancellation.h"

namespace floe::sql {

using columnar::RecordBatch;
using columnar::SchemaPtr;

namespace {

class ValuesNode final : public PlanNode {
 public:
  ValuesNode(SchemaPtr schema, std::vector<RecordBatch> batches, std::string description)
      : PlanNode(std::move(schema)),
        batches_(std::move(batches)),
        description_(std::move(description)) {}
  Status Run(const BatchSink& sink) override {
    for (const auto& b : batches_) FLOE_RETURN_IF_ERROR(sink(b));
    return Ok();
  }
  std::string Describe() const override { return description_; }

 private:
  std::vector<RecordBatch> batches_;
  std::string description_;
};

class FilterNode final : public PlanNode {
 public:
  FilterNode(PlanNodePtr input, PhysicalExprPtr predicate, std::string description)
      : PlanNode(input->schema()),
        input_(std::move(input)),
        predicate_(std::move(predicate)),
        description_(std::move(description)) {}
  Status Run(const BatchSink& sink) override {
    return input_->Run([&](const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> kept, Keep(batch));
      return kept ? sink(*kept) : Ok();
    });
  }
  Status RunParallel(const PartSink& sink) override {
    return input_->RunParallel([&](int64_t part, const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> kept, Keep(batch));
      return kept ? sink(part, *kept) : Ok();
    });
  }
  std::string Describe() const override { return "Filter " + description_; }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  // The rows where the predicate is true; nullopt when none is.
  Result<std::optional<RecordBatch>> Keep(const RecordBatch& batch) const {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr keep, predicate_->Evaluate(batch));
    expr::Selection selection;
    selection.num_rows = batch.num_rows();
    selection.bitmap.assign(static_cast<size_t>((batch.num_rows() + 7) / 8), 0);
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      if (keep->IsValid(i) && keep->GetBool(i)) {
        selection.bitmap[static_cast<size_t>(i >> 3)] |= static_cast<uint8_t>(1 << (i & 7));
        ++selection.count;
      }
    }
    if (selection.count == 0) return std::optional<RecordBatch>();
    FLOE_ASSIGN_OR_RETURN(RecordBatch kept, expr::FilterBatch(batch, selection));
    return std::optional<RecordBatch>(std::move(kept));
  }

  PlanNodePtr input_;
  PhysicalExprPtr predicate_;
  std::string description_;
};

class ProjectNode final : public PlanNode {
 public:
  ProjectNode(PlanNodePtr input, std::vector<PhysicalExprPtr> exprs, SchemaPtr schema)
      : PlanNode(std::move(schema)), input_(std::move(input)), exprs_(std::move(exprs)) {}
  Status Run(const BatchSink& sink) override {
    return input_->Run([&](const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(RecordBatch out, Project(batch));
      return sink(out);
    });
  }
  Status RunParallel(const PartSink& sink) override {
    return input_->RunParallel([&](int64_t part, const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(RecordBatch out, Project(batch));
      return sink(part, out);
    });
  }
  std::string Describe() const override {
    std::string out = "Project";
    for (int i = 0; i < schema()->num_fields(); ++i)
      out += (i ? ", " : " ") + schema()->field(i).name;
    return out;
  }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  Result<RecordBatch> Project(const RecordBatch& batch) const {
    std::vector<columnar::ArrayPtr> columns;
    columns.reserve(exprs_.size());
    for (const auto& e : exprs_) {
      FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr c, e->Evaluate(batch));
      columns.push_back(std::move(c));
    }
    return RecordBatch::Make(schema(), batch.num_rows(), std::move(columns));
  }

  PlanNodePtr input_;
  std::vector<PhysicalExprPtr> exprs_;
};

class LimitNode final : public PlanNode {
 public:
  LimitNode(PlanNodePtr input, std::optional<int64_t> limit, int64_t offset)
      : PlanNode(input->schema()), input_(std::move(input)), limit_(limit), offset_(offset) {}
  Status Run(const BatchSink& sink) override {
    int64_t skipped = 0, passed = 0;
    bool stopped = false;
    if (limit_ && *limit_ == 0) return Ok();
    Status s = input_->Run([&](const RecordBatch& batch) -> Status {
      int64_t start = std::min(batch.num_rows(), offset_ - skipped);
      skipped += start;
      int64_t take = batch.num_rows() - start;
      if (limit_) take = std::min(take, *limit_ - passed);
      if (take > 0) {
        passed += take;
        FLOE_RETURN_IF_ERROR(
            sink(start == 0 && take == batch.num_rows() ? batch : batch.Slice(start, take)));
      }
      if (limit_ && passed >= *limit_) {
        stopped = true;
        return Internal("sql: limit reached");  // kStopSignal: caught below
      }
      return Ok();
    });
    if (stopped) return Ok();
    return s;
  }
  std::string Describe() const override {
    std::string out = "Limit";
    if (limit_) out += " " + std::to_string(*limit_);
    if (offset_ > 0) out += " offset " + std::to_string(offset_);
    return out;
  }
  std::vector<const PlanNode*> inputs() const override { return {input_.get()}; }

 private:
  PlanNodePtr input_;
  std::optional<int64_t> limit_;
  int64_t offset_;
};

class UnionAllNode final : public PlanNode {
 public:
  explicit UnionAllNode(std::vector<PlanNodePtr> inputs)
      : PlanNode(inputs[0]->schema()), inputs_(std::move(inputs)) {}
  Status Run(const BatchSink& sink) override {
    for (auto& input : inputs_) {
      FLOE_RETURN_IF_ERROR(input->Run([&](const RecordBatch& batch) -> Status {
        // Same types; names and field metadata are the first input's.
        FLOE_ASSIGN_OR_RETURN(RecordBatch renamed,
                              RecordBatch::Make(schema(), batch.num_rows(), batch.columns()));
        return sink(renamed);
      }));
    }
    return Ok();
  }
  std::string Describe() const override { return "UnionAll"; }
  std::vector<const PlanNode*> inputs() const override {
    std::vector<const PlanNode*> out;
    for (const auto& i : inputs_) out.push_back(i.get());
    return out;
  }

 private:
  std::vector<PlanNodePtr> inputs_;
};

void ExplainInto(const PlanNode& node, int depth, std::string* out) {
  out->append(static_cast<size_t>(depth) * 2, ' ');
  out->append(node.Describe());
  out->push_back('\n');
  for (const PlanNode* input : node.inputs()) ExplainInto(*input, depth + 1, out);
}

}  // namespace

PlanNodePtr MakeValuesNode(SchemaPtr schema, std::vector<RecordBatch> batches,
                           std::string description) {
  return std::make_shared<ValuesNode>(std::move(schema), std::move(batches),
                                      std::move(description));
}
PlanNodePtr MakeFilterNode(PlanNodePtr input, PhysicalExprPtr predicate, std::string description) {
  return std::make_shared<FilterNode>(std::move(input), std::move(predicate),
                                      std::move(description));
}
PlanNodePtr MakeProjectNode(PlanNodePtr input, std::vector<PhysicalExprPtr> exprs,
                            std::vector<std::string> names) {
  std::vector<columnar::DataTypePtr> types;
  for (const auto& e : exprs) types.push_back(e->type());
  SchemaPtr schema = MakeSchema(names, types);
  return std::make_shared<ProjectNode>(std::move(input), std::move(exprs), std::move(schema));
}
PlanNodePtr MakeLimitNode(PlanNodePtr input, std::optional<int64_t> limit, int64_t offset) {
  return std::make_shared<LimitNode>(std::move(input), limit, offset);
}
PlanNodePtr MakeUnionAllNode(std::vector<PlanNodePtr> inputs) {
  return std::make_shared<UnionAllNode>(std::move(inputs));
}

std::string ExplainPlan(const PlanNode& root) {
  std::string out;
  ExplainInto(root, 0, &out);
  return out;
}

namespace {

Status CollectReports(const PlanNode& node, std::string* out) {
  FLOE_ASSIGN_OR_RETURN(std::string report, node.Report());
  if (!report.empty()) out->append("\n" + report);
  for (const PlanNode* input : node.inputs()) FLOE_RETURN_IF_ERROR(CollectReports(*input, out));
  return Ok();
}

}  // namespace

Result<std::string> ExplainPlanWithReports(const PlanNode& root) {
  std::string out = ExplainPlan(root);
  FLOE_RETURN_IF_ERROR(CollectReports(root, &out));
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

Result<std::optional<RecordBatch>> RunToOneBatch(PlanNode& input) {
  std::vector<RecordBatch> batches;
  FLOE_RETURN_IF_ERROR(input.Run([&](const RecordBatch& b) -> Status {
    FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
    batches.push_back(b);
    return Ok();
  }));
  if (batches.empty()) return std::optional<RecordBatch>();
  FLOE_ASSIGN_OR_RETURN(RecordBatch all, ConcatBatches(input.schema(), batches));
  return std::optional<RecordBatch>(std::move(all));
}

Result<RecordBatch> ConcatBatches(const SchemaPtr& schema,
                                  const std::vector<RecordBatch>& batches) {
  if (batches.size() == 1) return batches[0];
  int64_t rows = 0;
  for (const auto& b : batches) rows += b.num_rows();
  std::vector<columnar::ArrayPtr> columns;
  for (int c = 0; c < schema->num_fields(); ++c) {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(schema->field(c).type));
    FLOE_RETURN_IF_ERROR(builder->Reserve(rows));
    for (const auto& b : batches) {
      const columnar::ArrayData& a = *b.column(c);
      for (int64_t i = 0; i < b.num_rows(); ++i) FLOE_RETURN_IF_ERROR(CopyValue(a, i, *builder));
    }
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr col, builder->Finish());
    columns.push_back(std::move(col));
  }
  return RecordBatch::Make(schema, rows, std::move(columns));
}

SchemaPtr MakeSchema(const std::vector<std::string>& names,
                     const std::vector<columnar::DataTypePtr>& types) {
  std::vector<columnar::Field> fields;
  for (size_t i = 0; i < names.size(); ++i) fields.emplace_back(names[i], types[i], true);
  return std::make_shared<const columnar::Schema>(std::move(fields));
}

}  // namespace floe::sql
