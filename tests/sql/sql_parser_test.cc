// The SQL parser: every statement form printed back in canonical form (and that form parsed
// again to itself), precedence, keywords as names, literals, errors with their positions,
// scripts, and robustness on every prefix of long statements.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "floe/sql/syntax/parser.h"
#include "testing/result_matchers.h"

namespace floe::sql::syntax {
namespace {

std::string Canonical(std::string_view sql) {
  auto r = ParseStatement(sql);
  EXPECT_OK(r) << sql;
  if (!r.ok()) return "<error>";
  std::string printed = ToSql(*r);
  // The canonical form reads back as itself.
  auto again = ParseStatement(printed);
  EXPECT_OK(again) << printed;
  if (again.ok()) {
    EXPECT_EQ(ToSql(*again), printed) << "from " << sql;
  }
  return printed;
}

std::string ExprCanonical(std::string_view sql) {
  auto r = ParseExpression(sql);
  EXPECT_OK(r) << sql;
  if (!r.ok()) return "<error>";
  std::string printed = ToSql(**r);
  auto again = ParseExpression(printed);
  EXPECT_OK(again) << printed;
  if (again.ok()) {
    EXPECT_EQ(ToSql(**again), printed) << "from " << sql;
  }
  return printed;
}

std::string ErrorOf(std::string_view sql) {
  auto r = ParseScript(sql);
  EXPECT_FALSE(r.ok()) << sql;
  if (r.ok()) return "<parsed>";
  EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
  return r.error().message;
}

Statement Parse(std::string_view sql) {
  auto r = ParseStatement(sql);
  EXPECT_OK(r) << sql;
  if (!r.ok()) return Statement{};
  return std::move(*r);
}

const Select& SelectOf(const Statement& s) {
  return std::get<Select>(s.As<QueryStatement>()->query->body->node);
}

// ---------------------------------------------------------------------------------------------
// Expressions

TEST(SqlParserTest, Precedence) {
  EXPECT_EQ(ExprCanonical("a OR b AND NOT c = 1 + 2 * 3"),
            "(a OR (b AND (NOT (c = (1 + (2 * 3))))))");
  EXPECT_EQ(ExprCanonical("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(ExprCanonical("a / b * c % d"), "(((a / b) * c) % d)");
  EXPECT_EQ(ExprCanonical("a || b || 'c'"), "((a || b) || 'c')");
  EXPECT_EQ(ExprCanonical("NOT a AND b"), "((NOT a) AND b)");
  EXPECT_EQ(ExprCanonical("NOT NOT a"), "(NOT (NOT a))");
  EXPECT_EQ(ExprCanonical("-a * b"), "((- a) * b)");
  EXPECT_EQ(ExprCanonical("a = 1 OR b <> 2 AND c != 3"), "((a = 1) OR ((b != 2) AND (c != 3)))");
  EXPECT_EQ(ExprCanonical("a == b"), "(a = b)");
  EXPECT_EQ(ExprCanonical("a <=> NULL"), "(a <=> NULL)");
  EXPECT_EQ(ExprCanonical("a < b = TRUE"), "((a < b) = TRUE)");
  EXPECT_EQ(ExprCanonical("a | b ^ c & d + 1"), "(a | (b ^ (c & (d + 1))))");
  EXPECT_EQ(ExprCanonical("a DIV 2 + 1"), "((a DIV 2) + 1)");
  EXPECT_EQ(ExprCanonical("(a OR b) AND c"), "((a OR b) AND c)");
  EXPECT_EQ(ExprCanonical("a + b BETWEEN 1 AND 2 AND c"), "(((a + b) BETWEEN 1 AND 2) AND c)");
  EXPECT_EQ(ExprCanonical("x IN (1, 2) IS NOT NULL"), "((x IN (1, 2)) IS NOT NULL)");
}

TEST(SqlParserTest, Predicates) {
  EXPECT_EQ(ExprCanonical("a IS NULL"), "(a IS NULL)");
  EXPECT_EQ(ExprCanonical("a is not null"), "(a IS NOT NULL)");
  EXPECT_EQ(ExprCanonical("a IS TRUE"), "(a IS TRUE)");
  EXPECT_EQ(ExprCanonical("a IS NOT FALSE"), "(a IS NOT FALSE)");
  EXPECT_EQ(ExprCanonical("a IS UNKNOWN"), "(a IS NULL)");
  EXPECT_EQ(ExprCanonical("a IS NaN"), "(a IS NAN)");
  EXPECT_EQ(ExprCanonical("a IS NOT nan"), "(a IS NOT NAN)");
  EXPECT_EQ(ExprCanonical("a IS NOT DISTINCT FROM b + 1"), "(a IS NOT DISTINCT FROM (b + 1))");
  EXPECT_EQ(ExprCanonical("name LIKE 'a%'"), "(name LIKE 'a%')");
  EXPECT_EQ(ExprCanonical("name NOT LIKE 'a!%%' ESCAPE '!'"), "(name NOT LIKE 'a!%%' ESCAPE '!')");
  EXPECT_EQ(ExprCanonical("name ilike 'A%'"), "(name ILIKE 'A%')");
  EXPECT_EQ(ExprCanonical("name RLIKE '^a.*'"), "(name RLIKE '^a.*')");
  EXPECT_EQ(ExprCanonical("name REGEXP '^a'"), "(name RLIKE '^a')");
  EXPECT_EQ(ExprCanonical("x IN (1, 2, 3)"), "(x IN (1, 2, 3))");
  EXPECT_EQ(ExprCanonical("x NOT IN ('a')"), "(x NOT IN ('a'))");
  EXPECT_EQ(ExprCanonical("x BETWEEN 1 AND 10"), "(x BETWEEN 1 AND 10)");
  EXPECT_EQ(ExprCanonical("x NOT BETWEEN a - 1 AND a + 1"), "(x NOT BETWEEN (a - 1) AND (a + 1))");
}

TEST(SqlParserTest, CaseCastFunctionsSubscripts) {
  EXPECT_EQ(ExprCanonical("CASE WHEN a > 1 THEN 'big' WHEN a IS NULL THEN NULL ELSE 'small' END"),
            "CASE WHEN (a > 1) THEN 'big' WHEN (a IS NULL) THEN NULL ELSE 'small' END");
  EXPECT_EQ(ExprCanonical("case region when 'seoul' then 1 end"),
            "CASE region WHEN 'seoul' THEN 1 END");
  EXPECT_EQ(ExprCanonical("CAST(a AS bigint)"), "CAST(a AS BIGINT)");
  EXPECT_EQ(ExprCanonical("try_cast(a as decimal(10, 2))"), "TRY_CAST(a AS DECIMAL(10,2))");
  EXPECT_EQ(ExprCanonical("count(*)"), "count(*)");
  EXPECT_EQ(ExprCanonical("COUNT(DISTINCT customer_id)"), "COUNT(DISTINCT customer_id)");
  EXPECT_EQ(ExprCanonical("sum(ALL amount)"), "sum(amount)");
  EXPECT_EQ(ExprCanonical("coalesce(a, b, 0)"), "coalesce(a, b, 0)");
  EXPECT_EQ(ExprCanonical("current_date()"), "current_date()");
  EXPECT_EQ(ExprCanonical("current_date"), "current_date");
  EXPECT_EQ(ExprCanonical("CURRENT_TIMESTAMP"), "CURRENT_TIMESTAMP");
  EXPECT_EQ(ExprCanonical("summary['added-records']"), "summary['added-records']");
  EXPECT_EQ(ExprCanonical("t.arr[0] + 1"), "(t.arr[0] + 1)");
  EXPECT_EQ(ExprCanonical("m['k'].f"), "m['k'].f");
  EXPECT_EQ(ExprCanonical("(s).f"), "(s).f");
  EXPECT_EQ(ExprCanonical("(a.b).c"), "(a.b).c");
  EXPECT_EQ(ExprCanonical("element_at(m, 'k').x"), "element_at(m, 'k').x");
  EXPECT_EQ(ExprCanonical("left(s, 3) || right(s, 2)"), "(left(s, 3) || right(s, 2))");
  EXPECT_EQ(ExprCanonical("if(a, 1, 2)"), "if(a, 1, 2)");
  EXPECT_EQ(ExprCanonical("db.fn(x)"), "db.fn(x)");

  auto e = ParseExpression("COUNT(*)");
  ASSERT_OK(e);
  const FunctionCall* call = (*e)->As<FunctionCall>();
  ASSERT_NE(call, nullptr);
  EXPECT_TRUE(call->star);
  EXPECT_TRUE(call->args.empty());
}

TEST(SqlParserTest, ColumnsAndStars) {
  EXPECT_EQ(ExprCanonical("db.t.a.b"), "db.t.a.b");
  EXPECT_EQ(ExprCanonical("`odd name`.`x``y`"), "`odd name`.`x``y`");
  EXPECT_EQ(ExprCanonical("t.*"), "t.*");
  auto e = ParseExpression("lake.eng.orders.`region`");
  ASSERT_OK(e);
  const ColumnRef* ref = (*e)->As<ColumnRef>();
  ASSERT_NE(ref, nullptr);
  EXPECT_EQ(ref->name, (QualifiedName{"lake", "eng", "orders", "region"}));
  // A quoted reserved word is a name; a name part after '.' may be any word.
  EXPECT_EQ(ExprCanonical("`select` + t.from"), "(`select` + t.`from`)");
}

TEST(SqlParserTest, Literals) {
  struct Case {
    const char* text;
    LiteralKind kind;
    const char* literal_text;
    std::optional<int64_t> int_value;
    const char* canonical;
  };
  const std::vector<Case> cases = {
      {"123", LiteralKind::kInteger, "123", 123, "123"},
      {"-5", LiteralKind::kInteger, "-5", -5, "-5"},
      {"- 5", LiteralKind::kInteger, "-5", -5, "-5"},
      {"-9223372036854775808L", LiteralKind::kBigInt, "-9223372036854775808", INT64_MIN,
       "-9223372036854775808L"},
      {"99999999999999999999", LiteralKind::kInteger, "99999999999999999999", std::nullopt,
       "99999999999999999999"},
      {"12L", LiteralKind::kBigInt, "12", 12, "12L"},
      {"12s", LiteralKind::kSmallInt, "12", 12, "12S"},
      {"12Y", LiteralKind::kTinyInt, "12", 12, "12Y"},
      {"1.50", LiteralKind::kDecimal, "1.50", std::nullopt, "1.50"},
      {".5", LiteralKind::kDecimal, ".5", std::nullopt, ".5"},
      {"1.", LiteralKind::kDecimal, "1.", std::nullopt, "1."},
      {"12BD", LiteralKind::kDecimal, "12", std::nullopt, "12BD"},
      {"1.5bd", LiteralKind::kDecimal, "1.5", std::nullopt, "1.5"},
      {"1e3", LiteralKind::kDouble, "1e3", std::nullopt, "1e3"},
      {"1.5E-2", LiteralKind::kDouble, "1.5E-2", std::nullopt, "1.5E-2"},
      {"1.5D", LiteralKind::kDouble, "1.5", std::nullopt, "1.5D"},
      {"2d", LiteralKind::kDouble, "2", std::nullopt, "2D"},
      {"1.5F", LiteralKind::kFloat, "1.5", std::nullopt, "1.5F"},
      {"'it\\'s'", LiteralKind::kString, "it's", std::nullopt, "'it\\'s'"},
      {"'it''s'", LiteralKind::kString, "it's", std::nullopt, "'it\\'s'"},
      {"\"dq\"", LiteralKind::kString, "dq", std::nullopt, "'dq'"},
      {"'a\\nb\\tc'", LiteralKind::kString, "a\nb\tc", std::nullopt, "'a\\nb\\tc'"},
      {"'a' 'b'", LiteralKind::kString, "ab", std::nullopt, "'ab'"},
      {"'50\\%'", LiteralKind::kString, "50\\%", std::nullopt, "'50\\\\%'"},
      {"'\\u00e9'", LiteralKind::kString, "\xc3\xa9", std::nullopt, "'\xc3\xa9'"},
      {"'\\101'", LiteralKind::kString, "A", std::nullopt, "'A'"},
      {"'x\\qy'", LiteralKind::kString, "xqy", std::nullopt, "'xqy'"},
      {"DATE '2026-03-05'", LiteralKind::kDate, "2026-03-05", std::nullopt, "DATE '2026-03-05'"},
      {"timestamp '2026-03-05 10:00:00+01:00'", LiteralKind::kTimestamp,
       "2026-03-05 10:00:00+01:00", std::nullopt, "TIMESTAMP '2026-03-05 10:00:00+01:00'"},
      {"TIMESTAMP_LTZ '2026-03-05'", LiteralKind::kTimestamp, "2026-03-05", std::nullopt,
       "TIMESTAMP '2026-03-05'"},
      {"TIMESTAMP_NTZ '2026-03-05 10:00'", LiteralKind::kTimestampNtz, "2026-03-05 10:00",
       std::nullopt, "TIMESTAMP_NTZ '2026-03-05 10:00'"},
      {"timestamptz '2026-03-05 10:00'", LiteralKind::kTimestampTz, "2026-03-05 10:00",
       std::nullopt, "TIMESTAMPTZ '2026-03-05 10:00'"},
      {"time '10:00:01.5'", LiteralKind::kTime, "10:00:01.5", std::nullopt, "TIME '10:00:01.5'"},
      {"X'01fF'", LiteralKind::kBinary, "\x01\xff", std::nullopt, "X'01FF'"},
      {"NULL", LiteralKind::kNull, "", std::nullopt, "NULL"},
      {"true", LiteralKind::kBoolean, "true", std::nullopt, "TRUE"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto e = ParseExpression(c.text);
    ASSERT_OK(e);
    const Literal* lit = (*e)->As<Literal>();
    ASSERT_NE(lit, nullptr);
    EXPECT_EQ(lit->kind, c.kind);
    EXPECT_EQ(lit->text, c.literal_text);
    EXPECT_EQ(lit->int_value, c.int_value);
    EXPECT_EQ(ExprCanonical(c.text), c.canonical);
  }
  EXPECT_EQ(ExprCanonical("a - -5"), "(a - -5)");
  EXPECT_EQ(ExprCanonical("- -5"), "(- (-5))");
  EXPECT_EQ(ExprCanonical("-(5)"), "(- (5))");
  EXPECT_EQ(ExprCanonical("-(-5)"), "(- (-5))");
  EXPECT_EQ(ExprCanonical("-a"), "(- a)");
  EXPECT_EQ(ExprCanonical("1 -1"), "(1 - 1)");
  EXPECT_EQ(ExprCanonical("'\\0\\Z'"), "'\\u0000\\u001a'");
}

TEST(SqlParserTest, Types) {
  struct Case {
    const char* text;
    const char* canonical;
  };
  const std::vector<Case> cases = {
      {"boolean", "BOOLEAN"},
      {"byte", "TINYINT"},
      {"short", "SMALLINT"},
      {"integer", "INT"},
      {"long", "BIGINT"},
      {"real", "FLOAT"},
      {"double", "DOUBLE"},
      {"dec", "DECIMAL"},
      {"numeric(12)", "DECIMAL(12)"},
      {"DECIMAL(38, 10)", "DECIMAL(38,10)"},
      {"string", "STRING"},
      {"varchar(10)", "VARCHAR(10)"},
      {"char(3)", "CHAR(3)"},
      {"binary", "BINARY"},
      {"date", "DATE"},
      {"timestamp", "TIMESTAMP"},
      {"timestamp_ltz", "TIMESTAMP"},
      {"timestamptz", "TIMESTAMP"},
      {"timestamp_ntz", "TIMESTAMP_NTZ"},
      {"time", "TIME"},
      {"uuid", "UUID"},
      {"fixed(16)", "FIXED(16)"},
      {"array<string>", "ARRAY<STRING>"},
      {"map<string, array<int>>", "MAP<STRING, ARRAY<INT>>"},
      {"struct<a: int not null comment 'x', `b c` string>",
       "STRUCT<a: INT NOT NULL COMMENT 'x', `b c`: STRING>"},
      {"struct<a int>", "STRUCT<a: INT>"},
      {"struct<>", "STRUCT<>"},
      {"array<struct<x: map<string, bigint>>>", "ARRAY<STRUCT<x: MAP<STRING, BIGINT>>>"},
  };
  for (const Case& c : cases) {
    auto t = ParseType(c.text);
    ASSERT_OK(t) << c.text;
    EXPECT_EQ(ToSql(*t), c.canonical) << c.text;
    auto again = ParseType(ToSql(*t));
    ASSERT_OK(again) << ToSql(*t);
    EXPECT_EQ(ToSql(*again), c.canonical);
  }
  auto d = ParseType("decimal(9,2)");
  ASSERT_OK(d);
  EXPECT_EQ(d->kind, TypeKind::kDecimal);
  EXPECT_EQ(d->precision, 9);
  EXPECT_EQ(d->scale, 2);
  auto m = ParseType("map<string,bigint>");
  ASSERT_OK(m);
  ASSERT_EQ(m->arguments.size(), 2u);
  EXPECT_EQ(m->arguments[1].kind, TypeKind::kBigInt);
}

// ---------------------------------------------------------------------------------------------
// Queries

TEST(SqlParserTest, Selects) {
  EXPECT_EQ(Canonical("select * from t"), "SELECT * FROM t");
  EXPECT_EQ(Canonical("SELECT 1"), "SELECT 1");
  EXPECT_EQ(Canonical("SELECT DISTINCT a, b AS x, c y, t.* FROM lake.eng.orders"),
            "SELECT DISTINCT a, b AS x, c AS y, t.* FROM lake.eng.orders");
  EXPECT_EQ(Canonical("SELECT ALL a FROM t WHERE a > 1"), "SELECT a FROM t WHERE (a > 1)");
  EXPECT_EQ(Canonical("SELECT region, sum(amount) AS total FROM orders WHERE region = 'seoul' "
                      "GROUP BY region, 2, lower(product) HAVING sum(amount) > 10 "
                      "ORDER BY total DESC NULLS LAST, region ASC NULLS FIRST, 1 LIMIT 5 OFFSET 2"),
            "SELECT region, sum(amount) AS total FROM orders WHERE (region = 'seoul') GROUP BY "
            "region, 2, lower(product) HAVING (sum(amount) > 10) ORDER BY total DESC NULLS LAST, "
            "region NULLS FIRST, 1 LIMIT 5 OFFSET 2");
  EXPECT_EQ(Canonical("SELECT a FROM t OFFSET 3"), "SELECT a FROM t OFFSET 3");
  EXPECT_EQ(Canonical("SELECT a FROM t LIMIT ALL"), "SELECT a FROM t");
  EXPECT_EQ(Canonical("WITH x AS (SELECT 1 AS a), y (b) AS (SELECT a FROM x) SELECT * FROM y"),
            "WITH x AS (SELECT 1 AS a), y (b) AS (SELECT a FROM x) SELECT * FROM y");
  EXPECT_EQ(Canonical("SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v"),
            "SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v");
  EXPECT_EQ(Canonical("SELECT 1 UNION DISTINCT SELECT 2 ORDER BY 1 LIMIT 1"),
            "SELECT 1 UNION SELECT 2 ORDER BY 1 LIMIT 1");
  EXPECT_EQ(Canonical("SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4"),
            "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4");
  EXPECT_EQ(Canonical("(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u)"),
            "(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u)");
  EXPECT_EQ(Canonical("SELECT 1 UNION ALL (SELECT 2 UNION ALL SELECT 3)"),
            "SELECT 1 UNION ALL (SELECT 2 UNION ALL SELECT 3)");
  EXPECT_EQ(Canonical("VALUES (1, 'a'), (2, 'b')"), "VALUES (1, 'a'), (2, 'b')");
  EXPECT_EQ(Canonical("VALUES 1, 2"), "VALUES (1), (2)");

  Statement s = Parse("SELECT region FROM t GROUP BY 1 ORDER BY 1 DESC NULLS FIRST");
  const Query& q = *s.As<QueryStatement>()->query;
  ASSERT_EQ(q.order_by.size(), 1u);
  EXPECT_TRUE(q.order_by[0].descending);
  EXPECT_EQ(q.order_by[0].nulls, NullOrder::kFirst);
  const Select& sel = SelectOf(s);
  ASSERT_EQ(sel.group_by.size(), 1u);
  EXPECT_EQ(sel.group_by[0]->As<Literal>()->int_value, 1);
}

TEST(SqlParserTest, FromItems) {
  EXPECT_EQ(Canonical("SELECT * FROM a JOIN b ON a.id = b.id LEFT OUTER JOIN c USING (id, k)"),
            "SELECT * FROM a JOIN b ON (a.id = b.id) LEFT JOIN c USING (id, k)");
  EXPECT_EQ(Canonical("SELECT * FROM a INNER JOIN b ON TRUE CROSS JOIN c"),
            "SELECT * FROM a JOIN b ON TRUE CROSS JOIN c");
  EXPECT_EQ(Canonical("SELECT * FROM a, b x, c AS y WHERE a.k = x.k"),
            "SELECT * FROM a, b AS x, c AS y WHERE (a.k = x.k)");
  EXPECT_EQ(Canonical("SELECT * FROM a, b JOIN c ON b.k = c.k"),
            "SELECT * FROM a, b JOIN c ON (b.k = c.k)");
  EXPECT_EQ(Canonical("SELECT * FROM (a, b) JOIN c ON b.k = c.k"),
            "SELECT * FROM (a, b) JOIN c ON (b.k = c.k)");
  EXPECT_EQ(Canonical("SELECT * FROM a JOIN (b JOIN c ON b.k = c.k) ON a.k = b.k"),
            "SELECT * FROM a JOIN (b JOIN c ON (b.k = c.k)) ON (a.k = b.k)");
  EXPECT_EQ(Canonical("SELECT * FROM a RIGHT JOIN b ON x FULL OUTER JOIN c ON y"),
            "SELECT * FROM a RIGHT JOIN b ON x FULL JOIN c ON y");
  EXPECT_EQ(Canonical("SELECT s.x FROM (SELECT 1 AS x) s"), "SELECT s.x FROM (SELECT 1 AS x) AS s");
  EXPECT_EQ(Canonical("SELECT * FROM (SELECT 1, 2) AS t(a, b)"),
            "SELECT * FROM (SELECT 1, 2) AS t(a, b)");
  EXPECT_EQ(Canonical("SELECT * FROM VALUES (1, 2), (3, 4) AS t(a, b)"),
            "SELECT * FROM (VALUES (1, 2), (3, 4)) AS t(a, b)");
  EXPECT_EQ(Canonical("SELECT * FROM read_parquet('/data/x.parquet') p"),
            "SELECT * FROM read_parquet('/data/x.parquet') AS p");
  EXPECT_EQ(Canonical("SELECT * FROM iceberg_scan('/w/t/metadata/v3.metadata.json')"),
            "SELECT * FROM iceberg_scan('/w/t/metadata/v3.metadata.json')");
  EXPECT_EQ(Canonical("SELECT * FROM read_csv('a.csv', 'b.csv')"),
            "SELECT * FROM read_csv('a.csv', 'b.csv')");
  EXPECT_EQ(Canonical("SELECT * FROM lake.eng.orders.snapshots"),
            "SELECT * FROM lake.eng.orders.snapshots");
  EXPECT_EQ(Canonical("SELECT * FROM t.branch_audit, t.tag_v1"),
            "SELECT * FROM t.branch_audit, t.tag_v1");
}

TEST(SqlParserTest, TimeTravel) {
  EXPECT_EQ(Canonical("SELECT * FROM t VERSION AS OF 10963874102873"),
            "SELECT * FROM t VERSION AS OF 10963874102873");
  EXPECT_EQ(Canonical("SELECT * FROM t VERSION AS OF 'audit-branch' AS a"),
            "SELECT * FROM t VERSION AS OF 'audit-branch' AS a");
  EXPECT_EQ(Canonical("SELECT * FROM t FOR SYSTEM_VERSION AS OF 1"),
            "SELECT * FROM t FOR SYSTEM_VERSION AS OF 1");
  EXPECT_EQ(Canonical("SELECT * FROM t TIMESTAMP AS OF '2026-03-05 10:00:00' x"),
            "SELECT * FROM t TIMESTAMP AS OF '2026-03-05 10:00:00' AS x");
  EXPECT_EQ(Canonical("SELECT * FROM t FOR SYSTEM_TIME AS OF 1767225600"),
            "SELECT * FROM t FOR SYSTEM_TIME AS OF 1767225600");
  EXPECT_EQ(Canonical("SELECT * FROM t FOR TIMESTAMP AS OF 1767225600 + 60 JOIN u ON TRUE"),
            "SELECT * FROM t FOR TIMESTAMP AS OF (1767225600 + 60) JOIN u ON TRUE");

  Statement s = Parse("SELECT * FROM lake.t FOR SYSTEM_TIME AS OF '2026-03-05'");
  const TableName* t = SelectOf(s).from->As<TableName>();
  ASSERT_NE(t, nullptr);
  ASSERT_TRUE(t->time_travel.has_value());
  EXPECT_EQ(t->time_travel->kind, TimeTravelKind::kTimestamp);
  EXPECT_TRUE(t->time_travel->for_keyword);
  EXPECT_TRUE(t->time_travel->system_form);
  EXPECT_EQ(t->time_travel->value->As<Literal>()->text, "2026-03-05");
  EXPECT_FALSE(SelectOf(s).from->alias.has_value());

  s = Parse("SELECT * FROM t VERSION AS OF 42");
  t = SelectOf(s).from->As<TableName>();
  EXPECT_EQ(t->time_travel->kind, TimeTravelKind::kVersion);
  EXPECT_FALSE(t->time_travel->for_keyword);
  EXPECT_FALSE(t->time_travel->system_form);
  EXPECT_EQ(t->time_travel->value->As<Literal>()->int_value, 42);
}

// ---------------------------------------------------------------------------------------------
// Statements

TEST(SqlParserTest, NamespaceStatements) {
  EXPECT_EQ(Canonical("CREATE NAMESPACE lake.eng"), "CREATE NAMESPACE lake.eng");
  EXPECT_EQ(Canonical("create schema if not exists eng with dbproperties ('owner' = 'me', "
                      "a.b = 1)"),
            "CREATE NAMESPACE IF NOT EXISTS eng WITH DBPROPERTIES ('owner' = 'me', 'a.b' = '1')");
  EXPECT_EQ(Canonical("CREATE DATABASE d COMMENT 'c' LOCATION '/x'"),
            "CREATE NAMESPACE d COMMENT 'c' LOCATION '/x'");
  EXPECT_EQ(Canonical("DROP NAMESPACE eng"), "DROP NAMESPACE eng");
  EXPECT_EQ(Canonical("drop database if exists eng cascade"),
            "DROP NAMESPACE IF EXISTS eng CASCADE");
  EXPECT_EQ(Canonical("DROP SCHEMA eng RESTRICT"), "DROP NAMESPACE eng");
  EXPECT_EQ(Canonical("SHOW NAMESPACES"), "SHOW NAMESPACES");
  EXPECT_EQ(Canonical("SHOW DATABASES FROM lake LIKE 'e*'"), "SHOW NAMESPACES IN lake LIKE 'e*'");
  EXPECT_EQ(Canonical("show schemas in lake"), "SHOW NAMESPACES IN lake");
  EXPECT_EQ(Canonical("SHOW TABLES"), "SHOW TABLES");
  EXPECT_EQ(Canonical("SHOW TABLES IN lake.eng 'o*'"), "SHOW TABLES IN lake.eng LIKE 'o*'");
  EXPECT_EQ(Canonical("USE lake.eng"), "USE lake.eng");
  EXPECT_EQ(Canonical("USE NAMESPACE eng"), "USE eng");
}

TEST(SqlParserTest, CreateTable) {
  EXPECT_EQ(
      Canonical("CREATE TABLE lake.eng.orders (order_id string NOT NULL COMMENT 'id', "
                "customer_id bigint, region string, amount int, order_ts timestamp, "
                "tags array<string>, attrs map<string, string>, loc struct<lat: double, lon: "
                "double>) USING iceberg PARTITIONED BY (days(order_ts), bucket(16, customer_id), "
                "truncate(4, region), region) TBLPROPERTIES ('format-version' = '2', "
                "'write.format.default'='parquet')"),
      "CREATE TABLE lake.eng.orders (order_id STRING NOT NULL COMMENT 'id', customer_id BIGINT, "
      "region STRING, amount INT, order_ts TIMESTAMP, tags ARRAY<STRING>, attrs MAP<STRING, "
      "STRING>, loc STRUCT<lat: DOUBLE, lon: DOUBLE>) USING iceberg PARTITIONED BY "
      "(days(order_ts), bucket(16, customer_id), truncate(4, region), region) TBLPROPERTIES "
      "('format-version' = '2', 'write.format.default' = 'parquet')");
  // Clauses in any order.
  EXPECT_EQ(Canonical("CREATE TABLE IF NOT EXISTS t (a int) TBLPROPERTIES (k = 'v') LOCATION "
                      "'/w/t' COMMENT 'c' PARTITIONED BY (years(a), months(a), hours(a), "
                      "date(a), hour(a), truncate(a, 10)) USING iceberg"),
            "CREATE TABLE IF NOT EXISTS t (a INT) USING iceberg PARTITIONED BY (years(a), "
            "months(a), hours(a), date(a), hour(a), truncate(10, a)) COMMENT 'c' LOCATION "
            "'/w/t' TBLPROPERTIES ('k' = 'v')");
  EXPECT_EQ(Canonical("CREATE TABLE lake.eng.daily USING iceberg AS SELECT to_date(order_ts) AS "
                      "d, count(*) AS orders FROM lake.eng.orders GROUP BY 1"),
            "CREATE TABLE lake.eng.daily USING iceberg AS SELECT to_date(order_ts) AS d, "
            "count(*) AS orders FROM lake.eng.orders GROUP BY 1");
  EXPECT_EQ(Canonical("CREATE OR REPLACE TABLE t AS SELECT 1 AS a"),
            "CREATE OR REPLACE TABLE t AS SELECT 1 AS a");
  EXPECT_EQ(Canonical("REPLACE TABLE t (a int)"), "REPLACE TABLE t (a INT)");
  EXPECT_EQ(Canonical("CREATE TABLE t (date date, year int, type string, comment string, "
                      "location string, format string, partition int, `order` int)"),
            "CREATE TABLE t (date DATE, year INT, type STRING, comment STRING, location STRING, "
            "format STRING, partition INT, `order` INT)");

  Statement s = Parse(
      "CREATE TABLE t (a INT NOT NULL, ts TIMESTAMP_NTZ) PARTITIONED BY "
      "(bucket(8, a), days(ts))");
  const CreateTable* ct = s.As<CreateTable>();
  ASSERT_NE(ct, nullptr);
  ASSERT_EQ(ct->columns.size(), 2u);
  EXPECT_TRUE(ct->columns[0].not_null);
  EXPECT_EQ(ct->columns[1].type.kind, TypeKind::kTimestampNtz);
  EXPECT_EQ(ct->columns[1].pos.column, 33);
  ASSERT_EQ(ct->partitioned_by.size(), 2u);
  EXPECT_EQ(ct->partitioned_by[0].transform, "bucket");
  EXPECT_EQ(ct->partitioned_by[0].argument, 8);
  EXPECT_EQ(ct->partitioned_by[0].column, (QualifiedName{"a"}));
  EXPECT_EQ(ct->partitioned_by[1].transform, "days");
  EXPECT_FALSE(ct->partitioned_by[1].argument.has_value());
  EXPECT_FALSE(ct->provider.has_value());
  EXPECT_EQ(ct->as_query, nullptr);
}

TEST(SqlParserTest, DropDescribeShow) {
  EXPECT_EQ(Canonical("DROP TABLE t"), "DROP TABLE t");
  EXPECT_EQ(Canonical("drop table if exists lake.eng.t purge"),
            "DROP TABLE IF EXISTS lake.eng.t PURGE");
  EXPECT_EQ(Canonical("DESCRIBE t"), "DESCRIBE TABLE t");
  EXPECT_EQ(Canonical("DESC TABLE EXTENDED lake.eng.t"), "DESCRIBE TABLE EXTENDED lake.eng.t");
  EXPECT_EQ(Canonical("DESCRIBE FORMATTED t loc.lat"), "DESCRIBE TABLE EXTENDED t loc.lat");
  EXPECT_EQ(Canonical("SHOW CREATE TABLE lake.eng.t"), "SHOW CREATE TABLE lake.eng.t");
  EXPECT_EQ(Canonical("SHOW TBLPROPERTIES t"), "SHOW TBLPROPERTIES t");
  EXPECT_EQ(Canonical("SHOW TBLPROPERTIES t ('format-version')"),
            "SHOW TBLPROPERTIES t ('format-version')");
  EXPECT_EQ(Canonical("EXPLAIN SELECT 1"), "EXPLAIN SELECT 1");
  EXPECT_EQ(Canonical("EXPLAIN EXTENDED SELECT a FROM t"), "EXPLAIN EXTENDED SELECT a FROM t");
}

TEST(SqlParserTest, AlterTable) {
  EXPECT_EQ(Canonical("ALTER TABLE t SET TBLPROPERTIES ('a' = 'b', c.d = 5)"),
            "ALTER TABLE t SET TBLPROPERTIES ('a' = 'b', 'c.d' = '5')");
  EXPECT_EQ(Canonical("ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('a', c.d)"),
            "ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('a', 'c.d')");
  EXPECT_EQ(Canonical("ALTER TABLE t UNSET TBLPROPERTIES ('a')"),
            "ALTER TABLE t UNSET TBLPROPERTIES ('a')");
  EXPECT_EQ(Canonical("ALTER TABLE t ADD COLUMNS (x int NOT NULL COMMENT 'c' FIRST, loc.alt "
                      "double AFTER lon, y string)"),
            "ALTER TABLE t ADD COLUMNS (x INT NOT NULL COMMENT 'c' FIRST, loc.alt DOUBLE AFTER "
            "lon, y STRING)");
  EXPECT_EQ(Canonical("ALTER TABLE t ADD COLUMN z bigint"), "ALTER TABLE t ADD COLUMNS (z BIGINT)");
  EXPECT_EQ(Canonical("ALTER TABLE t ADD COLUMN z bigint AFTER a, w int"),
            "ALTER TABLE t ADD COLUMNS (z BIGINT AFTER a, w INT)");
  EXPECT_EQ(Canonical("ALTER TABLE t RENAME COLUMN loc.lat TO latitude"),
            "ALTER TABLE t RENAME COLUMN loc.lat TO latitude");
  EXPECT_EQ(Canonical("ALTER TABLE t DROP COLUMN a"), "ALTER TABLE t DROP COLUMNS (a)");
  EXPECT_EQ(Canonical("ALTER TABLE t DROP COLUMNS a, b.c"), "ALTER TABLE t DROP COLUMNS (a, b.c)");
  EXPECT_EQ(Canonical("ALTER TABLE t DROP COLUMNS IF EXISTS (a, b)"),
            "ALTER TABLE t DROP COLUMNS IF EXISTS (a, b)");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN a TYPE bigint"),
            "ALTER TABLE t ALTER COLUMN a TYPE BIGINT");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER a TYPE decimal(12, 2)"),
            "ALTER TABLE t ALTER COLUMN a TYPE DECIMAL(12,2)");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN a DROP NOT NULL"),
            "ALTER TABLE t ALTER COLUMN a DROP NOT NULL");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN a SET NOT NULL"),
            "ALTER TABLE t ALTER COLUMN a SET NOT NULL");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN a COMMENT 'new'"),
            "ALTER TABLE t ALTER COLUMN a COMMENT 'new'");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN a FIRST"), "ALTER TABLE t ALTER COLUMN a FIRST");
  EXPECT_EQ(Canonical("ALTER TABLE t ALTER COLUMN s.a AFTER b"),
            "ALTER TABLE t ALTER COLUMN s.a AFTER b");
  EXPECT_EQ(Canonical("ALTER TABLE t RENAME TO lake.eng.u"), "ALTER TABLE t RENAME TO lake.eng.u");

