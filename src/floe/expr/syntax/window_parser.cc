// OVER ([PARTITION BY e, …] [ORDER BY e [ASC|DESC] [NULLS FIRST|LAST], …] [frame]) after a
// function call (Spark's windowSpec; a named WINDOW is not read). The frame:
//   (ROWS | RANGE) BETWEEN bound AND bound | (ROWS | RANGE) bound
//   bound: UNBOUNDED PRECEDING | UNBOUNDED FOLLOWING | CURRENT ROW | expr PRECEDING | expr
//   FOLLOWING
#include "floe/expr/syntax/expression_parser.h"

namespace floe::expr::syntax {

Result<std::unique_ptr<WindowSpec>> ExpressionParser::ParseWindowSpec() {
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "after OVER"));
  auto spec = std::make_unique<WindowSpec>();
  if (AtWord("PARTITION") || AtWord("DISTRIBUTE")) {
    Advance();
    FLOE_RETURN_IF_ERROR(ExpectWord("BY", "after PARTITION"));
    FLOE_ASSIGN_OR_RETURN(spec->partition_by, ParseExprList());
  }
  if ((AtWord("ORDER") || AtWord("SORT")) && AtWord("BY", 1)) {
    Advance();
    Advance();
    while (true) {
      WindowOrderItem item;
      FLOE_ASSIGN_OR_RETURN(item.expr, ParseExpr());
      if (AcceptWord("DESC")) {
        item.descending = true;
      } else {
        AcceptWord("ASC");
      }
      if (AcceptWord("NULLS")) {
        if (AcceptWord("FIRST")) {
          item.nulls = WindowNullOrder::kFirst;
        } else if (AcceptWord("LAST")) {
          item.nulls = WindowNullOrder::kLast;
        } else {
          return ErrorExpected("FIRST or LAST after NULLS");
        }
      }
      spec->order_by.push_back(std::move(item));
      if (!AcceptSymbol(",")) break;
    }
  }
  if (AtWord("ROWS") || AtWord("RANGE")) {
    WindowFrame frame;
    frame.unit = AtWord("ROWS") ? FrameUnit::kRows : FrameUnit::kRange;
    Advance();
    if (AcceptWord("BETWEEN")) {
      FLOE_ASSIGN_OR_RETURN(frame.start, ParseFrameBound());
      FLOE_RETURN_IF_ERROR(ExpectWord("AND", "between the frame's bounds"));
      FLOE_ASSIGN_OR_RETURN(frame.end, ParseFrameBound());
    } else {
      frame.between = false;
      FLOE_ASSIGN_OR_RETURN(frame.start, ParseFrameBound());
      frame.end.kind = FrameBoundKind::kCurrentRow;
    }
    spec->frame = std::move(frame);
  }
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "at the end of the window (OVER (…))"));
  return spec;
}

Result<FrameBound> ExpressionParser::ParseFrameBound() {
  FrameBound bound;
  if (AcceptWord("UNBOUNDED")) {
    if (AcceptWord("PRECEDING")) {
      bound.kind = FrameBoundKind::kUnboundedPreceding;
    } else if (AcceptWord("FOLLOWING")) {
      bound.kind = FrameBoundKind::kUnboundedFollowing;
    } else {
      return ErrorExpected("PRECEDING or FOLLOWING after UNBOUNDED");
    }
    return bound;
  }
  if (AtWord("CURRENT") && AtWord("ROW", 1)) {
    Advance();
    Advance();
    bound.kind = FrameBoundKind::kCurrentRow;
    return bound;
  }
  FLOE_ASSIGN_OR_RETURN(bound.offset, ParseAdditive());
  if (AcceptWord("PRECEDING")) {
    bound.kind = FrameBoundKind::kPreceding;
  } else if (AcceptWord("FOLLOWING")) {
    bound.kind = FrameBoundKind::kFollowing;
  } else {
    return ErrorExpected("PRECEDING or FOLLOWING after the frame offset");
  }
  return bound;
}

}  // namespace floe::expr::syntax
