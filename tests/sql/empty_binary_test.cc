// Golden tests of empty values against NULL in CSV output: an empty string and an empty binary
// value print as `""`, a NULL as an empty field (floe's CSV convention, docs/design-notes.md
// "CSV", after PostgreSQL's; Spark's CSV writer also writes an empty string as `""` and a null as
// nothing, and has no binary type). Table output shows NULL, JSON null.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class EmptyBinaryTest : public SqlScriptTest {};

TEST_F(EmptyBinaryTest, EmptyIsNotNull) {
  const std::string query =
      "SELECT X'' AS e, CAST(NULL AS BINARY) AS n, X'00' AS z, '' AS s, CAST(NULL AS STRING) AS ns";
  EXPECT_EQ(Run(query), "e,n,z,s,ns\n\"\",,00,\"\",\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"e\":\"\",\"n\":null,\"z\":\"00\",\"s\":\"\",\"ns\":null}\n");
  EXPECT_EQ(Run(query, RowFormat::kTable),
            "e | n    | z  | s | ns\n"
            "--+------+----+---+-----\n"
            "  | NULL | 00 |   | NULL\n"
            "(1 row)\n");
}

TEST_F(EmptyBinaryTest, FromATable) {
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.b (id int, b binary); "
                "INSERT INTO s.b VALUES (1, X''), (2, NULL), (3, X'41')"),
            "-- created namespace s\n-- created table s.b\n-- inserted 3 rows into s.b\n");
  EXPECT_EQ(Run("SELECT id, b, length(b) AS n FROM s.b ORDER BY id"),
            "id,b,n\n1,\"\",0\n2,,\n3,41,1\n");
  EXPECT_EQ(Rows("SELECT id FROM s.b WHERE b = X'' ORDER BY id"), "1\n");
}

}  // namespace
}  // namespace floe::sql
