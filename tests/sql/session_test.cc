// Golden SQL tests: statements run through a Session on a temporary SQLite warehouse; each
// query's rows (CSV, as `floe sql --format csv` prints them) or error are compared with the
// expected text. Values were worked out by hand from Spark 3.5's documented rules
// (spark.sql.ansi.enabled=false).
#include "floe/sql/session.h"

#include <gtest/gtest.h>

#include "floe/catalog/config/catalog_config.h"
#include "floe/columnar/row_writer.h"
#include "floe/sql/syntax/parser.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::sql {
namespace {

class SessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SessionOptions options;
    catalog::FloeConfig config;
    config.catalogs["default"] = catalog::WarehouseCatalogSettings(dir_.path());
    config.default_catalog = "default";
    options.config = config;
    options.threads = 2;
    options.now_micros = [] { return int64_t{1772704800} * 1000000; };  // 2026-03-05T10:00:00Z
    auto session = Session::Make(options);
    ASSERT_OK(session);
    session_ = std::move(*session);
  }

  // Runs a script; returns the rows of its queries as CSV (headers included) and the status
  // lines, or "error: <message>" for the first failing statement.
  std::string Run(const std::string& script) {
    auto pieces = syntax::SplitScript(script);
    if (!pieces.ok()) return "error: " + pieces.error().message;
    std::string out;
    for (const auto& piece : *pieces) {
      auto statement = syntax::ParseStatement(piece.text, piece.pos);
      if (!statement.ok()) return out + "error: " + statement.error().message;
      std::unique_ptr<columnar::RowWriter> writer;
      std::string rows;
      StatementOutput output;
      output.on_schema = [&](const columnar::SchemaPtr& schema) {
        writer = columnar::RowWriter::Make(columnar::RowFormat::kCsv, &rows);
        return writer->Begin(schema);
      };
      output.on_batch = [&](const columnar::RecordBatch& b) { return writer->Write(b); };
      auto status = session_->Execute(*statement, output);
      if (!status.ok()) return out + "error: " + status.error().message;
      if (writer) {
        EXPECT_OK(writer->Finish());
        out += rows;
      }
      if (!status->empty()) out += "-- " + *status + "\n";
    }
    return out;
  }

  testing::TempDir dir_;
  std::unique_ptr<Session> session_;
};

TEST_F(SessionTest, LiteralsAndArithmetic) {
  EXPECT_EQ(
      Run("SELECT 1 + 2, 7 / 2, 7 div 2, 7 % 3, -7 % 3, 1.50 * 2, 2147483647 + 1, 1 / 0, 5 % 0"),
      "(1 + 2),(7 / 2),(7 DIV 2),(7 % 3),(-7 % 3),(1.50 * 2),(2147483647 + 1),(1 / 0),(5 % 0)\n"
      "3,3.5,3,1,-1,3.00,-2147483648,,\n");
  EXPECT_EQ(Run("SELECT 9223372036854775807 + 1 AS wrapped, 0.1 + 0.2 AS d, 1e0 + 1 AS f"),
            "wrapped,d,f\n-9223372036854775808,0.3,2.0\n");
  EXPECT_EQ(
      Run("SELECT CAST('12' AS INT) AS a, CAST('1.9' AS INT) AS b, CAST('x' AS INT) AS c, "
          "CAST(3.7 AS BIGINT) AS d, CAST(-3.7 AS INT) AS e, CAST('2026-03-05' AS DATE) AS f"),
      "a,b,c,d,e,f\n12,1,,3,-3,2026-03-05\n");
  EXPECT_EQ(Run("SELECT CAST(1.25 AS DECIMAL(3,1)) AS a, CAST(100 AS DECIMAL(2,0)) AS b, "
                "CAST(1.5 AS STRING) AS c, CAST(1e10 AS STRING) AS d, CAST(true AS INT) AS e"),
            "a,b,c,d,e\n1.3,,1.5,1.0E10,1\n");
}

TEST_F(SessionTest, NullSemantics) {
  EXPECT_EQ(
      Run("SELECT NULL = NULL AS a, NULL <=> NULL AS b, 1 <=> NULL AS c, NULL AND false AS d, "
          "NULL OR true AS e, NOT NULL AS f, NULL IS NULL AS g, 1 IN (2, NULL) AS h, 1 IN (1, "
          "NULL) AS i"),
      "a,b,c,d,e,f,g,h,i\n,true,false,false,true,,true,,true\n");
  EXPECT_EQ(Run("SELECT coalesce(NULL, 2, 3) AS a, nullif(1, 1) AS b, nullif(1, 2) AS c, "
                "CASE WHEN NULL THEN 1 ELSE 2 END AS d, CASE 3 WHEN 1 THEN 'one' WHEN 3 THEN "
                "'three' END AS e, "
                "CASE 4 WHEN 1 THEN 'one' END AS f"),
            "a,b,c,d,e,f\n2,,1,2,three,\n");
}

