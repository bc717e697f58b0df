// Initial-defaults inside lists and maps (field_resolution.h; spec: "Default values"): Parquet
// files written by floe's writer before fields were added to a list element's struct, a map
// key's or value's struct, at any depth, read through the evolved schema. Each row is compared
// with the value the test writes out by hand: added fields read as their initial-default where
// the struct holding them is present, null elements and null structs stay null, empty lists and
// maps stay empty, promotions apply. Then the same through a catalog table whose schema was
// evolved with UpdateSchema, read by PlanScan and ReadTable.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/io/memory_file_io.h"
#include "floe/scan/data_file_reader.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/append_files.h"
#include "floe/update/update_schema.h"
#include "floe/util/json_reader.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
// A named namespace: the test files of a folder may share one translation unit (unity builds).
namespace nested_defaults_test {

namespace col = floe::columnar;
using spec::NestedField;
using spec::Type;

// ---- Writing rows given as JSON (maps as [{"key": k, "value": v}, ...]) ----

Status AppendJson(col::ArrayBuilder& b, const col::DataType& type, const JsonValue& v) {
  if (v.IsNull()) return b.AppendNull();
  switch (type.id()) {
    case col::TypeId::kInt32: {
      FLOE_ASSIGN_OR_RETURN(int32_t x, v.AsInt32());
      return static_cast<col::Int32Builder&>(b).Append(x);
    }
    case col::TypeId::kInt64: {
      FLOE_ASSIGN_OR_RETURN(int64_t x, v.AsInt());
      return static_cast<col::Int64Builder&>(b).Append(x);
    }
    case col::TypeId::kFloat32: {
      FLOE_ASSIGN_OR_RETURN(double x, v.AsDouble());
      return static_cast<col::FloatBuilder&>(b).Append(static_cast<float>(x));
    }
    case col::TypeId::kFloat64: {
      FLOE_ASSIGN_OR_RETURN(double x, v.AsDouble());
      return static_cast<col::DoubleBuilder&>(b).Append(x);
    }
    case col::TypeId::kDecimal128: {  // the unscaled value
      FLOE_ASSIGN_OR_RETURN(int64_t x, v.AsInt());
      return static_cast<col::Decimal128Builder&>(b).AppendInt64(x);
    }
    case col::TypeId::kString: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, v.AsString());
      return static_cast<col::BinaryBuilder&>(b).Append(s);
    }
    case col::TypeId::kStruct: {
      auto& s = static_cast<col::StructBuilder&>(b);
      FLOE_RETURN_IF_ERROR(s.Append());
      for (int i = 0; i < type.num_children(); ++i) {
        std::optional<JsonValue> child = v.Find(type.child(i).name);
        if (child) {
          FLOE_RETURN_IF_ERROR(AppendJson(*s.child(i), *type.child(i).type, *child));
        } else {
          FLOE_RETURN_IF_ERROR(s.child(i)->AppendNull());
        }
      }
      return Ok();
    }
    case col::TypeId::kList: {
      auto& l = static_cast<col::ListBuilder&>(b);
      FLOE_RETURN_IF_ERROR(l.Append());
      FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> elements, v.AsArray());
      for (const JsonValue& e : elements) {
        FLOE_RETURN_IF_ERROR(AppendJson(*l.value_builder(), *type.value_field().type, e));
      }
      return Ok();
    }
    case col::TypeId::kMap: {
      auto& m = static_cast<col::MapBuilder&>(b);
      FLOE_RETURN_IF_ERROR(m.Append());
      FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> entries, v.AsArray());
      for (const JsonValue& e : entries) {
        FLOE_RETURN_IF_ERROR(m.entries_builder()->Append());
        FLOE_ASSIGN_OR_RETURN(JsonValue key, e.Get("key"));
        FLOE_ASSIGN_OR_RETURN(JsonValue value, e.Get("value"));
        FLOE_RETURN_IF_ERROR(AppendJson(*m.key_builder(), *type.key_field().type, key));
        FLOE_RETURN_IF_ERROR(AppendJson(*m.item_builder(), *type.item_field().type, value));
      }
      return Ok();
    }
    default:
      return NotSupported("test writer: type {}", type.ToString());
  }
}

