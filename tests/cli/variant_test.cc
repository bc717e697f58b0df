// Iceberg v3 / Parquet VARIANT through the real binary: files DuckDB writes (shredded the way it
// chooses, and with forced shredding schemas: a partially shredded object, an array of bigint)
// print in `parquet cat` as DuckDB itself prints them; a table with a variant column (top level
// and inside a list, a struct and a map) takes parse_json in INSERT and CTAS, counts, scans and
// answers Spark's variant functions; DuckDB reads the files floe wrote back equal.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

std::string VariantDuckDbScript() { return SourceDir() + "/tests/peers/duckdb.mjs"; }
bool VariantHaveDuckDb() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}
CommandResult VariantDuckDb(const std::string& sql) {
  return RunCommand("node " + ShellQuote(VariantDuckDbScript()) + " " + ShellQuote(sql));
}

// The JSON text of each row's variant (NULL: a SQL NULL), as DuckDB's VARIANT → JSON and floe
// print it.
struct VariantRow {
  const char* duckdb_value;  // DuckDB SQL for the value
  const char* json;          // nullptr: SQL NULL
};
const VariantRow kVariantRows[] = {
    {R"('{"a":1,"b":[1,2.5,"x"],"c":{"d":null}}'::JSON::VARIANT)",
     R"({"a":1,"b":[1,2.5,"x"],"c":{"d":null}})"},
    {R"('"str"'::JSON::VARIANT)", R"("str")"},
    {"NULL", nullptr},
    {R"('[1,{"q":true},[],{}]'::JSON::VARIANT)", R"([1,{"q":true},[],{}])"},
    {R"('{"a":"notint","zz":3}'::JSON::VARIANT)", R"({"a":"notint","zz":3})"},
    {"'null'::JSON::VARIANT", "null"},
    {"123456789012::VARIANT", "123456789012"},
    {"'plain text'::VARIANT", R"("plain text")"},
    {"DATE '2024-02-29'::VARIANT", R"("2024-02-29")"},
    {"1.25::DECIMAL(5,2)::VARIANT", "1.25"},
    {"true::VARIANT", "true"},
    {R"('{"a":{"b":{"c":[1,2,3]}}}'::JSON::VARIANT)", R"({"a":{"b":{"c":[1,2,3]}}})"},
    {R"('[10,20,30]'::JSON::VARIANT)", "[10,20,30]"},
};

std::string VariantValuesQuery() {
  std::string values;
  int i = 0;
  for (const VariantRow& r : kVariantRows) {
    if (i > 0) values += ", ";
    values += fmt::format("({}, {})", ++i, r.duckdb_value);
  }
  return "select i, v from (values " + values + ") t(i, v)";
}

// `text` as a JSON string literal (quotes and backslashes escaped).
std::string VariantQuoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

