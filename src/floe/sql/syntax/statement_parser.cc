// Statements of the SQL parser (sql_parser.h): queries, EXPLAIN, CREATE/DROP NAMESPACE,
// CREATE [OR REPLACE] TABLE [AS SELECT], DROP TABLE, SHOW …, DESCRIBE, ALTER TABLE, INSERT, SET,
// USE. The forms are listed in ast.h next to each statement's struct.
#include "floe/sql/syntax/sql_parser.h"

namespace floe::sql::syntax {

namespace {

std::string StatementTrim(std::string_view s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

template <typename Node>
Statement MakeStatementNode(SourcePosition pos, Node node) {
  Statement s;
  s.pos = pos;
  s.node = std::move(node);
  return s;
}

}  // namespace

Result<Statement> SqlParser::ParseStatement() {
  const Token& first = Peek();
  SourcePosition pos = first.pos;
  Result<Statement> result = Error{};
  if (AtQueryStart()) {
    FLOE_ASSIGN_OR_RETURN(QueryPtr q, ParseQuery());
    result = MakeStatementNode(pos, QueryStatement{std::move(q)});
  } else if (AcceptWord("EXPLAIN")) {
    Explain explain;
    if (AcceptWord("EXTENDED") || AcceptWord("FORMATTED")) explain.extended = true;
    if (!AtQueryStart()) return ErrorExpected("a query after EXPLAIN");
    FLOE_ASSIGN_OR_RETURN(explain.query, ParseQuery());
    result = MakeStatementNode(pos, std::move(explain));
  } else if (AtWord("CREATE")) {
    result = ParseCreate();
  } else if (AtWord("REPLACE") && AtWord("TABLE", 1)) {
    Advance();
    Advance();
    result = ParseCreateTable(false, true);
  } else if (AtWord("DROP")) {
    result = ParseDrop();
  } else if (AtWord("SHOW")) {
    result = ParseShow();
  } else if (AtWord("DESCRIBE") || AtWord("DESC")) {
    result = ParseDescribe();
  } else if (AtWord("ALTER")) {
    result = ParseAlterTable();
  } else if (AtWord("INSERT")) {
    result = ParseInsert();
  } else if (AtWord("SET")) {
    result = ParseSet();
  } else if (AtWord("CALL")) {
    result = ParseCall();
  } else if (AcceptWord("USE")) {
    if (AtNamespaceWord()) Advance();
    FLOE_ASSIGN_OR_RETURN(QualifiedName name, ParseQualifiedName("a namespace name"));
    result = MakeStatementNode(pos, Use{std::move(name)});
  } else {
    // Spark statements floe does not run yet: say so, rather than that a statement was expected.
    for (const char* word : {"DELETE", "UPDATE", "MERGE", "TRUNCATE", "REFRESH", "CACHE", "UNCACHE",
                             "ANALYZE", "GRANT", "REVOKE", "LOAD", "MSCK", "OPTIMIZE", "VACUUM",
                             "COMMENT", "CLEAR", "RESET", "ADD", "LIST"}) {
      if (AtWord(word)) {
        return NotSupported("{}: {} is not supported yet", FormatPosition(first.pos), word);
      }
    }
    return ErrorExpected(
        "a statement (SELECT, WITH, VALUES, INSERT, CREATE, DROP, ALTER, SHOW, DESCRIBE, "
        "EXPLAIN, SET or USE)");
  }
  if (!result.ok()) return result;
  if (!AtStatementEnd()) return ErrorExpected("\";\" or the end of the statement");
  result->pos = pos;
  result->text = std::string(text_.substr(first.begin, Peek().begin - first.begin));
  while (!result->text.empty() && std::isspace(static_cast<unsigned char>(result->text.back()))) {
    result->text.pop_back();
  }
  return result;
}

// CALL name(args): all positional or all named (Spark refuses a mix).
Result<Statement> SqlParser::ParseCall() {
  SourcePosition pos = Advance().pos;  // CALL
  Call call;
  FLOE_ASSIGN_OR_RETURN(call.procedure, ParseQualifiedName("a procedure name"));
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "after the procedure name"));
  if (!AcceptSymbol(")")) {
    while (true) {
      CallArgument arg;
      const Token start = Peek();
      arg.pos = start.pos;
      if ((Peek().kind == TokenKind::kWord || Peek().kind == TokenKind::kQuotedIdentifier) &&
          AtSymbol("=>", 1)) {
        arg.name = Advance().text;
        Advance();  // =>
      }
      if (!call.args.empty() && call.args.front().name.has_value() != arg.name.has_value()) {
        return ErrorAt(start,
                       "CALL: give every argument by name (name => value) or every one "
                       "by position, not a mix");
      }
      FLOE_ASSIGN_OR_RETURN(arg.value, ParseExpr());
      call.args.push_back(std::move(arg));
      if (AcceptSymbol(")")) break;
      FLOE_RETURN_IF_ERROR(ExpectSymbol(",", "between arguments, or \")\" after them"));
    }
  }
  return MakeStatementNode(pos, std::move(call));
}

