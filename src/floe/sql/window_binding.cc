#include "floe/sql/window_binding.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "floe/sql/exec/sql_type.h"
#include "floe/sql/exec/window_node.h"
#include "floe/sql/syntax_walk.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::DataTypePtr;
using syntax::Expr;

namespace {

constexpr const char* kWindowFunctions =
    "row_number, rank, dense_rank, percent_rank, ntile, lag, lead, first_value, last_value, "
    "count, sum, avg, min, max";

Error WindowError(const Expr& e, Error error) { return AtPosition(e.pos, std::move(error)); }

// A bound's place on the line of rows: preceding < current < following.
double FrameBoundPlace(const syntax::FrameBound& b, double offset) {
  switch (b.kind) {
    case syntax::FrameBoundKind::kUnboundedPreceding:
      return -std::numeric_limits<double>::infinity();
    case syntax::FrameBoundKind::kPreceding:
      return -offset;
    case syntax::FrameBoundKind::kCurrentRow:
      return 0;
    case syntax::FrameBoundKind::kFollowing:
      return offset;
    case syntax::FrameBoundKind::kUnboundedFollowing:
      return std::numeric_limits<double>::infinity();
  }
  return 0;
}

Result<WindowBound> BindWindowBound(const syntax::FrameBound& b, bool rows, const Expr& call,
                                    const EvalContextPtr& context) {
  WindowBound out;
  out.kind = static_cast<WindowBoundKind>(static_cast<int>(b.kind));
  if (!b.offset) return out;
  DataTypePtr type;
  auto value = EvaluateConstantSyntax(*b.offset, context, &type);
  if (!value.ok()) return WindowError(*b.offset, std::move(value).error());
  std::string text = syntax::ToSql(*b.offset);
  if (rows) {
    if (value->is_null() || !IsIntegral(*type) || value->as_int() < 0) {
      return WindowError(
          *b.offset, InvalidArgument("ROWS frame offset {} of {}: must be an integer >= 0", text,
                                     syntax::ToSql(call)));
    }
    out.rows = value->as_int();
    return out;
  }
  double v = -1;
  if (!value->is_null() && IsIntegral(*type)) v = static_cast<double>(value->as_int());
  if (!value->is_null() && IsFloating(*type)) v = value->as_double();
  if (!value->is_null() && type->id() == columnar::TypeId::kDecimal128) {
    v = static_cast<double>(value->as_decimal());
    for (int i = 0; i < type->scale(); ++i) v /= 10;
  }
  if (!(v >= 0)) {
    return WindowError(*b.offset,
                       InvalidArgument("RANGE frame offset {} of {}: must be a number >= 0", text,
                                       syntax::ToSql(call)));
  }
  out.range = v;
  return out;
}

struct BoundWindowFrame {
  WindowFrameSpec spec;
  bool needs_range_key = false;
};

Result<BoundWindowFrame> BindWindowFrame(const Expr& e, const syntax::WindowSpec& window,
                                         const EvalContextPtr& context) {
  BoundWindowFrame out;
  if (!window.frame) {
    // Spark's defaults.
    out.spec.rows = window.order_by.empty();
    out.spec.start.kind = WindowBoundKind::kUnboundedPreceding;
    out.spec.end.kind = window.order_by.empty() ? WindowBoundKind::kUnboundedFollowing
                                                : WindowBoundKind::kCurrentRow;
    return out;
  }
  const syntax::WindowFrame& f = *window.frame;
  bool rows = f.unit == syntax::FrameUnit::kRows;
  out.spec.rows = rows;
  if (f.start.kind == syntax::FrameBoundKind::kUnboundedFollowing) {
    return WindowError(
        e, InvalidArgument("{}: a frame cannot start at UNBOUNDED FOLLOWING", syntax::ToSql(e)));
  }
  if (f.end.kind == syntax::FrameBoundKind::kUnboundedPreceding) {
    return WindowError(
        e, InvalidArgument("{}: a frame cannot end at UNBOUNDED PRECEDING", syntax::ToSql(e)));
  }
  FLOE_ASSIGN_OR_RETURN(out.spec.start, BindWindowBound(f.start, rows, e, context));
  FLOE_ASSIGN_OR_RETURN(out.spec.end, BindWindowBound(f.end, rows, e, context));
  double start = FrameBoundPlace(
      f.start, rows ? static_cast<double>(out.spec.start.rows) : out.spec.start.range);
  double end =
      FrameBoundPlace(f.end, rows ? static_cast<double>(out.spec.end.rows) : out.spec.end.range);
  if (start > end) {
    return WindowError(e,
                       InvalidArgument("{}: the frame's start is after its end", syntax::ToSql(e)));
  }
  out.needs_range_key = !rows && (f.start.offset || f.end.offset);
  return out;
}

bool IsRankingFunction(const std::string& name) {
  return name == "row_number" || name == "rank" || name == "dense_rank" || name == "percent_rank" ||
         name == "ntile";
}

Result<int64_t> WindowConstantInteger(const Expr& arg, const EvalContextPtr& context,
                                      const Expr& call, const char* what) {
  DataTypePtr type;
  auto value = EvaluateConstantSyntax(arg, context, &type);
  if (!value.ok() || value->is_null() || !IsIntegral(*type)) {
    return WindowError(arg, InvalidArgument("{} of {} must be a constant integer, not {}", what,
                                            syntax::ToSql(call), syntax::ToSql(arg)));
  }
  return value->as_int();
}

Result<WindowCall> BindWindowCall(const Expr& e, const syntax::FunctionCall& call,
                                  const ExpressionBinder& binder, const EvalContextPtr& context) {
  const syntax::WindowSpec& window = *call.over;
  std::string name = AsciiLower(syntax::ToSql(call.name));
  if (name == "first") name = "first_value";
  if (name == "last") name = "last_value";
  if (name == "mean") name = "avg";
  WindowCall out;
  out.name = ColumnNameFor(e);
  if (call.distinct) {
    return WindowError(
        e, NotSupported("{}: DISTINCT in a window function is not supported", syntax::ToSql(e)));
  }
  auto args_count = [&](size_t low, size_t high) -> Status {
    if (call.args.size() < low || call.args.size() > high) {
      return WindowError(
          e, InvalidArgument("{} takes {} argument{}, not {}", name,
                             low == high ? std::to_string(low) : fmt::format("{} to {}", low, high),
                             high == 1 ? "" : "s", call.args.size()));
    }
    return Ok();
  };
  bool offset_function = name == "lag" || name == "lead";
  if (IsRankingFunction(name) || offset_function) {
    if (window.order_by.empty()) {
      return WindowError(
          e, InvalidArgument("{} needs an ORDER BY in its window: {}", name, syntax::ToSql(e)));
    }
    if (window.frame) {
      return WindowError(e, InvalidArgument("{} takes no window frame (ROWS / RANGE): {}", name,
                                            syntax::ToSql(e)));
    }
  }
  if (IsRankingFunction(name)) {
    static const std::pair<const char*, WindowFunctionKind> kinds[] = {
        {"row_number", WindowFunctionKind::kRowNumber},
        {"rank", WindowFunctionKind::kRank},
        {"dense_rank", WindowFunctionKind::kDenseRank},
        {"percent_rank", WindowFunctionKind::kPercentRank},
        {"ntile", WindowFunctionKind::kNtile}};
    for (const auto& [n, k] : kinds) {
      if (name == n) out.kind = k;
    }
    out.type =
        out.kind == WindowFunctionKind::kPercentRank ? columnar::Float64() : columnar::Int32();
    if (out.kind == WindowFunctionKind::kNtile) {
      FLOE_RETURN_IF_ERROR(args_count(1, 1));
      FLOE_ASSIGN_OR_RETURN(out.offset,
                            WindowConstantInteger(*call.args[0], context, e, "the bucket count"));
      if (out.offset <= 0) {
        return WindowError(*call.args[0],
                           InvalidArgument("ntile's bucket count must be > 0, not {}", out.offset));
      }
    } else {
      FLOE_RETURN_IF_ERROR(args_count(0, 0));
    }
    return out;
  }
  if (offset_function) {
    FLOE_RETURN_IF_ERROR(args_count(1, 3));
    out.kind = name == "lag" ? WindowFunctionKind::kLag : WindowFunctionKind::kLead;
    FLOE_ASSIGN_OR_RETURN(out.arg, binder.Bind(*call.args[0]));
    out.type = out.arg->type();
    if (call.args.size() >= 2) {
      FLOE_ASSIGN_OR_RETURN(out.offset,
                            WindowConstantInteger(*call.args[1], context, e, "the offset"));
    }
    if (call.args.size() == 3) {
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr def, binder.Bind(*call.args[2]));
      auto cast = binder.CastTo(def, out.type);
      if (!cast.ok()) return WindowError(*call.args[2], std::move(cast).error());
      out.default_value = *cast;
    }
    FLOE_ASSIGN_OR_RETURN(BoundWindowFrame frame, BindWindowFrame(e, window, context));
    out.frame = frame.spec;
    return out;
  }
  if (name == "first_value" || name == "last_value") {
    FLOE_RETURN_IF_ERROR(args_count(1, 2));
    out.kind =
        name == "first_value" ? WindowFunctionKind::kFirstValue : WindowFunctionKind::kLastValue;
    FLOE_ASSIGN_OR_RETURN(out.arg, binder.Bind(*call.args[0]));
    out.type = out.arg->type();
    if (call.args.size() == 2) {
      DataTypePtr type;
      auto v = EvaluateConstantSyntax(*call.args[1], context, &type);
      if (!v.ok() || v->is_null() || type->id() != columnar::TypeId::kBool) {
        return WindowError(*call.args[1],
                           InvalidArgument("the second argument of {} (ignore nulls) must "
                                           "be true or false, not {}",
                                           name, syntax::ToSql(*call.args[1])));
      }
      out.ignore_nulls = v->as_bool();
    }
  } else if (IsAggregateFunction(name)) {
    out.kind = WindowFunctionKind::kAggregate;
    auto kind = AggregateKindFromName(name, call.star);
    if (!kind.ok()) return WindowError(e, std::move(kind).error());
    out.aggregate = *kind;
    if (out.aggregate != AggregateKind::kCountStar) {
      FLOE_RETURN_IF_ERROR(args_count(1, 1));
      FLOE_ASSIGN_OR_RETURN(out.arg, binder.Bind(*call.args[0]));
      DataTypePtr t = out.arg->type();
      if (out.aggregate == AggregateKind::kSum || out.aggregate == AggregateKind::kAvg) {
        DataTypePtr to = IsIntegral(*t) || t->id() == columnar::TypeId::kNull ? columnar::Int64()
                                                                              : columnar::Float64();
        if (!IsNumeric(*t) && t->id() != columnar::TypeId::kString &&
            t->id() != columnar::TypeId::kNull) {
          return WindowError(e, InvalidArgument("{} of {}: not a number", name, SparkTypeName(*t)));
        }
        if (t->id() != columnar::TypeId::kDecimal128) {
          auto cast = binder.CastTo(out.arg, to);
          if (!cast.ok()) return WindowError(e, std::move(cast).error());
          out.arg = *cast;
        }
      }
    }
    auto type = AggregateResultType(out.aggregate, out.arg ? out.arg->type() : nullptr);
    if (!type.ok()) return WindowError(e, std::move(type).error());
    out.type = *type;
  } else {
    return WindowError(e, InvalidArgument("{} is not a window function (window functions: {})",
                                          name, kWindowFunctions));
  }
  FLOE_ASSIGN_OR_RETURN(BoundWindowFrame frame, BindWindowFrame(e, window, context));
  out.frame = frame.spec;
  return out;
}