TEST_F(SessionTest, OrderingPutsNullsFirstAscending) {
  const std::string values = "FROM VALUES (3, 'c'), (NULL, 'n'), (1, 'a'), (2, NULL) AS t(k, v)";
  EXPECT_EQ(Run("SELECT k " + values + " ORDER BY k"), "k\n\n1\n2\n3\n");
  EXPECT_EQ(Run("SELECT k " + values + " ORDER BY k DESC"), "k\n3\n2\n1\n\n");
  EXPECT_EQ(Run("SELECT k " + values + " ORDER BY k NULLS LAST"), "k\n1\n2\n3\n\n");
  EXPECT_EQ(Run("SELECT k " + values + " ORDER BY k DESC NULLS FIRST LIMIT 2"), "k\n\n3\n");
  EXPECT_EQ(Run("SELECT v " + values + " ORDER BY k LIMIT 2 OFFSET 1"), "v\na\n\n");
}

TEST_F(SessionTest, TablesAggregatesJoins) {
  EXPECT_EQ(
      Run("CREATE NAMESPACE shop; "
          "CREATE TABLE shop.orders (id bigint NOT NULL, region string, amount decimal(10,2), "
          "ts timestamp, qty int) USING iceberg PARTITIONED BY (days(ts)); "
          "INSERT INTO shop.orders VALUES "
          "(1, 'eu', 10.50, TIMESTAMP '2026-03-01 10:00:00', 1), "
          "(2, 'us', 20.00, TIMESTAMP '2026-03-01 23:30:00', 2), "
          "(3, 'eu', NULL, TIMESTAMP '2026-03-02 01:00:00', 3), "
          "(4, NULL, 5.25, TIMESTAMP '2026-03-03 12:00:00', NULL)"),
      "-- created namespace shop\n-- created table shop.orders\n-- inserted 4 rows into "
      "shop.orders\n");
  EXPECT_EQ(
      Run("SELECT region, count(*), count(amount), sum(amount), avg(amount), min(id), max(ts) "
          "FROM shop.orders GROUP BY region ORDER BY region NULLS LAST"),
      "region,count(1),count(amount),sum(amount),avg(amount),min(id),max(ts)\n"
      "eu,2,1,10.50,10.500000,1,2026-03-02T01:00:00.000000+00:00\n"
      "us,1,1,20.00,20.000000,2,2026-03-01T23:30:00.000000+00:00\n"
      ",1,1,5.25,5.250000,4,2026-03-03T12:00:00.000000+00:00\n");
  EXPECT_EQ(Run("SELECT to_date(ts) AS d, count(*) AS n, sum(qty) FROM shop.orders GROUP BY 1 "
                "HAVING count(*) > 0 "
                "ORDER BY d DESC"),
            "d,n,sum(qty)\n2026-03-03,1,\n2026-03-02,1,3\n2026-03-01,2,3\n");
  EXPECT_EQ(
      Run("SELECT count(DISTINCT region) AS regions, count(*) FROM shop.orders WHERE amount > 6"),
      "regions,count(1)\n2,2\n");
  EXPECT_EQ(Run("SELECT sum(qty) FROM shop.orders WHERE id > 100"), "sum(qty)\n\n");
  EXPECT_EQ(Run("SELECT DISTINCT region FROM shop.orders ORDER BY region"), "region\n\neu\nus\n");
  EXPECT_EQ(
      Run("WITH r AS (SELECT 'eu' AS code, 'Europe' AS name UNION ALL SELECT 'us', 'United "
          "States') "
          "SELECT o.id, r.name FROM shop.orders o LEFT JOIN r ON o.region = r.code ORDER BY o.id"),
      "id,name\n1,Europe\n2,United States\n3,Europe\n4,\n");
  EXPECT_EQ(Run("SELECT o.id, r.name FROM shop.orders AS o JOIN (VALUES ('eu', 'Europe')) AS "
                "r(code, name) "
                "ON o.region = r.code AND o.id > 1"),
            "id,name\n3,Europe\n");
  EXPECT_EQ(Run("SELECT region FROM shop.orders GROUP BY region HAVING sum(qty) >= 3 ORDER BY 1"),
            "region\neu\n");
  // Errors name the place.
  EXPECT_EQ(
      Run("SELECT id, count(*) FROM shop.orders"),
      "error: line 1, column 8: column id is neither in GROUP BY nor inside an aggregate function");
  EXPECT_EQ(Run("SELECT regoin FROM shop.orders"),
            "error: line 1, column 8: no column regoin (columns: orders.id, orders.region, "
            "orders.amount, orders.ts, "
            "orders.qty)");
  EXPECT_EQ(
      Run("INSERT INTO shop.orders VALUES ('x', 'eu', 1.0, TIMESTAMP '2026-03-01 00:00:00', 1)"),
      "error: line 1, column 1: INSERT INTO shop.orders: cannot write string into column id "
      "(bigint)");
  EXPECT_EQ(Run("INSERT INTO shop.orders (region) VALUES ('eu')"),
            "error: line 1, column 1: INSERT INTO shop.orders: required column id has no value");
}

