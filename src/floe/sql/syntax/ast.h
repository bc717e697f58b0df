// The syntax tree of floe SQL (Spark SQL's dialect, issue 8): what the parser (parser.h) produces
// and the binder/planner consumes. It says only what was written: names are not resolved, types
// not checked, literals keep their text. Binding decides whether `a.b.c` is table.column or
// column.field, whether `t.snapshots` is a metadata table, and what `years(ts)` means.
//
// Shape: plain structs. A node with several forms holds a std::variant of one struct per form;
// `kind()` returns an enum in the variant's order, so callers may `switch` on it and then
// `std::get<...>` (or `As<...>()`), whichever reads better. Children are owned by unique_ptr
// (ExprPtr, QueryPtr, FromItemPtr), so the tree is move-only; Clone() copies an expression.
//
// Every node carries the 1-based line and column of its first character in the text given to
// the parser (for a script: the whole script, not the statement), so later stages report errors
// where they are: `line 2, column 8: ...` (see FormatPosition).
//
// ToSql prints a node back in a canonical form (keywords upper-case, every binary operation
// parenthesized, identifiers back-quoted only when needed) that the parser reads into the same
// tree; two expressions are the same written expression when their ToSql texts are equal.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace floe::sql::syntax {

// 1-based line and column of a node's first character.
struct SourcePosition {
  int line = 1;
  int column = 1;
};

// "line 2, column 8"
std::string FormatPosition(SourcePosition pos);

// A possibly qualified name as written: `lake.eng.orders` → {"lake", "eng", "orders"}. Quoted
// parts (`` `odd name` ``) are stored without their backticks. Case is kept as written.
using QualifiedName = std::vector<std::string>;

// ---------------------------------------------------------------------------------------------
// Types (Spark's names; Iceberg's long, uuid, time, timestamptz and fixed(n) accepted too)

enum class TypeKind {
  kBoolean,
  kTinyInt,       // TINYINT, BYTE
  kSmallInt,      // SMALLINT, SHORT
  kInt,           // INT, INTEGER
  kBigInt,        // BIGINT, LONG
  kFloat,         // FLOAT, REAL
  kDouble,        // DOUBLE
  kDecimal,       // DECIMAL, DEC, NUMERIC [(p [, s])]
  kString,        // STRING
  kVarchar,       // VARCHAR(n)
  kChar,          // CHAR(n)
  kBinary,        // BINARY
  kDate,          // DATE
  kTimestamp,     // TIMESTAMP, TIMESTAMP_LTZ, TIMESTAMPTZ: with time zone (Spark's TIMESTAMP)
  kTimestampNtz,  // TIMESTAMP_NTZ: without time zone (Iceberg's timestamp)
  kTime,          // TIME (Iceberg)
  kUuid,          // UUID (Iceberg)
  kFixed,         // FIXED(n) (Iceberg)
  kStruct,        // STRUCT<name: type [NOT NULL] [COMMENT '...'], ...>
  kArray,         // ARRAY<type>
  kMap,           // MAP<key type, value type>
};

struct StructFieldType;

struct TypeName {
  TypeKind kind = TypeKind::kString;
  // kDecimal: precision and scale as written, -1 when omitted (Spark: DECIMAL = DECIMAL(10, 0),
  // DECIMAL(p) = DECIMAL(p, 0)).
  int precision = -1;
  int scale = -1;
  // kVarchar, kChar, kFixed: the length.
  int length = -1;
  // kStruct: the fields.
  std::vector<StructFieldType> fields;
  // kArray: {element}; kMap: {key, value}.
  std::vector<TypeName> arguments;
  SourcePosition pos;
};

struct StructFieldType {
  std::string name;
  TypeName type;
  bool not_null = false;
  std::optional<std::string> comment;
  SourcePosition pos;
};

// Canonical Spark spelling: "BIGINT", "DECIMAL(10,2)", "STRUCT<a: INT NOT NULL, b: STRING>",
// "ARRAY<STRING>", "MAP<STRING, BIGINT>", "TIMESTAMP_NTZ"; Iceberg-only kinds as "UUID", "TIME",
// "FIXED(16)".
std::string ToSql(const TypeName& type);