// A Parquet file of `schema` (its ids in the file) holding `rows`, JSON objects by field name.
Status WriteRows(io::FileIO& io, const std::string& path, const spec::Schema& schema,
                 const std::vector<std::string>& rows) {
  FLOE_ASSIGN_OR_RETURN(col::SchemaPtr columnar, table::ToColumnarSchema(schema));
  std::vector<std::unique_ptr<col::ArrayBuilder>> builders;
  for (const col::Field& f : columnar->fields()) {
    FLOE_ASSIGN_OR_RETURN(auto b, col::MakeBuilder(f.type));
    builders.push_back(std::move(b));
  }
  for (const std::string& row : rows) {
    FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(row));
    for (size_t i = 0; i < builders.size(); ++i) {
      const col::Field& f = columnar->field(static_cast<int>(i));
      std::optional<JsonValue> v = doc->root().Find(f.name);
      if (v) {
        FLOE_RETURN_IF_ERROR(AppendJson(*builders[i], *f.type, *v));
      } else {
        FLOE_RETURN_IF_ERROR(builders[i]->AppendNull());
      }
    }
  }
  std::vector<col::ArrayPtr> arrays;
  for (auto& b : builders) {
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr a, b->Finish());
    arrays.push_back(std::move(a));
  }
  FLOE_ASSIGN_OR_RETURN(
      col::RecordBatch batch,
      col::RecordBatch::Make(columnar, static_cast<int64_t>(rows.size()), std::move(arrays)));
  FLOE_ASSIGN_OR_RETURN(auto out, io.Create(path));
  FLOE_ASSIGN_OR_RETURN(auto writer, parquet::ParquetWriter::Make(std::move(out), columnar));
  FLOE_RETURN_IF_ERROR(writer->Write(batch));
  FLOE_RETURN_IF_ERROR(writer->Close());
  return Ok();
}

// The batch's rows as "v1|v2|...", values in the JSON form of value_text.h.
void AppendRows(const col::RecordBatch& batch, std::vector<std::string>* rows) {
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    std::string row;
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c > 0) row += "|";
      col::AppendJsonValue(*batch.column(c), r, &row);
    }
    rows->push_back(std::move(row));
  }
}

// The file's rows read into `projected`, two rows a batch (so that batches start inside the
// file's lists and maps).
Result<std::vector<std::string>> ReadRows(io::FileIO& io, const std::string& path,
                                          const spec::Schema& projected) {
  manifest::DataFile file;
  file.file_path = path;
  file.file_format = "PARQUET";
  DataFileReadOptions options;
  options.projected_schema = projected;
  options.batch_size = 2;
  FLOE_ASSIGN_OR_RETURN(auto reader, DataFileReader::Open(io, file, std::move(options)));
  std::vector<std::string> rows;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(std::optional<col::RecordBatch> batch, reader->Next());
    if (!batch) break;
    if (!batch->schema()->Equals(*reader->schema())) {
      return Internal("batch schema {} is not the reader's", batch->schema()->ToString());
    }
    AppendRows(*batch, &rows);
  }
  return rows;
}

spec::Schema SchemaOf(std::vector<NestedField> fields) {
  spec::Schema s;
  s.fields = std::move(fields);
  return s;
}

NestedField Opt(int32_t id, std::string name, spec::TypePtr type) {
  return NestedField{id, std::move(name), false, std::move(type)};
}
NestedField Req(int32_t id, std::string name, spec::TypePtr type) {
  return NestedField{id, std::move(name), true, std::move(type)};
}
NestedField Defaulted(NestedField f, std::string json) {
  f.initial_default = std::move(json);
  return f;
}

// Writes `rows` with `written`, reads them with `evolved`.
std::vector<std::string> WriteThenRead(const spec::Schema& written,
                                       const std::vector<std::string>& rows,
                                       const spec::Schema& evolved) {
  io::MemoryFileIO io;
  Status w = WriteRows(io, "mem://t/f.parquet", written, rows);
  EXPECT_OK(w);
  auto read = ReadRows(io, "mem://t/f.parquet", evolved);
  EXPECT_OK(read);
  return read.ok() ? *read : std::vector<std::string>{};
}

