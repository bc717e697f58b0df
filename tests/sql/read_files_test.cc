// read_parquet / read_csv / read_json / iceberg_scan: pushed-down filters and projections give the
// rows a filter above the scan gives (on a file of several row groups and small pages, with
// nulls; filters that prune row groups and pages and ones that prune nothing), EXPLAIN shows the
// row groups pruned, globs and lists read several files of one schema, and the errors name the
// pattern or the file that differs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "sql_script_fixture.h"

namespace floe::sql {
namespace {

class ReadFilesTest : public SqlScriptTest {
 protected:
  // Rows [first, first + rows): k = i (NULL when i % 7 == 0), d = i / 2, s = 's' + i % 13; 1,000
  // rows per row group, 100 per page.
  void WriteParquet(const std::string& path, int64_t first, int64_t rows,
                    const std::string& k_name = "k") {
    auto schema =
        MakeSchema({k_name, "d", "s"}, {columnar::Int32(), columnar::Float64(), columnar::Utf8()});
    columnar::Int32Builder k(columnar::Int32());
    columnar::DoubleBuilder d(columnar::Float64());
    columnar::BinaryBuilder s(columnar::Utf8());
    for (int64_t i = first; i < first + rows; ++i) {
      if (i % 7 == 0) {
        ASSERT_OK(k.AppendNull());
      } else {
        ASSERT_OK(k.Append(static_cast<int32_t>(i)));
      }
      ASSERT_OK(d.Append(static_cast<double>(i) / 2));
      ASSERT_OK(s.Append("s" + std::to_string(i % 13)));
    }
    auto kc = k.Finish();
    auto dc = d.Finish();
    auto sc = s.Finish();
    ASSERT_OK(kc);
    ASSERT_OK(dc);
    ASSERT_OK(sc);
    auto batch = columnar::RecordBatch::Make(schema, rows, {*kc, *dc, *sc});
    ASSERT_OK(batch);
    auto io = io::LocalFileIO();
    auto out = io->Create(path);
    ASSERT_OK(out);
    parquet::ParquetWriterOptions options;
    options.row_group_rows = 1000;
    options.columns.page_row_limit = 100;
    options.bloom_filter_fpp["s"] = 0.01;
    auto writer = parquet::ParquetWriter::Make(std::move(*out), schema, options);
    ASSERT_OK(writer);
    ASSERT_OK((*writer)->Write(*batch));
    ASSERT_OK((*writer)->Close());
  }

  void WriteText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }

