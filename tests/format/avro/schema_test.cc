// Avro schemas: the C library's pass/fail lists, Parsing Canonical Form against the Avro
// project's schema-tests.txt, Iceberg attributes, and JSON round trips.
#include "floe/format/avro/schema.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::avro {
namespace {

using floe::testing::CorpusPath;
using floe::testing::ReadFileToString;

std::vector<std::string> FilesIn(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SchemaTest, CLibraryPassListParses) {
  auto files = FilesIn(CorpusPath("avro/lang/c/tests/schema_tests/pass"));
  ASSERT_EQ(files.size(), 28u);
  for (const std::string& f : files) {
    auto schema = Schema::Parse(ReadFileToString(f));
    ASSERT_OK(schema) << f;
    // The written form parses back to the same canonical form.
    auto again = Schema::Parse((*schema)->ToJson());
    ASSERT_OK(again) << f << "\n" << (*schema)->ToJson();
    EXPECT_EQ((*again)->CanonicalForm(), (*schema)->CanonicalForm()) << f;
  }
}

TEST(SchemaTest, CLibraryFailListFails) {
  auto files = FilesIn(CorpusPath("avro/lang/c/tests/schema_tests/fail"));
  ASSERT_EQ(files.size(), 12u);
  for (const std::string& f : files) {
    auto schema = Schema::Parse(ReadFileToString(f));
    ASSERT_FALSE(schema.ok()) << f << " parsed: " << (*schema)->ToJson();
    EXPECT_EQ(schema.error().kind, ErrorKind::kCorrupt) << f;
  }
}

TEST(SchemaTest, ParsingCanonicalFormMatchesTheAvroProject) {
  std::istringstream in(ReadFileToString(CorpusPath("avro/share/test/data/schema-tests.txt")));
  std::string line, input, canonical;
  int checked = 0;
  auto check = [&] {
    if (input.empty() || canonical.empty()) return;
    auto schema = Schema::Parse(input);
    ASSERT_OK(schema) << input;
    EXPECT_EQ((*schema)->CanonicalForm(), canonical) << input;
    ++checked;
  };
  while (std::getline(in, line)) {
    if (line.rfind("// ", 0) == 0 && line.size() > 3 && isdigit(line[3])) {
      check();
      input.clear();
      canonical.clear();
    } else if (line == "<<INPUT") {
      while (std::getline(in, line) && line != "INPUT") input += line + "\n";
    } else if (line.rfind("<<INPUT ", 0) == 0) {
      input = line.substr(8);
    } else if (line.rfind("<<canonical ", 0) == 0) {
      canonical = line.substr(12);
    }
  }
  check();
  EXPECT_EQ(checked, 34);
}

TEST(SchemaTest, KeepsIcebergAttributes) {
  const char* json = R"({"type":"record","name":"manifest_entry","fields":[
    {"name":"status","type":"int","field-id":0},
    {"name":"ts","type":{"type":"long","logicalType":"timestamp-micros","adjust-to-utc":true},"field-id":3},
    {"name":"ids","type":["null",{"type":"array","items":"int","element-id":136}],"default":null,"field-id":135},
    {"name":"sizes","type":["null",{"type":"array","logicalType":"map","items":{"type":"record","name":"k117_v118",
      "fields":[{"name":"key","type":"int","field-id":117},{"name":"value","type":"long","field-id":118}]}}],
      "default":null,"field-id":108},
    {"name":"props","type":{"type":"map","values":"string","key-id":7,"value-id":8},"field-id":6},
    {"name":"d","type":{"type":"fixed","name":"dec","size":16,"logicalType":"decimal","precision":38,"scale":10},"field-id":9},
    {"name":"u","type":{"type":"fixed","name":"uuid_fixed","size":16,"logicalType":"uuid"},"doc":"a uuid","x-custom":[1,2]}
  ]})";
  auto schema = Schema::Parse(json);
  ASSERT_OK(schema);
  const Node& root = (*schema)->root();
  ASSERT_EQ(root.fields.size(), 7u);
  EXPECT_EQ(root.fields[0].field_id, 0);
  EXPECT_EQ(root.fields[1].type->logical_type, "timestamp-micros");
  EXPECT_EQ(root.fields[1].type->adjust_to_utc, true);
  EXPECT_EQ(root.fields[2].type->branches[1]->element_id, 136);
  const Node* kv = root.fields[3].type->branches[1];
  EXPECT_EQ(kv->logical_type, "map");
  EXPECT_EQ(kv->items->fields[0].field_id, 117);
  EXPECT_EQ(root.fields[4].type->key_id, 7);
  EXPECT_EQ(root.fields[4].type->value_id, 8);
  EXPECT_EQ(root.fields[5].type->precision, 38);
  EXPECT_EQ(root.fields[5].type->scale, 10);
  EXPECT_EQ(root.fields[6].doc, "a uuid");
  ASSERT_EQ(root.fields[6].attributes.size(), 1u);
  EXPECT_EQ(root.fields[6].attributes[0].second, "[1,2]");
  // Everything survives writing and reading back.
  auto again = Schema::Parse((*schema)->ToJson());
  ASSERT_OK(again);
  EXPECT_EQ((*again)->ToJson(), (*schema)->ToJson());
  EXPECT_NE((*schema)->ToJson().find(R"("adjust-to-utc":true)"), std::string::npos);
  EXPECT_NE((*schema)->ToJson().find(R"("element-id":136)"), std::string::npos);
}

TEST(SchemaTest, RejectsBadSchemas) {
  for (
      const char* bad : {
          R"(["int","int"])",     // duplicate branch
          R"(["null",["int"]])",  // nested union
          R"({"type":"record","name":"r","fields":[{"name":"a","type":"int"},{"name":"a","type":"int"}]})",
          R"({"type":"enum","name":"e","symbols":["A","A"]})",
          R"({"type":"fixed","name":"f","size":-1})",
          R"({"type":"record","name":"int","fields":[]})",
          R"({"type":"array"})",
          R"("nothing")",
          "{",
      }) {
    auto schema = Schema::Parse(bad);
    EXPECT_FALSE(schema.ok()) << bad;
  }
}

TEST(SchemaTest, ResolvesNamesAcrossNamespaces) {
  auto schema = Schema::Parse(
      ReadFileToString(CorpusPath("avro/lang/c/tests/schema_tests/pass/namespace_recursive")));
  ASSERT_OK(schema);
  const Node& root = (*schema)->root();
  EXPECT_EQ(root.FullName(), "namespace1.Container");
  const Node* inner = root.fields[0].type;
  EXPECT_EQ(inner->FullName(), "namespace1.MutuallyRecursive");
  const Node* other = inner->fields[1].type->items;
  EXPECT_EQ(other->FullName(), "namespace2.MutuallyRecursive");
  EXPECT_EQ(other->fields[1].type->items, inner);
  EXPECT_EQ(other->fields[2].type->items, other);
  EXPECT_EQ(inner->fields[2].type, other);
}

}  // namespace
}  // namespace floe::avro