// list<struct>: b dropped, a promoted int→long; c (optional), d (required), s (a struct with
// the default {}, its p defaulted, q not) added with defaults, e added without one.
TEST(FieldResolutionTest, ListElementStructsTakeTheDefaultsOfAddedFields) {
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()),
                Opt(2, "items",
                    Type::List(Opt(
                        3, "element",
                        Type::Struct({Opt(4, "a", Type::Int()), Opt(5, "b", Type::String())}))))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "items": [{"a": 1, "b": "x"}, null, {"a": 2}]})", R"({"id": 1, "items": []})",
      R"({"id": 2, "items": null})", R"({"id": 3, "items": [{"a": null, "b": "y"}]})",
      R"({"id": 4, "items": [{"a": 5, "b": "z"}, {"a": 6, "b": "w"}]})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "items",
           Type::List(Opt(
               3, "element",
               Type::Struct({Opt(4, "a", Type::Long()), Defaulted(Opt(6, "c", Type::Int()), "7"),
                             Defaulted(Req(7, "d", Type::String()), "\"dd\""),
                             Opt(8, "e", Type::Double()),
                             Defaulted(Opt(9, "s",
                                           Type::Struct({Defaulted(Opt(10, "p", Type::Int()), "1"),
                                                         Opt(11, "q", Type::Int())})),
                                       "{}")}))))});
  auto element = [](const std::string& a) {
    return R"({"a":)" + a + R"(,"c":7,"d":"dd","e":null,"s":{"p":1,"q":null}})";
  };
  const std::vector<std::string> expected = {"0|[" + element("1") + ",null," + element("2") + "]",
                                             "1|[]", "2|null", "3|[" + element("null") + "]",
                                             "4|[" + element("5") + "," + element("6") + "]"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);

  // A file written after the fields were added keeps its own values, nulls included.
  io::MemoryFileIO io;
  Status w = WriteRows(io, "mem://t/new.parquet", evolved,
                       {R"({"id": 5, "items": [{"a": 8, "c": null, "d": "own", "e": 0.5,)"
                        R"( "s": {"p": null, "q": 2}}, {"a": 9, "c": 3, "d": "x", "s": null}]})"});
  ASSERT_OK(w);
  auto read = ReadRows(io, "mem://t/new.parquet", evolved);
  ASSERT_OK(read);
  EXPECT_EQ(*read, (std::vector<std::string>{
                       R"(5|[{"a":8,"c":null,"d":"own","e":0.5,"s":{"p":null,"q":2}},)"
                       R"({"a":9,"c":3,"d":"x","e":null,"s":null}])"}));
}

// map<string, struct>: y added with a default, n (a struct) without one; x promoted.
TEST(FieldResolutionTest, MapValueStructsTakeTheDefaultsOfAddedFields) {
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()),
                Opt(2, "m",
                    Type::Map(Req(3, "key", Type::String()),
                              Opt(4, "value", Type::Struct({Opt(5, "x", Type::Int())}))))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "m": [{"key": "a", "value": {"x": 1}}, {"key": "b", "value": null}]})",
      R"({"id": 1, "m": []})", R"({"id": 2, "m": null})",
      R"({"id": 3, "m": [{"key": "c", "value": {"x": null}}]})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "m",
           Type::Map(
               Req(3, "key", Type::String()),
               Opt(4, "value",
                   Type::Struct(
                       {Opt(5, "x", Type::Long()), Defaulted(Opt(6, "y", Type::String()), "\"yy\""),
                        Opt(7, "n",
                            Type::Struct({Defaulted(Opt(8, "z", Type::Int()), "3")}))}))))});
  const std::vector<std::string> expected = {
      R"(0|[{"key":"a","value":{"x":1,"y":"yy","n":null}},{"key":"b","value":null}])", "1|[]",
      "2|null", R"(3|[{"key":"c","value":{"x":null,"y":"yy","n":null}}])"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);
}

