// Schema resolution: fields by id and by name, defaults, promotions, unions, enums; and the
// callback API a manifest reader uses to decode into its own structures.
#include "floe/format/avro/read_plan.h"

#include <gtest/gtest.h>

#include "avro_test_util.h"
#include "testing/result_matchers.h"

namespace floe::avro {
namespace {

std::shared_ptr<const Schema> Parse(const char* json) {
  auto s = Schema::Parse(json);
  EXPECT_OK(s);
  return *s;
}

// Encodes `value` (given as a Datum of the writer schema) and decodes it through the reader's.
Result<std::string> Resolve(const char* writer_json, const char* reader_json,
                            const std::function<Datum(const Node&)>& make) {
  auto writer = Parse(writer_json);
  auto reader = Parse(reader_json);
  std::string bytes;
  Encoder e(&bytes);
  FLOE_RETURN_IF_ERROR(EncodeDatum(writer->root(), make(writer->root()), e));
  FLOE_ASSIGN_OR_RETURN(auto res, Resolution::Make(writer, reader));
  Decoder d(bytes);
  FLOE_ASSIGN_OR_RETURN(Datum out, DecodeDatum(res->root(), d));
  if (!d.AtEnd()) return Internal("bytes left");
  return DatumToJson(out);
}

Datum Long(const Node& n, int64_t v) { return Datum{.type = &n, .integer = v}; }

TEST(ReadPlanTest, Promotions) {
  auto long_of = [](int64_t v) { return [v](const Node& n) { return Long(n, v); }; };
  EXPECT_EQ(*Resolve(R"("int")", R"("long")", long_of(-7)), "-7");
  EXPECT_EQ(*Resolve(R"("int")", R"("double")", long_of(3)), "3");
  EXPECT_EQ(*Resolve(R"("long")", R"("float")", long_of(5)), "5");
  EXPECT_EQ(*Resolve(R"("float")", R"("double")",
                     [](const Node& n) { return Datum{.type = &n, .real = 0.5}; }),
            "0.5");
  EXPECT_EQ(*Resolve(R"("string")", R"("bytes")",
                     [](const Node& n) { return Datum{.type = &n, .bytes = "AB"}; }),
            "\"4142\"");
  EXPECT_EQ(*Resolve(R"("bytes")", R"("string")",
                     [](const Node& n) { return Datum{.type = &n, .bytes = "AB"}; }),
            "\"AB\"");
  auto bad = Resolve(R"("long")", R"("int")", long_of(1));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("cannot read the writer's long as the reader's int"),
            std::string::npos);
}

TEST(ReadPlanTest, Unions) {
  auto long_of = [](int64_t v) { return [v](const Node& n) { return Long(n, v); }; };
  // Writer non-union into reader union, null in either position.
  EXPECT_EQ(*Resolve(R"("long")", R"(["null","long"])", long_of(4)), "4");
  EXPECT_EQ(*Resolve(R"("int")", R"(["long","null"])", long_of(4)), "4");
  // Writer union into reader non-union: fine until the null branch is met.
  auto branch = [](int b, int64_t v) {
    return [b, v](const Node& n) {
      Datum d{.type = &n, .integer = b};
      d.items.push_back(Long(*n.branches[b], v));
      return d;
    };
  };
  EXPECT_EQ(*Resolve(R"(["null","long"])", R"("long")", branch(1, 9)), "9");
  auto null_in = Resolve(R"(["null","long"])", R"("long")", branch(0, 0));
  ASSERT_FALSE(null_in.ok());
  EXPECT_EQ(null_in.error().kind, ErrorKind::kCorrupt);
  // Union to union with reordered branches and a promotion.
  EXPECT_EQ(*Resolve(R"(["null","int"])", R"(["long","null"])", branch(1, 12)), "12");
  EXPECT_EQ(*Resolve(R"(["null","int"])", R"(["long","null"])", branch(0, 0)), "null");
}

TEST(ReadPlanTest, RecordsByIdByNameWithDefaults) {
  const char* writer = R"({"type":"record","name":"w","fields":[
      {"name":"a","type":"int","field-id":1},
      {"name":"old_name","type":"long","field-id":2},
      {"name":"dropped","type":{"type":"array","items":"string"},"field-id":3},
      {"name":"by_name","type":"string"}]})";
  const char* reader = R"({"type":"record","name":"r","fields":[
      {"name":"new_name","type":"long","field-id":2},
      {"name":"a","type":"long","field-id":1},
      {"name":"by_name","type":"string"},
      {"name":"added","type":["null","long"],"field-id":9},
      {"name":"with_default","type":{"type":"record","name":"pt","fields":[{"name":"x","type":"int"}]},
       "default":{"x":42}},
      {"name":"b","type":"bytes","default":"\u00ff\u0001"},
      {"name":"e","type":{"type":"enum","name":"e","symbols":["X","Y"]},"default":"Y"},
      {"name":"m","type":{"type":"map","values":"double"},"default":{"k":1.5}}]})";
  auto out = Resolve(writer, reader, [](const Node& n) {
    Datum d{.type = &n};
    d.items.push_back(Long(*n.fields[0].type, 5));
    d.items.push_back(Long(*n.fields[1].type, 6));
    Datum arr{.type = n.fields[2].type};
    arr.items.push_back(Datum{.type = n.fields[2].type->items, .bytes = "gone"});
    d.items.push_back(arr);
    d.items.push_back(Datum{.type = n.fields[3].type, .bytes = "kept"});
    return d;
  });
  ASSERT_OK(out);
  EXPECT_EQ(*out, R"({"new_name":6,"a":5,"by_name":"kept","added":null,"with_default":{"x":42},)"
                  R"("b":"ff01","e":"Y","m":{"k":1.5}})");
  // A reader field that is neither in the writer nor defaultable.
  auto missing = Resolution::Make(Parse(writer), Parse(R"({"type":"record","name":"r","fields":[
      {"name":"must","type":"long"}]})"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("must"), std::string::npos);
}

