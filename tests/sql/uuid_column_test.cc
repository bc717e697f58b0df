// Golden tests of Iceberg uuid columns in SQL. Spark has no uuid type: with Iceberg's Spark
// integration a uuid column appears as a string (SparkSchemaUtil maps uuid to StringType) and
// strings are written into it. floe does the same: CREATE TABLE … (u UUID) makes an Iceberg uuid
// column, INSERT writes canonical UUID text into it (other text is an error), queries read it as
// its canonical lowercase text and compare it as a string; equality with canonical UUID text is
// pushed into the table scan.
#include "floe/catalog/catalog.h"
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class UuidColumnTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.u (id int, u uuid); "
                  "INSERT INTO s.u VALUES (1, 'f79c3e09-677c-4bbd-a479-3f349cb785e7'), (2, NULL), "
                  "(3, '00000000-0000-0000-0000-000000000001')"),
              "-- created namespace s\n-- created table s.u\n-- inserted 3 rows into s.u\n");
  }
};

TEST_F(UuidColumnTest, TheTableHasAnIcebergUuidColumn) {
  auto cat = catalog::OpenCatalog(config_);
  ASSERT_OK(cat);
  auto table = (*cat)->LoadTable(catalog::TableIdentifier{{"s"}, "u"});
  ASSERT_OK(table);
  const spec::Schema* schema = table->metadata.CurrentSchema();
  ASSERT_NE(schema, nullptr);
  ASSERT_EQ(schema->fields.size(), 2u);
  EXPECT_EQ(schema->fields[1].type->id(), spec::TypeId::kUuid);
  EXPECT_EQ(Run("DESCRIBE s.u"), "col_name,data_type,comment\nid,int,\nu,string,\n");
  EXPECT_NE(Run("SHOW CREATE TABLE s.u").find("CREATE TABLE s.u (\n  id int,\n  u string)\n"),
            std::string::npos);
  // ADD COLUMNS makes a uuid column too.
  EXPECT_EQ(Run("ALTER TABLE s.u ADD COLUMNS (v uuid); INSERT INTO s.u VALUES (4, NULL, "
                "'11111111-2222-3333-4444-555555555555'); "
                "SELECT v FROM s.u WHERE id = 4"),
            "-- added columns to s.u\n-- inserted 1 rows into "
            "s.u\nv\n11111111-2222-3333-4444-555555555555\n");
  table = (*cat)->LoadTable(catalog::TableIdentifier{{"s"}, "u"});
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.CurrentSchema()->fields.at(2).type->id(), spec::TypeId::kUuid);
}

TEST_F(UuidColumnTest, ReadBackAsText) {
  EXPECT_EQ(
      Run("SELECT * FROM s.u ORDER BY id"),
      "id,u\n1,f79c3e09-677c-4bbd-a479-3f349cb785e7\n2,\n3,00000000-0000-0000-0000-000000000001\n");
  EXPECT_EQ(Run("SELECT u FROM s.u WHERE id = 1", RowFormat::kJson),
            "{\"u\":\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"}\n");
  EXPECT_EQ(Rows("SELECT upper(u), length(u), substr(u, 1, 8) FROM s.u WHERE id = 1"),
            "F79C3E09-677C-4BBD-A479-3F349CB785E7,36,f79c3e09\n");
}

TEST_F(UuidColumnTest, FiltersCompareText) {
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7'"), "1\n");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u != 'f79c3e09-677c-4bbd-a479-3f349cb785e7'"), "3\n");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u IN ('00000000-0000-0000-0000-000000000001', 'x') "
                 "ORDER BY id"),
            "3\n");
  // Strings, as in Spark: upper case text is another string, and order is text order.
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u = 'F79C3E09-677C-4BBD-A479-3F349CB785E7'"), "");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u > '1' ORDER BY id"), "1\n");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u LIKE 'f79c%'"), "1\n");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u IS NULL"), "2\n");
  // Canonical equality reaches the scan, which skips the other file by the uuid bounds; other
  // text stays above the scan (an upper-case UUID is not equal as a string).
  Run("INSERT INTO s.u VALUES (5, '22222222-2222-2222-2222-222222222222')");
  std::string plan =
      Run("EXPLAIN SELECT id FROM s.u WHERE u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7'");
  EXPECT_NE(plan.find("TableScan s.u filter: (u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7')"),
            std::string::npos)
      << plan;
  EXPECT_NE(
      plan.find("data files:        1 planned of 2 (1 skipped by partition values and metrics"),
      std::string::npos)
      << plan;
  plan = Run(
      "EXPLAIN SELECT id FROM s.u WHERE u = 'F79C3E09-677C-4BBD-A479-3F349CB785E7' AND u > '1'");
  EXPECT_EQ(plan.find("filter: (u"), std::string::npos) << plan;
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7'"), "1\n");
}

TEST_F(UuidColumnTest, InsertRefusesOtherText) {
  EXPECT_EQ(Run("INSERT INTO s.u VALUES (4, 'not-a-uuid')"),
            "error: line 1, column 1: INSERT INTO s.u: column u: 'not-a-uuid' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
  // A uuid read from a table is its text: it copies back.
  EXPECT_EQ(Run("INSERT INTO s.u SELECT id + 10, u FROM s.u WHERE id = 1"),
            "-- inserted 1 rows into s.u\n");
  EXPECT_EQ(Rows("SELECT id FROM s.u WHERE u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7' ORDER BY id"),
            "1\n11\n");
}

}  // namespace
}  // namespace floe::sql