  std::string File() { return dir_.Join("f.parquet"); }
};

TEST_F(ReadFilesTest, PushedFiltersGiveTheRowsOfAFilterAboveTheScan) {
  WriteParquet(File(), 0, 10000);
  const std::string from = "FROM read_parquet('" + File() + "')";
  // Brute force: k < 10 keeps 1..9 but 7.
  EXPECT_EQ(Rows("SELECT count(*), sum(d), min(s) " + from + " WHERE k < 10"), "8,19.0,s1\n");
  for (const char* where :
       {"k < 10", "k >= 5000 AND k < 5100", "k IS NULL", "k IS NOT NULL", "s = 's3'",
        "s IN ('s1', 's12')", "k IN (1, 2, 9999, 20000)", "k BETWEEN 2000 AND 2999 OR s = 's5'",
        "k > -1", "k = 700", "NOT (k < 9990)", "s LIKE 's1%' AND k < 3000", "k < 0"}) {
    SCOPED_TRACE(where);
    // coalesce(…, false) keeps the same rows and is never pushed.
    const std::string select = "SELECT count(*), sum(d), min(k), max(k), min(s) " + from;
    std::string pushed = Rows(select + " WHERE " + where);
    EXPECT_EQ(pushed, Rows(select + " WHERE coalesce(" + where + ", false)"));
    EXPECT_EQ(Run("EXPLAIN " + select + " WHERE " + where).find("Filter"), std::string::npos);
    // The rows themselves, with every column.
    EXPECT_EQ(Rows("SELECT * " + from + " WHERE " + where + " ORDER BY d"),
              Rows("SELECT * " + from + " WHERE coalesce(" + where + ", false) ORDER BY d"));
  }
  EXPECT_EQ(Rows("SELECT count(*) " + from + " WHERE k IS NULL"), "1429\n");
  EXPECT_EQ(Rows("SELECT count(*) " + from), "10000\n");
  // Only the columns named are read; a query naming none counts rows.
  EXPECT_NE(Run("EXPLAIN SELECT sum(d) " + from + " WHERE k < 10")
                .find("read_parquet '" + File() + "' filter: (k < 10) columns: k, d"),
            std::string::npos);
}

TEST_F(ReadFilesTest, ExplainShowsTheRowGroupsPruned) {
  WriteParquet(File(), 0, 10000);
  const std::string from = "FROM read_parquet('" + File() + "')";
  std::string plan = Run("EXPLAIN SELECT sum(d) " + from + " WHERE k < 10");
  EXPECT_NE(plan.find("row groups:        1 to read of 10 (9 skipped by statistics, 0 by bloom "
                      "filters, 0 by the page index)"),
            std::string::npos)
      << plan;
  // k = 150 is in the first row group's range; the page index keeps one page of 100 rows.
  plan = Run("EXPLAIN SELECT sum(d) " + from + " WHERE k = 150");
  EXPECT_NE(plan.find("1 to read of 10 (9 skipped by statistics"), std::string::npos) << plan;
  EXPECT_NE(plan.find("rows skipped by the page index in row groups read: 900"), std::string::npos)
      << plan;
  // 's2x' is inside every row group's min/max range: the bloom filters prune it.
  plan = Run("EXPLAIN SELECT sum(d) " + from + " WHERE s = 's2x'");
  EXPECT_NE(plan.find("0 to read of 10"), std::string::npos) << plan;
  // A filter on every row prunes nothing.
  plan = Run("EXPLAIN SELECT sum(d) " + from + " WHERE k > -1");
  EXPECT_NE(plan.find("10 to read of 10 (0 skipped"), std::string::npos) << plan;
}

TEST_F(ReadFilesTest, GlobsAndListsReadEveryFile) {
  std::filesystem::create_directories(dir_.Join("parts"));
  WriteParquet(dir_.Join("parts/a.parquet"), 0, 3000);
  WriteParquet(dir_.Join("parts/b.parquet"), 3000, 2000);
  WriteParquet(dir_.Join("parts/c.parquet"), 5000, 5000);
  WriteParquet(File(), 0, 10000);
  const std::string select = "SELECT count(*), sum(d), min(k), max(k) FROM ";
  const std::string whole = Rows(select + "read_parquet('" + File() + "') WHERE k > 2500");
  EXPECT_EQ(Rows(select + "read_parquet('" + dir_.Join("parts/*.parquet") + "') WHERE k > 2500"),
            whole);
  EXPECT_EQ(Rows(select + "read_parquet(['" + dir_.Join("parts/c.parquet") + "', '" +
                 dir_.Join("parts/a.parquet") + "', '" + dir_.Join("parts/b.parquet") +
                 "']) WHERE k > 2500"),
            whole);
  EXPECT_EQ(Rows("SELECT k FROM read_parquet(['" + dir_.Join("parts/b.parquet") + "', '" +
                 dir_.Join("parts/a.parquet") + "']) WHERE k IN (1, 3001) LIMIT 5"),
            "3001\n1\n");
  // A glob matching nothing names the pattern.
  EXPECT_EQ(
      Run("SELECT * FROM read_parquet('" + dir_.Join("parts/*.nothing") + "')"),
      "error: line 1, column 15: read_parquet: no file matches " + dir_.Join("parts/*.nothing"));
  // A file of other columns is named.
  WriteParquet(dir_.Join("parts/d.parquet"), 0, 10, "key");
  std::string error = Run("SELECT * FROM read_parquet('" + dir_.Join("parts/*.parquet") + "')");
  EXPECT_NE(error.find("read_parquet: " + dir_.Join("parts/d.parquet") +
                       " has the columns (key int, d double, s string), unlike " +
                       dir_.Join("parts/a.parquet") + " (k int, d double, s string)"),
            std::string::npos)
      << error;

  // CSV likewise, with only the named columns returned.
  std::filesystem::create_directories(dir_.Join("csv"));
  WriteText(dir_.Join("csv/1.csv"), "id,name,score\n1,a,2.5\n2,b,3.5\n");
  WriteText(dir_.Join("csv/2.csv"), "id,name,score\n3,c,4.5\n");
  EXPECT_EQ(Run("SELECT name, id FROM read_csv('" + dir_.Join("csv/*.csv") + "') ORDER BY id"),
            "name,id\na,1\nb,2\nc,3\n");
  EXPECT_NE(Run("EXPLAIN SELECT name FROM read_csv('" + dir_.Join("csv/*.csv") + "')")
                .find("(2 files) columns: name\n"),
            std::string::npos);
  WriteText(dir_.Join("csv/3.csv"), "id,label\n4,d\n");
  error = Run("SELECT * FROM read_csv('" + dir_.Join("csv/*.csv") + "')");
  EXPECT_NE(error.find("read_csv: " + dir_.Join("csv/3.csv") +
                       " has the columns (id bigint, "
                       "label string)"),
            std::string::npos)
      << error;
}

TEST_F(ReadFilesTest, ReadJsonReadsNdjson) {
  WriteText(dir_.Join("f.ndjson"),
            "{\"id\": 1, \"name\": \"a\"}\n"
            "{\"id\": 2, \"name\": null}\n"
            "{\"id\": 3, \"name\": \"c\"}\n");
  EXPECT_EQ(Run("SELECT id, name FROM read_json('" + dir_.Join("f.ndjson") +
                "') WHERE id > 1 ORDER BY id"),
            "id,name\n2,\n3,c\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM read_json(['" + dir_.Join("f.ndjson") + "', '" +
                 dir_.Join("f.ndjson") + "'])"),
            "6\n");
  EXPECT_EQ(Run("SELECT * FROM read_json('" + dir_.Join("none.ndjson") + "')").substr(0, 7),
            "error: ");
}

TEST_F(ReadFilesTest, IcebergScanTakesATableFolder) {
  std::string out =
      Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, v string); "
          "INSERT INTO s.t VALUES (1, 'a'), (2, 'b'); INSERT INTO s.t VALUES (3, 'c')");
  ASSERT_EQ(out.find("error"), std::string::npos) << out;
  std::string folder;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir_.path())) {
    if (e.is_directory() && e.path().filename() == "metadata") {
      folder = e.path().parent_path().string();
    }
  }
  ASSERT_FALSE(folder.empty());
  // The newest metadata file: both inserts.
  EXPECT_EQ(Rows("SELECT count(*), max(v) FROM iceberg_scan('" + folder + "')"), "3,c\n");
  EXPECT_EQ(Rows("SELECT id FROM iceberg_scan('" + folder + "/metadata') WHERE id < 3 ORDER BY id"),
            "1\n2\n");
  EXPECT_EQ(Run("SELECT * FROM iceberg_scan('" + dir_.Join("nothing") + "')").substr(0, 7),
            "error: ");
}

}  // namespace
}  // namespace floe::sql
