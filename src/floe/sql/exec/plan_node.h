// The physical plan of a query: a tree of nodes that push record batches to their parent.
// Run(sink) produces every batch of the node's output, in order, and may be called again (a
// WITH query read twice runs twice). Streaming nodes (filter, project, limit, union) pass
// batches on as they come; pipeline breakers (aggregate, sort, the build side of a join) hold
// their state until their input ends — the only memory not bounded by the batch size.
//
// RunParallel lets the scans under a partial aggregation run on every core.
//
// A sink returning an error stops the run; a limit stops its input through kStopSignal, which
// never leaves the limit node.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/sql/exec/physical_expr.h"
#include "floe/util/result.h"

namespace floe::sql {

using BatchSink = std::function<Status(const columnar::RecordBatch&)>;
// A batch and the part of the input it comes from (a table scan's data file, numbered in the
// order Run produces them).
using PartSink = std::function<Status(int64_t part, const columnar::RecordBatch&)>;

class PlanNode {
 public:
  explicit PlanNode(columnar::SchemaPtr schema) : schema_(std::move(schema)) {}
  virtual ~PlanNode() = default;

  const columnar::SchemaPtr& schema() const { return schema_; }
  virtual Status Run(const BatchSink& sink) = 0;
  // Run for consumers that take batches in any order (partial aggregation): the node may push
  // from several threads at once (a table scan reads files in parallel), so `sink` must be
  // thread-safe. One part's batches come in order, from one thread at a time. Streaming nodes
  // pass it through to their input; the others (and the default) run Run as part 0.
  virtual Status RunParallel(const PartSink& sink) {
    return Run([&](const columnar::RecordBatch& batch) { return sink(0, batch); });
  }
  // One line for EXPLAIN: "Filter (amount > 10)".
  virtual std::string Describe() const = 0;
  virtual std::vector<const PlanNode*> inputs() const { return {}; }
  // More lines for EXPLAIN, worked out on demand (a table scan plans itself: files and bytes
  // to read, the pushdown rate); empty for most nodes.
  virtual Result<std::string> Report() const { return std::string(); }

 private:
  columnar::SchemaPtr schema_;
};
using PlanNodePtr = std::shared_ptr<PlanNode>;

// Batches given up front: VALUES, metadata listings, a SELECT without FROM (one row, no column).
PlanNodePtr MakeValuesNode(columnar::SchemaPtr schema, std::vector<columnar::RecordBatch> batches,
                           std::string description = "Values");
// The rows where `predicate` is true.
PlanNodePtr MakeFilterNode(PlanNodePtr input, PhysicalExprPtr predicate, std::string description);
// One output column per expression, named `names`.
PlanNodePtr MakeProjectNode(PlanNodePtr input, std::vector<PhysicalExprPtr> exprs,
                            std::vector<std::string> names);
// Skips `offset` rows, then passes at most `limit` (nullopt: all) and stops its input.
PlanNodePtr MakeLimitNode(PlanNodePtr input, std::optional<int64_t> limit, int64_t offset);
// The inputs' rows one input after another (all of the first's schema).
PlanNodePtr MakeUnionAllNode(std::vector<PlanNodePtr> inputs);

// EXPLAIN's text: one node per line, inputs indented.
std::string ExplainPlan(const PlanNode& root);

// EXPLAIN's text with each node's Report after the tree.
Result<std::string> ExplainPlanWithReports(const PlanNode& root);

// Every batch of a run in one batch (for sorting and join build sides).
Result<columnar::RecordBatch> ConcatBatches(const columnar::SchemaPtr& schema,
                                            const std::vector<columnar::RecordBatch>& batches);

// Every batch `input` produces, in one batch (sort, window and join build sides hold their whole
// input); Ctrl-C (util/cancellation.h) is checked between batches. nullopt when no batch came.
Result<std::optional<columnar::RecordBatch>> RunToOneBatch(PlanNode& input);

// A schema of the given names and types (nullable).
columnar::SchemaPtr MakeSchema(const std::vector<std::string>& names,
                               const std::vector<columnar::DataTypePtr>& types);

}  // namespace floe::sql