TEST_F(SessionTest, PushdownPrunesFiles) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, day date) PARTITIONED BY (day); "
      "INSERT INTO s.t VALUES (1, DATE '2026-03-01'), (2, DATE '2026-03-02'), (3, DATE "
      "'2026-03-03')");
  std::string plan =
      Run("EXPLAIN SELECT id FROM s.t WHERE day >= DATE '2026-03-02' AND id + 1 > 2");
  EXPECT_NE(plan.find("filter: (day >= DATE '2026-03-02')"), std::string::npos) << plan;
  EXPECT_NE(plan.find("Filter ((id + 1) > 2)"), std::string::npos) << plan;
  EXPECT_NE(plan.find("data files:        2 planned of 3 (1 skipped"), std::string::npos) << plan;
  EXPECT_EQ(Run("SELECT id FROM s.t WHERE day >= DATE '2026-03-02' AND id + 1 > 2 ORDER BY id"),
            "id\n2\n3\n");
  EXPECT_EQ(Run("SELECT id FROM s.t WHERE day >= '2026-03-03' OR id = 1 ORDER BY id"),
            "id\n1\n3\n");
}

TEST_F(SessionTest, TimeTravelSchemaEvolutionAndMetadataTables) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, name string); INSERT INTO s.t VALUES (1, "
      "'a')");
  std::string first = Run("SELECT snapshot_id FROM s.t.snapshots");
  first = first.substr(first.find('\n') + 1);
  first.pop_back();
  Run("INSERT INTO s.t VALUES (2, 'b'); ALTER TABLE s.t RENAME COLUMN name TO label; "
      "ALTER TABLE s.t ADD COLUMN score double; ALTER TABLE s.t ALTER COLUMN id TYPE bigint");
  EXPECT_EQ(Run("SELECT * FROM s.t ORDER BY id"), "id,label,score\n1,a,\n2,b,\n");
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF " + first), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.t.snapshots"), "count(1)\n2\n");
  EXPECT_EQ(
      Run("SELECT operation, summary['added-records'] FROM s.t.snapshots ORDER BY committed_at"),
      "operation,summary[added-records]\nappend,1\nappend,1\n");
  EXPECT_EQ(Run("SELECT count(*), sum(record_count) FROM s.t.files"),
            "count(1),sum(record_count)\n2,2\n");
  EXPECT_EQ(Run("DESCRIBE s.t"),
            "col_name,data_type,comment\nid,bigint,\nlabel,string,\nscore,double,\n");
  EXPECT_EQ(Run("ALTER TABLE s.t ALTER COLUMN id TYPE int"),
            "error: line 1, column 1: cannot change column \"id\" from long to int: not a "
            "promotion Iceberg allows");
}

TEST_F(SessionTest, FunctionsAndTimeZone) {
  EXPECT_EQ(
      Run("SELECT lower('AbC'), upper('x'), length('héllo'), substr('hello', 2, 3), "
          "substr('hello', -3), "
          "concat('a', 'b', 'c'), 'a' || NULL, trim('  x  '), 'abc' LIKE 'a%', 'abc' LIKE '_b_', "
          "'a_c' LIKE 'a\\\\_c' ESCAPE '\\\\'"),
      "lower(AbC),upper(x),length(héllo),\"substr(hello, 2, 3)\",\"substr(hello, -3)\","
      "\"concat(a, b, c)\",(a || NULL),trim(  x  ),('abc' LIKE 'a%'),('abc' LIKE '_b_'),"
      "('a_c' LIKE 'a\\\\_c' ESCAPE '\\\\')\n"
      "abc,X,5,ell,llo,abc,,x,true,true,true\n");
  EXPECT_EQ(Run("SELECT year(DATE '2026-03-05'), month(DATE '2026-03-05'), day(DATE '2026-03-05'), "
                "date_add(DATE '2026-02-28', 1), datediff(DATE '2026-03-05', DATE '2026-03-01'), "
                "date_trunc('month', TIMESTAMP '2026-03-05 10:11:12'), current_date(), abs(-3), "
                "round(2.345, 2), "
                "floor(-1.5), ceil(1.2)"),
            "year(DATE '2026-03-05'),month(DATE '2026-03-05'),day(DATE "
            "'2026-03-05'),\"date_add(DATE '2026-02-28', 1)\","
            "\"datediff(DATE '2026-03-05', DATE '2026-03-01')\",\"date_trunc(month, TIMESTAMP "
            "'2026-03-05 10:11:12')\","
            "current_date(),"
            "abs(-3),\"round(2.345, 2)\",floor(-1.5),ceil(1.2)\n"
            "2026,3,5,2026-03-01,4,2026-03-01T00:00:00.000000+00:00,2026-03-05,3,2.35,-2,2\n");
  // The session zone cuts dates and hours, and reads zone-less timestamp text.
  EXPECT_EQ(
      Run("SET TIME ZONE 'Asia/Seoul'; SELECT hour(TIMESTAMP '2026-03-05 23:30:00+00:00') AS h, "
          "to_date(TIMESTAMP '2026-03-05 23:30:00+00:00') AS d, "
          "CAST(TIMESTAMP '2026-03-06 08:30:00' AS STRING) AS s"),
      "-- time zone Asia/Seoul\nh,d,s\n8,2026-03-06,2026-03-06 08:30:00\n");
}

}  // namespace
}  // namespace floe::sql