bool SqlParser::AtNamespaceWord() const {
  return AtWord("NAMESPACE") || AtWord("SCHEMA") || AtWord("DATABASE");
}

// ---------------------------------------------------------------------------------------------
// CREATE / DROP

Result<Statement> SqlParser::ParseCreate() {
  SourcePosition pos = Advance().pos;  // CREATE
  if (AcceptWord("OR")) {
    FLOE_RETURN_IF_ERROR(ExpectWord("REPLACE", "after CREATE OR"));
    FLOE_RETURN_IF_ERROR(ExpectWord("TABLE", "after CREATE OR REPLACE"));
    return ParseCreateTable(true, false);
  }
  if (AcceptWord("TABLE")) return ParseCreateTable(false, false);
  if (AtWord("EXTERNAL") || AtWord("TEMPORARY") || AtWord("TEMP") || AtWord("VIEW")) {
    return ErrorAt(Peek(), fmt::format("CREATE {} is not supported", Peek().text));
  }
  if (!AtNamespaceWord()) return ErrorExpected("TABLE, NAMESPACE, SCHEMA or DATABASE after CREATE");
  Advance();
  CreateNamespace ns;
  if (AcceptWord("IF")) {
    FLOE_RETURN_IF_ERROR(ExpectWord("NOT", "after IF"));
    FLOE_RETURN_IF_ERROR(ExpectWord("EXISTS", "after IF NOT"));
    ns.if_not_exists = true;
  }
  FLOE_ASSIGN_OR_RETURN(ns.name, ParseQualifiedName("a namespace name"));
  while (true) {
    if (AtWord("COMMENT") && !ns.comment) {
      Advance();
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      ns.comment = std::move(c);
    } else if (AtWord("LOCATION") && !ns.location) {
      Advance();
      FLOE_ASSIGN_OR_RETURN(std::string l, ParseStringLiteral("the location string"));
      ns.location = std::move(l);
    } else if (AtWord("WITH") && ns.properties.empty()) {
      Advance();
      if (!AcceptWord("DBPROPERTIES") && !AcceptWord("PROPERTIES")) {
        return ErrorExpected("DBPROPERTIES or PROPERTIES after WITH");
      }
      FLOE_ASSIGN_OR_RETURN(ns.properties, ParseProperties());
    } else {
      break;
    }
  }
  return MakeStatementNode(pos, std::move(ns));
}

