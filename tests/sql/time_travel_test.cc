// Golden tests of time travel in all of Spark's forms: VERSION AS OF <snapshot id | 'id' |
// branch or tag name>, TIMESTAMP AS OF '<timestamp>' or epoch seconds, FOR SYSTEM_VERSION /
// FOR SYSTEM_TIME AS OF, and `t.branch_<name>` / `t.tag_<name>`; each reads the snapshot's rows
// with the snapshot's schema.
#include <chrono>
#include <thread>

#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class TimeTravelTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, name string); INSERT INTO s.t "
                  "VALUES (1, 'a')"),
              "-- created namespace s\n-- created table s.t\n-- inserted 1 rows into s.t\n");
    first_id_ = Line(Rows("SELECT snapshot_id FROM s.t.snapshots"));
    first_time_ = Line(Rows("SELECT CAST(committed_at AS STRING) FROM s.t.snapshots"));
    // The second commit a few milliseconds later: TIMESTAMP AS OF the first one's time must not see
    // it.
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(Run("INSERT INTO s.t VALUES (2, 'b'); ALTER TABLE s.t RENAME COLUMN name TO label"),
              "-- inserted 1 rows into s.t\n-- renamed column name to label in s.t\n");
  }

  static std::string Line(std::string rows) {
    if (!rows.empty() && rows.back() == '\n') rows.pop_back();
    return rows;
  }

  std::string first_id_, first_time_;
};

TEST_F(TimeTravelTest, VersionAsOf) {
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF " + first_id_), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF '" + first_id_ + "'"), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT * FROM s.t FOR SYSTEM_VERSION AS OF " + first_id_), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF 'main' ORDER BY id"), "id,label\n1,a\n2,b\n");
  EXPECT_EQ(Run("SELECT id FROM s.t.branch_main ORDER BY id"), "id\n1\n2\n");
  EXPECT_EQ(Run("SELECT t1.id, t2.label FROM s.t VERSION AS OF " + first_id_ +
                " AS t1 JOIN s.t AS t2 ON t1.id = t2.id"),
            "id,label\n1,a\n");
}

TEST_F(TimeTravelTest, TimestampAsOf) {
  EXPECT_EQ(Run("SELECT * FROM s.t TIMESTAMP AS OF '" + first_time_ + "'"), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT * FROM s.t FOR SYSTEM_TIME AS OF '" + first_time_ + "'"), "id,name\n1,a\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.t TIMESTAMP AS OF 4102444800"),
            "count(1)\n2\n");  // 2100-01-01
  EXPECT_EQ(Run("SELECT count(*) FROM s.t FOR SYSTEM_TIME AS OF TIMESTAMP '2100-01-01 00:00:00'"),
            "count(1)\n2\n");
}

TEST_F(TimeTravelTest, Errors) {
  const std::string before = "error: line 1, column 15: no snapshot was current at ";
  EXPECT_EQ(Run("SELECT * FROM s.t TIMESTAMP AS OF 0").substr(0, before.size()), before);
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF 'nope'"),
            "error: line 1, column 15: no branch or tag named \"nope\"");
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF 12345"),
            "error: line 1, column 15: snapshot 12345 does not exist in this table");
  EXPECT_EQ(Run("SELECT * FROM s.t.tag_nope"),
            "error: line 1, column 15: no branch or tag named \"nope\"");
  EXPECT_EQ(Run("SELECT * FROM s.t TIMESTAMP AS OF 'yesterday'"),
            "error: line 1, column 19: TIMESTAMP AS OF: 'yesterday' is not a timestamp");
  // A snapshot id past 64 bits is an error, not an abort (issue #24).
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF '99999999999999999999'"),
            "error: line 1, column 19: VERSION AS OF '99999999999999999999': not a snapshot id "
            "(snapshot ids are 64-bit integers)");
  EXPECT_EQ(Run("SELECT * FROM s.t VERSION AS OF NULL"),
            "error: line 1, column 33: expected a snapshot id or a 'branch or tag name' after "
            "VERSION AS OF, found \"NULL\"");
}

}  // namespace
}  // namespace floe::sql