// map<struct, int>: a required key field added with a default; the values promoted int→long.
TEST(FieldResolutionTest, MapKeyStructsTakeTheDefaultsOfAddedFields) {
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()),
                Opt(2, "m",
                    Type::Map(Req(3, "key", Type::Struct({Req(5, "k", Type::Int())})),
                              Opt(4, "value", Type::Int())))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "m": [{"key": {"k": 1}, "value": 10}, {"key": {"k": 2}, "value": null}]})",
      R"({"id": 1, "m": null})", R"({"id": 2, "m": [{"key": {"k": 3}, "value": 30}]})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "m",
           Type::Map(Req(3, "key",
                         Type::Struct({Req(5, "k", Type::Int()),
                                       Defaulted(Req(6, "k2", Type::String()), "\"kk\"")})),
                     Opt(4, "value", Type::Long())))});
  const std::vector<std::string> expected = {
      R"(0|[{"key":{"k":1,"k2":"kk"},"value":10},{"key":{"k":2,"k2":"kk"},"value":null}])",
      "1|null", R"(2|[{"key":{"k":3,"k2":"kk"},"value":30}])"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);
}

// list<list<struct>>: the inner struct's added field, in inner lists that are empty, null or
// hold null elements.
TEST(FieldResolutionTest, ListsOfListsOfStructsTakeTheDefaultsOfAddedFields) {
  auto lists = [](std::vector<NestedField> fields) {
    return Type::List(Opt(3, "element", Type::List(Opt(4, "element", Type::Struct(fields)))));
  };
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()), Opt(2, "ll", lists({Opt(5, "a", Type::Int())}))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "ll": [[{"a": 1}, {"a": 2}], [], null, [null, {"a": 3}]]})",
      R"({"id": 1, "ll": []})", R"({"id": 2, "ll": null})", R"({"id": 3, "ll": [[{"a": 4}]]})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "ll", lists({Opt(5, "a", Type::Int()), Defaulted(Opt(6, "b", Type::Int()), "9")}))});
  const std::vector<std::string> expected = {
      R"(0|[[{"a":1,"b":9},{"a":2,"b":9}],[],null,[null,{"a":3,"b":9}]])", "1|[]", "2|null",
      R"(3|[[{"a":4,"b":9}]])"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);
}

// A struct inside a list element's struct: y added to s (a null s stays null), and t, a struct
// added to the element with the default {}, reads as its children's defaults.
TEST(FieldResolutionTest, StructsInsideElementStructsTakeTheDefaultsOfAddedFields) {
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()),
                Opt(2, "items",
                    Type::List(Opt(
                        3, "element",
                        Type::Struct({Opt(4, "a", Type::Int()),
                                      Opt(5, "s", Type::Struct({Opt(6, "x", Type::Int())}))}))))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "items": [{"a": 1, "s": {"x": 10}}, {"a": 2, "s": null}, null]})",
      R"({"id": 1, "items": [{"a": 3, "s": {"x": null}}]})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "items",
           Type::List(Opt(
               3, "element",
               Type::Struct(
                   {Opt(4, "a", Type::Int()),
                    Opt(5, "s",
                        Type::Struct({Opt(6, "x", Type::Int()),
                                      Defaulted(Opt(7, "y", Type::String()), "\"sy\"")})),
                    Defaulted(Opt(8, "t", Type::Struct({Defaulted(Opt(9, "u", Type::Int()), "4")})),
                              "{}")}))))});
  const std::vector<std::string> expected = {
      R"(0|[{"a":1,"s":{"x":10,"y":"sy"},"t":{"u":4}},{"a":2,"s":null,"t":{"u":4}},null])",
      R"(1|[{"a":3,"s":{"x":null,"y":"sy"},"t":{"u":4}}])"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);
}

// A map whose values are lists of structs, inside a top-level struct that also gained a child
// (that one filled as top-level struct children are).
TEST(FieldResolutionTest, MapValuesThatAreListsOfStructsInsideAStruct) {
  auto map_of = [](std::vector<NestedField> fields) {
    return Type::Map(Req(4, "key", Type::String()),
                     Opt(5, "value", Type::List(Opt(6, "element", Type::Struct(fields)))));
  };
  spec::Schema written =
      SchemaOf({Req(1, "id", Type::Int()),
                Opt(2, "st", Type::Struct({Opt(3, "m", map_of({Opt(7, "a", Type::Int())}))}))});
  const std::vector<std::string> rows = {
      R"({"id": 0, "st": {"m": [{"key": "k", "value": [{"a": 1}, null]},)"
      R"( {"key": "e", "value": []}]}})",
      R"({"id": 1, "st": null})", R"({"id": 2, "st": {"m": null}})",
      R"({"id": 3, "st": {"m": [{"key": "n", "value": null}]}})"};
  spec::Schema evolved = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "st",
           Type::Struct(
               {Opt(3, "m",
                    map_of({Opt(7, "a", Type::Int()), Defaulted(Opt(8, "b", Type::Int()), "11")})),
                Defaulted(Opt(9, "c", Type::Int()), "5")}))});
  const std::vector<std::string> expected = {
      R"(0|{"m":[{"key":"k","value":[{"a":1,"b":11},null]},{"key":"e","value":[]}],"c":5})",
      "1|null", R"(2|{"m":null,"c":5})", R"(3|{"m":[{"key":"n","value":null}],"c":5})"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);
}