TEST(VariantTest, DuckDbShreddedFilesReadAsDuckDbReadsThem) {
  if (!VariantHaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  TempDir dir;
  const std::string q = VariantValuesQuery();
  const std::string files[] = {dir.Join("auto.parquet"), dir.Join("object.parquet"),
                               dir.Join("array.parquet")};
  CommandResult made = VariantDuckDb(fmt::format(
      "copy ({0}) to '{1}'; copy ({0}) to '{2}' (format parquet, shredding {{v: 'STRUCT(a "
      "VARCHAR, zz BIGINT)'}}); copy ({0}) to '{3}' (format parquet, shredding {{v: "
      "'BIGINT[]'}})",
      q, files[0], files[1], files[2]));
  ASSERT_EQ(made.exit_code, 0) << made.err;

  std::string floe_expected, duckdb_expected;
  int i = 0;
  for (const VariantRow& r : kVariantRows) {
    ++i;
    floe_expected += fmt::format("{{\"i\":{},\"v\":{}}}\n", i, r.json ? r.json : "null");
    // DuckDB's VARIANT → JSON of a SQL NULL is NULL, printed "null" by the VARCHAR cast.
    duckdb_expected += fmt::format("[{},{}]\n", i, VariantQuoted(r.json ? r.json : "null"));
  }
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    CommandResult schema = RunFloe("parquet schema " + ShellQuote(f));
    ASSERT_EQ(schema.exit_code, 0) << schema.err;
    EXPECT_NE(schema.out.find("optional group v (VARIANT(1))"), std::string::npos) << schema.out;
    EXPECT_NE(schema.out.find("typed_value"), std::string::npos) << schema.out;  // shredded
    CommandResult cat = RunFloe("parquet cat --format json " + ShellQuote(f));
    ASSERT_EQ(cat.exit_code, 0) << cat.err;
    EXPECT_EQ(cat.out, floe_expected);
    CommandResult peer = VariantDuckDb(
        fmt::format("select i, v::JSON::VARCHAR from read_parquet('{}') order by i", f));
    ASSERT_EQ(peer.exit_code, 0) << peer.err;
    EXPECT_EQ(peer.out, duckdb_expected);
  }
  // Into a table: `append` reassembles the shredded rows and writes them unshredded, `add-files`
  // registers a shredded file as it is; both read the same.
  const std::string wh = "--warehouse " + ShellQuote(dir.Join("wh")) + " ";
  ASSERT_EQ(RunFloe(wh + "create namespace db").exit_code, 0);
  ASSERT_EQ(
      RunFloe(wh + "create table db.v --schema 'i int, v variant' --format-version 3").exit_code,
      0);
  CommandResult appended = RunFloe(wh + "append db.v " + ShellQuote(files[1]));
  ASSERT_EQ(appended.exit_code, 0) << appended.err;
  CommandResult added = RunFloe(wh + "add-files db.v " + ShellQuote(files[2]));
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(RunFloe(wh + "count db.v").out, "26\n");
  CommandResult both = RunFloe(wh + "sql " +
                               ShellQuote("SELECT count(*) AS n FROM db.v WHERE "
                                          "try_variant_get(v, '$.zz', 'int') = 3 "
                                          "OR try_variant_get(v, '$[2]', 'int') = 30"));
  EXPECT_EQ(both.out, "n\n-\n4\n(1 row)\n") << both.err;
  CommandResult scanned = RunFloe(wh + "scan db.v --format json");
  EXPECT_EQ(scanned.out, floe_expected + floe_expected) << scanned.err;

  // DuckDB writes a SQL NULL as a present group whose value is Variant null (00: the metadata
  // column has no nulls), and reads Variant null back as NULL; floe prints what the file holds.
  CommandResult cells = RunFloe("parquet cat --limit 3 " + ShellQuote(files[1]));
  EXPECT_EQ(cells.out,
            "i | v\n"
            "--+---------------------------------------\n"
            "1 | {\"a\":1,\"b\":[1,2.5,\"x\"],\"c\":{\"d\":null}}\n"
            "2 | \"str\"\n"
            "3 | null\n"
            "(3 rows)\n")
      << cells.err;
}

// parquet-testing's shredded variant files (in hyparquet's corpus, with hyparquet's decode beside
// each): arrays, primitives, nested and partially shredded objects, sparse fields and a type that
// does not match its shredding. The values equal hyparquet's .json; only the forms differ where
// hyparquet prints JavaScript: dates and timestamps as Date ISO strings ("2024-01-30" here is its
// "2024-01-30T00:00:00.000Z"; the timestamp without zone is its "2024-01-15T10:30:00.000Z"), -0.0
// as 0.
TEST(VariantTest, CorpusShreddedFilesDecodeAsHyparquetDoes) {
  const std::pair<const char*, const char*> cases[] = {
      {"array", "{\"id\":1,\"var\":[\"comedy\",\"drama\"]}\n"},
      {"bool", "{\"id\":1,\"var\":true}\n"},
      {"int", "{\"id\":1,\"var\":12345}\n"},
      {"nested-object", "{\"id\":1,\"var\":{\"c\":{\"a\":34,\"b\":\"iceberg\"},\"d\":-0.0}}\n"},
      {"object", "{\"id\":1,\"var\":{\"a\":null,\"b\":\"\"}}\n"},
      {"partial-object",
       "{\"id\":1,\"var\":{\"a\":null,\"b\":\"iceberg\",\"d\":\"2024-01-30\"}}\n"},
      {"sparse-timestamp",
       "{\"v\":{\"count\":42,\"event_type\":\"login\"}}\n{\"v\":{\"event_type\":\"click\"}}\n"
       "{\"v\":{\"count\":null,\"event_type\":\"purchase\"}}\n"
       "{\"v\":{\"d\":\"2024-01-15T10:30:00.000000\",\"event_type\":\"timeout\"}}\n"},
      {"type-mismatch", "{\"v\":{\"count\":42}}\n{\"v\":{\"count\":\"not a number\"}}\n"},
  };
  for (const auto& [name, expected] : cases) {
    SCOPED_TRACE(name);
    std::string path =
        CorpusPath(std::string("hyparquet/test/files/shredded-") + name + ".parquet");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no corpus at " << path;
    CommandResult r = RunFloe("parquet cat --format json " + ShellQuote(path));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, expected);
  }
}

class VariantTableTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  CommandResult Sql(const std::string& sql) { return Floe("sql " + ShellQuote(sql)); }
  CommandResult SqlJson(const std::string& sql) {
    return Floe("sql --format json " + ShellQuote(sql));
  }
  std::string DataFile(const std::string& table) {
    std::vector<std::string> files = FilesUnder(wh_.Join("db/" + table + "/data"), ".parquet");
    EXPECT_EQ(files.size(), 1u);
    return files.empty() ? "" : files[0];
  }
  TempDir wh_;
};

TEST_F(VariantTableTest, WriteCountScanAndSqlFunctions) {
  ASSERT_EQ(Floe("create namespace db").exit_code, 0);
  CommandResult c = Floe("create table db.t --schema 'id long, v variant' --format-version 3");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  CommandResult ins =
      Sql(R"(INSERT INTO db.t VALUES (1, parse_json('{"a": 1, "b": [1, 2.5, "x"]}')), )"
          R"((2, parse_json('"s"')), (3, NULL), (4, parse_json('{"a": "notint"}')), )"
          R"((5, parse_json('null')))");
  ASSERT_EQ(ins.exit_code, 0) << ins.err;
  EXPECT_EQ(Floe("count db.t").out, "5\n");
  CommandResult scan = Floe("scan db.t --format json");
  EXPECT_EQ(scan.out,
            "{\"id\":1,\"v\":{\"a\":1,\"b\":[1,2.5,\"x\"]}}\n{\"id\":2,\"v\":\"s\"}\n"
            "{\"id\":3,\"v\":null}\n{\"id\":4,\"v\":{\"a\":\"notint\"}}\n{\"id\":5,\"v\":null}\n")
      << scan.err;
  CommandResult schema = Floe("parquet schema " + ShellQuote(DataFile("t")));
  EXPECT_NE(schema.out.find("  optional group v (VARIANT(1)) = 2 {\n"
                            "    required binary metadata;  # column 1, max def 1, max rep 0\n"
                            "    required binary value;  # column 2, max def 1, max rep 0\n"),
            std::string::npos)
      << schema.out;

  CommandResult r =
      Sql("SELECT id, to_json(v) AS j, try_variant_get(v, '$.a', 'int') AS a, "
          "variant_get(v, '$.b[1]', 'double') AS b1, variant_get(v, '$.b') AS b, "
          "variant_get(v, '$.a', 'string') AS sa, is_variant_null(v) AS n, "
          "schema_of_variant(v) AS s FROM db.t ORDER BY id");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "id | j                       |    a |   b1 | b           | sa     | n     | s\n"
            "---+-------------------------+------+------+-------------+--------+-------+-------"
            "------------------------------\n"
            " 1 | {\"a\":1,\"b\":[1,2.5,\"x\"]} |    1 |  2.5 | [1,2.5,\"x\"] | 1      | false | "
            "OBJECT<a: BIGINT, b: ARRAY<VARIANT>>\n"
            " 2 | \"s\"                     | NULL | NULL | NULL        | NULL   | false | STRING\n"
            " 3 | NULL                    | NULL | NULL | NULL        | NULL   | false | NULL\n"
            " 4 | {\"a\":\"notint\"}          | NULL | NULL | NULL        | notint | false | "
            "OBJECT<a: STRING>\n"
            " 5 | null                    | NULL | NULL | NULL        | NULL   | true  | VOID\n"
            "(5 rows)\n");
  // A WHERE on an extracted field, and CTAS of a parse_json.
  r =
      Sql("SELECT id FROM db.t WHERE try_variant_get(v, '$.a', 'int') = 1 OR "
          "variant_get(v, '$', 'string') = 's' ORDER BY id");
  EXPECT_EQ(r.out, "id\n--\n 1\n 2\n(2 rows)\n") << r.err;
  r =
      Sql("CREATE TABLE db.c TBLPROPERTIES ('format-version' = '3') AS SELECT id, "
          "parse_json(concat('{\"n\": ', cast(id AS string), "
          "'}')) AS v FROM db.t WHERE id < 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Floe("scan db.c --format json").out,
            "{\"id\":1,\"v\":{\"n\":1}}\n{\"id\":2,\"v\":{\"n\":2}}\n");
  EXPECT_EQ(Floe("schema db.c").exit_code, 0);
  // Variants do not compare, order or group (equal values can be encoded differently), and
  // their two byte strings are not fields.
  for (const char* bad :
       {"SELECT id FROM db.t WHERE v = v", "SELECT id FROM db.t ORDER BY v",
        "SELECT v, count(*) FROM db.t GROUP BY v", "SELECT v.metadata FROM db.t"}) {
    SCOPED_TRACE(bad);
    r = Sql(bad);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("variant"), std::string::npos) << r.err;
  }

  // DuckDB reads the Variant null of row 5 as NULL (as it does its own files' Variant nulls).
  if (!VariantHaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  CommandResult peer = VariantDuckDb(fmt::format(
      "select id, v is null, v::JSON::VARCHAR, typeof(v) from read_parquet('{}') order by id",
      DataFile("t")));
  ASSERT_EQ(peer.exit_code, 0) << peer.err;
  EXPECT_EQ(peer.out,
            "[\"1\",false,\"{\\\"a\\\":1,\\\"b\\\":[1,2.5,\\\"x\\\"]}\",\"VARIANT\"]\n"
            "[\"2\",false,\"\\\"s\\\"\",\"VARIANT\"]\n"
            "[\"3\",true,\"null\",\"VARIANT\"]\n"
            "[\"4\",false,\"{\\\"a\\\":\\\"notint\\\"}\",\"VARIANT\"]\n"
            "[\"5\",true,\"null\",\"VARIANT\"]\n");
}