// ---------------------------------------------------------------------------------------------
// Expressions

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class LiteralKind {
  kNull,
  kBoolean,       // TRUE / FALSE: bool_value
  kInteger,       // 123 (no suffix): int_value when it fits int64 (Spark: INT if it fits, else
                  // BIGINT, else DECIMAL(p, 0))
  kTinyInt,       // 12Y
  kSmallInt,      // 12S
  kBigInt,        // 12L
  kDecimal,       // 1.50, .5, 12BD, 1.5BD: text keeps every digit (precision/scale come from it)
  kFloat,         // 1.5F
  kDouble,        // 1e3, 1.5E-2, 1.5D, 1e3D
  kString,        // 'it\'s', "x": text holds the content, quotes removed and escapes decoded
  kDate,          // DATE '2026-03-05': text holds the string's content
  kTimestamp,     // TIMESTAMP '2026-03-05 10:00:00[+01:00]' (timestamptz)
  kTimestampNtz,  // TIMESTAMP_NTZ '2026-03-05 10:00:00'
  kBinary,        // X'01ff': text holds the bytes 0x01 0xff
};

struct Literal {
  LiteralKind kind = LiteralKind::kNull;
  // Numbers: the digits as written without the suffix, with a leading '-' when a minus sign was
  // written directly before the number (`-5` is the literal -5, so -9223372036854775808 fits
  // BIGINT). Strings, dates, timestamps, binary: the content (see LiteralKind).
  std::string text;
  bool bool_value = false;
  // kInteger, kTinyInt, kSmallInt, kBigInt: the value when it fits int64 (range checks against
  // the suffix's type are the binder's).
  std::optional<int64_t> int_value;
};

// A name in an expression: `a`, `t.a`, `db.t.a.b`. Binding decides which parts name a table
// and which a nested field.
struct ColumnRef {
  QualifiedName name;
};

// `*` (empty qualifier) or `t.*`, `db.t.*` in a select list.
struct Star {
  QualifiedName qualifier;
};

enum class UnaryOp { kNegate, kPlus, kNot, kBitNot };

struct UnaryExpr {
  UnaryOp op = UnaryOp::kNot;
  ExprPtr operand;
};

enum class BinaryOp {
  kAdd,           // +
  kSubtract,      // -
  kMultiply,      // *
  kDivide,        // /
  kIntDivide,     // DIV
  kModulo,        // %
  kConcat,        // ||
  kEq,            // = and ==
  kNotEq,         // != and <>
  kLt,            // <
  kLtEq,          // <=
  kGt,            // >
  kGtEq,          // >=
  kNullSafeEq,    // <=>
  kAnd,
  kOr,
  kBitAnd,        // &
  kBitOr,         // |
  kBitXor,        // ^
};

// "+", "=", "<=>", "AND", "DIV", ...
const char* BinaryOpSymbol(BinaryOp op);

struct BinaryExpr {
  BinaryOp op = BinaryOp::kAnd;
  ExprPtr left;
  ExprPtr right;
};

// expr IS [NOT] NULL | TRUE | FALSE | UNKNOWN(=NULL); expr IS [NOT] DISTINCT FROM other.
enum class IsTest { kNull, kTrue, kFalse, kDistinctFrom };

struct IsExpr {
  IsTest test = IsTest::kNull;
  bool negated = false;
  ExprPtr operand;
  ExprPtr other;  // kDistinctFrom only
};

// expr [NOT] LIKE pattern [ESCAPE 'c'], ILIKE (case-insensitive), RLIKE / REGEXP (Java regex).
enum class LikeKind { kLike, kILike, kRLike };

struct LikeExpr {
  LikeKind kind = LikeKind::kLike;
  bool negated = false;
  ExprPtr operand;
  ExprPtr pattern;
  std::optional<std::string> escape;  // the ESCAPE string's content (one character for Spark)
};

// expr [NOT] IN (a, b, ...)
struct InExpr {
  bool negated = false;
  ExprPtr operand;
  std::vector<ExprPtr> list;
};

// expr [NOT] BETWEEN low AND high
struct BetweenExpr {
  bool negated = false;
  ExprPtr operand;
  ExprPtr low;
  ExprPtr high;
};

struct WhenClause {
  ExprPtr when;
  ExprPtr then;
};

