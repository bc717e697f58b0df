// Golden tests of nested values written in SQL (Spark SQL 3.5): the struct constructors
// struct(a, b) (fields named after column arguments, else col1, col2, …) and
// named_struct('x', a, …), nested in arrays and maps and holding them; VALUES rows of nested
// values, alone and in FROM (a column takes its rows' common type); INSERT … VALUES of nested
// values into struct, list and map columns, cast to the table's types as scalars are (struct
// fields by position), read back by queries and from the Parquet data file itself (floe's reader
// through read_parquet, and DuckDB when the peers are installed); and the errors.
#include <fmt/format.h>

#include <filesystem>

#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class NestedValuesTest : public SqlScriptTest {
 protected:
  // The table every INSERT test writes: a struct, a list, a map and nestings of them.
  void CreateTable() {
    ASSERT_EQ(Run("CREATE NAMESPACE s; "
                  "CREATE TABLE s.t (id int, l array<bigint>, m map<string, int>, "
                  "s struct<x: bigint, y: string>, p struct<a: int, b: string>, "
                  "n array<struct<a: int, m: map<string, array<int>>>>)"),
              "-- created namespace s\n-- created table s.t\n");
  }

  // The one data file of s.t.
  std::string DataFile() {
    std::string files = Rows("SELECT file_path FROM s.t.files");
    return files.substr(0, files.find('\n'));
  }
};

TEST_F(NestedValuesTest, StructConstructorsInEveryFormat) {
  const std::string query = "SELECT named_struct('x', 1, 'y', 'b') AS s, struct(1, 'b') AS t";
  EXPECT_EQ(
      Run(query),
      "s,t\n\"{\"\"x\"\":1,\"\"y\"\":\"\"b\"\"}\",\"{\"\"col1\"\":1,\"\"col2\"\":\"\"b\"\"}\"\n");
  EXPECT_EQ(Run(query, RowFormat::kTable),
            "s               | t\n"
            "----------------+----------------------\n"
            "{\"x\":1,\"y\":\"b\"} | {\"col1\":1,\"col2\":\"b\"}\n"
            "(1 row)\n");
  EXPECT_EQ(Run(query, RowFormat::kJson),
            "{\"s\":{\"x\":1,\"y\":\"b\"},\"t\":{\"col1\":1,\"col2\":\"b\"}}\n");
  // Fields are reached by name; the names keep their case.
  EXPECT_EQ(Rows("SELECT named_struct('X', 1, 'y', 'b').x, struct(1, 'b').col2, "
                 "named_struct('a', array(10, 20)).a[1]"),
            "1,b,20\n");
}

TEST_F(NestedValuesTest, StructFieldsAreNamedAfterColumns) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.c (C1 int, c2 string, r struct<f: int>); "
                "INSERT INTO s.c VALUES (1, 'one', named_struct('f', 7))"),
            "-- created namespace s\n-- created table s.c\n-- inserted 1 rows into s.c\n");
  // A column keeps the table's name (C1 written c1), a nested field the name as written, any
  // other argument is colN by its position.
  EXPECT_EQ(Run("SELECT struct(c1, c.c2, r.F, c1 + 1, 'x') AS v FROM s.c", RowFormat::kJson),
            "{\"v\":{\"C1\":1,\"c2\":\"one\",\"F\":7,\"col4\":2,\"col5\":\"x\"}}\n");
  EXPECT_EQ(
      Run("SELECT struct(k, count(*)) AS v FROM VALUES (1), (2), (2) AS t(k) GROUP BY k ORDER BY k",
          RowFormat::kJson),
      "{\"v\":{\"k\":1,\"col2\":1}}\n{\"v\":{\"k\":2,\"col2\":2}}\n");
  // The names become the columns of a table made from the query.
  EXPECT_EQ(
      Run("CREATE TABLE s.d AS SELECT struct(c2, c1) AS v, named_struct('k', c2) AS w FROM s.c; "
          "DESCRIBE s.d"),
      "-- created table s.d with 1 "
      "rows\ncol_name,data_type,comment\nv,\"struct<c2:string,C1:int>\",\n"
      "w,struct<k:string>,\n");
}

TEST_F(NestedValuesTest, NestedCombinations) {
  EXPECT_EQ(
      Run("SELECT array(named_struct('a', 1), NULL, named_struct('a', 2)) AS l, "
          "map('k', array(1), 'e', array()) AS m, named_struct('a', NULL, 'b', array(NULL)) AS s, "
          "array() AS e, struct(map('z', named_struct('q', 1.5))) AS d",
          RowFormat::kJson),
      "{\"l\":[{\"a\":1},null,{\"a\":2}],\"m\":[{\"key\":\"k\",\"value\":[1]},{\"key\":\"e\","
      "\"value\":[]}],\"s\":{\"a\":null,\"b\":[null]},\"e\":[],"
      "\"d\":{\"col1\":[{\"key\":\"z\",\"value\":{\"q\":\"1.5\"}}]}}\n");
  // A struct of NULL fields is not a NULL struct.
  EXPECT_EQ(Rows("SELECT named_struct('a', NULL) IS NULL, CAST(NULL AS struct<a: int>) IS NULL, "
                 "size(array()), size(array(NULL))"),
            "false,true,0,1\n");
}