  Statement s = Parse("ALTER TABLE t ALTER COLUMN a AFTER b");
  const AlterTable* alter = s.As<AlterTable>();
  ASSERT_NE(alter, nullptr);
  ASSERT_EQ(alter->kind(), AlterTableKind::kAlterColumn);
  const AlterColumn& ac = std::get<AlterColumn>(alter->action);
  EXPECT_EQ(ac.action, AlterColumnAction::kPosition);
  ASSERT_TRUE(ac.position.has_value());
  EXPECT_FALSE(ac.position->first);
  EXPECT_EQ(ac.position->after, "b");
}

TEST(SqlParserTest, InsertAndSet) {
  EXPECT_EQ(Canonical("INSERT INTO t VALUES (1, 'a'), (2, NULL)"),
            "INSERT INTO t VALUES (1, 'a'), (2, NULL)");
  EXPECT_EQ(Canonical("insert into table lake.eng.t (a, b) values (1, 2)"),
            "INSERT INTO lake.eng.t (a, b) VALUES (1, 2)");
  EXPECT_EQ(Canonical("INSERT INTO t SELECT * FROM u WHERE x > 0"),
            "INSERT INTO t SELECT * FROM u WHERE (x > 0)");
  EXPECT_EQ(Canonical("INSERT INTO t (SELECT 1)"), "INSERT INTO t (SELECT 1)");
  EXPECT_EQ(Canonical("INSERT INTO t WITH q AS (SELECT 1 AS a) SELECT a FROM q"),
            "INSERT INTO t WITH q AS (SELECT 1 AS a) SELECT a FROM q");
  EXPECT_EQ(Canonical("INSERT OVERWRITE t SELECT 1"), "INSERT OVERWRITE TABLE t SELECT 1");
  EXPECT_EQ(Canonical("SET TIME ZONE 'Asia/Seoul'"), "SET TIME ZONE 'Asia/Seoul'");
  EXPECT_EQ(Canonical("set time zone local"), "SET TIME ZONE LOCAL");
  EXPECT_EQ(Canonical("SET spark.sql.session.timeZone = America/Los_Angeles"),
            "SET spark.sql.session.timeZone = 'America/Los_Angeles'");
  EXPECT_EQ(Canonical("SET spark.sql.session.timeZone='UTC'"),
            "SET spark.sql.session.timeZone = 'UTC'");
  // The value prints as a string, so any value reads back the same (found by the fuzzer).
  EXPECT_EQ(Canonical("SET k = 'a\nb'"), "SET k = 'a\\nb'");  // a newline prints as \n
  EXPECT_EQ(Canonical("SET a.b"), "SET a.b");
  EXPECT_EQ(Canonical("SET"), "SET");

  Statement s = Parse("SET spark.sql.session.timeZone = 'UTC'");
  const SetConfig* set = s.As<SetConfig>();
  ASSERT_NE(set, nullptr);
  EXPECT_EQ(set->key, "spark.sql.session.timeZone");
  EXPECT_EQ(set->value, "UTC");
}