// CASE [operand] WHEN ... THEN ... [ELSE ...] END
struct CaseExpr {
  ExprPtr operand;  // null for the searched form (CASE WHEN cond THEN ...)
  std::vector<WhenClause> whens;
  ExprPtr else_result;  // null when no ELSE
};

// CAST(expr AS type), TRY_CAST(expr AS type)
struct CastExpr {
  ExprPtr operand;
  TypeName type;
  bool try_cast = false;
};

// name(args), name(DISTINCT args), count(*), and the bare `current_date` / `current_timestamp`
// / `current_timezone` / `current_user` (no_parentheses; a column of that name may win in binding).
struct FunctionCall {
  QualifiedName name;  // usually one part, as written (binding compares case-insensitively)
  std::vector<ExprPtr> args;
  bool distinct = false;
  bool star = false;  // count(*): args is empty
  bool no_parentheses = false;
};

// base[index]: map['key'], array[0]
struct SubscriptExpr {
  ExprPtr base;
  ExprPtr index;
};

// (expr).field, f(x).field, m['k'].field: a field of a struct-valued expression that is not a
// plain name (plain dotted names stay one ColumnRef).
struct FieldAccess {
  ExprPtr base;
  std::string field;
};

enum class ExprKind {
  kLiteral,
  kColumnRef,
  kStar,
  kUnary,
  kBinary,
  kIs,
  kLike,
  kIn,
  kBetween,
  kCase,
  kCast,
  kFunctionCall,
  kSubscript,
  kFieldAccess,
};

struct Expr {
  SourcePosition pos;
  std::variant<Literal, ColumnRef, Star, UnaryExpr, BinaryExpr, IsExpr, LikeExpr, InExpr,
               BetweenExpr, CaseExpr, CastExpr, FunctionCall, SubscriptExpr, FieldAccess>
      node;

  ExprKind kind() const { return static_cast<ExprKind>(node.index()); }
  template <typename T>
  const T* As() const {
    return std::get_if<T>(&node);
  }
  template <typename T>
  T* As() {
    return std::get_if<T>(&node);
  }
};

// Builds a node: MakeExpr(pos, BinaryExpr{BinaryOp::kAdd, std::move(l), std::move(r)}).
template <typename Node>
ExprPtr MakeExpr(SourcePosition pos, Node node) {
  auto e = std::make_unique<Expr>();
  e->pos = pos;
  e->node = std::move(node);
  return e;
}

// A deep copy (positions kept).
ExprPtr Clone(const Expr& expr);

// Canonical text: `(a + (b * 3))`, `(x IS NOT NULL)`, `CAST(a AS BIGINT)`, `count(DISTINCT x)`,
// `'it\'s'`, `DATE '2026-03-05'`, `` `odd name` ``. Parsing it gives the same tree.
std::string ToSql(const Expr& expr);

// An identifier as SQL text: back-quoted (with ` doubled) unless it is a plain identifier that is
// not a reserved word. ToSql(QualifiedName) joins the parts with '.'.
std::string QuoteIdentifier(const std::string& name);
std::string ToSql(const QualifiedName& name);
// A string as a SQL literal: 'it\'s' (backslash escapes the lexer reads back).
std::string QuoteStringLiteral(const std::string& content);

// ---------------------------------------------------------------------------------------------
// Queries

struct Query;
using QueryPtr = std::unique_ptr<Query>;
struct FromItem;
using FromItemPtr = std::unique_ptr<FromItem>;

// Time travel on a table reference (Spark's temporalClause). The version is an integer literal
// (snapshot id) or a string literal (branch or tag name); the timestamp is any expression (a
// string like '2026-03-05 10:00:00' or a number of seconds since the epoch).
enum class TimeTravelKind {
  kVersion,    // [FOR] VERSION AS OF / [FOR] SYSTEM_VERSION AS OF
  kTimestamp,  // [FOR] TIMESTAMP AS OF / [FOR] SYSTEM_TIME AS OF
};

struct TimeTravel {
  TimeTravelKind kind = TimeTravelKind::kVersion;
  bool for_keyword = false;  // written with FOR
  bool system_form = false;  // SYSTEM_VERSION / SYSTEM_TIME rather than VERSION / TIMESTAMP
  ExprPtr value;
  SourcePosition pos;
};