TEST_F(NestedValuesTest, ValuesQueriesTakeNestedValues) {
  // Each column in its rows' common type: int and bigint elements meet as bigint, a NULL row is a
  // NULL value of the column's type, array() an empty one.
  EXPECT_EQ(Run("VALUES (1, array(1, 2), named_struct('a', 1)), (2, array(3000000000), NULL), "
                "(3, array(), named_struct('a', 2L))",
                RowFormat::kJson),
            "{\"col1\":1,\"col2\":[1,2],\"col3\":{\"a\":1}}\n"
            "{\"col1\":2,\"col2\":[3000000000],\"col3\":null}\n"
            "{\"col1\":3,\"col2\":[],\"col3\":{\"a\":2}}\n");
  EXPECT_EQ(Run("SELECT id, v.a, l[0], m['k'] FROM VALUES "
                "(1, named_struct('a', 'x'), array(struct(1)), map('k', array(1))), "
                "(2, NULL, array(NULL), map('k', NULL)) AS v(id, v, l, m) ORDER BY id"),
            "id,a,l[0],m[k]\n1,x,\"{\"\"col1\"\":1}\",[1]\n2,,,\n");
  // Struct fields of two rows meet by name, as in Spark.
  EXPECT_EQ(Run("VALUES (named_struct('a', 1)), (named_struct('b', 1))"),
            "error: line 1, column 33: struct<a:int> and struct<b:int> have no common type");
}

TEST_F(NestedValuesTest, InsertValuesOfNestedValues) {
  CreateTable();
  EXPECT_EQ(Run("INSERT INTO s.t VALUES "
                "(1, array(1, 2), map('a', 1), named_struct('x', 1, 'y', 'b'), struct(1, 'b'), "
                "array(named_struct('a', 1, 'm', map('k', array(1, NULL))))), "
                "(2, array(), map(), named_struct('x', NULL, 'y', NULL), NULL, array()), "
                "(3, array(NULL), map('a', NULL, 'b', 2), NULL, struct(NULL, NULL), "
                "array(NULL, named_struct('a', NULL, 'm', NULL), named_struct('a', 2, 'm', "
                "map('e', array())))), "
                "(4, NULL, NULL, NULL, NULL, NULL)"),
            "-- inserted 4 rows into s.t\n");
  // Read back: every NULL where it was written (an element, a field, a whole value).
  const std::string json =
      "{\"id\":1,\"l\":[1,2],\"m\":[{\"key\":\"a\",\"value\":1}],\"s\":{\"x\":1,\"y\":\"b\"},"
      "\"p\":{\"a\":1,\"b\":\"b\"},\"n\":[{\"a\":1,\"m\":[{\"key\":\"k\",\"value\":[1,null]}]}]}\n"
      "{\"id\":2,\"l\":[],\"m\":[],\"s\":{\"x\":null,\"y\":null},\"p\":null,\"n\":[]}\n"
      "{\"id\":3,\"l\":[null],\"m\":[{\"key\":\"a\",\"value\":null},{\"key\":\"b\",\"value\":2}],"
      "\"s\":null,"
      "\"p\":{\"a\":null,\"b\":null},\"n\":[null,{\"a\":null,\"m\":null},{\"a\":2,\"m\":[{\"key\":"
      "\"e\","
      "\"value\":[]}]}]}\n"
      "{\"id\":4,\"l\":null,\"m\":null,\"s\":null,\"p\":null,\"n\":null}\n";
  EXPECT_EQ(Run("SELECT * FROM s.t ORDER BY id", RowFormat::kJson), json);
  EXPECT_EQ(Run("SELECT id, l, s, n FROM s.t WHERE id <= 2 ORDER BY id"),
            "id,l,s,n\n"
            "1,\"[1,2]\",\"{\"\"x\"\":1,\"\"y\"\":\"\"b\"\"}\",\"[{\"\"a\"\":1,\"\"m\"\":[{"
            "\"\"key\"\":\"\"k\"\",\"\"value\"\":[1,null]}]}]\"\n"
            "2,[],\"{\"\"x\"\":null,\"\"y\"\":null}\",[]\n");
  EXPECT_EQ(
      Rows(
          "SELECT id, s.x, p.b, size(l), m['b'], n[0].m['k'][1], n[2].m['e'] FROM s.t ORDER BY id"),
      "1,1,b,2,,,\n2,,,0,,,\n3,,,1,2,,[]\n4,,,-1,,,\n");
  // The data file holds the same values: floe's Parquet reader on the file itself.
  EXPECT_EQ(Run("SELECT * FROM read_parquet('" + DataFile() + "') ORDER BY id", RowFormat::kJson),
            json);
}