// The window's own text: PARTITION BY and ORDER BY (the frame belongs to each call).
std::string WindowKey(const syntax::WindowSpec& w) {
  syntax::WindowSpec keys;
  for (const auto& p : w.partition_by) keys.partition_by.push_back(syntax::Clone(*p));
  for (const auto& o : w.order_by)
    keys.order_by.push_back({syntax::Clone(*o.expr), o.descending, o.nulls});
  return syntax::ToSql(keys);
}

}  // namespace

bool ContainsWindow(const Expr& expr) {
  bool found = false;
  VisitExpressions(expr, [&](const Expr& e) {
    if (const auto* call = e.As<syntax::FunctionCall>(); call && call->over) found = true;
  });
  return found;
}

Result<PlannedWindows> PlanWindows(PlanNodePtr node, const std::vector<const Expr*>& roots,
                                   const ExpressionBinder& binder, const EvalContextPtr& context) {
  // The calls, each text once, grouped by window in the order first seen.
  std::vector<const Expr*> calls;
  std::vector<std::string> texts;
  for (const Expr* root : roots) {
    VisitExpressions(*root, [&](const Expr& e) {
      const auto* call = e.As<syntax::FunctionCall>();
      if (!call || !call->over) return;
      std::string text = syntax::ToSql(e);
      if (std::find(texts.begin(), texts.end(), text) != texts.end()) return;
      texts.push_back(std::move(text));
      calls.push_back(&e);
    });
  }
  std::vector<std::string> keys;
  std::vector<std::vector<size_t>> groups;
  for (size_t i = 0; i < calls.size(); ++i) {
    std::string key = WindowKey(*calls[i]->As<syntax::FunctionCall>()->over);
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(key);
      groups.emplace_back();
      it = keys.end() - 1;
    }
    groups[static_cast<size_t>(it - keys.begin())].push_back(i);
  }

  PlannedWindows out;
  for (size_t g = 0; g < groups.size(); ++g) {
    const Expr& first = *calls[groups[g][0]];
    const syntax::WindowSpec& spec = *first.As<syntax::FunctionCall>()->over;
    WindowDefinition window;
    for (const auto& p : spec.partition_by) {
      auto bound = binder.Bind(*p);
      if (!bound.ok()) return WindowError(*p, std::move(bound).error());
      if ((*bound)->type()->is_variant()) {
        return WindowError(*p,
                           InvalidArgument("PARTITION BY {}: variants are not comparable; use a "
                                           "field extracted with variant_get",
                                           syntax::ToSql(*p)));
      }
      window.partition_by.push_back(*bound);
    }
    for (const auto& o : spec.order_by) {
      auto bound = binder.Bind(*o.expr);
      if (!bound.ok()) return WindowError(*o.expr, std::move(bound).error());
      if ((*bound)->type()->is_variant()) {
        return WindowError(*o.expr,
                           InvalidArgument("ORDER BY {} in a window: variants cannot be ordered; "
                                           "use a field extracted with variant_get",
                                           syntax::ToSql(*o.expr)));
      }
      bool nulls_first = o.nulls == syntax::WindowNullOrder::kDefault
                             ? !o.descending
                             : o.nulls == syntax::WindowNullOrder::kFirst;
      window.order_by.push_back({*bound, o.descending, nulls_first});
    }
    std::vector<WindowCall> bound_calls;
    for (size_t i : groups[g]) {
      const Expr& e = *calls[i];
      const auto& call = *e.As<syntax::FunctionCall>();
      FLOE_ASSIGN_OR_RETURN(WindowCall c, BindWindowCall(e, call, binder, context));
      c.name = fmt::format("__window{}", out.texts.size());
      if (call.over->frame && !c.frame.rows &&
          (call.over->frame->start.offset || call.over->frame->end.offset) && !window.range_key) {
        if (window.order_by.size() != 1 || !IsNumeric(*window.order_by[0].expr->type())) {
          return WindowError(e,
                             InvalidArgument("{}: a RANGE frame with an offset needs exactly one "
                                             "numeric ORDER BY expression",
                                             syntax::ToSql(e)));
        }
        auto key = binder.CastTo(window.order_by[0].expr, columnar::Float64());
        if (!key.ok()) return WindowError(e, std::move(key).error());
        window.range_key = *key;
      }
      out.texts.push_back(texts[i]);
      out.types.push_back(c.type);
      bound_calls.push_back(std::move(c));
    }
    node = MakeWindowNode(node, std::move(window), std::move(bound_calls), keys[g]);
  }
  out.node = node;
  return out;
}