Result<Statement> SqlParser::ParseCreateTable(bool or_replace, bool replace) {
  CreateTable ct;
  ct.or_replace = or_replace;
  ct.replace = replace;
  if (AcceptWord("IF")) {
    FLOE_RETURN_IF_ERROR(ExpectWord("NOT", "after IF"));
    FLOE_RETURN_IF_ERROR(ExpectWord("EXISTS", "after IF NOT"));
    ct.if_not_exists = true;
  }
  FLOE_ASSIGN_OR_RETURN(ct.name, ParseQualifiedName("a table name"));
  if (AcceptWord("LIKE")) {
    FLOE_ASSIGN_OR_RETURN(ct.like, ParseQualifiedName("the table to copy after LIKE"));
  } else if (AtSymbol("(") && !AtQueryStart(1)) {
    Advance();
    do {
      FLOE_ASSIGN_OR_RETURN(ColumnDefinition col, ParseColumnDefinition());
      ct.columns.push_back(std::move(col));
    } while (AcceptSymbol(","));
    FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the column list"));
  }
  bool saw_partitioned = false;
  bool saw_properties = false;
  while (true) {
    const Token& clause = Peek();
    auto duplicate = [&](std::string_view name) {
      return ErrorAt(clause, fmt::format("{} is given twice", name));
    };
    if (AcceptWord("USING")) {
      if (ct.provider) return duplicate("USING");
      FLOE_ASSIGN_OR_RETURN(std::string p, ParseIdentifier("a table provider after USING"));
      ct.provider = std::move(p);
    } else if (AtWord("PARTITIONED")) {
      Advance();
      if (saw_partitioned) return duplicate("PARTITIONED BY");
      saw_partitioned = true;
      FLOE_RETURN_IF_ERROR(ExpectWord("BY", "after PARTITIONED"));
      FLOE_ASSIGN_OR_RETURN(ct.partitioned_by, ParsePartitionedBy());
    } else if (AcceptWord("COMMENT")) {
      if (ct.comment) return duplicate("COMMENT");
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      ct.comment = std::move(c);
    } else if (AcceptWord("LOCATION")) {
      if (ct.location) return duplicate("LOCATION");
      FLOE_ASSIGN_OR_RETURN(std::string l, ParseStringLiteral("the location string"));
      ct.location = std::move(l);
    } else if (AcceptWord("TBLPROPERTIES")) {
      if (saw_properties) return duplicate("TBLPROPERTIES");
      saw_properties = true;
      FLOE_ASSIGN_OR_RETURN(ct.properties, ParseProperties());
    } else if (AtWord("CLUSTERED") || AtWord("STORED") || AtWord("OPTIONS") || AtWord("ROW") ||
               AtWord("SORTED")) {
      return ErrorAt(clause, fmt::format("{} is not supported in CREATE TABLE", clause.text));
    } else {
      break;
    }
  }
  if (AcceptWord("AS")) {
    if (!AtQueryStart()) return ErrorExpected("a query after AS");
    FLOE_ASSIGN_OR_RETURN(ct.as_query, ParseQuery());
  } else if (AtQueryStart()) {
    FLOE_ASSIGN_OR_RETURN(ct.as_query, ParseQuery());  // Spark allows AS to be left out
  }
  return MakeStatementNode({}, std::move(ct));
}

Result<ColumnDefinition> SqlParser::ParseColumnDefinition() {
  ColumnDefinition col;
  col.pos = Peek().pos;
  FLOE_ASSIGN_OR_RETURN(col.name, ParseIdentifier("a column name"));
  FLOE_ASSIGN_OR_RETURN(col.type, ParseType());
  while (true) {
    if (AtWord("NOT")) {
      Advance();
      FLOE_RETURN_IF_ERROR(ExpectWord("NULL", "after NOT"));
      col.not_null = true;
    } else if (AtWord("COMMENT") && !col.comment) {
      Advance();
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      col.comment = std::move(c);
    } else if (AtWord("DEFAULT") || AtWord("GENERATED")) {
      return ErrorAt(Peek(), fmt::format("column {} values are not supported", Peek().text));
    } else {
      return col;
    }
  }
}

