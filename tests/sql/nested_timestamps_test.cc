// Golden tests of timestamptz values nested in lists, maps and structs: table and CSV output show
// them in the session time zone, as top-level ones (Spark shows every timestamp in the session
// zone, spark.sql.session.timeZone), while JSON output stays UTC (docs/cli.md "Output").
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class NestedTimestampsTest : public SqlScriptTest {};

TEST_F(NestedTimestampsTest, ListsAndMapsInASessionZone) {
  const std::string query =
      "SELECT array(TIMESTAMP '2026-03-05 10:00:00+00:00', NULL) AS l, "
      "map('k', TIMESTAMP '2026-03-05 23:30:00+00:00') AS m, map(TIMESTAMP '2026-03-05 "
      "10:00:00+00:00', 1) AS mk, "
      "array(array(TIMESTAMP '2026-03-05 10:00:00+00:00')) AS ll, array(TIMESTAMP_NTZ '2026-03-05 "
      "10:00:00') AS ntz";
  EXPECT_EQ(Run("SET TIME ZONE 'Asia/Seoul'; " + query),
            "-- time zone Asia/Seoul\nl,m,mk,ll,ntz\n"
            "\"[\"\"2026-03-05T19:00:00.000000+09:00\"\",null]\","
            "\"[{\"\"key\"\":\"\"k\"\",\"\"value\"\":\"\"2026-03-06T08:30:00.000000+09:00\"\"}]\","
            "\"[{\"\"key\"\":\"\"2026-03-05T19:00:00.000000+09:00\"\",\"\"value\"\":1}]\","
            "\"[[\"\"2026-03-05T19:00:00.000000+09:00\"\"]]\","
            "\"[\"\"2026-03-05T10:00:00.000000\"\"]\"\n");
  EXPECT_EQ(
      Run("SELECT l FROM (" + query + ")", RowFormat::kTable),
      "l\n" + std::string(41, '-') + "\n[\"2026-03-05T19:00:00.000000+09:00\",null]\n(1 row)\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"l\":[\"2026-03-05T10:00:00.000000+00:00\",null],"
            "\"m\":[{\"key\":\"k\",\"value\":\"2026-03-05T23:30:00.000000+00:00\"}],"
            "\"mk\":[{\"key\":\"2026-03-05T10:00:00.000000+00:00\",\"value\":1}],"
            "\"ll\":[[\"2026-03-05T10:00:00.000000+00:00\"]],\"ntz\":[\"2026-03-05T10:00:00."
            "000000\"]}\n");
  // In UTC nothing changes.
  EXPECT_EQ(Run("SET TIME ZONE 'UTC'; SELECT array(TIMESTAMP '2026-03-05 10:00:00+00:00') AS l"),
            "-- time zone UTC\nl\n\"[\"\"2026-03-05T10:00:00.000000+00:00\"\"]\"\n");
}

// A struct with a timestamptz field: the partition tuple of a table partitioned by identity(ts),
// with a NULL, in a zone with daylight saving time.
TEST_F(NestedTimestampsTest, StructsFromTables) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.p (id int, ts timestamp) PARTITIONED BY (ts); "
      "INSERT INTO s.p VALUES (1, TIMESTAMP '2026-03-08 12:00:00+00:00'), (2, TIMESTAMP "
      "'2026-03-07 12:00:00+00:00'), "
      "(3, NULL)");
  const std::string query =
      "SELECT partition, record_count FROM s.p.files ORDER BY partition.ts NULLS FIRST";
  EXPECT_EQ(Run("SET TIME ZONE 'America/New_York'; " + query),
            "-- time zone America/New_York\npartition,record_count\n"
            "\"{\"\"ts\"\":null}\",1\n"
            "\"{\"\"ts\"\":\"\"2026-03-07T07:00:00.000000-05:00\"\"}\",1\n"
            "\"{\"\"ts\"\":\"\"2026-03-08T08:00:00.000000-04:00\"\"}\",1\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"partition\":{\"ts\":null},\"record_count\":1}\n"
            "{\"partition\":{\"ts\":\"2026-03-07T12:00:00.000000+00:00\"},\"record_count\":1}\n"
            "{\"partition\":{\"ts\":\"2026-03-08T12:00:00.000000+00:00\"},\"record_count\":1}\n");
  // A struct selected from a subquery with a filter on it (a sliced struct array).
  EXPECT_EQ(Run("SELECT partition FROM s.p.files WHERE partition.ts > TIMESTAMP '2026-03-08 "
                "00:00:00+00:00'",
                RowFormat::kTable),
            "partition\n" + std::string(41, '-') +
                "\n{\"ts\":\"2026-03-08T08:00:00.000000-04:00\"}\n(1 row)\n");
}

}  // namespace
}  // namespace floe::sql
