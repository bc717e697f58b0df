// Queries of the SQL parser (sql_parser.h):
//
//   query      := [WITH name [(cols)] [AS] (query), …] union [ORDER BY …] [LIMIT n|ALL] [OFFSET n]
//   union      := intersect ((UNION | EXCEPT | MINUS) [ALL | DISTINCT] intersect)*
//   intersect  := primary (INTERSECT [DISTINCT] primary)*
//   primary    := SELECT … | VALUES … | (query)
//   select     := SELECT [DISTINCT | ALL] item, … [FROM from, …] [WHERE e] [GROUP BY e, …]
//                 [HAVING e]
//   from       := fromPrimary ( [INNER] JOIN | LEFT [OUTER] JOIN | RIGHT [OUTER] JOIN |
//                 FULL [OUTER] JOIN | CROSS JOIN ) fromPrimary [ON e | USING (cols)] …
//   fromPrimary:= name [timeTravel] [alias] | name(args) [alias] | (query) [alias] |
//                 VALUES … [alias] | (from)
//   alias      := [AS] name [(cols)]
#include "floe/expr/syntax/keywords.h"
#include "floe/sql/syntax/sql_parser.h"

namespace floe::sql::syntax {

using expr::syntax::IsClauseWord;

Result<QueryPtr> SqlParser::ParseQuery() {
  FLOE_RETURN_IF_ERROR(EnterNesting());
  struct Leave {
    SqlParser* p;
    ~Leave() { p->LeaveNesting(); }
  } leave{this};

  auto query = std::make_unique<Query>();
  query->pos = Peek().pos;
  if (AcceptWord("WITH")) {
    if (AtWord("RECURSIVE")) return ErrorAt(Peek(), "WITH RECURSIVE is not supported");
    do {
      CommonTableExpr cte;
      cte.pos = Peek().pos;
      FLOE_ASSIGN_OR_RETURN(cte.name, ParseIdentifier("a name for the WITH query"));
      if (AtSymbol("(") && !AtQueryStart(1)) {
        FLOE_ASSIGN_OR_RETURN(cte.columns, ParseIdentifierList("column name"));
      }
      AcceptWord("AS");
      FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "before the WITH query"));
      FLOE_ASSIGN_OR_RETURN(cte.query, ParseQuery());
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the WITH query"));
      query->with.push_back(std::move(cte));
    } while (AcceptSymbol(","));
  }
  FLOE_ASSIGN_OR_RETURN(query->body, ParseUnionLevel());
  if (AtWord("ORDER") && AtWord("BY", 1)) {
    Advance();
    Advance();
    FLOE_ASSIGN_OR_RETURN(query->order_by, ParseOrderBy());
  }
  bool saw_limit = false;
  bool saw_offset = false;
  while (true) {
    if (!saw_limit && AtWord("LIMIT")) {
      saw_limit = true;
      Advance();
      if (!AcceptWord("ALL")) {
        FLOE_ASSIGN_OR_RETURN(query->limit, ParseExpr());
      }
    } else if (!saw_offset && AtWord("OFFSET")) {
      saw_offset = true;
      Advance();
      FLOE_ASSIGN_OR_RETURN(query->offset, ParseExpr());
    } else {
      break;
    }
  }
  return query;
}

Result<std::vector<OrderItem>> SqlParser::ParseOrderBy() {
  std::vector<OrderItem> items;
  do {
    OrderItem item;
    item.pos = Peek().pos;
    FLOE_ASSIGN_OR_RETURN(item.expr, ParseExpr());
    if (AcceptWord("DESC")) {
      item.descending = true;
    } else {
      AcceptWord("ASC");
    }
    if (AcceptWord("NULLS")) {
      if (AcceptWord("FIRST")) {
        item.nulls = NullOrder::kFirst;
      } else if (AcceptWord("LAST")) {
        item.nulls = NullOrder::kLast;
      } else {
        return ErrorExpected("FIRST or LAST after NULLS");
      }
    }
    items.push_back(std::move(item));
  } while (AcceptSymbol(","));
  return items;
}

