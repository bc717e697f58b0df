// Canonical text of queries and statements (ast.h's ToSql): one line, keywords upper case,
// every option the tree holds written out, so parse → print → parse gives the same tree.
#include <fmt/format.h>

#include "floe/sql/syntax/ast.h"

namespace floe::sql::syntax {

// The kind enums follow the variants' order.
static_assert(std::variant_size_v<decltype(FromItem::node)> ==
              static_cast<size_t>(FromKind::kJoin) + 1);
static_assert(std::variant_size_v<decltype(QueryBody::node)> ==
              static_cast<size_t>(QueryBodyKind::kNested) + 1);
static_assert(std::variant_size_v<decltype(AlterTable::action)> ==
              static_cast<size_t>(AlterTableKind::kRenameTable) + 1);
static_assert(std::variant_size_v<decltype(Statement::node)> ==
              static_cast<size_t>(StatementKind::kShowPartitions) + 1);

namespace {

std::string PrintExprOrNull(const ExprPtr& e) { return e ? ToSql(*e) : "?"; }

std::string PrintExprList(const std::vector<ExprPtr>& list) {
  std::string out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += ", ";
    out += PrintExprOrNull(list[i]);
  }
  return out;
}

std::string PrintIdentifierList(const std::vector<std::string>& names) {
  std::string out = "(";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += QuoteIdentifier(names[i]);
  }
  return out + ")";
}

std::string PrintProperties(const std::vector<Property>& props) {
  std::string out = "(";
  for (size_t i = 0; i < props.size(); ++i) {
    if (i > 0) out += ", ";
    out += QuoteStringLiteral(props[i].key) + " = " + QuoteStringLiteral(props[i].value);
  }
  return out + ")";
}

std::string PrintQueryOrNull(const QueryPtr& q) { return q ? ToSql(*q) : "?"; }

std::string PrintBody(const QueryBody& body);

std::string PrintBodyOrNull(const QueryBodyPtr& b) { return b ? PrintBody(*b) : "?"; }

std::string PrintFromItem(const FromItem& item);

std::string PrintTimeTravel(const TimeTravel& tt) {
  std::string out = tt.for_keyword ? "FOR " : "";
  if (tt.kind == TimeTravelKind::kVersion) {
    out += tt.system_form ? "SYSTEM_VERSION" : "VERSION";
  } else {
    out += tt.system_form ? "SYSTEM_TIME" : "TIMESTAMP";
  }
  return out + " AS OF " + PrintExprOrNull(tt.value);
}

bool IsJoinItem(const FromItemPtr& item) { return item && item->kind() == FromKind::kJoin; }

std::string PrintJoin(const Join& join) {
  std::string left = join.left ? PrintFromItem(*join.left) : "?";
  // (a, b) JOIN c must keep its parentheses: a, b JOIN c is a, (b JOIN c).
  if (!join.comma && IsJoinItem(join.left) && join.left->As<Join>()->comma) {
    left = "(" + left + ")";
  }
  std::string right = join.right ? PrintFromItem(*join.right) : "?";
  // a JOIN (b JOIN c); but a, b JOIN c reads back as written.
  if (IsJoinItem(join.right) && !(join.comma && !join.right->As<Join>()->comma)) {
    right = "(" + right + ")";
  }
  if (join.comma) return left + ", " + right;
  std::string out = left;
  switch (join.type) {
    case JoinType::kInner:
      out += " JOIN ";
      break;
    case JoinType::kLeft:
      out += " LEFT JOIN ";
      break;
    case JoinType::kRight:
      out += " RIGHT JOIN ";
      break;
    case JoinType::kFull:
      out += " FULL JOIN ";
      break;
    case JoinType::kCross:
      out += " CROSS JOIN ";
      break;
  }
  out += right;
  if (join.on) out += " ON " + ToSql(*join.on);
  if (!join.using_columns.empty()) out += " USING " + PrintIdentifierList(join.using_columns);
  return out;
}

std::string PrintFromItem(const FromItem& item) {
  std::string out;
  switch (item.kind()) {
    case FromKind::kTable: {
      const TableName& t = std::get<TableName>(item.node);
      out = ToSql(t.name);
      if (t.time_travel) out += " " + PrintTimeTravel(*t.time_travel);
      break;
    }
    case FromKind::kTableFunction: {
      const TableFunction& f = std::get<TableFunction>(item.node);
      out = ToSql(f.name) + "(" + PrintExprList(f.args) + ")";
      break;
    }
    case FromKind::kSubquery:
      out = "(" + PrintQueryOrNull(std::get<SubqueryRef>(item.node).query) + ")";
      break;
    case FromKind::kJoin:
      return PrintJoin(std::get<Join>(item.node));
  }
  if (item.alias) out += " AS " + QuoteIdentifier(*item.alias);
  if (!item.column_aliases.empty()) out += PrintIdentifierList(item.column_aliases);
  return out;
}