TEST(SqlParserTest, KeywordsAsIdentifiers) {
  EXPECT_EQ(Canonical("SELECT date, year, day, comment, type, location, format, partition, "
                      "limit, offset, version, timestamp, first, last, table FROM t"),
            "SELECT date, year, day, comment, type, location, format, partition, `limit`, "
            "`offset`, `version`, `timestamp`, first, last, table FROM t");
  EXPECT_EQ(Canonical("SELECT date AS day FROM events WHERE date > DATE '2026-01-01'"),
            "SELECT date AS day FROM events WHERE (date > DATE '2026-01-01')");
  EXPECT_EQ(Canonical("SELECT t.date FROM db.date t"), "SELECT t.date FROM db.date AS t");
  EXPECT_EQ(Canonical("SELECT `from`, `select` FROM `where`"),
            "SELECT `from`, `select` FROM `where`");
  // Clause words are not aliases without AS: LIMIT here starts the clause.
  EXPECT_EQ(Canonical("SELECT a FROM t LIMIT 5"), "SELECT a FROM t LIMIT 5");
  EXPECT_EQ(ErrorOf("SELECT a limit FROM t"),
            "line 1, column 16: expected an expression, found \"FROM\"");
  EXPECT_EQ(Canonical("SELECT a AS limit FROM t"), "SELECT a AS `limit` FROM t");
  EXPECT_EQ(Canonical("SELECT end, order, group FROM t WHERE end > 1 GROUP BY group ORDER BY "
                      "order"),
            "SELECT `end`, `order`, `group` FROM t WHERE (`end` > 1) GROUP BY `group` ORDER BY "
            "`order`");
  EXPECT_EQ(Canonical("SELECT CASE WHEN end THEN end END FROM t"),
            "SELECT CASE WHEN `end` THEN `end` END FROM t");
  EXPECT_EQ(Canonical("CREATE TABLE comment (comment string COMMENT 'comment')"),
            "CREATE TABLE comment (comment STRING COMMENT 'comment')");
}

