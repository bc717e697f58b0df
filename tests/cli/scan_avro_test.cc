// `floe scan`, `floe count` and `floe sql` on a table whose data file is Avro (Spark writes them
// with write.format.default=avro). The CLI creates the table; floe's Avro writer makes the file
// with Iceberg's field-id attributes (id written as int, the table's long); a FastAppend through
// the same SQLite catalog lists it with file_format AVRO; a column renamed and one added with an
// initial-default since read as the table says.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/format/avro/container_writer.h"
#include "floe/format/avro/json_default.h"
#include "floe/io/file_io.h"
#include "floe/update/fast_append.h"
#include "floe/update/update_schema.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

// Rows 0..9 of (id int, name string or null), in blocks of about three records.
Result<int64_t> WriteAvroRows(const std::string& path) {
  FLOE_ASSIGN_OR_RETURN(auto schema, avro::Schema::Parse(R"({"type":"record","name":"r","fields":[
      {"name":"id","type":"int","field-id":1},
      {"name":"name","type":["null","string"],"default":null,"field-id":2}]})"));
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(auto out, local->Create(path, false));
  avro::ContainerWriterOptions options;
  options.codec = "deflate";
  options.block_size = 16;
  FLOE_ASSIGN_OR_RETURN(auto writer, avro::ContainerWriter::Open(std::move(out), schema, options));
  for (int i = 0; i < 10; ++i) {
    std::string record = i == 4 ? fmt::format(R"({{"id":{},"name":null}})", i)
                                : fmt::format(R"({{"id":{},"name":"n{}"}})", i, i);
    FLOE_RETURN_IF_ERROR(avro::EncodeJsonDefault(schema->root(), record, writer->encoder()));
    FLOE_RETURN_IF_ERROR(writer->FinishRecord());
  }
  FLOE_RETURN_IF_ERROR(writer->Close());
  FLOE_ASSIGN_OR_RETURN(auto input, local->OpenInput(path));
  return input->Size();
}

TEST(ScanAvroTest, ScanCountAndSqlReadAnAvroDataFile) {
  TempDir wh;
  auto floe = [&](const std::string& args) {
    CommandResult r = RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  };
  floe("create namespace db");
  floe("create table db.t --property format-version=3 --schema \"id long not null, name string\"");

  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto catalog = catalog::sql::SqlCatalog::Open(
      catalog::sql::SqlCatalogOptions{"default", wh.Join("catalog.db"), wh.path(), local});
  ASSERT_OK(catalog);
  catalog::TableIdentifier id{{"db"}, "t"};
  auto created = (*catalog)->LoadTable(id);
  ASSERT_OK(created);
  ASSERT_EQ(created->metadata.CurrentSchema()->FindFieldByName("id")->id, 1);
  ASSERT_EQ(created->metadata.CurrentSchema()->FindFieldByName("name")->id, 2);

  const std::string path = wh.Join("rows.avro");
  auto size = WriteAvroRows(path);
  ASSERT_OK(size);
  catalog::CatalogTableOperations ops(**catalog, id);
  update::FastAppend append(ops);
  manifest::DataFile file;
  file.file_path = path;
  file.file_format = "AVRO";
  file.record_count = 10;
  file.file_size_in_bytes = *size;
  append.AppendFile(file);
  auto committed = append.Commit();
  ASSERT_OK(committed);

  update::UpdateSchema evolve(ops);
  evolve.RenameColumn("name", "label");
  evolve.AddColumn(update::NewColumn{"", "flag", spec::Type::Boolean(), false, "", "true", {}});
  auto evolved = evolve.Commit();
  ASSERT_OK(evolved);

  std::string expected;
  for (int i = 0; i < 10; ++i) {
    expected += i == 4 ? fmt::format(R"({{"id":{},"label":null,"flag":true}})", i)
                       : fmt::format(R"({{"id":{},"label":"n{}","flag":true}})", i, i);
    expected += "\n";
  }
  EXPECT_EQ(floe("scan db.t --format json"), expected);
  EXPECT_EQ(
      floe("scan db.t --format json --filter \"id >= 8\""),
      "{\"id\":8,\"label\":\"n8\",\"flag\":true}\n{\"id\":9,\"label\":\"n9\",\"flag\":true}\n");
  EXPECT_EQ(floe("count db.t --filter \"label = 'n3'\""), "1\n");
  EXPECT_EQ(floe("sql --format csv " +
                 ShellQuote("SELECT count(*), sum(id) FROM db.t WHERE label IS NOT NULL")),
            "count(1),sum(id)\n9,41\n");
}

}  // namespace
}  // namespace floe::testing
