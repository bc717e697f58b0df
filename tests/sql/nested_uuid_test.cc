// Golden tests of uuids nested in structs, lists and maps: as top-level uuid columns
// (uuid_column_test.cc), queries read them as their canonical lowercase text, DESCRIBE shows them
// as strings inside the nested type, INSERT writes UUID text into them, and the data files hold
// them as 16-byte FIXED_LEN_BYTE_ARRAY leaves of logical type UUID (Iceberg spec, Parquet type
// mapping). The nested values are written with INSERT … VALUES of named_struct, array and map.
#include "floe/catalog/catalog.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class NestedUuidTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(
        Run("CREATE NAMESPACE s; "
            "CREATE TABLE s.n (id int, s struct<u: uuid>, l array<uuid>, m map<string, uuid>); "
            "INSERT INTO s.n VALUES (1, named_struct('u', 'F79C3E09-677C-4BBD-A479-3F349CB785E7'), "
            "array('00000000-0000-0000-0000-00000000000A', NULL), "
            "map('a', 'f79c3e09-677c-4bbd-a479-3f349cb785e7', 'b', NULL)), "
            "(2, NULL, NULL, NULL)"),
        "-- created namespace s\n-- created table s.n\n-- inserted 2 rows into s.n\n");
  }
};

TEST_F(NestedUuidTest, TheTableHasNestedIcebergUuids) {
  auto cat = catalog::OpenCatalog(config_);
  ASSERT_OK(cat);
  auto table = (*cat)->LoadTable(catalog::TableIdentifier{{"s"}, "n"});
  ASSERT_OK(table);
  const spec::Schema* schema = table->metadata.CurrentSchema();
  ASSERT_NE(schema, nullptr);
  ASSERT_EQ(schema->fields.size(), 4u);
  EXPECT_EQ(schema->fields[1].type->fields().at(0).type->id(), spec::TypeId::kUuid);
  EXPECT_EQ(schema->fields[2].type->element().type->id(), spec::TypeId::kUuid);
  EXPECT_EQ(schema->fields[3].type->value().type->id(), spec::TypeId::kUuid);
  EXPECT_EQ(Run("DESCRIBE s.n"),
            "col_name,data_type,comment\nid,int,\ns,struct<u:string>,\nl,array<string>,\nm,\"map<"
            "string,string>\",\n");
  // ADD COLUMNS of a nested uuid too.
  EXPECT_EQ(Run("ALTER TABLE s.n ADD COLUMNS (more array<uuid>)"), "-- added columns to s.n\n");
  table = (*cat)->LoadTable(catalog::TableIdentifier{{"s"}, "n"});
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.CurrentSchema()->fields.at(4).type->element().type->id(),
            spec::TypeId::kUuid);
}

TEST_F(NestedUuidTest, ReadBackAsText) {
  EXPECT_EQ(Run("SELECT * FROM s.n ORDER BY id", RowFormat::kJson),
            "{\"id\":1,\"s\":{\"u\":\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"},"
            "\"l\":[\"00000000-0000-0000-0000-00000000000a\",null],"
            "\"m\":[{\"key\":\"a\",\"value\":\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"},{\"key\":"
            "\"b\",\"value\":null}]}\n"
            "{\"id\":2,\"s\":null,\"l\":null,\"m\":null}\n");
  EXPECT_EQ(Rows("SELECT s.u, upper(s.u), l[0], length(l[0]), m['a'] FROM s.n WHERE id = 1"),
            "f79c3e09-677c-4bbd-a479-3f349cb785e7,F79C3E09-677C-4BBD-A479-3F349CB785E7,"
            "00000000-0000-0000-0000-00000000000a,36,f79c3e09-677c-4bbd-a479-3f349cb785e7\n");
  EXPECT_EQ(Rows("SELECT id FROM s.n WHERE s.u = m['a']"), "1\n");
}