// ---------------------------------------------------------------------------------------------
// Positions and errors

TEST(SqlParserTest, Positions) {
  Statement s = Parse("SELECT a,\n  b + 1 AS c\nFROM t");
  const Select& sel = SelectOf(s);
  ASSERT_EQ(sel.items.size(), 2u);
  EXPECT_EQ(sel.items[0].expr->pos.line, 1);
  EXPECT_EQ(sel.items[0].expr->pos.column, 8);
  EXPECT_EQ(sel.items[1].expr->pos.line, 2);
  EXPECT_EQ(sel.items[1].expr->pos.column, 3);
  const BinaryExpr* plus = sel.items[1].expr->As<BinaryExpr>();
  ASSERT_NE(plus, nullptr);
  EXPECT_EQ(plus->right->pos.column, 7);
  EXPECT_EQ(sel.from->pos.line, 3);
  EXPECT_EQ(sel.from->pos.column, 6);
  EXPECT_EQ(s.text, "SELECT a,\n  b + 1 AS c\nFROM t");
}

TEST(SqlParserTest, Errors) {
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a int\nFROM"),
            "line 2, column 1: expected \")\" after the column list, found \"FROM\"");
  EXPECT_EQ(ErrorOf("SELECT a FROM"),
            "line 1, column 14: expected a table name, found end of "
            "input");
  EXPECT_EQ(ErrorOf("SELECT (a + 1 FROM t"),
            "line 1, column 15: expected \")\" to close the parenthesis, found \"FROM\"");
  EXPECT_EQ(ErrorOf("SELECT * FROM t WHERE"),
            "line 1, column 22: expected an expression, found end of input");
  EXPECT_EQ(ErrorOf("SELECT 1;\nSELECT 'abc"), "line 2, column 8: unterminated string");
  EXPECT_EQ(ErrorOf("SELECT 1 /* open"), "line 1, column 10: unterminated /* comment");
  EXPECT_EQ(ErrorOf("SELECT `a"), "line 1, column 8: unterminated `quoted identifier`");
  EXPECT_EQ(ErrorOf("SELECT a FROM t t2 t3"),
            "line 1, column 20: expected \";\" or the end of the statement, found \"t3\"");
  EXPECT_EQ(ErrorOf("SELECT from FROM t"),
            "line 1, column 8: expected an expression, found \"from\"");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a int, select int)"),
            "line 1, column 24: expected a column name, found the reserved word \"select\" "
            "(quote it with backticks to use it as a name: `select`)");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a integr)"), "line 1, column 19: unknown type \"integr\"");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a decimal(10,)"),
            "line 1, column 30: expected the scale of DECIMAL(p, s), found \")\"");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a map<string>)"),
            "line 1, column 29: expected \",\" between the key and value types of MAP, found "
            "\">\"");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a int) COMMENT 'x' COMMENT 'y'"),
            "line 1, column 36: COMMENT is given twice");
  EXPECT_EQ(ErrorOf("CREATE TABLE t (a int) PARTITIONED BY (bucket(0, a))"),
            "line 1, column 47: the argument of bucket must be a positive integer, not 0");
  EXPECT_EQ(ErrorOf("SELECT * FROM t VERSION AS OF x"),
            "line 1, column 31: expected a snapshot id or a 'branch or tag name' after VERSION "
            "AS OF, found \"x\"");
  EXPECT_EQ(ErrorOf("SELECT * FROM t FOR VERSIONS AS OF 1"),
            "line 1, column 21: expected VERSION, SYSTEM_VERSION, TIMESTAMP or SYSTEM_TIME after "
            "FOR, found \"VERSIONS\"");
  EXPECT_EQ(ErrorOf("SELECT a FROM t LEFT JOIN u"),
            "line 1, column 28: expected ON or USING after the joined table, found end of input");
  EXPECT_EQ(
      ErrorOf("SELECT a IS 5"),
      "line 1, column 13: expected NULL, TRUE, FALSE, NAN or DISTINCT FROM after IS, found the "
      "number 5");
  EXPECT_EQ(ErrorOf("SELECT a NOT 5"),
            "line 1, column 14: expected IN, BETWEEN or LIKE after NOT, found the number 5");
  EXPECT_EQ(ErrorOf("SELECT CASE a END"),
            "line 1, column 15: expected WHEN in CASE, found \"END\"");
  EXPECT_EQ(ErrorOf("SELECT x FROM t WHERE a IN (SELECT 1)"),
            "line 1, column 29: IN (subquery) is not supported; use a join");
  EXPECT_EQ(ErrorOf("SELECT (SELECT 1)"),
            "line 1, column 9: subqueries in expressions are not supported");
  EXPECT_EQ(ErrorOf("SELECT 1 ? 2"),
            "line 1, column 10: expected \";\" or the end of the "
            "statement, found \"?\"");
  EXPECT_EQ(ErrorOf("SELECT 1 # 2"), "line 1, column 10: unexpected character \"#\"");
  // A Spark statement floe does not run yet says so (#25); a word no statement starts with is not
  // a statement.
  auto update = ParseScript("UPDATE t SET a = 1");
  ASSERT_FALSE(update.ok());
  EXPECT_EQ(update.error().kind, ErrorKind::kNotSupported);
  EXPECT_EQ(update.error().message, "line 1, column 1: UPDATE is not supported yet");
  EXPECT_EQ(ErrorOf("FROBNICATE t"),
            "line 1, column 1: expected a statement (SELECT, WITH, VALUES, INSERT, CREATE, DROP, "
            "ALTER, SHOW, DESCRIBE, EXPLAIN, SET or USE), found \"FROBNICATE\"");
  EXPECT_EQ(ErrorOf("INSERT t VALUES (1)"),
            "line 1, column 8: expected INTO or OVERWRITE after INSERT, found \"t\"");
  EXPECT_EQ(ErrorOf("ALTER TABLE t ALTER COLUMN a RENAME"),
            "line 1, column 30: expected TYPE, SET NOT NULL, DROP NOT NULL, COMMENT, FIRST or "
            "AFTER, found \"RENAME\"");
  EXPECT_EQ(Canonical("SELECT 1L2, 1st"), "SELECT `1L2`, `1st`");  // words, not numbers
  EXPECT_EQ(ErrorOf("SELECT 99999999999999999999L"),
            "line 1, column 8: the number 99999999999999999999L is out of range for its type");
  EXPECT_EQ(ErrorOf("SELECT X'0g'"),
            "line 1, column 9: X'0g' holds a character that is not a hex digit");
  EXPECT_EQ(ErrorOf("SELECT 'a\\u12'"),
            "line 1, column 10: \\u must be followed by four hex digits");
  EXPECT_EQ(ErrorOf("SELECT a FROM t WHERE x LIKE 'a' ESCAPE 'ab'"),
            "line 1, column 41: the ESCAPE string must be one character");
  EXPECT_EQ(ErrorOf("SELECT sum(x) OVER (PARTITION BY y ROWS 1) FROM t"),
            "line 1, column 42: expected PRECEDING or FOLLOWING after the frame offset, found "
            "\")\"");
  // Positions count from the start of the script.
  EXPECT_EQ(ErrorOf("SELECT 1;\n\n  SELECT 2 FROM"),
            "line 3, column 16: expected a table name, found end of input");
  EXPECT_EQ(ErrorOf("SELECT 1; SELECT 2 +"),
            "line 1, column 21: expected an expression, found end of input");
}