TEST_F(VariantTableTest, NestedInListsStructsAndMaps) {
  ASSERT_EQ(Floe("create namespace db").exit_code, 0);
  CommandResult c = Floe(
      "create table db.n --schema 'id int, l list<variant>, s struct<x: variant, y: int>, "
      "m map<string, variant>' --format-version 3");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  CommandResult ins =
      Sql(R"(INSERT INTO db.n VALUES (1, array(parse_json('1'), parse_json('{"k":[true]}')), )"
          R"(named_struct('x', parse_json('"q"'), 'y', 5), map('a', parse_json('2.5'))), )"
          R"((2, NULL, NULL, NULL))");
  ASSERT_EQ(ins.exit_code, 0) << ins.err;
  EXPECT_EQ(Floe("scan db.n --format json").out,
            "{\"id\":1,\"l\":[1,{\"k\":[true]}],\"s\":{\"x\":\"q\",\"y\":5},\"m\":[{\"key\":"
            "\"a\",\"value\":2.5}]}\n{\"id\":2,\"l\":null,\"s\":null,\"m\":null}\n");
  CommandResult r =
      Sql("SELECT variant_get(l[1], '$.k[0]', 'boolean') AS k, variant_get(s.x, '$', 'string') AS "
          "x, variant_get(m['a'], '$', 'decimal(5,2)') AS a FROM db.n WHERE id = 1");
  EXPECT_EQ(r.out, "k    | x |    a\n-----+---+-----\ntrue | q | 2.50\n(1 row)\n") << r.err;
  if (!VariantHaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  CommandResult peer = VariantDuckDb(
      fmt::format("select id, l::JSON::VARCHAR, s.x::JSON::VARCHAR, m['a']::JSON::VARCHAR from "
                  "read_parquet('{}') where id = 1",
                  DataFile("n")));
  ASSERT_EQ(peer.exit_code, 0) << peer.err;
  EXPECT_EQ(peer.out, "[1,\"[1,{\\\"k\\\":[true]}]\",\"\\\"q\\\"\",\"2.5\"]\n");
}

TEST_F(VariantTableTest, ErrorsNameTheValueThePathAndTheText) {
  CommandResult r = Sql(R"(SELECT variant_get(parse_json('{"a": "x"}'), '$.a', 'int'))");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the variant value \"x\" cannot be cast to int"), std::string::npos)
      << r.err;
  r = Sql(R"(SELECT try_variant_get(parse_json('{"a": "x"}'), '$.a', 'int') AS a)");
  EXPECT_EQ(r.out, "   a\n----\nNULL\n(1 row)\n") << r.err;
  r = Sql(R"(SELECT variant_get(parse_json('1'), 'a.b', 'int'))");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("variant path 'a.b' is not valid"), std::string::npos) << r.err;
  r = Sql(R"(SELECT parse_json('{"a": 1,}'))");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("parse_json: invalid JSON: expected a key string at offset 8"),
            std::string::npos)
      << r.err;
  r = Sql(R"(SELECT try_parse_json('{') IS NULL AS n)");
  EXPECT_EQ(r.out, "n\n----\ntrue\n(1 row)\n") << r.err;
  // Numbers cast only where they fit: 5 is decimal(3,1) 5.0 but no decimal(38,38).
  r =
      Sql("SELECT variant_get(parse_json('5'), '$', 'decimal(3,1)') AS a, "
          "try_variant_get(parse_json('5'), '$', 'decimal(38,38)') AS b, "
          "try_variant_get(parse_json('300'), '$', 'tinyint') AS c, "
          "variant_get(parse_json('2.75'), '$', 'int') AS d");
  EXPECT_EQ(r.out, "  a |    b |    c | d\n----+------+------+--\n5.0 | NULL | NULL | 2\n(1 row)\n")
      << r.err;
  r = Sql("SELECT is_variant_null(1)");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is_variant_null takes one variant"), std::string::npos) << r.err;
}