TEST(ReadPlanTest, EnumSymbolsByName) {
  const char* writer = R"({"type":"enum","name":"e","symbols":["A","B","C"]})";
  const char* reader = R"({"type":"enum","name":"e","symbols":["C","A","Z"],"default":"Z"})";
  auto make = [](int64_t v) { return [v](const Node& n) { return Long(n, v); }; };
  EXPECT_EQ(*Resolve(writer, reader, make(0)), "\"A\"");
  EXPECT_EQ(*Resolve(writer, reader, make(2)), "\"C\"");
  EXPECT_EQ(*Resolve(writer, reader, make(1)), "\"Z\"");  // unknown: the reader's default
  auto no_default = Resolve(writer, R"({"type":"enum","name":"e","symbols":["C","A"]})", make(1));
  ASSERT_FALSE(no_default.ok());
  EXPECT_NE(no_default.error().message.find("B"), std::string::npos);
}

// What a manifest reader does: decode straight into a struct through the callbacks, reading a
// Java-written manifest with a reader schema that keeps only some fields (matched by field id).
struct Entry {
  int32_t status = -1;
  std::optional<int64_t> snapshot_id;
  std::string path;
  int64_t record_count = -1;
};

TEST(ReadPlanTest, DecodesAManifestIntoAStructWithoutADatumTree) {
  std::string path = floe::testing::CorpusPath(
      "iceberg-cpp/_removed_at_e0b35ef74a1eb221514aafd446e5c3810c7a87d9/src/iceberg/test/resources/"
      "56357cd7-391f-4df8-aa24-e7e667da8870-m4.avro");
  auto reader = ContainerReader::Open(testing::OpenLocal(path));
  ASSERT_OK(reader);
  auto mine = Parse(R"({"type":"record","name":"manifest_entry","fields":[
      {"name":"status","type":"int","field-id":0},
      {"name":"snapshot_id","type":["null","long"],"field-id":1},
      {"name":"data_file","type":{"type":"record","name":"r2","fields":[
         {"name":"file_path","type":"string","field-id":100},
         {"name":"record_count","type":"long","field-id":103}]},"field-id":2}]})");
  auto res = Resolution::Make((*reader)->schema(), mine);
  ASSERT_OK(res);
  std::vector<Entry> entries;
  ContainerReader::Block block;
  for (;;) {
    auto more = (*reader)->NextBlock(&block);
    ASSERT_OK(more);
    if (!*more) break;
    Decoder d = block.decoder();
    for (int64_t i = 0; i < block.count; ++i) {
      Entry entry;
      Status st =
          ReadRecord((*res)->root(), d, [&](int field, const ReadPlan& p, Decoder& fd) -> Status {
            switch (field) {
              case 0: {
                FLOE_ASSIGN_OR_RETURN(entry.status, ReadIntValue(p, fd));
                return Ok();
              }
              case 1: {
                int branch;
                FLOE_ASSIGN_OR_RETURN(const ReadPlan* v, ResolveBranch(p, fd, &branch));
                if (v->op == ReadPlan::Op::kNull) return Ok();
                FLOE_ASSIGN_OR_RETURN(entry.snapshot_id, ReadLongValue(*v, fd));
                return Ok();
              }
              default:
                return ReadRecord(p, fd, [&](int f, const ReadPlan& fp, Decoder& dd) -> Status {
                  if (f == 0) {
                    FLOE_ASSIGN_OR_RETURN(std::string_view s, ReadBytesValue(fp, dd));
                    entry.path = std::string(s);
                  } else {
                    FLOE_ASSIGN_OR_RETURN(entry.record_count, ReadLongValue(fp, dd));
                  }
                  return Ok();
                });
            }
          });
      ASSERT_OK(st);
      entries.push_back(entry);
    }
    ASSERT_OK((*reader)->CheckBlockEnd(block, d));
  }
  ASSERT_EQ(entries.size(), 4u);
  // The same values through the generic reader.
  auto all = ReadAllDatums(testing::OpenLocal(path));
  ASSERT_OK(all);
  for (size_t i = 0; i < entries.size(); ++i) {
    const Datum& rec = all->records[i];
    const Node& root = all->schema->root();
    EXPECT_EQ(entries[i].status, rec.items[root.FindField("status")].integer);
    const Datum& df = rec.items[root.FindField("data_file")];
    const Node& df_type = *root.fields[root.FindField("data_file")].type;
    EXPECT_EQ(entries[i].path, df.items[df_type.FindField("file_path")].bytes);
    EXPECT_EQ(entries[i].record_count, df.items[df_type.FindField("record_count")].integer);
    EXPECT_TRUE(entries[i].snapshot_id.has_value());
    EXPECT_GT(entries[i].record_count, 0);
  }
}

}  // namespace
}  // namespace floe::avro
