// `floe parquet meta` and `floe parquet schema` through the real binary: output forms and exit
// codes.
#include <gtest/gtest.h>

#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/json_reader.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

std::string Hyparquet(std::string_view name) {
  return CorpusPath("hyparquet/test/files/" + std::string(name));
}

TEST(ParquetMetaTest, JsonIsTheLibraryJson) {
  for (const char* name : {"alpha.parquet", "signs.parquet", "geospatial.parquet",
                           "nested_structs.rust.parquet", "uuid.parquet"}) {
    std::string path = Hyparquet(name);
    CommandResult r = RunFloe("parquet meta --json " + ShellQuote(path));
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    auto reader = parquet::FileReader::Open(*io::LocalFileIO(), path);
    ASSERT_OK(reader);
    parquet::MetadataJsonOptions options;
    options.metadata_length = (*reader)->metadata_length();
    EXPECT_EQ(r.out, parquet::FileMetaDataToJson((*reader)->metadata(), options) + "\n") << name;
    auto doc = JsonDocument::Parse(r.out);
    ASSERT_OK(doc);
    EXPECT_TRUE((*doc)->root().Find("row_groups").has_value());
    EXPECT_TRUE((*doc)->root().Find("metadata_length").has_value());
  }
}

TEST(ParquetMetaTest, TextShowsRowGroupsColumnsAndStatistics) {
  CommandResult r = RunFloe("parquet meta " + ShellQuote(Hyparquet("alpha.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("row groups: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("row group 0: 100 rows"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("column 0 id (BYTE_ARRAY, UTF8)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("codec SNAPPY, encodings PLAIN"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("min \"aa\", max \"dv\", nulls 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("created_by: "), std::string::npos) << r.out;
}

TEST(ParquetMetaTest, SchemaShowsTreeLogicalTypesAndFieldIds) {
  CommandResult r = RunFloe("parquet schema " + ShellQuote(Hyparquet("signs.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("message ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("int32 unsigned_int8 (INTEGER(8,false))"), std::string::npos) << r.out;
  r = RunFloe("parquet schema " +
              ShellQuote(CorpusPath("parquet-testing/data/nested_lists.snappy.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("group"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("max rep 3"), std::string::npos) << r.out;
  // Field ids print as "= N" (Iceberg writes them; this file from DuckDB has them too).
  r = RunFloe("parquet schema " +
              ShellQuote(CorpusPath("iceberg/parquet/src/testFixtures/resources/encodings/"
                                    "PLAIN/int32.parquet")));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(ParquetMetaTest, ErrorsMapToExitCodes) {
  CommandResult r = RunFloe("parquet meta /nonexistent/x.parquet");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  TempDir tmp;
  std::string path = tmp.Join("bad.parquet");
  ASSERT_OK(io::WriteFile(*io::LocalFileIO(), path, "PAR1 this is not a parquet file PAR1"));
  r = RunFloe("parquet meta " + ShellQuote(path));
  EXPECT_EQ(r.exit_code, 5) << r.err;
  EXPECT_NE(r.err.find("bad.parquet"), std::string::npos) << r.err;
  r = RunFloe(
      "parquet meta " +
      ShellQuote(CorpusPath("parquet-testing/data/encrypt_columns_and_footer.parquet.encrypted")));
  EXPECT_EQ(r.exit_code, 6) << r.err;
  EXPECT_NE(r.err.find("encrypted Parquet files are not supported"), std::string::npos) << r.err;
  r = RunFloe("parquet meta");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace floe::testing