TEST(SqlParserTest, DeepNestingIsAnError) {
  std::string deep(1000, '(');
  deep = "SELECT " + deep + "1";
  auto r = ParseStatement(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("nested more than 200 levels deep"), std::string::npos)
      << r.error().message;
  std::string nots = "SELECT ";
  for (int i = 0; i < 1000; ++i) nots += "NOT ";
  EXPECT_FALSE(ParseStatement(nots + "a").ok());
  std::string negs = "SELECT ";
  for (int i = 0; i < 1000; ++i) negs += "- ";
  EXPECT_FALSE(ParseStatement(negs + "a").ok());
  std::string arrays = "CREATE TABLE t (a ";
  for (int i = 0; i < 1000; ++i) arrays += "array<";
  EXPECT_FALSE(ParseStatement(arrays + "int").ok());
  std::string queries = "SELECT * FROM ";
  for (int i = 0; i < 1000; ++i) queries += "(SELECT * FROM ";
  EXPECT_FALSE(ParseStatement(queries + "t").ok());
}

// ---------------------------------------------------------------------------------------------
// Scripts

TEST(SqlParserTest, Scripts) {
  const std::string script =
      "-- set up; not a statement\n"
      "CREATE NAMESPACE lake.eng;\n"
      "INSERT INTO t VALUES ('a;b', \"c;\"), (`x;y`);  /* ; in a comment */\n"
      ";;\n"
      "SELECT 1 /* nested /* ; */ comment */ AS `semi;colon`\n";
  auto split = SplitScript(script);
  ASSERT_OK(split);
  ASSERT_EQ(split->size(), 3u);
  EXPECT_EQ((*split)[0].text, "CREATE NAMESPACE lake.eng");
  EXPECT_EQ((*split)[0].pos.line, 2);
  EXPECT_EQ((*split)[0].pos.column, 1);
  EXPECT_EQ((*split)[1].text, "INSERT INTO t VALUES ('a;b', \"c;\"), (`x;y`)");
  EXPECT_EQ((*split)[1].pos.line, 3);
  EXPECT_EQ((*split)[2].text, "SELECT 1 /* nested /* ; */ comment */ AS `semi;colon`");
  EXPECT_EQ((*split)[2].pos.line, 5);

  auto statements = ParseScript(script);
  ASSERT_OK(statements);
  ASSERT_EQ(statements->size(), 3u);
  EXPECT_EQ((*statements)[0].kind(), StatementKind::kCreateNamespace);
  EXPECT_EQ((*statements)[1].kind(), StatementKind::kInsert);
  EXPECT_EQ((*statements)[2].kind(), StatementKind::kQuery);
  EXPECT_EQ(ToSql((*statements)[1]), "INSERT INTO t VALUES ('a;b', 'c;'), (`x;y`)");
  EXPECT_EQ(ToSql((*statements)[2]), "SELECT 1 AS `semi;colon`");
  EXPECT_EQ((*statements)[2].pos.line, 5);
  EXPECT_EQ((*statements)[1].text, "INSERT INTO t VALUES ('a;b', \"c;\"), (`x;y`)");

  // A statement's positions count from the script: column 3 of line 2 here.
  auto two = ParseScript("SELECT 1;  SELECT\n  a,\n b FROM t");
  ASSERT_OK(two);
  ASSERT_EQ(two->size(), 2u);
  EXPECT_EQ((*two)[1].pos.line, 1);
  EXPECT_EQ((*two)[1].pos.column, 12);
  const Select& sel = SelectOf((*two)[1]);
  EXPECT_EQ(sel.items[0].expr->pos.line, 2);
  EXPECT_EQ(sel.items[0].expr->pos.column, 3);
  EXPECT_EQ(sel.items[1].expr->pos.line, 3);
  EXPECT_EQ(sel.items[1].expr->pos.column, 2);

  auto empty = ParseScript("  -- nothing\n ; ");
  ASSERT_OK(empty);
  EXPECT_TRUE(empty->empty());

  // ParseStatement takes one statement with an optional ';'.
  EXPECT_OK(ParseStatement("SELECT 1;"));
  auto two_in_one = ParseStatement("SELECT 1; SELECT 2");
  ASSERT_FALSE(two_in_one.ok());
  EXPECT_EQ(two_in_one.error().message,
            "line 1, column 11: expected \";\" or the end of the statement, found \"SELECT\"");
}