// Spark's variant_get to nested types: arrays element by element, objects to structs by field
// name (ignoring case, missing fields NULL) and to map<string, …>, variants inside them as they
// are. An element that does not cast fails variant_get and is NULL under try_variant_get.
TEST_F(VariantTableTest, VariantGetToNestedTypes) {
  CommandResult r = SqlJson(
      R"(SELECT variant_get(parse_json('[1, "2", null, 4.0]'), '$', 'array<int>') AS a, )"
      R"(variant_get(parse_json('{"Name": "x", "n": [1,2], "extra": true}'), '$', )"
      R"('struct<name: string, n: array<bigint>, gone: int>') AS s, )"
      R"(variant_get(parse_json('{"b": 2, "a": 1}'), '$', 'map<string, double>') AS m, )"
      R"(variant_get(parse_json('{"v": [1, {"k": null}]}'), '$', 'struct<v: array<variant>>') )"
      R"(AS sv, )"
      R"(try_variant_get(parse_json('[1, "x", 3]'), '$', 'array<int>') AS t, )"
      R"(try_variant_get(parse_json('{"a": 1}'), '$', 'array<int>') AS wrong_shape)");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, R"({"a":[1,2,null,4],"s":{"name":"x","n":[1,2],"gone":null},)"
                   R"("m":[{"key":"a","value":1.0},{"key":"b","value":2.0}],)"
                   R"("sv":{"v":[1,{"k":null}]},"t":[1,null,3],"wrong_shape":null})"
                   "\n");
  r = Sql(R"(SELECT variant_get(parse_json('[1, "x"]'), '$', 'array<int>'))");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the variant value \"x\" cannot be cast to int32 inside array<int>"),
            std::string::npos)
      << r.err;
  r = Sql(R"(SELECT variant_get(parse_json('{}'), '$', 'map<int, int>'))");
  EXPECT_EQ(r.exit_code, 6);  // not supported
  EXPECT_NE(r.err.find("map keys must be strings"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace floe::testing