Result<QueryBodyPtr> SqlParser::ParseUnionLevel() {
  FLOE_ASSIGN_OR_RETURN(QueryBodyPtr left, ParseIntersectLevel());
  while (AtWord("UNION") || AtWord("EXCEPT") || AtWord("MINUS")) {
    bool is_union = AtWord("UNION");
    const Token& word = Advance();
    bool all = AcceptWord("ALL");
    if (!all) AcceptWord("DISTINCT");
    SetOperation op;
    if (is_union) {
      op.op = all ? SetOpKind::kUnionAll : SetOpKind::kUnion;
    } else {
      if (all) return ErrorAt(word, "EXCEPT ALL is not supported");
      op.op = SetOpKind::kExcept;
    }
    FLOE_ASSIGN_OR_RETURN(QueryBodyPtr right, ParseIntersectLevel());
    auto body = std::make_unique<QueryBody>();
    body->pos = left->pos;
    op.left = std::move(left);
    op.right = std::move(right);
    body->node = std::move(op);
    left = std::move(body);
  }
  return left;
}

Result<QueryBodyPtr> SqlParser::ParseIntersectLevel() {
  FLOE_ASSIGN_OR_RETURN(QueryBodyPtr left, ParseQueryPrimary());
  while (AtWord("INTERSECT")) {
    const Token& word = Advance();
    if (AtWord("ALL")) return ErrorAt(word, "INTERSECT ALL is not supported");
    AcceptWord("DISTINCT");
    FLOE_ASSIGN_OR_RETURN(QueryBodyPtr right, ParseQueryPrimary());
    auto body = std::make_unique<QueryBody>();
    body->pos = left->pos;
    body->node = SetOperation{SetOpKind::kIntersect, std::move(left), std::move(right)};
    left = std::move(body);
  }
  return left;
}

Result<QueryBodyPtr> SqlParser::ParseQueryPrimary() {
  if (AtWord("SELECT")) return ParseSelect();
  if (AtWord("VALUES")) return ParseValues();
  if (AtSymbol("(")) {
    SourcePosition pos = Advance().pos;
    FLOE_ASSIGN_OR_RETURN(QueryPtr inner, ParseQuery());
    FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the parenthesized query"));
    auto body = std::make_unique<QueryBody>();
    body->pos = pos;
    body->node = NestedQuery{std::move(inner)};
    return body;
  }
  return ErrorExpected("SELECT, VALUES or \"(\"");
}

Result<QueryBodyPtr> SqlParser::ParseValues() {
  auto body = std::make_unique<QueryBody>();
  body->pos = Advance().pos;  // VALUES
  Values values;
  do {
    if (AcceptSymbol("(")) {
      FLOE_ASSIGN_OR_RETURN(std::vector<ExprPtr> row, ParseExprList());
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the row's values"));
      values.rows.push_back(std::move(row));
    } else {
      std::vector<ExprPtr> row;
      FLOE_ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
      row.push_back(std::move(value));
      values.rows.push_back(std::move(row));
    }
  } while (AcceptSymbol(","));
  body->node = std::move(values);
  return body;
}

Result<QueryBodyPtr> SqlParser::ParseSelect() {
  auto body = std::make_unique<QueryBody>();
  body->pos = Advance().pos;  // SELECT
  Select select;
  if (AcceptWord("DISTINCT")) {
    select.distinct = true;
  } else {
    AcceptWord("ALL");
  }
  do {
    FLOE_ASSIGN_OR_RETURN(SelectItem item, ParseSelectItem());
    select.items.push_back(std::move(item));
  } while (AcceptSymbol(","));
  if (AcceptWord("FROM")) {
    FLOE_ASSIGN_OR_RETURN(select.from, ParseFromList());
  }
  if (AcceptWord("WHERE")) {
    FLOE_ASSIGN_OR_RETURN(select.where, ParseExpr());
  }
  if (AtWord("GROUP")) {
    Advance();
    FLOE_RETURN_IF_ERROR(ExpectWord("BY", "after GROUP"));
    if (AtWord("GROUPING") || AtWord("ROLLUP") || AtWord("CUBE")) {
      return ErrorAt(Peek(), "GROUPING SETS, ROLLUP and CUBE are not supported");
    }
    FLOE_ASSIGN_OR_RETURN(select.group_by, ParseExprList());
  }
  if (AcceptWord("HAVING")) {
    FLOE_ASSIGN_OR_RETURN(select.having, ParseExpr());
  }
  if (AtWord("WINDOW")) return ErrorAt(Peek(), "WINDOW clauses are not supported");
  body->node = std::move(select);
  return body;
}

