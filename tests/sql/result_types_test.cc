// Golden tests of every type in query results, in the three output formats of `floe sql`
// (table, csv, json; docs/cli.md "Output"): nested values (struct, list, map), binary, time,
// timestamp_ntz, timestamptz in a non-UTC session zone (table and CSV show local time with the
// offset, JSON stays UTC), and decimals (Spark's precision and scale rules).
#include "floe/catalog/catalog_table_operations.h"
#include "floe/spec/schema_text.h"
#include "floe/update/append_files.h"
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class ResultTypesTest : public SqlScriptTest {};

TEST_F(ResultTypesTest, NestedValuesInEveryFormat) {
  const std::string query =
      "SELECT 1 AS id, array('a', NULL) AS l, map('k', 1) AS m, array(array(1), array()) AS ll";
  EXPECT_EQ(Run(query),
            "id,l,m,ll\n1,\"[\"\"a\"\",null]\",\"[{\"\"key\"\":\"\"k\"\",\"\"value\"\":1}]\",\"[[1]"
            ",[]]\"\n");
  EXPECT_EQ(Run(query, RowFormat::kTable),
            "id | l          | m                       | ll\n"
            "---+------------+-------------------------+---------\n"
            " 1 | [\"a\",null] | [{\"key\":\"k\",\"value\":1}] | [[1],[]]\n"
            "(1 row)\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"id\":1,\"l\":[\"a\",null],\"m\":[{\"key\":\"k\",\"value\":1}],\"ll\":[[1],[]]}\n");
}

TEST_F(ResultTypesTest, StructsFromTables) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.p (id int, region string) PARTITIONED BY (region); "
      "INSERT INTO s.p VALUES (1, 'eu')");
  const std::string query = "SELECT partition, partition.region AS r, record_count FROM s.p.files";
  EXPECT_EQ(Run(query), "partition,r,record_count\n\"{\"\"region\"\":\"\"eu\"\"}\",eu,1\n");
  EXPECT_EQ(Run(query, RowFormat::kTable),
            "partition       | r  | record_count\n"
            "----------------+----+-------------\n"
            "{\"region\":\"eu\"} | eu |            1\n"
            "(1 row)\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"partition\":{\"region\":\"eu\"},\"r\":\"eu\",\"record_count\":1}\n");
  const std::string summaries = "SELECT partition_summaries FROM s.p.manifests";
  EXPECT_EQ(Run(summaries),
            "partition_summaries\n\"[{\"\"contains_null\"\":false,\"\"contains_nan\"\":false,"
            "\"\"lower_bound\"\":\"\"eu\"\",\"\"upper_bound\"\":\"\"eu\"\"}]\"\n");
  EXPECT_EQ(Run(summaries, RowFormat::kJson),
            "{\"partition_summaries\":[{\"contains_null\":false,\"contains_nan\":false,\"lower_"
            "bound\":\"eu\","
            "\"upper_bound\":\"eu\"}]}\n");
}

TEST_F(ResultTypesTest, BinaryAndTime) {
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.x (b binary, t time); "
                "INSERT INTO s.x VALUES (X'00ff41', CAST('10:11:12.5' AS TIME))"),
            "-- created namespace s\n-- created table s.x\n-- inserted 1 rows into s.x\n");
  EXPECT_EQ(Run("SELECT * FROM s.x"), "b,t\n00ff41,10:11:12.500000\n");
  EXPECT_EQ(Run("SELECT * FROM s.x", RowFormat::kJson),
            "{\"b\":\"00ff41\",\"t\":\"10:11:12.500000\"}\n");
  EXPECT_EQ(Run("SELECT CAST('ab' AS BINARY) AS c, length(X'0102') AS n"), "c,n\n6162,2\n");
}

TEST_F(ResultTypesTest, TimestampsInASessionZone) {
  const std::string query =
      "SELECT TIMESTAMP '2026-03-08 12:00:00+00:00' AS tz, TIMESTAMP_NTZ '2026-03-08 12:00:00' AS "
      "ntz, "
      "TIMESTAMP '2026-03-07 12:00:00' AS local";
  // 2026-03-08 is the first day of daylight saving time in New York (UTC-4 from 07:00 UTC).
  EXPECT_EQ(Run("SET TIME ZONE 'America/New_York'; " + query),
            "-- time zone America/New_York\ntz,ntz,local\n"
            "2026-03-08T08:00:00.000000-04:00,2026-03-08T12:00:00.000000,2026-03-07T12:00:00."
            "000000-05:00\n");
  EXPECT_EQ(Run(query, RowFormat::kTable),
            "tz                               | ntz                        | local\n"
            "---------------------------------+----------------------------+-----------------------"
            "----------\n"
            "2026-03-08T08:00:00.000000-04:00 | 2026-03-08T12:00:00.000000 | "
            "2026-03-07T12:00:00.000000-05:00\n"
            "(1 row)\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"tz\":\"2026-03-08T12:00:00.000000+00:00\",\"ntz\":\"2026-03-08T12:00:00.000000\","
            "\"local\":\"2026-03-07T17:00:00.000000+00:00\"}\n");
  EXPECT_EQ(
      Run("SELECT CAST(TIMESTAMP '2026-03-08 12:00:00+00:00' AS STRING) AS s, "
          "CAST(TIMESTAMP '2026-03-08 12:00:00+00:00' AS TIMESTAMP_NTZ) AS n, "
          "CAST(TIMESTAMP_NTZ '2026-03-08 12:00:00' AS TIMESTAMP) AS z"),
      "s,n,z\n2026-03-08 08:00:00,2026-03-08T08:00:00.000000,2026-03-08T12:00:00.000000-04:00\n");
}