// (col | transform(col) | bucket(N, col) | truncate(W, col) | truncate(col, W), …)
Result<std::vector<PartitionField>> SqlParser::ParsePartitionedBy() {
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "after PARTITIONED BY"));
  std::vector<PartitionField> fields;
  do {
    PartitionField field;
    field.pos = Peek().pos;
    if ((Peek().kind == TokenKind::kWord || Peek().kind == TokenKind::kQuotedIdentifier) &&
        AtSymbol("(", 1)) {
      field.transform = Advance().text;
      Advance();  // (
      bool argument_first = Peek().kind == TokenKind::kNumber;
      auto parse_argument = [&]() -> Status {
        const Token& t = Peek();
        FLOE_ASSIGN_OR_RETURN(ExprPtr n, ParseNumber(false));
        const Literal* lit = n->As<Literal>();
        if (lit->kind != LiteralKind::kInteger || !lit->int_value || *lit->int_value <= 0) {
          return ErrorAt(t, fmt::format("the argument of {} must be a positive integer, not {}",
                                        field.transform, t.text));
        }
        field.argument = *lit->int_value;
        return Ok();
      };
      if (argument_first) {
        FLOE_RETURN_IF_ERROR(parse_argument());
        FLOE_RETURN_IF_ERROR(ExpectSymbol(",", "after the argument of " + field.transform));
      }
      FLOE_ASSIGN_OR_RETURN(field.column, ParseQualifiedName("a column name"));
      if (!argument_first && AcceptSymbol(",")) {
        if (Peek().kind != TokenKind::kNumber) return ErrorExpected("a number");
        FLOE_RETURN_IF_ERROR(parse_argument());
      }
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the arguments of " + field.transform));
    } else {
      FLOE_ASSIGN_OR_RETURN(field.column, ParseQualifiedName("a partition column"));
      if (!AtSymbol(",") && !AtSymbol(")") && Peek().kind == TokenKind::kWord) {
        return ErrorAt(Peek(),
                       "column definitions in PARTITIONED BY are not supported; name "
                       "columns of the column list");
      }
    }
    fields.push_back(std::move(field));
  } while (AcceptSymbol(","));
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the partition fields"));
  return fields;
}

Result<std::string> SqlParser::ParsePropertyKey() {
  if (Peek().kind == TokenKind::kString) return ParseStringLiteral("a property key");
  if (Peek().kind != TokenKind::kWord && Peek().kind != TokenKind::kQuotedIdentifier) {
    return ErrorExpected("a property key");
  }
  std::string key = Advance().text;
  while (AtSymbol(".") &&
         (Peek(1).kind == TokenKind::kWord || Peek(1).kind == TokenKind::kQuotedIdentifier)) {
    Advance();
    key += "." + Advance().text;
  }
  return key;
}

// ('key' = 'value', …): keys strings or dotted words, values strings, numbers or booleans
Result<std::vector<Property>> SqlParser::ParseProperties() {
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "before the properties"));
  std::vector<Property> props;
  do {
    Property p;
    p.pos = Peek().pos;
    FLOE_ASSIGN_OR_RETURN(p.key, ParsePropertyKey());
    AcceptSymbol("=");
    bool negative = AcceptSymbol("-");
    const Token& v = Peek();
    if (v.kind == TokenKind::kString && !negative) {
      FLOE_ASSIGN_OR_RETURN(p.value, ParseStringLiteral("a property value"));
    } else if (v.kind == TokenKind::kNumber) {
      p.value = (negative ? "-" : "") + Advance().text;
    } else if ((AtWord("TRUE") || AtWord("FALSE")) && !negative) {
      p.value = AtWord("TRUE") ? "true" : "false";
      Advance();
    } else {
      return ErrorExpected(fmt::format("a value for the property '{}'", p.key));
    }
    props.push_back(std::move(p));
  } while (AcceptSymbol(","));
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the properties"));
  return props;
}