// A catalog table, metadata table, branch_x / tag_x: all just names here.
struct TableName {
  QualifiedName name;
  std::optional<TimeTravel> time_travel;
};

// name(args) in FROM: read_parquet('…'), read_csv('…'), iceberg_scan('…').
struct TableFunction {
  QualifiedName name;
  std::vector<ExprPtr> args;
};

// (query) or VALUES (...) in FROM; a FromItem holding it usually has an alias.
struct SubqueryRef {
  QueryPtr query;
};

enum class JoinType { kInner, kLeft, kRight, kFull, kCross };

// left JOIN right ON cond | USING (cols); comma-separated FROM items are kCross joins with
// `comma` set.
struct Join {
  JoinType type = JoinType::kInner;
  FromItemPtr left;
  FromItemPtr right;
  ExprPtr on;                         // null for CROSS / USING / comma
  std::vector<std::string> using_columns;
  bool comma = false;
};

enum class FromKind { kTable, kTableFunction, kSubquery, kJoin };

struct FromItem {
  SourcePosition pos;
  std::variant<TableName, TableFunction, SubqueryRef, Join> node;
  // [AS] alias [(col, ...)]; never set on a kJoin.
  std::optional<std::string> alias;
  std::vector<std::string> column_aliases;

  FromKind kind() const { return static_cast<FromKind>(node.index()); }
  template <typename T>
  const T* As() const {
    return std::get_if<T>(&node);
  }
  template <typename T>
  T* As() {
    return std::get_if<T>(&node);
  }
};

// expr [[AS] alias]; `*` and `t.*` are Star expressions without alias.
struct SelectItem {
  ExprPtr expr;
  std::optional<std::string> alias;
  std::vector<std::string> aliases;  // AS (a, b): a generator's columns (explode of a map)
  SourcePosition pos;
};

// SELECT [DISTINCT | ALL] items [FROM from] [WHERE] [GROUP BY] [HAVING]
struct Select {
  bool distinct = false;
  std::vector<SelectItem> items;
  FromItemPtr from;  // null without FROM
  ExprPtr where;
  std::vector<ExprPtr> group_by;  // names, expressions, or integer literals (ordinals)
  ExprPtr having;
};

// VALUES (a, b), (c, d) — also `VALUES 1, 2` (one column per row).
struct Values {
  std::vector<std::vector<ExprPtr>> rows;
};

struct QueryBody;
using QueryBodyPtr = std::unique_ptr<QueryBody>;

enum class SetOpKind { kUnionAll, kUnion /* distinct */, kIntersect, kExcept };

// left UNION ALL right, ... (left-associative)
struct SetOperation {
  SetOpKind op = SetOpKind::kUnionAll;
  QueryBodyPtr left;
  QueryBodyPtr right;
};

// A parenthesized query used as a body: `(SELECT ... ORDER BY x LIMIT 3) UNION ALL ...`.
struct NestedQuery {
  QueryPtr query;
};

enum class QueryBodyKind { kSelect, kValues, kSetOperation, kNested };

struct QueryBody {
  SourcePosition pos;
  std::variant<Select, Values, SetOperation, NestedQuery> node;

  QueryBodyKind kind() const { return static_cast<QueryBodyKind>(node.index()); }
  template <typename T>
  const T* As() const {
    return std::get_if<T>(&node);
  }
  template <typename T>
  T* As() {
    return std::get_if<T>(&node);
  }
};

enum class NullOrder { kDefault, kFirst, kLast };

// expr [ASC | DESC] [NULLS FIRST | LAST]
struct OrderItem {
  ExprPtr expr;
  bool descending = false;
  NullOrder nulls = NullOrder::kDefault;  // Spark default: NULLS FIRST for ASC, LAST for DESC
  SourcePosition pos;
};

// WITH name [(col, ...)] AS (query)
struct CommonTableExpr {
  std::string name;
  std::vector<std::string> columns;
  QueryPtr query;
  SourcePosition pos;
};

// [WITH ...] body [ORDER BY ...] [LIMIT n | ALL] [OFFSET n]
struct Query {
  SourcePosition pos;
  std::vector<CommonTableExpr> with;
  QueryBodyPtr body;
  std::vector<OrderItem> order_by;
  ExprPtr limit;   // null: no limit (or LIMIT ALL)
  ExprPtr offset;  // null: no offset
};

