// --filter with variant_get / try_variant_get terms (#23): floe count and scan keep the rows SQL's
// WHERE keeps and the rows worked out by hand, over a table of several files, and a value that
// does not cast is an error naming the term (path) and the value.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

class VariantFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(Floe("create namespace db").exit_code, 0);
    ASSERT_EQ(Floe("create table db.t --format-version 3 --schema 'id long, v variant'").exit_code,
              0);
    // Three inserts: three data files.
    for (const char* rows : {"(1, parse_json('{\"a\": 1}')), (2, parse_json('{\"a\": 5}'))",
                             "(3, parse_json('{\"a\": 7, \"b\": \"x\"}')), "
                             "(4, parse_json('{\"b\": 2}')), (5, NULL)",
                             "(6, parse_json('{\"a\": \"zz\", \"b\": \"x\"}'))"}) {
      CommandResult r = Floe("sql " + ShellQuote(std::string("INSERT INTO db.t VALUES ") + rows));
      ASSERT_EQ(r.exit_code, 0) << r.err;
    }
  }
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  // The ids --filter keeps (scan), checked against floe count and SQL's WHERE.
  std::string Ids(const std::string& filter) {
    CommandResult scan = Floe("scan db.t --columns id --format csv --filter " + ShellQuote(filter));
    EXPECT_EQ(scan.exit_code, 0) << filter << ": " << scan.err;
    CommandResult sql = Floe("sql --format csv " +
                             ShellQuote("SELECT id FROM db.t WHERE " + filter + " ORDER BY id"));
    EXPECT_EQ(sql.exit_code, 0) << filter << ": " << sql.err;
    std::string ids = Sorted(scan.out);
    EXPECT_EQ(ids, Sorted(sql.out)) << filter;
    CommandResult count = Floe("count db.t --filter " + ShellQuote(filter));
    size_t rows = 0;
    for (char c : ids) rows += c == ' ';
    EXPECT_EQ(count.out, std::to_string(rows) + "\n") << filter << ": " << count.err;
    return ids;
  }
  // The csv's rows (header dropped) as "1 2 3 ", ascending.
  static std::string Sorted(const std::string& csv) {
    std::vector<long> ids;
    size_t start = csv.find('\n');
    while (start != std::string::npos && start + 1 < csv.size()) {
      size_t end = csv.find('\n', start + 1);
      ids.push_back(std::stol(csv.substr(start + 1, end - start - 1)));
      start = end;
    }
    std::sort(ids.begin(), ids.end());
    std::string out;
    for (long id : ids) out += std::to_string(id) + " ";
    return out;
  }
  TempDir wh_;
};

TEST_F(VariantFilterTest, CountAndScanKeepTheRowsSqlKeeps) {
  // a: 1, 5, 7, missing, NULL variant, "zz"; b: -, -, "x", 2, -, "x".
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') > 3"), "2 3 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') >= 5 AND id < 3"), "2 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') = 1"), "1 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') != 1"), "2 3 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') < 5"), "1 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') <= 5"), "1 2 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'bigint') IN (1, 7)"), "1 3 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') IS NULL"), "4 5 6 ");
  EXPECT_EQ(Ids("try_variant_get(v, '$.a', 'int') IS NOT NULL"), "1 2 3 ");
  EXPECT_EQ(Ids("NOT try_variant_get(v, '$.a', 'int') IN (1, 7) OR "
                "variant_get(v, '$.b', 'string') = 'x'"),
            "2 3 6 ");
  EXPECT_EQ(Ids("variant_get(v, '$.b', 'string') = 'x' AND NOT id = 3"), "6 ");
  EXPECT_EQ(Ids("variant_get(v, '$.a', 'string') = 'zz'"), "6 ");
  EXPECT_EQ(Ids("variant_get(v, '$.a', 'double') > 4.5 AND id <= 5"), "2 3 ");
}

TEST_F(VariantFilterTest, ValuesThatDoNotCastAreErrors) {
  CommandResult r = Floe("count db.t --filter " + ShellQuote("variant_get(v, '$.a', 'int') > 3"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("filter: variant_get(v, '$.a', 'int'): the variant value \"zz\" cannot be "
                       "cast to int (try_variant_get gives NULL instead)"),
            std::string::npos)
      << r.err;
  r = Floe("count db.t --filter " + ShellQuote("variant_get(id, '$.a', 'int') > 3"));
  EXPECT_NE(r.err.find("column id is int64, not a variant"), std::string::npos) << r.err;
  r = Floe("count db.t --filter " + ShellQuote("variant_get(v, 'a', 'int') > 3"));
  EXPECT_NE(r.err.find("variant path 'a' is not valid"), std::string::npos) << r.err;
  r = Floe("count db.t --filter " + ShellQuote("variant_get(v, '$.a') > 3"));
  EXPECT_NE(r.err.find("takes a variant column, a path and a type name"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace floe::testing