std::string PrintSelect(const Select& s) {
  std::string out = s.distinct ? "SELECT DISTINCT " : "SELECT ";
  for (size_t i = 0; i < s.items.size(); ++i) {
    if (i > 0) out += ", ";
    out += PrintExprOrNull(s.items[i].expr);
    if (s.items[i].alias) out += " AS " + QuoteIdentifier(*s.items[i].alias);
    if (!s.items[i].aliases.empty()) out += " AS " + PrintIdentifierList(s.items[i].aliases);
  }
  if (s.from) out += " FROM " + PrintFromItem(*s.from);
  if (s.where) out += " WHERE " + ToSql(*s.where);
  if (!s.group_by.empty()) out += " GROUP BY " + PrintExprList(s.group_by);
  if (s.having) out += " HAVING " + ToSql(*s.having);
  return out;
}

std::string PrintBody(const QueryBody& body) {
  switch (body.kind()) {
    case QueryBodyKind::kSelect:
      return PrintSelect(std::get<Select>(body.node));
    case QueryBodyKind::kValues: {
      const Values& v = std::get<Values>(body.node);
      std::string out = "VALUES ";
      for (size_t i = 0; i < v.rows.size(); ++i) {
        if (i > 0) out += ", ";
        out += "(" + PrintExprList(v.rows[i]) + ")";
      }
      return out;
    }
    case QueryBodyKind::kSetOperation: {
      const SetOperation& op = std::get<SetOperation>(body.node);
      const char* word = op.op == SetOpKind::kUnionAll    ? " UNION ALL "
                         : op.op == SetOpKind::kUnion     ? " UNION "
                         : op.op == SetOpKind::kIntersect ? " INTERSECT "
                                                          : " EXCEPT ";
      std::string right = PrintBodyOrNull(op.right);
      // a UNION (b UNION c) keeps its parentheses; INTERSECT binds tighter than UNION.
      if (op.right && op.right->kind() == QueryBodyKind::kSetOperation &&
          !(op.op != SetOpKind::kIntersect &&
            op.right->As<SetOperation>()->op == SetOpKind::kIntersect)) {
        right = "(" + right + ")";
      }
      std::string left = PrintBodyOrNull(op.left);
      if (op.op == SetOpKind::kIntersect && op.left &&
          op.left->kind() == QueryBodyKind::kSetOperation &&
          op.left->As<SetOperation>()->op != SetOpKind::kIntersect) {
        left = "(" + left + ")";
      }
      return left + word + right;
    }
    case QueryBodyKind::kNested:
      return "(" + PrintQueryOrNull(std::get<NestedQuery>(body.node).query) + ")";
  }
  return "?";
}

std::string PrintColumnPosition(const ColumnPosition& p) {
  return p.first ? "FIRST" : "AFTER " + QuoteIdentifier(p.after);
}

std::string PrintComment(const std::optional<std::string>& comment) {
  return comment ? " COMMENT " + QuoteStringLiteral(*comment) : "";
}

std::string PrintAlterAction(const AlterTable& alter) {
  switch (alter.kind()) {
    case AlterTableKind::kSetTblProperties:
      return "SET TBLPROPERTIES " +
             PrintProperties(std::get<SetTblProperties>(alter.action).properties);
    case AlterTableKind::kUnsetTblProperties: {
      const UnsetTblProperties& u = std::get<UnsetTblProperties>(alter.action);
      std::string out = u.if_exists ? "UNSET TBLPROPERTIES IF EXISTS (" : "UNSET TBLPROPERTIES (";
      for (size_t i = 0; i < u.keys.size(); ++i) {
        if (i > 0) out += ", ";
        out += QuoteStringLiteral(u.keys[i]);
      }
      return out + ")";
    }
    case AlterTableKind::kAddColumns: {
      const AddColumns& add = std::get<AddColumns>(alter.action);
      std::string out = "ADD COLUMNS (";
      for (size_t i = 0; i < add.columns.size(); ++i) {
        const AddColumn& c = add.columns[i];
        if (i > 0) out += ", ";
        out += ToSql(c.name) + " " + ToSql(c.type);
        if (c.not_null) out += " NOT NULL";
        out += PrintComment(c.comment);
        if (c.position) out += " " + PrintColumnPosition(*c.position);
      }
      return out + ")";
    }
    case AlterTableKind::kRenameColumn: {
      const RenameColumn& r = std::get<RenameColumn>(alter.action);
      return "RENAME COLUMN " + ToSql(r.name) + " TO " + QuoteIdentifier(r.new_name);
    }
    case AlterTableKind::kDropColumns: {
      const DropColumns& d = std::get<DropColumns>(alter.action);
      std::string out = d.if_exists ? "DROP COLUMNS IF EXISTS (" : "DROP COLUMNS (";
      for (size_t i = 0; i < d.names.size(); ++i) {
        if (i > 0) out += ", ";
        out += ToSql(d.names[i]);
      }
      return out + ")";
    }
    case AlterTableKind::kAlterColumn: {
      const AlterColumn& a = std::get<AlterColumn>(alter.action);
      std::string out = "ALTER COLUMN " + ToSql(a.name) + " ";
      switch (a.action) {
        case AlterColumnAction::kType:
          return out + "TYPE " + (a.type ? ToSql(*a.type) : "?");
        case AlterColumnAction::kSetNotNull:
          return out + "SET NOT NULL";
        case AlterColumnAction::kDropNotNull:
          return out + "DROP NOT NULL";
        case AlterColumnAction::kComment:
          return out + "COMMENT " + QuoteStringLiteral(a.comment.value_or(""));
        case AlterColumnAction::kPosition:
          return out + (a.position ? PrintColumnPosition(*a.position) : "?");
      }
      return out;
    }
    case AlterTableKind::kRenameTable:
      return "RENAME TO " + ToSql(std::get<RenameTable>(alter.action).new_name);
  }
  return "?";
}

