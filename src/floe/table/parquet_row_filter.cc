#include "floe/table/parquet_row_filter.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <memory>
#include <utility>

#include "floe/expr/row_evaluator.h"

namespace floe::table {

namespace {

// The top-level fields (positions in the schema it was bound to) a bound filter reads.
void CollectTopLevelFields(const expr::BoundExpression& e, std::vector<int>* out) {
  if (e.is_predicate() && !e.term().path.empty()) out->push_back(e.term().path[0]);
  for (const auto& c : e.children()) CollectTopLevelFields(c, out);
}

// The parts of `e` joined by AND, appended to `out`.
void SplitAnd(const expr::Expression& e, std::vector<expr::Expression>* out) {
  if (e.op() == expr::Operation::kAnd) {
    for (const auto& c : e.children()) SplitAnd(c, out);
    return;
  }
  out->push_back(e);
}

// A predicate on a batch of the one field `field` of `columns`.
Result<parquet::RowPredicateFunction> PredicateOnField(const expr::Expression& e,
                                                       const columnar::Schema& columns, int field,
                                                       const expr::BindOptions& bind) {
  FLOE_ASSIGN_OR_RETURN(expr::BoundExpression bound,
                        expr::Bind(e, columnar::Schema({columns.field(field)}), bind));
  auto shared = std::make_shared<const expr::BoundExpression>(std::move(bound));
  return parquet::RowPredicateFunction(
      [shared](const columnar::RecordBatch& values) -> Result<std::vector<uint8_t>> {
        FLOE_ASSIGN_OR_RETURN(expr::Selection selection, expr::EvaluateRows(*shared, values));
        return std::move(selection.bitmap);
      });
}

// When the filter is a conjunction whose parts each read one field (`region = 'x' and ts >= …`),
// one predicate per field of `fields` (RowFilter::field_passes); else none.
Result<std::vector<parquet::RowPredicateFunction>> PredicatesPerField(
    const expr::Expression& filter, const columnar::Schema& columns, const std::vector<int>& fields,
    const expr::BindOptions& bind) {
  std::vector<expr::Expression> parts;
  SplitAnd(filter, &parts);
  std::map<int, std::vector<expr::Expression>> by_field;
  for (const expr::Expression& part : parts) {
    auto bound = expr::Bind(part, columns, bind);
    if (!bound.ok()) return std::vector<parquet::RowPredicateFunction>{};
    std::vector<int> read;
    CollectTopLevelFields(*bound, &read);
    std::sort(read.begin(), read.end());
    read.erase(std::unique(read.begin(), read.end()), read.end());
    if (read.size() != 1) return std::vector<parquet::RowPredicateFunction>{};
    by_field[read[0]].push_back(part);
  }
  std::vector<parquet::RowPredicateFunction> out;
  for (int f : fields) {
    const std::vector<expr::Expression>& own = by_field[f];
    if (own.empty()) return std::vector<parquet::RowPredicateFunction>{};
    expr::Expression joined = own[0];
    for (size_t i = 1; i < own.size(); ++i) joined = expr::Expression::And(joined, own[i]);
    FLOE_ASSIGN_OR_RETURN(parquet::RowPredicateFunction predicate,
                          PredicateOnField(joined, columns, f, bind));
    out.push_back(std::move(predicate));
  }
  return out;
}

}  // namespace

void AppendSelectedRuns(const std::vector<uint8_t>& bitmap, int64_t begin, int64_t end,
                        std::vector<parquet::RowRange>* out) {
  // The 64 bits of word k (bits 64k..64k+63), zero past the bitmap's end.
  auto word = [&](int64_t k) -> uint64_t {
    const auto byte = static_cast<size_t>(k) * 8;
    uint64_t w = 0;
    if (byte < bitmap.size())
      std::memcpy(&w, bitmap.data() + byte, std::min<size_t>(8, bitmap.size() - byte));
    return w;
  };
  int64_t i = begin;
  while (i < end) {
    const uint64_t set = word(i >> 6) >> (i & 63);
    if (set == 0) {
      i = (i | 63) + 1;
      continue;
    }
    i += std::countr_zero(set);
    if (i >= end) break;
    int64_t j = i;  // the first row at or after i not selected
    while (j < end) {
      const uint64_t unset = ~word(j >> 6) >> (j & 63);
      if (unset == 0) {
        j = (j | 63) + 1;
        continue;
      }
      j += std::countr_zero(unset);
      break;
    }
    j = std::min(j, end);
    if (!out->empty() && out->back().last == i) {
      out->back().last = j;
    } else {
      out->push_back({i, j});
    }
    i = j;
  }
}

Result<parquet::RowFilter> MakeParquetRowFilter(const expr::Expression& filter,
                                                const columnar::Schema& columns,
                                                const expr::BindOptions& bind,
                                                AdmittedRows admitted) {
  FLOE_ASSIGN_OR_RETURN(expr::BoundExpression on_all, expr::Bind(filter, columns, bind));
  parquet::RowFilter row_filter;
  CollectTopLevelFields(on_all, &row_filter.fields);
  std::sort(row_filter.fields.begin(), row_filter.fields.end());
  row_filter.fields.erase(std::unique(row_filter.fields.begin(), row_filter.fields.end()),
                          row_filter.fields.end());
  std::vector<columnar::Field> filter_fields;
  for (int f : row_filter.fields) filter_fields.push_back(columns.field(f));
  // The filter bound to its own fields: the batches the reader hands it hold only those. Shared
  // by the functions below, which readers of several row groups may call at once.
  FLOE_ASSIGN_OR_RETURN(expr::BoundExpression bound,
                        expr::Bind(filter, columnar::Schema(std::move(filter_fields)), bind));
  auto on_fields = std::make_shared<const expr::BoundExpression>(std::move(bound));
  row_filter.passes =
      [on_fields](const columnar::RecordBatch& values) -> Result<std::vector<uint8_t>> {
    FLOE_ASSIGN_OR_RETURN(expr::Selection selection, expr::EvaluateRows(*on_fields, values));
    return std::move(selection.bitmap);
  };
  row_filter.runs_of = [admitted = std::move(admitted)](
                           const std::vector<uint8_t>& passing, int64_t rows, int row_group,
                           int64_t first_row) -> Result<std::vector<parquet::RowRange>> {
    std::vector<parquet::RowRange> runs;
    const std::optional<parquet::RowRanges>* ranges = admitted ? admitted(row_group) : nullptr;
    if (ranges == nullptr || !*ranges) {
      AppendSelectedRuns(passing, 0, rows, &runs);
      return runs;
    }
    const parquet::RowRanges within = (*ranges)->Within(first_row, first_row + rows);
    for (const parquet::RowRange& r : within.ranges()) {
      AppendSelectedRuns(passing, r.first - first_row, r.last - first_row, &runs);
    }
    return runs;
  };
  if (row_filter.fields.size() > 1) {
    FLOE_ASSIGN_OR_RETURN(row_filter.field_passes,
                          PredicatesPerField(filter, columns, row_filter.fields, bind));
  }
  row_filter.select = [passes = row_filter.passes, runs_of = row_filter.runs_of](
                          const columnar::RecordBatch& values, int row_group,
                          int64_t first_row) -> Result<std::vector<parquet::RowRange>> {
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> passing, passes(values));
    return runs_of(passing, values.num_rows(), row_group, first_row);
  };
  return row_filter;
}

}  // namespace floe::table