std::string ToSql(const Query& query);

// ---------------------------------------------------------------------------------------------
// Statements

// 'key' = 'value' in TBLPROPERTIES / DBPROPERTIES: keys may be written as strings or dotted
// identifiers, values as strings, numbers or booleans; both are kept as text (quotes removed).
struct Property {
  std::string key;
  std::string value;
  SourcePosition pos;
};

// query
struct QueryStatement {
  QueryPtr query;
};

// EXPLAIN [EXTENDED] query
struct Explain {
  bool extended = false;
  QueryPtr query;
};

// CREATE NAMESPACE | SCHEMA | DATABASE [IF NOT EXISTS] name [COMMENT '…'] [LOCATION '…']
// [WITH DBPROPERTIES | PROPERTIES (…)]
struct CreateNamespace {
  QualifiedName name;
  bool if_not_exists = false;
  std::optional<std::string> comment;
  std::optional<std::string> location;
  std::vector<Property> properties;
};

// DROP NAMESPACE | SCHEMA | DATABASE [IF EXISTS] name [RESTRICT | CASCADE]
struct DropNamespace {
  QualifiedName name;
  bool if_exists = false;
  bool cascade = false;
};

// A column in CREATE TABLE: name type [NOT NULL] [COMMENT '…']
struct ColumnDefinition {
  std::string name;
  TypeName type;
  bool not_null = false;
  std::optional<std::string> comment;
  SourcePosition pos;
};

// One PARTITIONED BY entry: `col` (identity: transform empty), `days(ts)`, `bucket(16, id)`,
// `truncate(4, name)`; the transform name is kept as written (years/year, months/month, days/day/
// date, hours/hour/date_hour, bucket, truncate — binding maps and checks them).
struct PartitionField {
  std::string transform;            // empty for identity
  std::optional<int64_t> argument;  // bucket count / truncate width
  QualifiedName column;
  SourcePosition pos;
};

// [CREATE [OR REPLACE] | REPLACE] TABLE [IF NOT EXISTS] name [(columns)] [USING provider]
// [PARTITIONED BY (…)] [COMMENT '…'] [LOCATION '…'] [TBLPROPERTIES (…)] [AS query]
// (the clauses after the column list in any order, each at most once).
struct CreateTable {
  QualifiedName name;
  bool or_replace = false;    // CREATE OR REPLACE TABLE
  bool replace = false;       // REPLACE TABLE (without CREATE)
  bool if_not_exists = false;
  std::vector<ColumnDefinition> columns;  // empty when no column list
  std::optional<std::string> provider;    // USING iceberg
  std::vector<PartitionField> partitioned_by;
  std::optional<std::string> comment;
  std::optional<std::string> location;
  std::vector<Property> properties;
  QueryPtr as_query;  // CTAS; null otherwise
};

// DROP TABLE [IF EXISTS] name [PURGE]
struct DropTable {
  QualifiedName name;
  bool if_exists = false;
  bool purge = false;
};

// SHOW NAMESPACES | SCHEMAS | DATABASES [IN | FROM ns] [[LIKE] 'pattern']
struct ShowNamespaces {
  QualifiedName in;  // empty: the top level
  std::optional<std::string> pattern;
};

// SHOW TABLES [IN | FROM ns] [[LIKE] 'pattern']
struct ShowTables {
  QualifiedName in;  // empty: the current namespace
  std::optional<std::string> pattern;
};

// DESCRIBE | DESC [TABLE] [EXTENDED | FORMATTED] name [column]
struct DescribeTable {
  QualifiedName name;
  bool extended = false;  // EXTENDED or FORMATTED
  QualifiedName column;   // empty: the whole table
};

// SHOW CREATE TABLE name
struct ShowCreateTable {
  QualifiedName name;
};

// SHOW TBLPROPERTIES name [('key')]
struct ShowTblProperties {
  QualifiedName name;
  std::optional<std::string> key;
};

// FIRST | AFTER column
struct ColumnPosition {
  bool first = false;   // FIRST; otherwise AFTER `after`
  std::string after;
  SourcePosition pos;
};