// Promotions inside lists and maps: list<int> → list<long>, list<float> → list<double>, map
// values int → long, decimal(5,2) → decimal(10,2) in a list element's struct.
TEST(FieldResolutionTest, PromotionsApplyInsideListsAndMaps) {
  spec::Schema written = SchemaOf(
      {Opt(1, "ints", Type::List(Opt(2, "element", Type::Int()))),
       Opt(3, "floats", Type::List(Opt(4, "element", Type::Float()))),
       Opt(5, "counts", Type::Map(Req(6, "key", Type::String()), Opt(7, "value", Type::Int()))),
       Opt(8, "prices",
           Type::List(Opt(9, "element", Type::Struct({Opt(10, "p", Type::Decimal(5, 2))}))))});
  const std::vector<std::string> rows = {
      R"({"ints": [1, null, 2147483647], "floats": [1.5, -0.25],)"
      R"( "counts": [{"key": "a", "value": -2147483648}],)"
      R"( "prices": [{"p": 12345}, {"p": null}]})",
      R"({"ints": [], "floats": null, "counts": [], "prices": null})"};
  spec::Schema evolved = SchemaOf(
      {Opt(1, "ints", Type::List(Opt(2, "element", Type::Long()))),
       Opt(3, "floats", Type::List(Opt(4, "element", Type::Double()))),
       Opt(5, "counts", Type::Map(Req(6, "key", Type::String()), Opt(7, "value", Type::Long()))),
       Opt(8, "prices",
           Type::List(Opt(9, "element", Type::Struct({Opt(10, "p", Type::Decimal(10, 2))}))))});
  const std::vector<std::string> expected = {
      R"([1,null,2147483647]|[1.5,-0.25]|[{"key":"a","value":-2147483648}]|)"
      R"([{"p":"123.45"},{"p":null}])",
      "[]|null|[]|null"};
  EXPECT_EQ(WriteThenRead(written, rows, evolved), expected);

  // The read columns have the table's types.
  io::MemoryFileIO io;
  ASSERT_OK(WriteRows(io, "mem://t/p.parquet", written, rows));
  manifest::DataFile file;
  file.file_path = "mem://t/p.parquet";
  DataFileReadOptions options;
  options.projected_schema = evolved;
  auto reader = DataFileReader::Open(io, file, options);
  ASSERT_OK(reader);
  const col::Schema& schema = *(*reader)->schema();
  EXPECT_EQ(schema.field(0).type->value_field().type->id(), col::TypeId::kInt64);
  EXPECT_EQ(schema.field(1).type->value_field().type->id(), col::TypeId::kFloat64);
  EXPECT_EQ(schema.field(2).type->item_field().type->id(), col::TypeId::kInt64);
  EXPECT_EQ(schema.field(3).type->value_field().type->child(0).type->precision(), 10);
}