Result<Statement> SqlParser::ParseDrop() {
  SourcePosition pos = Advance().pos;  // DROP
  if (AcceptWord("TABLE")) {
    DropTable drop;
    if (AcceptWord("IF")) {
      FLOE_RETURN_IF_ERROR(ExpectWord("EXISTS", "after IF"));
      drop.if_exists = true;
    }
    FLOE_ASSIGN_OR_RETURN(drop.name, ParseQualifiedName("a table name"));
    drop.purge = AcceptWord("PURGE");
    return MakeStatementNode(pos, std::move(drop));
  }
  if (AtWord("VIEW") || AtWord("FUNCTION")) {
    return ErrorAt(Peek(), fmt::format("DROP {} is not supported", Peek().text));
  }
  if (!AtNamespaceWord()) return ErrorExpected("TABLE, NAMESPACE, SCHEMA or DATABASE after DROP");
  Advance();
  DropNamespace drop;
  if (AcceptWord("IF")) {
    FLOE_RETURN_IF_ERROR(ExpectWord("EXISTS", "after IF"));
    drop.if_exists = true;
  }
  FLOE_ASSIGN_OR_RETURN(drop.name, ParseQualifiedName("a namespace name"));
  if (AcceptWord("CASCADE")) {
    drop.cascade = true;
  } else {
    AcceptWord("RESTRICT");
  }
  return MakeStatementNode(pos, std::move(drop));
}

// ---------------------------------------------------------------------------------------------
// SHOW / DESCRIBE

Result<Statement> SqlParser::ParseShow() {
  SourcePosition pos = Advance().pos;  // SHOW
  bool namespaces = AtWord("NAMESPACES") || AtWord("SCHEMAS") || AtWord("DATABASES");
  if (namespaces || AtWord("TABLES")) {
    Advance();
    QualifiedName in;
    if (AcceptWord("IN") || AcceptWord("FROM")) {
      FLOE_ASSIGN_OR_RETURN(in, ParseQualifiedName("a namespace name"));
    }
    std::optional<std::string> pattern;
    bool like = AcceptWord("LIKE");
    if (like || Peek().kind == TokenKind::kString) {
      FLOE_ASSIGN_OR_RETURN(std::string p, ParseStringLiteral("a pattern"));
      pattern = std::move(p);
    }
    if (namespaces)
      return MakeStatementNode(pos, ShowNamespaces{std::move(in), std::move(pattern)});
    return MakeStatementNode(pos, ShowTables{std::move(in), std::move(pattern)});
  }
  if (AcceptWord("CREATE")) {
    FLOE_RETURN_IF_ERROR(ExpectWord("TABLE", "after SHOW CREATE"));
    FLOE_ASSIGN_OR_RETURN(QualifiedName name, ParseQualifiedName("a table name"));
    if (AtWord("AS")) return ErrorAt(Peek(), "SHOW CREATE TABLE … AS SERDE is not supported");
    return MakeStatementNode(pos, ShowCreateTable{std::move(name)});
  }
  if (AcceptWord("COLUMNS")) {
    if (!AcceptWord("FROM") && !AcceptWord("IN"))
      return ErrorExpected("FROM or IN after SHOW COLUMNS");
    ShowColumns show;
    FLOE_ASSIGN_OR_RETURN(show.name, ParseQualifiedName("a table name"));
    if (AcceptWord("FROM") || AcceptWord("IN")) {
      FLOE_ASSIGN_OR_RETURN(QualifiedName ns, ParseQualifiedName("a namespace name"));
      show.name.insert(show.name.begin(), ns.begin(), ns.end());
    }
    return MakeStatementNode(pos, std::move(show));
  }
  if (AcceptWord("PARTITIONS")) {
    ShowPartitions show;
    FLOE_ASSIGN_OR_RETURN(show.name, ParseQualifiedName("a table name"));
    if (AcceptWord("PARTITION")) {
      FLOE_ASSIGN_OR_RETURN(show.partition, ParseProperties());
    }
    return MakeStatementNode(pos, std::move(show));
  }
  if (AcceptWord("TBLPROPERTIES")) {
    ShowTblProperties show;
    FLOE_ASSIGN_OR_RETURN(show.name, ParseQualifiedName("a table name"));
    if (AcceptSymbol("(")) {
      FLOE_ASSIGN_OR_RETURN(std::string key, ParsePropertyKey());
      show.key = std::move(key);
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the property key"));
    }
    return MakeStatementNode(pos, std::move(show));
  }
  return ErrorExpected(
      "NAMESPACES, SCHEMAS, DATABASES, TABLES, COLUMNS, PARTITIONS, CREATE TABLE or "
      "TBLPROPERTIES after SHOW");
}