std::string PrintCreateTable(const CreateTable& ct) {
  std::string out = ct.replace      ? "REPLACE TABLE "
                    : ct.or_replace ? "CREATE OR REPLACE TABLE "
                                    : "CREATE TABLE ";
  if (ct.if_not_exists) out += "IF NOT EXISTS ";
  out += ToSql(ct.name);
  if (!ct.like.empty()) out += " LIKE " + ToSql(ct.like);
  if (!ct.columns.empty()) {
    out += " (";
    for (size_t i = 0; i < ct.columns.size(); ++i) {
      const ColumnDefinition& c = ct.columns[i];
      if (i > 0) out += ", ";
      out += QuoteIdentifier(c.name) + " " + ToSql(c.type);
      if (c.not_null) out += " NOT NULL";
      out += PrintComment(c.comment);
    }
    out += ")";
  }
  if (ct.provider) out += " USING " + QuoteIdentifier(*ct.provider);
  if (!ct.partitioned_by.empty()) {
    out += " PARTITIONED BY (";
    for (size_t i = 0; i < ct.partitioned_by.size(); ++i) {
      const PartitionField& f = ct.partitioned_by[i];
      if (i > 0) out += ", ";
      if (f.transform.empty()) {
        out += ToSql(f.column);
      } else if (f.argument) {
        out += QuoteIdentifier(f.transform) + "(" + std::to_string(*f.argument) + ", " +
               ToSql(f.column) + ")";
      } else {
        out += QuoteIdentifier(f.transform) + "(" + ToSql(f.column) + ")";
      }
    }
    out += ")";
  }
  out += PrintComment(ct.comment);
  if (ct.location) out += " LOCATION " + QuoteStringLiteral(*ct.location);
  if (!ct.properties.empty()) out += " TBLPROPERTIES " + PrintProperties(ct.properties);
  if (ct.as_query) out += " AS " + ToSql(*ct.as_query);
  return out;
}

std::string PrintShowSuffix(const QualifiedName& in, const std::optional<std::string>& pattern) {
  std::string out;
  if (!in.empty()) out += " IN " + ToSql(in);
  if (pattern) out += " LIKE " + QuoteStringLiteral(*pattern);
  return out;
}