Result<SelectItem> SqlParser::ParseSelectItem() {
  SelectItem item;
  item.pos = Peek().pos;
  FLOE_ASSIGN_OR_RETURN(item.expr, ParseExpr());
  if (AcceptWord("AS")) {
    if (AtSymbol("(")) {  // a generator's column names: explode(m) AS (k, v)
      FLOE_ASSIGN_OR_RETURN(item.aliases, ParseIdentifierList("column alias"));
      return item;
    }
    if (Peek().kind == TokenKind::kString) {  // Spark accepts AS 'name'? It does not; say so.
      return ErrorAt(Peek(), "an alias is a name, not a string: use `back quotes`");
    }
    FLOE_ASSIGN_OR_RETURN(std::string alias, ParseIdentifier("an alias after AS"));
    item.alias = std::move(alias);
  } else if (AtIdentifier() && !(Peek().kind == TokenKind::kWord && IsClauseWord(Peek().text))) {
    item.alias = Advance().text;
  }
  return item;
}

// from, from, … (commas are cross joins)
Result<FromItemPtr> SqlParser::ParseFromList() {
  FLOE_ASSIGN_OR_RETURN(FromItemPtr left, ParseJoinedItem());
  while (AcceptSymbol(",")) {
    FLOE_ASSIGN_OR_RETURN(FromItemPtr right, ParseJoinedItem());
    auto item = std::make_unique<FromItem>();
    item->pos = left->pos;
    Join join;
    join.type = JoinType::kCross;
    join.comma = true;
    join.left = std::move(left);
    join.right = std::move(right);
    item->node = std::move(join);
    left = std::move(item);
  }
  return left;
}

Result<FromItemPtr> SqlParser::ParseJoinedItem() {
  FLOE_ASSIGN_OR_RETURN(FromItemPtr left, ParseFromPrimary());
  while (true) {
    const Token& start = Peek();
    JoinType type;
    if (AtWord("JOIN")) {
      type = JoinType::kInner;
    } else if (AtWord("INNER")) {
      Advance();
      type = JoinType::kInner;
    } else if (AtWord("LEFT") || AtWord("RIGHT") || AtWord("FULL")) {
      type = AtWord("LEFT")    ? JoinType::kLeft
             : AtWord("RIGHT") ? JoinType::kRight
                               : JoinType::kFull;
      Advance();
      if (AtWord("SEMI") || AtWord("ANTI")) {
        return ErrorAt(Peek(), fmt::format("{} JOIN is not supported", Peek().text));
      }
      AcceptWord("OUTER");
    } else if (AtWord("CROSS")) {
      Advance();
      type = JoinType::kCross;
    } else if (AtWord("NATURAL")) {
      return ErrorAt(start, "NATURAL JOIN is not supported; use USING (columns)");
    } else {
      return left;
    }
    FLOE_RETURN_IF_ERROR(ExpectWord("JOIN", ""));
    FLOE_ASSIGN_OR_RETURN(FromItemPtr right, ParseFromPrimary());
    Join join;
    join.type = type;
    if (type != JoinType::kCross) {
      if (AcceptWord("ON")) {
        FLOE_ASSIGN_OR_RETURN(join.on, ParseExpr());
      } else if (AcceptWord("USING")) {
        FLOE_ASSIGN_OR_RETURN(join.using_columns, ParseIdentifierList("column name"));
      } else if (type != JoinType::kInner) {
        return ErrorExpected("ON or USING after the joined table");
      }
    }
    auto item = std::make_unique<FromItem>();
    item->pos = left->pos;
    join.left = std::move(left);
    join.right = std::move(right);
    item->node = std::move(join);
    left = std::move(item);
  }
}