TEST_F(NestedUuidTest, StructFieldFiltersCompareText) {
  ASSERT_EQ(Run("INSERT INTO s.n (id, l) SELECT 3, array('11111111-1111-1111-1111-111111111111')"),
            "-- inserted 1 rows into s.n\n");
  EXPECT_EQ(Rows("SELECT id FROM s.n WHERE s.u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7'"), "1\n");
  // Upper case text is another string: no row, and not pushed into the scan (where the bytes
  // would match).
  EXPECT_EQ(Rows("SELECT id FROM s.n WHERE s.u = 'F79C3E09-677C-4BBD-A479-3F349CB785E7'"), "");
  std::string plan =
      Run("EXPLAIN SELECT id FROM s.n WHERE s.u = 'F79C3E09-677C-4BBD-A479-3F349CB785E7'");
  EXPECT_EQ(plan.find("filter: (s"), std::string::npos) << plan;
  plan = Run("EXPLAIN SELECT id FROM s.n WHERE s.u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7'");
  EXPECT_NE(plan.find("filter: (s.u = 'f79c3e09-677c-4bbd-a479-3f349cb785e7')"), std::string::npos)
      << plan;
  EXPECT_EQ(Rows("SELECT id FROM s.n WHERE s.u > '1' OR s.u IS NULL ORDER BY id"), "1\n2\n3\n");
}

TEST_F(NestedUuidTest, InsertWritesUuidText) {
  // Text read back copies into the table again; any case is a UUID.
  EXPECT_EQ(
      Run("INSERT INTO s.n SELECT id + 10, s, l, m FROM s.n WHERE id = 1; "
          "INSERT INTO s.n (id, m) SELECT 20, map('k', 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE')"),
      "-- inserted 1 rows into s.n\n-- inserted 1 rows into s.n\n");
  EXPECT_EQ(Rows("SELECT id, s.u, l[0], m['a'] FROM s.n WHERE id = 11"),
            "11,f79c3e09-677c-4bbd-a479-3f349cb785e7,00000000-0000-0000-0000-00000000000a,"
            "f79c3e09-677c-4bbd-a479-3f349cb785e7\n");
  EXPECT_EQ(Rows("SELECT m['k'] FROM s.n WHERE id = 20"), "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee\n");
  EXPECT_EQ(Run("INSERT INTO s.n (id, l) VALUES (4, array('x'))"),
            "error: line 1, column 1: INSERT INTO s.n: column l.element: 'x' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
  EXPECT_EQ(Run("INSERT INTO s.n (id, m) SELECT 4, map('k', 'y')"),
            "error: line 1, column 1: INSERT INTO s.n: column m.value: 'y' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
  EXPECT_EQ(Run("INSERT INTO s.n (id, s) VALUES (4, named_struct('u', 'z'))"),
            "error: line 1, column 1: INSERT INTO s.n: column s.u: 'z' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
  EXPECT_EQ(Run("INSERT INTO s.n (id, l) VALUES (4, array(1))"),
            "error: line 1, column 1: INSERT INTO s.n: column l.element: '1' is not a UUID "
            "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)");
}

TEST_F(NestedUuidTest, DataFilesHoldSixteenByteUuids) {
  std::string files = Rows("SELECT file_path FROM s.n.files");
  ASSERT_FALSE(files.empty());
  std::string path = files.substr(0, files.find('\n'));
  auto io = io::LocalFileIO();
  auto reader = parquet::FileReader::Open(*io, path);
  ASSERT_OK(reader) << path;
  int uuids = 0;
  for (int i = 0; i < (*reader)->schema().num_columns(); ++i) {
    const parquet::SchemaNode& leaf = (*reader)->schema().column(i);
    if (leaf.path.front() == "id" || leaf.path.back() == "key") continue;
    SCOPED_TRACE(parquet::JoinPath(leaf.path));
    EXPECT_EQ(leaf.physical_type, parquet::Type::kFixedLenByteArray);
    EXPECT_EQ(leaf.type_length, 16);
    ASSERT_TRUE(leaf.logical_type.has_value());
    EXPECT_EQ(leaf.logical_type->kind, parquet::LogicalType::Kind::kUuid);
    ++uuids;
  }
  EXPECT_EQ(uuids, 3);  // s.u, l.list.element, m.key_value.value (the map's key is a string)
}

}  // namespace
}  // namespace floe::sql