TEST(SqlParserTest, EndsWithStatementTerminator) {
  EXPECT_TRUE(EndsWithStatementTerminator("SELECT 1;"));
  EXPECT_TRUE(EndsWithStatementTerminator("SELECT 1;  -- done\n"));
  EXPECT_TRUE(EndsWithStatementTerminator("SELECT\n 'a;'\n;"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT 1"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT ';"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT 1 /* ; */"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT 1 /* ;"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT `a;"));
  EXPECT_FALSE(EndsWithStatementTerminator("SELECT 1; SELECT 2"));
  EXPECT_FALSE(EndsWithStatementTerminator(""));
}

// ---------------------------------------------------------------------------------------------
// Robustness: every prefix of long statements parses or fails cleanly, never crashes.

TEST(SqlParserTest, EveryPrefixParsesOrFails) {
  const std::vector<std::string> statements = {
      "WITH x (a, b) AS (SELECT 1, 'two') SELECT DISTINCT t.a, count(DISTINCT b) AS n, "
      "CASE WHEN a IS NOT NULL THEN CAST(a AS decimal(10, 2)) ELSE -1.5e3 END c, m['k'].f, "
      "x NOT BETWEEN 1 AND 2 OR y NOT LIKE 'p\\%' ESCAPE '\\\\' AND z IN (1, 2) "
      "FROM lake.eng.orders FOR SYSTEM_TIME AS OF '2026-03-05' o LEFT JOIN (SELECT * FROM "
      "read_parquet('f.parquet')) AS p(a, b) USING (a) CROSS JOIN VALUES (1) v(q), u "
      "WHERE `odd``name` <=> X'00ff' GROUP BY 1, a HAVING sum(b) > 0 UNION ALL (SELECT 1) "
      "ORDER BY 1 DESC NULLS LAST LIMIT 10 OFFSET 5;",
      "CREATE OR REPLACE TABLE IF NOT EXISTS lake.eng.t (a int NOT NULL COMMENT 'x', "
      "s struct<p: array<map<string, decimal(9,2)>>, `q r`: timestamp_ntz>) USING iceberg "
      "PARTITIONED BY (bucket(16, a), truncate(s.q, 4), days(ts)) LOCATION '/w' COMMENT 'c' "
      "TBLPROPERTIES ('format-version' = '2', k.v = true) AS SELECT * FROM u /* end */",
      "ALTER TABLE t ADD COLUMNS (x int NOT NULL COMMENT 'c' FIRST, s.y double AFTER x)",
      "ALTER TABLE t ALTER COLUMN s.y TYPE decimal(12, 2)",
      "INSERT INTO TABLE t (a, b) VALUES (1, 'x\\'y'), (-2, NULL) -- done",
      "SET spark.sql.session.timeZone = 'Asia/Seoul'",
      "SHOW TABLES IN lake.eng LIKE 'o*'",
  };
  for (const std::string& s : statements) {
    ASSERT_OK(ParseStatement(s)) << s;
    for (size_t n = 0; n <= s.size(); ++n) {
      std::string prefix = s.substr(0, n);
      auto r = ParseScript(prefix);
      if (r.ok()) {
        for (const Statement& st : *r) {
          std::string printed = ToSql(st);
          auto again = ParseStatement(printed);
          ASSERT_OK(again) << prefix << "\n -> " << printed;
          EXPECT_EQ(ToSql(*again), printed) << prefix;
        }
      } else {
        EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
        EXPECT_EQ(r.error().message.rfind("line ", 0), 0u) << r.error().message;
      }
    }
  }
}

// Random token sequences (a fixed seed): each parses or fails with a positioned error, and what
// parses prints a canonical form that reads back as itself.
TEST(SqlParserTest, RandomTokenSoup) {
  const std::vector<std::string> vocabulary = {
      "SELECT", "FROM",     "WHERE", "GROUP",   "BY",     "ORDER", "LIMIT",   "OFFSET",    "UNION",
      "ALL",    "DISTINCT", "AS",    "JOIN",    "LEFT",   "ON",    "USING",   "WITH",      "VALUES",
      "CASE",   "WHEN",     "THEN",  "ELSE",    "END",    "CAST",  "NOT",     "AND",       "OR",
      "IS",     "NULL",     "IN",    "BETWEEN", "LIKE",   "TRUE",  "VERSION", "TIMESTAMP", "FOR",
      "OF",     "CREATE",   "TABLE", "INSERT",  "INTO",   "ALTER", "ADD",     "COLUMN",    "DROP",
      "INT",    "STRING",   "ARRAY", "MAP",     "STRUCT", "DATE",  "SET",     "SHOW",      "TABLES",
      "a",      "b",        "t",     "`q`",     "1",      "2.5",   "1e3",     "7L",        "'s'",
      "X'0f'",  "(",        ")",     ",",       ".",      "*",     "+",       "-",         "/",
      "=",      "<",        ">",     "<=>",     "||",     "[",     "]",       ":",         ";",
      "--",     "/*",       "*/",
  };
  // Starts that make valid statements likelier.
  const std::vector<std::string> starts = {"", "SELECT ", "SELECT a FROM t WHERE a ", "SELECT 1 + ",
                                           "CREATE TABLE t (a "};
  std::mt19937 rng(20260308);
  int parsed = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = starts[rng() % starts.size()];
    size_t n = 1 + rng() % 12;
    for (size_t k = 0; k < n; ++k) text += vocabulary[rng() % vocabulary.size()] + " ";
    auto r = ParseScript(text);
    if (!r.ok()) {
      EXPECT_EQ(r.error().message.rfind("line ", 0), 0u) << text << ": " << r.error().message;
      continue;
    }
    for (const Statement& st : *r) {
      ++parsed;
      std::string printed = ToSql(st);
      auto again = ParseStatement(printed);
      ASSERT_OK(again) << text << "\n -> " << printed;
      EXPECT_EQ(ToSql(*again), printed) << text;
    }
  }
  EXPECT_GT(parsed, 100);  // the soup does produce statements
}

TEST(SqlParserTest, CloneCopiesEveryNode) {
  auto e = ParseExpression(
      "CASE x WHEN 1 THEN CAST(a AS STRING) ELSE b[0].c END || count(DISTINCT d) || "
      "(e NOT LIKE 'x' ESCAPE '!') || (f IN (1, -2)) || (g BETWEEN 1 AND 2) || "
      "(h IS NOT DISTINCT FROM i) || (NOT j) || t.* || DATE '2026-01-01'");
  ASSERT_OK(e);
  ExprPtr copy = Clone(**e);
  EXPECT_EQ(ToSql(*copy), ToSql(**e));
  EXPECT_EQ(copy->pos.column, (*e)->pos.column);
}

}  // namespace
}  // namespace floe::sql::syntax