Result<Statement> SqlParser::ParseDescribe() {
  SourcePosition pos = Advance().pos;  // DESCRIBE / DESC
  if (AtNamespaceWord() || AtWord("FUNCTION") || AtWord("QUERY")) {
    return ErrorAt(Peek(), fmt::format("DESCRIBE {} is not supported", Peek().text));
  }
  DescribeTable d;
  AcceptWord("TABLE");
  if (AcceptWord("EXTENDED") || AcceptWord("FORMATTED")) d.extended = true;
  FLOE_ASSIGN_OR_RETURN(d.name, ParseQualifiedName("a table name"));
  if (!AtStatementEnd()) {
    FLOE_ASSIGN_OR_RETURN(d.column, ParseQualifiedName("a column name"));
  }
  return MakeStatementNode(pos, std::move(d));
}

// ---------------------------------------------------------------------------------------------
// ALTER TABLE

Result<std::optional<ColumnPosition>> SqlParser::ParseColumnPosition() {
  ColumnPosition p;
  p.pos = Peek().pos;
  if (AcceptWord("FIRST")) {
    p.first = true;
    return std::optional<ColumnPosition>(std::move(p));
  }
  if (AcceptWord("AFTER")) {
    FLOE_ASSIGN_OR_RETURN(p.after, ParseIdentifier("a column name after AFTER"));
    return std::optional<ColumnPosition>(std::move(p));
  }
  return std::optional<ColumnPosition>();
}

Result<AddColumn> SqlParser::ParseAddColumn() {
  AddColumn col;
  col.pos = Peek().pos;
  FLOE_ASSIGN_OR_RETURN(col.name, ParseQualifiedName("a column name"));
  FLOE_ASSIGN_OR_RETURN(col.type, ParseType());
  while (true) {
    if (AtWord("NOT")) {
      Advance();
      FLOE_RETURN_IF_ERROR(ExpectWord("NULL", "after NOT"));
      col.not_null = true;
    } else if (AtWord("COMMENT") && !col.comment) {
      Advance();
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      col.comment = std::move(c);
    } else if ((AtWord("FIRST") || AtWord("AFTER")) && !col.position) {
      FLOE_ASSIGN_OR_RETURN(col.position, ParseColumnPosition());
    } else {
      return col;
    }
  }
}