// A required field added inside a list element without a default: the file cannot give it.
TEST(FieldResolutionTest, RequiredFieldWithoutDefaultInsideAListIsAnError) {
  spec::Schema written = SchemaOf(
      {Opt(2, "items", Type::List(Opt(3, "element", Type::Struct({Opt(4, "a", Type::Int())}))))});
  io::MemoryFileIO io;
  ASSERT_OK(WriteRows(io, "mem://t/f.parquet", written, {R"({"items": [{"a": 1}]})"}));
  spec::Schema evolved = SchemaOf(
      {Opt(2, "items",
           Type::List(Opt(3, "element",
                          Type::Struct({Opt(4, "a", Type::Int()), Req(5, "r", Type::Int())}))))});
  auto read = ReadRows(io, "mem://t/f.parquet", evolved);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(read.error().message,
            "data file mem://t/f.parquet: required field items.element.r (id 5) is not in the "
            "file and has no initial-default");

  // The same field inside a map value.
  spec::Schema map_written =
      SchemaOf({Opt(2, "m",
                    Type::Map(Req(3, "key", Type::String()),
                              Opt(4, "value", Type::Struct({Opt(5, "a", Type::Int())}))))});
  ASSERT_OK(WriteRows(io, "mem://t/m.parquet", map_written,
                      {R"({"m": [{"key": "k", "value": {"a": 1}}]})"}));
  spec::Schema map_evolved = SchemaOf(
      {Opt(2, "m",
           Type::Map(Req(3, "key", Type::String()),
                     Opt(4, "value",
                         Type::Struct({Opt(5, "a", Type::Int()), Req(6, "r", Type::Int())}))))});
  read = ReadRows(io, "mem://t/m.parquet", map_evolved);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("required field m.value.r (id 6)"), std::string::npos)
      << read.error().message;
}

// The table path: a v3 table in a SQL catalog, one file appended, then a field with a default
// added to its list element's struct and one to its map value's struct by UpdateSchema; the
// scan reads the old file's rows with the defaults.
TEST(FieldResolutionTableTest, ScanOfATableEvolvedWithNestedDefaults) {
  testing::TempDir dir;
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  catalog::sql::SqlCatalogOptions options{"default", dir.Join("catalog.db"), dir.Join("wh"), local};
  auto catalog = catalog::sql::SqlCatalog::Open(options);
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
  catalog::TableIdentifier id{{"db"}, "t"};
  catalog::CreateTableOptions create;
  create.table.format_version = 3;
  create.table.schema = SchemaOf(
      {Req(1, "id", Type::Int()),
       Opt(2, "items", Type::List(Opt(3, "element", Type::Struct({Opt(4, "a", Type::Int())})))),
       Opt(5, "m",
           Type::Map(Req(6, "key", Type::String()),
                     Opt(7, "value", Type::Struct({Opt(8, "x", Type::Int())}))))});
  ASSERT_OK((*catalog)->CreateTable(id, create));
  auto created = (*catalog)->LoadTable(id);
  ASSERT_OK(created);
  // The file carries the table's ids (its creation assigned them).
  const std::string input = dir.Join("input.parquet");
  Status written =
      WriteRows(*local, input, *created->metadata.CurrentSchema(),
                {R"({"id": 0, "items": [{"a": 1}, null], "m": [{"key": "k", "value": {"x": 2}}]})",
                 R"({"id": 1, "items": [], "m": [{"key": "n", "value": null}]})",
                 R"({"id": 2, "items": null, "m": null})"});
  ASSERT_OK(written);
  catalog::CatalogTableOperations ops(**catalog, id);
  auto appended = update::AppendFiles(ops, *local, {input});
  ASSERT_OK(appended);

  update::UpdateSchema evolve(ops);
  evolve.AddColumn(update::NewColumn{"items", "b", Type::String(), false, "", "\"bb\"", {}});
  evolve.AddColumn(update::NewColumn{"m", "y", Type::Long(), true, "", "42", {}});
  auto committed = evolve.Commit();
  ASSERT_OK(committed);

  auto loaded = (*catalog)->LoadTable(id);
  ASSERT_OK(loaded);
  auto plan = PlanScan(*local, loaded->metadata, {});
  ASSERT_OK(plan);
  std::vector<std::string> rows;
  TableReadCallbacks callbacks;
  callbacks.on_batch = [&](const col::RecordBatch& batch) -> Status {
    AppendRows(batch, &rows);
    return Ok();
  };
  TableReadOptions read;
  read.threads = 1;
  auto report = ReadTable(*local, loaded->metadata, *plan, read, callbacks);
  ASSERT_OK(report);
  EXPECT_EQ(rows, (std::vector<std::string>{
                      R"(0|[{"a":1,"b":"bb"},null]|[{"key":"k","value":{"x":2,"y":42}}])",
                      R"(1|[]|[{"key":"n","value":null}])", "2|null|null"}));
}

}  // namespace nested_defaults_test
}  // namespace floe::scan
