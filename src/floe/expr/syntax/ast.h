// The syntax tree of floe's one expression language (docs/design.md): the expressions and types of
// floe SQL (Spark SQL's dialect, issue 8), which are also the WHERE-clause grammar behind every
// `--filter` (expr/parser.h lowers them into filter Expressions). SQL's queries and statements,
// built on these, are in sql/syntax/ast.h. What expression_parser.h produces and the binders
// consume: it says only what was written: names are not resolved, types not checked, literals
// keep their text. Binding decides whether `a.b.c` is table.column or column.field and what
// `years(ts)` means.
//
// Shape: plain structs. A node with several forms holds a std::variant of one struct per form;
// `kind()` returns an enum in the variant's order, so callers may `switch` on it and then
// `std::get<...>` (or `As<...>()`), whichever reads better. Children are owned by unique_ptr
// (ExprPtr), so the tree is move-only; Clone() copies an expression.
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
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace floe::expr::syntax {

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
  kVariant,       // VARIANT (Spark 4, Iceberg v3)
  kStruct,        // STRUCT<name: type [NOT NULL] [COMMENT '...'], ...>
  kArray,         // ARRAY<type>
  kMap,           // MAP<key type, value type>
  // Iceberg v3: TIMESTAMP_NS (also TIMESTAMP_NTZ_NS), TIMESTAMPTZ_NS (also TIMESTAMP_LTZ_NS),
  // GEOMETRY [('crs')], GEOGRAPHY [('crs' [, 'algorithm'])].
  kTimestampNs,
  kTimestampTzNs,
  kGeometry,
  kGeography,
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
  // kGeometry, kGeography: the CRS and edge algorithm as written ("" = the default).
  std::string crs;
  std::string algorithm;
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
  kTime,          // TIME '10:00:00[.ffffff]' (Iceberg's time)
  kTimestamp,     // TIMESTAMP '2026-03-05 10:00:00[+01:00]' (timestamptz; also TIMESTAMP_LTZ)
  kTimestampTz,   // TIMESTAMPTZ '2026-03-05 10:00:00[+01:00]': a timestamptz read as UTC when
                  // written without an offset (TIMESTAMP uses the session's zone)
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
  kAdd,         // +
  kSubtract,    // -
  kMultiply,    // *
  kDivide,      // /
  kIntDivide,   // DIV
  kModulo,      // %
  kConcat,      // ||
  kEq,          // = and ==
  kNotEq,       // != and <>
  kLt,          // <
  kLtEq,        // <=
  kGt,          // >
  kGtEq,        // >=
  kNullSafeEq,  // <=>
  kAnd,
  kOr,
  kBitAnd,  // &
  kBitOr,   // |
  kBitXor,  // ^
};

// "+", "=", "<=>", "AND", "DIV", ...
const char* BinaryOpSymbol(BinaryOp op);

struct BinaryExpr {
  BinaryOp op = BinaryOp::kAnd;
  ExprPtr left;
  ExprPtr right;
};

// expr IS [NOT] NULL | TRUE | FALSE | UNKNOWN(=NULL) | NAN; expr IS [NOT] DISTINCT FROM other.
// IS NAN is floe's (Iceberg's isNaN predicate): true for a float NaN, false for null.
enum class IsTest { kNull, kTrue, kFalse, kNan, kDistinctFrom };

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
// A window frame's bound (SQL's frame_bound): UNBOUNDED PRECEDING, n PRECEDING, CURRENT ROW,
// n FOLLOWING, UNBOUNDED FOLLOWING; `offset` is set for the two with n.
enum class FrameBoundKind {
  kUnboundedPreceding,
  kPreceding,
  kCurrentRow,
  kFollowing,
  kUnboundedFollowing,
};

struct FrameBound {
  FrameBoundKind kind = FrameBoundKind::kCurrentRow;
  ExprPtr offset;
};

enum class FrameUnit { kRows, kRange };

// ROWS | RANGE BETWEEN start AND end, or ROWS | RANGE start (end CURRENT ROW, `between` false).
struct WindowFrame {
  FrameUnit unit = FrameUnit::kRows;
  FrameBound start;
  FrameBound end;
  bool between = true;
};

enum class WindowNullOrder { kDefault, kFirst, kLast };

// expr [ASC | DESC] [NULLS FIRST | LAST] inside OVER (… ORDER BY …).
struct WindowOrderItem {
  ExprPtr expr;
  bool descending = false;
  WindowNullOrder nulls = WindowNullOrder::kDefault;
};

// OVER ([PARTITION BY …] [ORDER BY …] [frame]): only SQL's parser reads it (never `--filter`).
struct WindowSpec {
  std::vector<ExprPtr> partition_by;
  std::vector<WindowOrderItem> order_by;
  std::optional<WindowFrame> frame;
};

struct FunctionCall {
  QualifiedName name;  // usually one part, as written (binding compares case-insensitively)
  std::vector<ExprPtr> args;
  bool distinct = false;
  bool star = false;  // count(*): args is empty
  bool no_parentheses = false;
  std::unique_ptr<WindowSpec> over;  // f(…) OVER (…): a window function call; null otherwise
};

// The text of a window: "PARTITION BY k ORDER BY ts DESC ROWS BETWEEN 1 PRECEDING AND CURRENT ROW".
std::string ToSql(const WindowSpec& window);

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
  Expr() = default;
  Expr(Expr&&) = default;
  Expr& operator=(Expr&&) = default;
  // Frees the sub-expressions without recursion: a tree may be deeper than the stack allows
  // (the parser refuses it, kMaxExpressionDepth, and frees it).
  ~Expr();

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

// Calls `visit` on each direct sub-expression of `expr`, in the order written.
void ForEachChild(const Expr& expr, const std::function<void(const Expr&)>& visit);

// The number of nodes on the longest path from `expr` down to a leaf (a literal is 1), counted
// without recursion; stops counting at `limit` + 1.
int TreeDepth(const Expr& expr, int limit);

// Canonical text: `(a + (b * 3))`, `(x IS NOT NULL)`, `CAST(a AS BIGINT)`, `count(DISTINCT x)`,
// `'it\'s'`, `DATE '2026-03-05'`, `` `odd name` ``. Parsing it gives the same tree.
std::string ToSql(const Expr& expr);

// An identifier as SQL text: back-quoted (with ` doubled) unless it is a plain identifier that is
// not a reserved word. ToSql(QualifiedName) joins the parts with '.'.
std::string QuoteIdentifier(const std::string& name);
std::string ToSql(const QualifiedName& name);
// A string as a SQL literal: 'it\'s' (backslash escapes the lexer reads back).
std::string QuoteStringLiteral(const std::string& content);

}  // namespace floe::expr::syntax
