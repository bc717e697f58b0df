// The syntax tree of floe SQL's queries and statements (Spark SQL's dialect, issue 8): what the
// parser (parser.h) produces and the binder/planner consumes. Expressions and types are the one
// expression language's (expr/syntax/ast.h, shared with every `--filter`); their names are
// declared here too, so SQL code says `syntax::Expr` like `syntax::Query`. It says only what was
// written: binding decides whether `t.snapshots` is a metadata table and what a name refers to.
//
// Shape: as expr/syntax/ast.h (structs, one variant per node with several forms, `kind()` in the
// variant's order, children owned by unique_ptr: QueryPtr, FromItemPtr). Every node carries the
// 1-based line and column of its first character in the script; ToSql prints the canonical text
// that the parser reads back into the same tree.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "floe/expr/syntax/ast.h"

namespace floe::sql::syntax {

// The expression language's nodes, as SQL's own.
using expr::syntax::BetweenExpr;
using expr::syntax::BinaryExpr;
using expr::syntax::BinaryOp;
using expr::syntax::BinaryOpSymbol;
using expr::syntax::CaseExpr;
using expr::syntax::CastExpr;
using expr::syntax::Clone;
using expr::syntax::ColumnRef;
using expr::syntax::Expr;
using expr::syntax::ExprKind;
using expr::syntax::ExprPtr;
using expr::syntax::FieldAccess;
using expr::syntax::FormatPosition;
using expr::syntax::FrameBound;
using expr::syntax::FrameBoundKind;
using expr::syntax::FrameUnit;
using expr::syntax::FunctionCall;
using expr::syntax::InExpr;
using expr::syntax::IsExpr;
using expr::syntax::IsTest;
using expr::syntax::LikeExpr;
using expr::syntax::LikeKind;
using expr::syntax::Literal;
using expr::syntax::LiteralKind;
using expr::syntax::MakeExpr;
using expr::syntax::QualifiedName;
using expr::syntax::QuoteIdentifier;
using expr::syntax::QuoteStringLiteral;
using expr::syntax::SourcePosition;
using expr::syntax::Star;
using expr::syntax::StructFieldType;
using expr::syntax::SubscriptExpr;
using expr::syntax::ToSql;
using expr::syntax::TypeKind;
using expr::syntax::TypeName;
using expr::syntax::UnaryExpr;
using expr::syntax::UnaryOp;
using expr::syntax::WhenClause;
using expr::syntax::WindowFrame;
using expr::syntax::WindowNullOrder;
using expr::syntax::WindowOrderItem;
using expr::syntax::WindowSpec;

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
  ExprPtr on;  // null for CROSS / USING / comma
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
  bool or_replace = false;  // CREATE OR REPLACE TABLE
  bool replace = false;     // REPLACE TABLE (without CREATE)
  bool if_not_exists = false;
  std::vector<ColumnDefinition> columns;  // empty when no column list
  std::optional<std::string> provider;    // USING iceberg
  std::vector<PartitionField> partitioned_by;
  std::optional<std::string> comment;
  std::optional<std::string> location;
  std::vector<Property> properties;
  QueryPtr as_query;   // CTAS; null otherwise
  QualifiedName like;  // CREATE TABLE t LIKE source: its columns, partitioning and sort order
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
  bool first = false;  // FIRST; otherwise AFTER `after`
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
  std::optional<TypeName> type;            // kType
  std::optional<std::string> comment;      // kComment
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
  std::string key;  // empty: `SET` alone (list)
  std::optional<std::string> value;
};

// USE [NAMESPACE] ns
struct Use {
  QualifiedName name;
};

// CALL [catalog.]system.name(value, …) or (name => value, …): Spark's stored procedures
// (sql/procedures.h). Arguments are constants: literals, functions of them, map(…) and array(…).
struct CallArgument {
  SourcePosition pos;
  std::optional<std::string> name;  // name => value; absent for a positional argument
  ExprPtr value;
};

struct Call {
  QualifiedName procedure;  // as written: system.name, or catalog.system.name
  std::vector<CallArgument> args;
};

// SHOW COLUMNS (FROM | IN) table [(FROM | IN) namespace]
struct ShowColumns {
  QualifiedName name;
};

// SHOW PARTITIONS table [PARTITION (k = 'v', …)]: the partitions of the current snapshot's data
// files, as Hive-style paths (region=eu/ts_day=2026-03-01).
struct ShowPartitions {
  QualifiedName name;
  std::vector<Property> partition;  // only partitions with these values
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
  kCall,
  kShowColumns,
  kShowPartitions,
};

struct Statement {
  SourcePosition pos;
  std::string text;  // the statement's source text (without the ';'), for messages and echo
  std::variant<QueryStatement, Explain, CreateNamespace, DropNamespace, CreateTable, DropTable,
               ShowNamespaces, ShowTables, DescribeTable, ShowCreateTable, ShowTblProperties,
               AlterTable, Insert, SetTimeZone, SetConfig, Use, Call, ShowColumns, ShowPartitions>
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