TEST_F(NestedValuesTest, InsertCastsNestedValuesToTheColumnTypes) {
  CreateTable();
  // int elements into bigint ones, a bigint into an int field, struct fields by position whatever
  // their names, a decimal into an int (as for scalars: numbers into numbers).
  EXPECT_EQ(Run("INSERT INTO s.t (id, l, s, p, n) VALUES (1, array(1, 2), struct(7, 8), "
                "named_struct('q', 5L, 'r', 'z'), array(named_struct('b', 2.0, 'c', map('k', "
                "array(3L)))))"),
            "-- inserted 1 rows into s.t\n");
  EXPECT_EQ(Run("SELECT l, s, p, n FROM s.t", RowFormat::kJson),
            "{\"l\":[1,2],\"s\":{\"x\":7,\"y\":\"8\"},\"p\":{\"a\":5,\"b\":\"z\"},"
            "\"n\":[{\"a\":2,\"m\":[{\"key\":\"k\",\"value\":[3]}]}]}\n");
  // The Parquet file has the table's types (bigint elements, the table's field names); physical
  // types 1 INT32, 2 INT64, 6 BYTE_ARRAY.
  auto io = io::LocalFileIO();
  auto reader = parquet::FileReader::Open(*io, DataFile());
  ASSERT_OK(reader);
  std::string leaves;
  for (int i = 0; i < (*reader)->schema().num_columns(); ++i) {
    const parquet::SchemaNode& leaf = (*reader)->schema().column(i);
    ASSERT_TRUE(leaf.physical_type.has_value());
    leaves +=
        fmt::format("{}:{} ", parquet::JoinPath(leaf.path), static_cast<int>(*leaf.physical_type));
  }
  EXPECT_EQ(leaves,
            "id:1 l.list.element:2 m.key_value.key:6 m.key_value.value:1 s.x:2 s.y:6 p.a:1 p.b:6 "
            "n.list.element.a:1 n.list.element.m.key_value.key:6 "
            "n.list.element.m.key_value.value.list.element:1 ");
}

TEST_F(NestedValuesTest, DuckDBReadsTheDataFile) {
  if (!std::filesystem::exists(testing::SourceDir() +
                               "/tests/peers/node_modules/@duckdb/node-api")) {
    GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  }
  CreateTable();
  ASSERT_EQ(Run("INSERT INTO s.t VALUES "
                "(1, array(1, NULL), map('a', 1), named_struct('x', 1, 'y', 'b'), NULL, "
                "array(named_struct('a', 1, 'm', map('k', array(1, 2))), NULL)), "
                "(2, array(), map(), NULL, struct(NULL, 'c'), array())"),
            "-- inserted 2 rows into s.t\n");
  testing::CommandResult r = testing::RunCommand(fmt::format(
      "node {} {}", testing::ShellQuote(testing::SourceDir() + "/tests/peers/duckdb.mjs"),
      testing::ShellQuote("SELECT id, to_json(l), to_json(m), to_json(s), to_json(p), to_json(n) "
                          "FROM read_parquet('" +
                          DataFile() + "') ORDER BY id")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // One JSON array per row, the nested values as DuckDB's JSON text (a map is an object).
  EXPECT_EQ(
      r.out,
      R"([1,"[1,null]","{\"a\":1}","{\"x\":1,\"y\":\"b\"}",null,"[{\"a\":1,\"m\":{\"k\":[1,2]}},null]"])"
      "\n"
      R"([2,"[]","{}",null,"{\"a\":null,\"b\":\"c\"}","[]"])"
      "\n");
}

