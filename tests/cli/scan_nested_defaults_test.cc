// `floe scan` of a table whose list element's struct and map value's struct gained fields with
// initial-defaults after its data file was written (spec: "Default values"). The CLI creates the
// table (format version 3) and appends a Parquet file floe's writer made; UpdateSchema adds the
// fields through the same SQLite catalog (no command sets a default); the scan prints the old
// rows with the defaults inside their lists and maps, nulls and empty ones as they were.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/update_schema.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

namespace col = floe::columnar;

// Three rows of `schema` (id int, items list<struct<a int>>, m map<string, struct<x int>>):
//   0, [{a: 1}, null], {k: {x: 2}}
//   1, [],             {n: null}
//   2, null,           null
Status WriteNestedRows(const std::string& path, const spec::Schema& schema) {
  FLOE_ASSIGN_OR_RETURN(col::SchemaPtr columnar, table::ToColumnarSchema(schema));
  col::Int32Builder ids(columnar->field(0).type);
  FLOE_ASSIGN_OR_RETURN(auto items_builder, col::MakeBuilder(columnar->field(1).type));
  FLOE_ASSIGN_OR_RETURN(auto m_builder, col::MakeBuilder(columnar->field(2).type));
  auto* items = static_cast<col::ListBuilder*>(items_builder.get());
  auto* element = static_cast<col::StructBuilder*>(items->value_builder());
  auto* a = static_cast<col::Int32Builder*>(element->child(0));
  auto* m = static_cast<col::MapBuilder*>(m_builder.get());
  auto* key = static_cast<col::BinaryBuilder*>(m->key_builder());
  auto* value = static_cast<col::StructBuilder*>(m->item_builder());
  auto* x = static_cast<col::Int32Builder*>(value->child(0));
  for (int32_t id : {0, 1, 2}) FLOE_RETURN_IF_ERROR(ids.Append(id));
  // items
  FLOE_RETURN_IF_ERROR(items->Append());
  FLOE_RETURN_IF_ERROR(element->Append());
  FLOE_RETURN_IF_ERROR(a->Append(1));
  FLOE_RETURN_IF_ERROR(element->AppendNull());
  FLOE_RETURN_IF_ERROR(items->Append());
  FLOE_RETURN_IF_ERROR(items->AppendNull());
  // m
  FLOE_RETURN_IF_ERROR(m->Append());
  FLOE_RETURN_IF_ERROR(m->entries_builder()->Append());
  FLOE_RETURN_IF_ERROR(key->Append("k"));
  FLOE_RETURN_IF_ERROR(value->Append());
  FLOE_RETURN_IF_ERROR(x->Append(2));
  FLOE_RETURN_IF_ERROR(m->Append());
  FLOE_RETURN_IF_ERROR(m->entries_builder()->Append());
  FLOE_RETURN_IF_ERROR(key->Append("n"));
  FLOE_RETURN_IF_ERROR(value->AppendNull());
  FLOE_RETURN_IF_ERROR(m->AppendNull());
  FLOE_ASSIGN_OR_RETURN(col::ArrayPtr id_array, ids.Finish());
  FLOE_ASSIGN_OR_RETURN(col::ArrayPtr items_array, items->Finish());
  FLOE_ASSIGN_OR_RETURN(col::ArrayPtr m_array, m->Finish());
  FLOE_ASSIGN_OR_RETURN(col::RecordBatch batch,
                        col::RecordBatch::Make(columnar, 3, {id_array, items_array, m_array}));
  FLOE_ASSIGN_OR_RETURN(auto out, io::LocalFileIO()->Create(path, false));
  FLOE_ASSIGN_OR_RETURN(auto writer, parquet::ParquetWriter::Make(std::move(out), columnar));
  FLOE_RETURN_IF_ERROR(writer->Write(batch));
  FLOE_RETURN_IF_ERROR(writer->Close());
  return Ok();
}

TEST(ScanNestedDefaultsTest, OldRowsReadTheDefaultsOfFieldsAddedInsideListsAndMaps) {
  TempDir wh;
  auto floe = [&](const std::string& args) {
    CommandResult r = RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  };
  floe("create namespace db");
  floe(
      "create table db.t --property format-version=3 --schema "
      "\"id int not null, items list<struct<a: int>>, m map<string, struct<x: int>>\"");

  // The same catalog --warehouse opens (a SQLite catalog at DIR/catalog.db).
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  auto catalog = catalog::sql::SqlCatalog::Open(
      catalog::sql::SqlCatalogOptions{"default", wh.Join("catalog.db"), wh.path(), local});
  ASSERT_OK(catalog);
  catalog::TableIdentifier id{{"db"}, "t"};
  auto created = (*catalog)->LoadTable(id);
  ASSERT_OK(created);
  ASSERT_EQ(created->metadata.format_version, 3);
  Status written = WriteNestedRows(wh.Join("rows.parquet"), *created->metadata.CurrentSchema());
  ASSERT_OK(written);
  floe("append db.t " + ShellQuote(wh.Join("rows.parquet")));

  catalog::CatalogTableOperations ops(**catalog, id);
  update::UpdateSchema evolve(ops);
  evolve.AddColumn(update::NewColumn{"items", "b", spec::Type::String(), false, "", "\"bb\"", {}});
  evolve.AddColumn(update::NewColumn{"m", "y", spec::Type::Long(), true, "", "42", {}});
  auto committed = evolve.Commit();
  ASSERT_OK(committed);

  EXPECT_EQ(floe("scan db.t --format json"),
            R"({"id":0,"items":[{"a":1,"b":"bb"},null],"m":[{"key":"k","value":{"x":2,"y":42}}]})"
            "\n"
            R"({"id":1,"items":[],"m":[{"key":"n","value":null}]})"
            "\n"
            R"({"id":2,"items":null,"m":null})"
            "\n");
}

}  // namespace
}  // namespace floe::testing