// One column of ADD COLUMN(S): name (dotted for a nested add) type [NOT NULL] [COMMENT '…']
// [FIRST | AFTER col]
struct AddColumn {
  QualifiedName name;
  TypeName type;
  bool not_null = false;
  std::optional<std::string> comment;
  std::optional<ColumnPosition> position;
  SourcePosition pos;
};

// ALTER TABLE t SET TBLPROPERTIES (…)
struct SetTblProperties {
  std::vector<Property> properties;
};

// ALTER TABLE t UNSET TBLPROPERTIES [IF EXISTS] ('k', …)
struct UnsetTblProperties {
  bool if_exists = false;
  std::vector<std::string> keys;
};

// ALTER TABLE t ADD COLUMN(S) (c type …, …) | ADD COLUMN c type …
struct AddColumns {
  std::vector<AddColumn> columns;
};

// ALTER TABLE t RENAME COLUMN a.b TO c
struct RenameColumn {
  QualifiedName name;
  std::string new_name;
};

// ALTER TABLE t DROP COLUMN(S) [IF EXISTS] a[, b] | (a, b)
struct DropColumns {
  bool if_exists = false;
  std::vector<QualifiedName> names;
};

// ALTER TABLE t ALTER | CHANGE [COLUMN] c (TYPE type | SET NOT NULL | DROP NOT NULL |
// COMMENT '…' | FIRST | AFTER d)
enum class AlterColumnAction { kType, kSetNotNull, kDropNotNull, kComment, kPosition };

struct AlterColumn {
  QualifiedName name;
  AlterColumnAction action = AlterColumnAction::kType;
  std::optional<TypeName> type;          // kType
  std::optional<std::string> comment;    // kComment
  std::optional<ColumnPosition> position;  // kPosition
};

// ALTER TABLE t RENAME TO new_name
struct RenameTable {
  QualifiedName new_name;
};

enum class AlterTableKind {
  kSetTblProperties,
  kUnsetTblProperties,
  kAddColumns,
  kRenameColumn,
  kDropColumns,
  kAlterColumn,
  kRenameTable,
};

struct AlterTable {
  QualifiedName name;
  std::variant<SetTblProperties, UnsetTblProperties, AddColumns, RenameColumn, DropColumns,
               AlterColumn, RenameTable>
      action;

  AlterTableKind kind() const { return static_cast<AlterTableKind>(action.index()); }
};

// INSERT INTO [TABLE] name [(cols)] query | INSERT OVERWRITE [TABLE] name … (binding refuses
// OVERWRITE). VALUES rows are a query whose body is Values.
struct Insert {
  QualifiedName table;
  bool overwrite = false;
  std::vector<std::string> columns;  // empty: all, in table order
  QueryPtr query;
};

// SET TIME ZONE 'zone' | LOCAL
struct SetTimeZone {
  std::optional<std::string> zone;  // nullopt: LOCAL
};

// SET key = value | SET key | SET: key and value as written (trimmed); Spark's
// spark.sql.session.timeZone sets the session time zone.
struct SetConfig {
  std::string key;    // empty: `SET` alone (list)
  std::optional<std::string> value;
};

// USE [NAMESPACE] ns
struct Use {
  QualifiedName name;
};

enum class StatementKind {
  kQuery,
  kExplain,
  kCreateNamespace,
  kDropNamespace,
  kCreateTable,
  kDropTable,
  kShowNamespaces,
  kShowTables,
  kDescribeTable,
  kShowCreateTable,
  kShowTblProperties,
  kAlterTable,
  kInsert,
  kSetTimeZone,
  kSetConfig,
  kUse,
};

struct Statement {
  SourcePosition pos;
  std::string text;  // the statement's source text (without the ';'), for messages and echo
  std::variant<QueryStatement, Explain, CreateNamespace, DropNamespace, CreateTable, DropTable,
               ShowNamespaces, ShowTables, DescribeTable, ShowCreateTable, ShowTblProperties,
               AlterTable, Insert, SetTimeZone, SetConfig, Use>
      node;

  StatementKind kind() const { return static_cast<StatementKind>(node.index()); }
  template <typename T>
  const T* As() const {
    return std::get_if<T>(&node);
  }
  template <typename T>
  T* As() {
    return std::get_if<T>(&node);
  }
};

// Canonical text of a statement (no trailing ';').
std::string ToSql(const Statement& statement);

}  // namespace floe::sql::syntax