Result<FromItemPtr> SqlParser::ParseFromPrimary() {
  auto item = std::make_unique<FromItem>();
  item->pos = Peek().pos;
  if (AtSymbol("(") || AtWord("VALUES")) {
    if (AtWord("VALUES") || AtQueryStart(1)) {
      QueryPtr query;
      if (AtWord("VALUES")) {
        query = std::make_unique<Query>();
        query->pos = Peek().pos;
        FLOE_ASSIGN_OR_RETURN(query->body, ParseValues());
      } else {
        Advance();
        FLOE_ASSIGN_OR_RETURN(query, ParseQuery());
        FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the subquery"));
      }
      item->node = SubqueryRef{std::move(query)};
      FLOE_RETURN_IF_ERROR(ParseTableAlias(*item));
      return item;
    }
    // (a JOIN b), (a, b): a parenthesized FROM item.
    Advance();
    FLOE_RETURN_IF_ERROR(EnterNesting());
    auto inner = ParseFromList();
    LeaveNesting();
    if (!inner.ok()) return std::move(inner).error();
    FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the parenthesized FROM item"));
    return std::move(*inner);
  }
  if (AtWord("LATERAL")) return ErrorAt(Peek(), "LATERAL is not supported");
  FLOE_ASSIGN_OR_RETURN(QualifiedName name, ParseQualifiedName("a table name"));
  if (AcceptSymbol("(")) {
    TableFunction fn;
    fn.name = std::move(name);
    if (!AtSymbol(")")) {
      FLOE_ASSIGN_OR_RETURN(fn.args, ParseExprList());
    }
    FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the arguments of " + ToSql(fn.name)));
    item->node = std::move(fn);
  } else {
    TableName table;
    table.name = std::move(name);
    FLOE_ASSIGN_OR_RETURN(table.time_travel, ParseTimeTravel());
    item->node = std::move(table);
  }
  FLOE_RETURN_IF_ERROR(ParseTableAlias(*item));
  return item;
}

// [FOR] (SYSTEM_VERSION | VERSION) AS OF (integer | 'ref')
// [FOR] (SYSTEM_TIME | TIMESTAMP) AS OF expression
Result<std::optional<TimeTravel>> SqlParser::ParseTimeTravel() {
  size_t i = AtWord("FOR") ? 1 : 0;
  bool version = AtWord("VERSION", i) || AtWord("SYSTEM_VERSION", i);
  bool timestamp = AtWord("TIMESTAMP", i) || AtWord("SYSTEM_TIME", i);
  if (!(version || timestamp) || !AtWord("AS", i + 1)) {
    if (i == 1) {
      Advance();
      return ErrorExpected("VERSION, SYSTEM_VERSION, TIMESTAMP or SYSTEM_TIME after FOR");
    }
    return std::optional<TimeTravel>();
  }
  TimeTravel tt;
  tt.pos = Peek().pos;
  tt.for_keyword = i == 1;
  tt.kind = version ? TimeTravelKind::kVersion : TimeTravelKind::kTimestamp;
  tt.system_form = AtWord("SYSTEM_VERSION", i) || AtWord("SYSTEM_TIME", i);
  for (size_t k = 0; k < i + 2; ++k) Advance();  // [FOR] word AS
  FLOE_RETURN_IF_ERROR(ExpectWord("OF", "after AS"));
  if (version) {
    const Token& t = Peek();
    if (t.kind == TokenKind::kNumber) {
      FLOE_ASSIGN_OR_RETURN(tt.value, ParseNumber(false));
    } else if (t.kind == TokenKind::kString) {
      FLOE_ASSIGN_OR_RETURN(std::string ref, ParseStringLiteral("a branch or tag name"));
      tt.value = MakeExpr(t.pos, Literal{LiteralKind::kString, std::move(ref)});
    } else {
      return ErrorExpected("a snapshot id or a 'branch or tag name' after VERSION AS OF");
    }
  } else {
    FLOE_ASSIGN_OR_RETURN(tt.value, ParseAdditive());
    FLOE_RETURN_IF_ERROR(CheckExpressionDepth(*tt.value));
  }
  return std::optional<TimeTravel>(std::move(tt));
}

Status SqlParser::ParseTableAlias(FromItem& item) {
  if (AcceptWord("AS")) {
    FLOE_ASSIGN_OR_RETURN(std::string alias, ParseIdentifier("an alias after AS"));
    item.alias = std::move(alias);
  } else if (AtIdentifier() && !(Peek().kind == TokenKind::kWord && IsClauseWord(Peek().text))) {
    item.alias = Advance().text;
  } else {
    return Ok();
  }
  if (AtSymbol("(")) {
    FLOE_ASSIGN_OR_RETURN(item.column_aliases, ParseIdentifierList("column alias"));
  }
  return Ok();
}

}  // namespace floe::sql::syntax
