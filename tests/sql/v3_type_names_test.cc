// The v3 type names in floe SQL: CREATE TABLE and ALTER TABLE ADD COLUMNS with TIMESTAMP_NS,
// TIMESTAMPTZ_NS, GEOMETRY('crs') and GEOGRAPHY('crs', 'algorithm') make the Iceberg types (CRS
// and algorithm kept), INSERT writes them, CAST reaches nanoseconds, and comparisons and
// ordering work at the nanosecond.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class V3TypeNamesTest : public SqlScriptTest {};

TEST_F(V3TypeNamesTest, CreateInsertCastAndCompare) {
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, n TIMESTAMP_NS, z TIMESTAMPTZ_NS, "
                "g GEOMETRY('srid:4326'), h GEOGRAPHY('OGC:CRS84', 'Karney'), p GEOMETRY) "
                "TBLPROPERTIES ('format-version' = '3')"),
            "-- created namespace s\n-- created table s.t\n");
  EXPECT_EQ(Run("DESCRIBE s.t"),
            "col_name,data_type,comment\nid,int,\nn,timestamp_ntz(ns),\nz,timestamp(ns),\n"
            "g,geometry(srid:4326),\nh,\"geography(OGC:CRS84, karney)\",\np,geometry,\n");
  EXPECT_EQ(Run("INSERT INTO s.t VALUES (1, CAST('2026-03-05 10:00:00.123456789' AS "
                "TIMESTAMP_NS), CAST('2026-03-05 10:00:00.000000001+00:00' AS TIMESTAMPTZ_NS), "
                "X'0101', NULL, X'02'), (2, CAST('2026-03-05 10:00:00.12345679' AS "
                "TIMESTAMP_NTZ_NS), NULL, NULL, X'03', NULL)"),
            "-- inserted 2 rows into s.t\n");
  EXPECT_EQ(Run("SELECT * FROM s.t ORDER BY n DESC", columnar::RowFormat::kJson),
            "{\"id\":2,\"n\":\"2026-03-05T10:00:00.123456790\",\"z\":null,\"g\":null,\"h\":\"03\","
            "\"p\":null}\n"
            "{\"id\":1,\"n\":\"2026-03-05T10:00:00.123456789\",\"z\":\"2026-03-05T10:00:00."
            "000000001+00:00\",\"g\":\"0101\",\"h\":null,\"p\":\"02\"}\n");
  EXPECT_EQ(Run("SELECT id FROM s.t WHERE n > CAST('2026-03-05 10:00:00.123456789' AS "
                "TIMESTAMP_NS)"),
            "id\n2\n");
  EXPECT_EQ(Run("SELECT count(*) AS c FROM s.t WHERE n = '2026-03-05 10:00:00.123456789'"),
            "c\n1\n");
  EXPECT_EQ(Run("ALTER TABLE s.t ADD COLUMNS (q GEOGRAPHY('srid:4269'), r TIMESTAMP_LTZ_NS); "
                "DESCRIBE s.t"),
            "-- added columns to s.t\ncol_name,data_type,comment\nid,int,\nn,timestamp_ntz(ns),\n"
            "z,timestamp(ns),\ng,geometry(srid:4326),\nh,\"geography(OGC:CRS84, karney)\",\n"
            "p,geometry,\nq,geography(srid:4269),\nr,timestamp(ns),\n");
  EXPECT_EQ(Run("CREATE TABLE s.bad (g GEOMETRY(4326))"),
            "error: line 1, column 32: expected the CRS of GEOMETRY('crs'), found the number 4326");
}

}  // namespace
}  // namespace floe::sql