Result<std::unique_ptr<WindowedRows>> BindWindows(
    PlanNodePtr node, const std::vector<const Expr*>& roots, const ExpressionBinder& binder,
    const Scope& base_scope, ExpressionBinder::Replacer replace, const EvalContextPtr& context) {
  FLOE_ASSIGN_OR_RETURN(PlannedWindows planned,
                        PlanWindows(std::move(node), roots, binder, context));
  auto out = std::make_unique<WindowedRows>();
  out->node = planned.node;
  out->scope = base_scope;
  size_t base = out->scope.columns.size();
  for (size_t i = 0; i < planned.texts.size(); ++i) {
    out->scope.columns.push_back(
        {"", fmt::format("__window{}", i), planned.types[i], /*qualified_only=*/true});
  }
  out->texts = std::move(planned.texts);
  WindowedRows* rows = out.get();
  out->binder.emplace(
      out->scope, context,
      [rows, base, replace](const Expr& e) -> std::optional<Result<PhysicalExprPtr>> {
        if (const auto* call = e.As<syntax::FunctionCall>(); call && call->over) {
          std::string text = syntax::ToSql(e);
          for (size_t i = 0; i < rows->texts.size(); ++i) {
            if (rows->texts[i] == text) {
              return Result<PhysicalExprPtr>(
                  MakeColumnExpr(static_cast<int>(base + i), rows->scope.columns[base + i].type));
            }
          }
        }
        if (replace) return replace(e);
        return std::nullopt;
      });
  return out;
}

}  // namespace floe::sql