Result<Statement> SqlParser::ParseAlterTable() {
  SourcePosition pos = Advance().pos;  // ALTER
  if (!AtWord("TABLE")) {
    if (AtWord("VIEW") || AtNamespaceWord()) {
      return ErrorAt(Peek(), fmt::format("ALTER {} is not supported", Peek().text));
    }
    return ErrorExpected("TABLE after ALTER");
  }
  Advance();
  AlterTable alter;
  FLOE_ASSIGN_OR_RETURN(alter.name, ParseQualifiedName("a table name"));
  const Token& action = Peek();
  if (AcceptWord("SET")) {
    if (!AcceptWord("TBLPROPERTIES") && !AcceptWord("PROPERTIES")) {
      return ErrorExpected("TBLPROPERTIES after SET");
    }
    FLOE_ASSIGN_OR_RETURN(std::vector<Property> props, ParseProperties());
    alter.action = SetTblProperties{std::move(props)};
  } else if (AcceptWord("UNSET")) {
    if (!AcceptWord("TBLPROPERTIES") && !AcceptWord("PROPERTIES")) {
      return ErrorExpected("TBLPROPERTIES after UNSET");
    }
    UnsetTblProperties unset;
    if (AcceptWord("IF")) {
      FLOE_RETURN_IF_ERROR(ExpectWord("EXISTS", "after IF"));
      unset.if_exists = true;
    }
    FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "before the property keys"));
    do {
      FLOE_ASSIGN_OR_RETURN(std::string key, ParsePropertyKey());
      unset.keys.push_back(std::move(key));
    } while (AcceptSymbol(","));
    FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the property keys"));
    alter.action = std::move(unset);
  } else if (AcceptWord("ADD")) {
    if (!AcceptWord("COLUMNS") && !AcceptWord("COLUMN")) {
      if (AtWord("PARTITION") || AtWord("CONSTRAINT")) {
        return ErrorAt(Peek(), fmt::format("ALTER TABLE … ADD {} is not supported", Peek().text));
      }
      return ErrorExpected("COLUMN or COLUMNS after ADD");
    }
    AddColumns add;
    bool parenthesized = AcceptSymbol("(");
    do {
      FLOE_ASSIGN_OR_RETURN(AddColumn col, ParseAddColumn());
      add.columns.push_back(std::move(col));
    } while (AcceptSymbol(","));
    if (parenthesized) FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the column list"));
    alter.action = std::move(add);
  } else if (AcceptWord("RENAME")) {
    if (AcceptWord("TO")) {
      FLOE_ASSIGN_OR_RETURN(QualifiedName to, ParseQualifiedName("the new table name"));
      alter.action = RenameTable{std::move(to)};
    } else if (AcceptWord("COLUMN")) {
      RenameColumn rename;
      FLOE_ASSIGN_OR_RETURN(rename.name, ParseQualifiedName("a column name"));
      FLOE_RETURN_IF_ERROR(ExpectWord("TO", "after the column name"));
      FLOE_ASSIGN_OR_RETURN(rename.new_name, ParseIdentifier("the new column name"));
      alter.action = std::move(rename);
    } else {
      return ErrorExpected("COLUMN or TO after RENAME");
    }
  } else if (AcceptWord("DROP")) {
    if (!AcceptWord("COLUMNS") && !AcceptWord("COLUMN")) {
      if (AtWord("PARTITION") || AtWord("CONSTRAINT")) {
        return ErrorAt(Peek(), fmt::format("ALTER TABLE … DROP {} is not supported", Peek().text));
      }
      return ErrorExpected("COLUMN or COLUMNS after DROP");
    }
    DropColumns drop;
    if (AtWord("IF") && AtWord("EXISTS", 1)) {
      Advance();
      Advance();
      drop.if_exists = true;
    }
    bool parenthesized = AcceptSymbol("(");
    do {
      FLOE_ASSIGN_OR_RETURN(QualifiedName name, ParseQualifiedName("a column name"));
      drop.names.push_back(std::move(name));
    } while (AcceptSymbol(","));
    if (parenthesized) FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the column list"));
    alter.action = std::move(drop);
  } else if (AcceptWord("ALTER") || AcceptWord("CHANGE")) {
    AcceptWord("COLUMN");
    AlterColumn alter_column;
    FLOE_ASSIGN_OR_RETURN(alter_column.name, ParseQualifiedName("a column name"));
    if (AcceptWord("TYPE")) {
      alter_column.action = AlterColumnAction::kType;
      FLOE_ASSIGN_OR_RETURN(TypeName type, ParseType());
      alter_column.type = std::move(type);
    } else if (AtWord("SET") || AtWord("DROP")) {
      bool set = AtWord("SET");
      Advance();
      if (AtWord("DEFAULT")) return ErrorAt(Peek(), "column defaults are not supported");
      FLOE_RETURN_IF_ERROR(ExpectWord("NOT", set ? "after SET" : "after DROP"));
      FLOE_RETURN_IF_ERROR(ExpectWord("NULL", "after NOT"));
      alter_column.action = set ? AlterColumnAction::kSetNotNull : AlterColumnAction::kDropNotNull;
    } else if (AcceptWord("COMMENT")) {
      alter_column.action = AlterColumnAction::kComment;
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      alter_column.comment = std::move(c);
    } else if (AtWord("FIRST") || AtWord("AFTER")) {
      alter_column.action = AlterColumnAction::kPosition;
      FLOE_ASSIGN_OR_RETURN(alter_column.position, ParseColumnPosition());
    } else {
      return ErrorExpected("TYPE, SET NOT NULL, DROP NOT NULL, COMMENT, FIRST or AFTER");
    }
    alter.action = std::move(alter_column);
  } else if (AtWord("WRITE") || AtWord("REPLACE") || AtWord("CREATE")) {
    return ErrorAt(action, fmt::format("ALTER TABLE … {} is not supported", action.text));
  } else {
    return ErrorExpected(
        "SET TBLPROPERTIES, UNSET TBLPROPERTIES, ADD COLUMN, RENAME COLUMN, DROP COLUMN, ALTER "
        "COLUMN or RENAME TO");
  }
  return MakeStatementNode(pos, std::move(alter));
}