TEST_F(ResultTypesTest, Decimals) {
  EXPECT_EQ(Run("SELECT CAST(-0.05 AS DECIMAL(5,2)) AS a, 1.10 * 2.005 AS c, "
                "CAST(12345678901234567890.123 AS DECIMAL(38,3)) AS d, 0.1 + 0.25 AS e, CAST(1 AS "
                "DECIMAL(38,37)) AS f"),
            "a,c,d,e,f\n-0.05,2.20550,12345678901234567890.123,0.35,1."
            "0000000000000000000000000000000000000\n");
  Run("CREATE NAMESPACE s; CREATE TABLE s.d (v decimal(38,2)); "
      "INSERT INTO s.d VALUES (CAST('999999999999999999999999999999999999.99' AS DECIMAL(38,2))), "
      "(1.00)");
  // The sum needs 39 digits: NULL (non-ANSI overflow), and so the average.
  EXPECT_EQ(Run("SELECT sum(v), avg(v), min(v), max(v) FROM s.d"),
            "sum(v),avg(v),min(v),max(v)\n,,1.00,999999999999999999999999999999999999.99\n");
  EXPECT_EQ(Run("SELECT v FROM s.d ORDER BY v", RowFormat::kJson),
            "{\"v\":\"1.00\"}\n{\"v\":\"999999999999999999999999999999999999.99\"}\n");
}

// v3 nanosecond timestamps: SQL has no type name for them (as in Spark), so the table is made
// and its rows written through the library, then read with SQL.
TEST_F(ResultTypesTest, NanosecondTimestampsOfV3Tables) {
  ASSERT_EQ(Run("CREATE NAMESPACE s"), "-- created namespace s\n");
  auto cat = catalog::OpenCatalog(config_);
  ASSERT_OK(cat);
  catalog::CreateTableOptions create;
  auto schema = spec::ParseSchemaText("id int, tz timestamptz_ns, ntz timestamp_ntz_ns");
  ASSERT_OK(schema);
  create.table.schema = *schema;
  create.table.format_version = 3;
  catalog::TableIdentifier id{{"s"}, "ns"};
  ASSERT_OK((*cat)->CreateTable(id, create));
  // 2026-03-05T10:00:00.123456789Z, and the same wall-clock time without a zone.
  const int64_t nanos = int64_t{1772704800} * 1000000000 + 123456789;
  auto columns = std::make_shared<const columnar::Schema>(
      std::vector<columnar::Field>{{"id", columnar::Int32()},
                                   {"tz", columnar::Timestamp(columnar::TimeUnit::kNano, "UTC")},
                                   {"ntz", columnar::Timestamp(columnar::TimeUnit::kNano)}});
  columnar::Int32Builder ids(columnar::Int32());
  columnar::Int64Builder tz(columnar::Timestamp(columnar::TimeUnit::kNano, "UTC"));
  columnar::Int64Builder ntz(columnar::Timestamp(columnar::TimeUnit::kNano));
  ASSERT_TRUE(ids.Append(1).ok() && tz.Append(nanos).ok() && ntz.Append(nanos).ok());
  ASSERT_TRUE(ids.Append(2).ok() && tz.AppendNull().ok() && ntz.Append(nanos + 1).ok());
  auto batch =
      columnar::RecordBatch::Make(columns, 2, {*ids.Finish(), *tz.Finish(), *ntz.Finish()});
  ASSERT_OK(batch);
  catalog::CatalogTableOperations ops(**cat, id);
  auto appended = update::AppendBatches(
      ops, *columns, [&](const update::BatchWriter& write) { return write(*batch); });
  ASSERT_OK(appended);

  EXPECT_EQ(Run("SELECT * FROM s.ns ORDER BY id"),
            "id,tz,ntz\n1,2026-03-05T10:00:00.123456789+00:00,2026-03-05T10:00:00.123456789\n"
            "2,,2026-03-05T10:00:00.123456790\n");
  EXPECT_EQ(Run("SELECT * FROM s.ns ORDER BY id", RowFormat::kJson),
            "{\"id\":1,\"tz\":\"2026-03-05T10:00:00.123456789+00:00\",\"ntz\":\"2026-03-05T10:00:"
            "00.123456789\"}\n"
            "{\"id\":2,\"tz\":null,\"ntz\":\"2026-03-05T10:00:00.123456790\"}\n");
  EXPECT_EQ(
      Run("SELECT id FROM s.ns WHERE ntz > TIMESTAMP_NTZ '2026-03-05 10:00:00.123456' ORDER BY id"),
      "id\n1\n2\n");
  EXPECT_EQ(Run("SELECT hour(tz) AS h, to_date(ntz) AS d, max(ntz) AS m FROM s.ns GROUP BY 1, 2 "
                "ORDER BY 1 NULLS LAST"),
            "h,d,m\n10,2026-03-05,2026-03-05T10:00:00.123456789\n,2026-03-05,2026-03-05T10:00:00."
            "123456790\n");
  EXPECT_EQ(Run("SET TIME ZONE 'Asia/Seoul'; SELECT tz FROM s.ns WHERE id = 1"),
            "-- time zone Asia/Seoul\ntz\n2026-03-05T19:00:00.123456789+09:00\n");
}

}  // namespace
}  // namespace floe::sql