struct StatementPrinter {
  std::string operator()(const QueryStatement& s) const { return PrintQueryOrNull(s.query); }
  std::string operator()(const Explain& s) const {
    return std::string(s.extended ? "EXPLAIN EXTENDED " : "EXPLAIN ") + PrintQueryOrNull(s.query);
  }
  std::string operator()(const CreateNamespace& s) const {
    std::string out = "CREATE NAMESPACE ";
    if (s.if_not_exists) out += "IF NOT EXISTS ";
    out += ToSql(s.name) + PrintComment(s.comment);
    if (s.location) out += " LOCATION " + QuoteStringLiteral(*s.location);
    if (!s.properties.empty()) out += " WITH DBPROPERTIES " + PrintProperties(s.properties);
    return out;
  }
  std::string operator()(const DropNamespace& s) const {
    return std::string("DROP NAMESPACE ") + (s.if_exists ? "IF EXISTS " : "") + ToSql(s.name) +
           (s.cascade ? " CASCADE" : "");
  }
  std::string operator()(const CreateTable& s) const { return PrintCreateTable(s); }
  std::string operator()(const DropTable& s) const {
    return std::string("DROP TABLE ") + (s.if_exists ? "IF EXISTS " : "") + ToSql(s.name) +
           (s.purge ? " PURGE" : "");
  }
  std::string operator()(const ShowNamespaces& s) const {
    return "SHOW NAMESPACES" + PrintShowSuffix(s.in, s.pattern);
  }
  std::string operator()(const ShowTables& s) const {
    return "SHOW TABLES" + PrintShowSuffix(s.in, s.pattern);
  }
  std::string operator()(const DescribeTable& s) const {
    std::string out = s.extended ? "DESCRIBE TABLE EXTENDED " : "DESCRIBE TABLE ";
    out += ToSql(s.name);
    if (!s.column.empty()) out += " " + ToSql(s.column);
    return out;
  }
  std::string operator()(const ShowCreateTable& s) const {
    return "SHOW CREATE TABLE " + ToSql(s.name);
  }
  std::string operator()(const ShowTblProperties& s) const {
    std::string out = "SHOW TBLPROPERTIES " + ToSql(s.name);
    if (s.key) out += " (" + QuoteStringLiteral(*s.key) + ")";
    return out;
  }
  std::string operator()(const AlterTable& s) const {
    return "ALTER TABLE " + ToSql(s.name) + " " + PrintAlterAction(s);
  }
  std::string operator()(const Insert& s) const {
    std::string out = s.overwrite ? "INSERT OVERWRITE TABLE " : "INSERT INTO ";
    out += ToSql(s.table);
    if (!s.columns.empty()) out += " " + PrintIdentifierList(s.columns);
    return out + " " + PrintQueryOrNull(s.query);
  }
  std::string operator()(const SetTimeZone& s) const {
    return "SET TIME ZONE " + (s.zone ? QuoteStringLiteral(*s.zone) : std::string("LOCAL"));
  }
  std::string operator()(const SetConfig& s) const {
    std::string out = "SET";
    if (!s.key.empty()) out += " " + s.key;
    if (s.value)
      out += " = " + QuoteStringLiteral(*s.value);  // as a string: any text reads back the same
    return out;
  }
  std::string operator()(const Use& s) const { return "USE " + ToSql(s.name); }
  std::string operator()(const ShowColumns& s) const { return "SHOW COLUMNS IN " + ToSql(s.name); }
  std::string operator()(const ShowPartitions& s) const {
    std::string out = "SHOW PARTITIONS " + ToSql(s.name);
    if (!s.partition.empty()) {
      out += " PARTITION (";
      for (size_t i = 0; i < s.partition.size(); ++i) {
        if (i > 0) out += ", ";
        out +=
            QuoteIdentifier(s.partition[i].key) + " = " + QuoteStringLiteral(s.partition[i].value);
      }
      out += ")";
    }
    return out;
  }
  std::string operator()(const Call& s) const {
    std::string out = "CALL " + ToSql(s.procedure) + "(";
    for (size_t i = 0; i < s.args.size(); ++i) {
      if (i > 0) out += ", ";
      if (s.args[i].name) out += QuoteIdentifier(*s.args[i].name) + " => ";
      out += ToSql(*s.args[i].value);
    }
    return out + ")";
  }
};

}  // namespace

std::string ToSql(const Query& query) {
  std::string out;
  if (!query.with.empty()) {
    out += "WITH ";
    for (size_t i = 0; i < query.with.size(); ++i) {
      const CommonTableExpr& cte = query.with[i];
      if (i > 0) out += ", ";
      out += QuoteIdentifier(cte.name);
      if (!cte.columns.empty()) out += " " + PrintIdentifierList(cte.columns);
      out += " AS (" + PrintQueryOrNull(cte.query) + ")";
    }
    out += " ";
  }
  out += PrintBodyOrNull(query.body);
  if (!query.order_by.empty()) {
    out += " ORDER BY ";
    for (size_t i = 0; i < query.order_by.size(); ++i) {
      const OrderItem& item = query.order_by[i];
      if (i > 0) out += ", ";
      out += PrintExprOrNull(item.expr);
      if (item.descending) out += " DESC";
      if (item.nulls == NullOrder::kFirst) out += " NULLS FIRST";
      if (item.nulls == NullOrder::kLast) out += " NULLS LAST";
    }
  }
  if (query.limit) out += " LIMIT " + ToSql(*query.limit);
  if (query.offset) out += " OFFSET " + ToSql(*query.offset);
  return out;
}

std::string ToSql(const Statement& statement) {
  return std::visit(StatementPrinter{}, statement.node);
}

}  // namespace floe::sql::syntax