// ---------------------------------------------------------------------------------------------
// INSERT / SET

Result<Statement> SqlParser::ParseInsert() {
  SourcePosition pos = Advance().pos;  // INSERT
  Insert insert;
  if (AcceptWord("OVERWRITE")) {
    insert.overwrite = true;
  } else {
    FLOE_RETURN_IF_ERROR(ExpectWord("INTO", "or OVERWRITE after INSERT"));
  }
  AcceptWord("TABLE");
  FLOE_ASSIGN_OR_RETURN(insert.table, ParseQualifiedName("a table name"));
  if (AtWord("PARTITION")) {
    return ErrorAt(Peek(),
                   "INSERT … PARTITION (…) is not supported; partitions come from the "
                   "table's partition spec");
  }
  if (AtSymbol("(") && !AtQueryStart(1)) {
    FLOE_ASSIGN_OR_RETURN(insert.columns, ParseIdentifierList("column name"));
  }
  if (!AtQueryStart()) return ErrorExpected("VALUES or a query after the table name");
  FLOE_ASSIGN_OR_RETURN(insert.query, ParseQuery());
  return MakeStatementNode(pos, std::move(insert));
}

// SET TIME ZONE 'zone' | LOCAL; SET key = value; SET key; SET
Result<Statement> SqlParser::ParseSet() {
  const Token& set = Advance();  // SET
  if (AtWord("TIME") && AtWord("ZONE", 1)) {
    Advance();
    Advance();
    SetTimeZone tz;
    if (!AcceptWord("LOCAL")) {
      FLOE_ASSIGN_OR_RETURN(std::string zone, ParseStringLiteral("a time zone string or LOCAL"));
      tz.zone = std::move(zone);
    }
    return MakeStatementNode(set.pos, std::move(tz));
  }
  // The key and value are raw text, as Spark reads them.
  SetConfig config;
  size_t key_begin = Peek().begin;
  while (!AtStatementEnd() && !AtSymbol("=")) Advance();
  config.key = StatementTrim(text_.substr(key_begin, Peek().begin - key_begin));
  if (AcceptSymbol("=")) {
    if (config.key.empty()) return ErrorAt(set, "SET needs a key before \"=\"");
    const Token& first = Peek();
    size_t value_begin = first.begin;
    if (first.kind == TokenKind::kString && (Peek(1).kind == TokenKind::kEnd || AtSymbol(";", 1))) {
      config.value = Advance().text;  // SET k = 'v': the string's content
    } else {
      while (!AtStatementEnd()) Advance();
      config.value = StatementTrim(text_.substr(value_begin, Peek().begin - value_begin));
    }
  }
  return MakeStatementNode(set.pos, std::move(config));
}

}  // namespace floe::sql::syntax