TEST_F(NestedValuesTest, Errors) {
  CreateTable();

  // A struct with another number of fields than the column's.
  EXPECT_EQ(Run("INSERT INTO s.t (id, s) VALUES (1, named_struct('x', 1))"),
            "error: line 1, column 1: INSERT INTO s.t: cannot write struct<x:int> into column s "
            "(struct<x:bigint,y:string>): the value has 1 field, the column's struct 2 fields");
  EXPECT_EQ(
      Run("INSERT INTO s.t (id, n) VALUES (1, array(struct(1, map(), 3)))"),
      "error: line 1, column 1: INSERT INTO s.t: cannot write "
      "struct<col1:int,col2:map<void,void>,col3:int> "
      "into column n.element (struct<a:int,m:map<string,array<int>>>): the value has 3 fields, the "
      "column's struct 2 fields");
  // A value that cannot be stored: the nested field is named.
  EXPECT_EQ(
      Run("INSERT INTO s.t (id, s) VALUES (1, named_struct('x', 'abc', 'y', 'b'))"),
      "error: line 1, column 1: INSERT INTO s.t: cannot write string into column s.x (bigint)");
  EXPECT_EQ(Run("INSERT INTO s.t (id, l) VALUES (1, array('1'))"),
            "error: line 1, column 1: INSERT INTO s.t: cannot write string into column l.element "
            "(bigint)");
  EXPECT_EQ(Run("INSERT INTO s.t (id, n) VALUES (1, array(named_struct('a', 1, 'm', map('k', "
                "array(true)))))"),
            "error: line 1, column 1: INSERT INTO s.t: cannot write boolean into column "
            "n.element.m.value.element "
            "(int)");
  EXPECT_EQ(Run("INSERT INTO s.t (id, m) VALUES (1, array('a'))"),
            "error: line 1, column 1: INSERT INTO s.t: cannot write array<string> into column m "
            "(map<string,int>)");
  EXPECT_EQ(
      Run("INSERT INTO s.t (id, l) VALUES (1, 5)"),
      "error: line 1, column 1: INSERT INTO s.t: cannot write int into column l (array<bigint>)");
  // named_struct's names are constant strings, in pairs with the values.
  EXPECT_EQ(Run("SELECT named_struct(1, 2)"),
            "error: line 1, column 8: named_struct: argument 1 (1) names field 1: it must be a "
            "constant string");
  EXPECT_EQ(Run("SELECT named_struct('a', 1, id, 2) FROM s.t"),
            "error: line 1, column 8: named_struct: argument 3 (id) names field 2: it must be a "
            "constant string");
  EXPECT_EQ(Run("SELECT named_struct('a', 1, NULL, 2)"),
            "error: line 1, column 8: named_struct: argument 3 (NULL) names field 2: it must be a "
            "constant string");
  EXPECT_EQ(
      Run("SELECT named_struct('a', 1, 'b')"),
      "error: line 1, column 8: named_struct takes names and values in pairs, not 3 arguments");
  EXPECT_EQ(
      Run("SELECT named_struct()"),
      "error: line 1, column 8: named_struct takes names and values in pairs, not 0 arguments");
  EXPECT_EQ(Run("SELECT struct()"),
            "error: line 1, column 8: struct: a struct needs at least one field");
  EXPECT_EQ(
      Run("SELECT named_struct('a', 1, 'A', 2)"),
      "error: line 1, column 8: named_struct: struct field A is named twice (fields 1 and 2)");
  // A table cannot be made with a part of no type.
  EXPECT_EQ(Run("CREATE TABLE s.e AS SELECT 1 AS id, named_struct('a', NULL, 'b', array()) AS e"),
            "error: line 1, column 1: column e of the query (struct<a:void,b:array<void>>) holds a "
            "NULL without a "
            "type (array(), map(), a NULL field): CAST it");
  EXPECT_EQ(Run("CREATE TABLE s.e AS SELECT 1 AS id, named_struct('a', CAST(NULL AS int), 'b', "
                "CAST(array() AS array<string>)) AS e; SELECT * FROM s.e"),
            "-- created table s.e with 1 rows\nid,e\n1,\"{\"\"a\"\":null,\"\"b\"\":[]}\"\n");
  // An error while computing a value points at it.
  EXPECT_EQ(Run("INSERT INTO s.t (id, m) VALUES (1, map('a', 1)), (2, map('a', 1, 'a', 2))"),
            "error: line 1, column 54: map: key 2 repeats key 1 (map keys must be unique)");
  EXPECT_EQ(Rows("SELECT count(*) FROM s.t"), "0\n");
}

TEST_F(NestedValuesTest, UuidsInStructValues) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.u (s struct<u: uuid>); "
                "INSERT INTO s.u VALUES (named_struct('u', "
                "'f81d4fae-7dec-11d0-a765-00a0c91e6bf6')), (NULL)"),
            "-- created namespace s\n-- created table s.u\n-- inserted 2 rows into s.u\n");
  EXPECT_EQ(Run("SELECT s, s.u FROM s.u", RowFormat::kJson),
            "{\"s\":{\"u\":\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"},\"u\":\"f81d4fae-7dec-11d0-"
            "a765-00a0c91e6bf6\"}\n"
            "{\"s\":null,\"u\":null}\n");
  EXPECT_EQ(Run("INSERT INTO s.u VALUES (named_struct('u', 'nope'))"),
            "error: line 1, column 1: INSERT INTO s.u: column s.u: 'nope' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
}

}  // namespace
}  // namespace floe::sql
