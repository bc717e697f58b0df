// Real metadata written by Java, Rust, Go, C++ and DuckDB: every schema, partition spec and sort
// order in the corpus's table metadata files parses, and survives write → parse unchanged.
#include <gtest/gtest.h>

#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/spec/sort_order_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::spec {
namespace {

std::vector<std::string> MetadataFiles() {
  std::vector<std::string> out;
  for (std::string_view dir :
       {"iceberg/core/src/test/resources", "iceberg-rust/crates/iceberg/testdata",
        "iceberg-go/table/testdata", "iceberg-cpp/src/iceberg/test/resources",
        "duckdb-iceberg/data/persistent"}) {
    for (std::string& f : floe::testing::FilesUnder(floe::testing::CorpusPath(dir), ".json")) {
      out.push_back(std::move(f));
    }
  }
  return out;
}

// Files meant to fail, by their names.
bool MeantToFail(const std::string& path) {
  std::string name = path.substr(path.rfind('/') + 1);
  for (std::string_view word : {"Invalid", "Missing", "Unsupported", "NoValid", "NotFound"}) {
    if (name.find(word) != std::string::npos) return true;
  }
  return false;
}

template <typename T, typename Parse, typename Write>
void ExpectPartsRoundTrip(const JsonValue& json, Parse parse, Write write,
                          const std::string& where) {
  Result<T> first = parse(json);
  ASSERT_OK(first) << where;
  JsonWriter w1;
  write(*first, w1);
  auto doc = JsonDocument::Parse(w1.str());
  ASSERT_OK(doc) << where;
  Result<T> second = parse((*doc)->root());
  ASSERT_OK(second) << where;
  EXPECT_TRUE(*first == *second) << where;
  JsonWriter w2;
  write(*second, w2);
  EXPECT_EQ(w1.str(), w2.str()) << where;
}

TEST(MetadataPartsCorpusTest, SchemasSpecsAndSortOrdersRoundTrip) {
  int schemas = 0, specs = 0, orders = 0, files = 0;
  for (const std::string& path : MetadataFiles()) {
    std::string text = floe::testing::ReadFileToString(path);
    if (text.find("{{") != std::string::npos) continue;  // iceberg-rust templates
    auto doc = JsonDocument::Parse(text);
    if (!doc.ok()) continue;
    JsonValue root = (*doc)->root();
    if (!root.IsObject() || !root.Find("format-version") || !root.Find("table-uuid")) continue;
    bool lenient = MeantToFail(path);
    ++files;

    auto schema_parse = [](const JsonValue& j) { return ParseSchema(j); };
    auto schema_write = [](const Schema& s, JsonWriter& w) { WriteSchema(s, w); };
    auto spec_parse = [](const JsonValue& j) { return ParsePartitionSpec(j); };
    auto spec_write = [](const PartitionSpec& s, JsonWriter& w) { WritePartitionSpec(s, w); };
    auto fields_parse = [](const JsonValue& j) { return ParsePartitionFields(j); };
    auto fields_write = [](const std::vector<PartitionField>& f, JsonWriter& w) {
      WritePartitionFields(f, w);
    };
    auto order_parse = [](const JsonValue& j) { return ParseSortOrder(j); };
    auto order_write = [](const SortOrder& o, JsonWriter& w) { WriteSortOrder(o, w); };

    auto each = [&](std::string_view key, auto fn) {
      auto v = root.Find(key);
      if (!v || !v->IsArray()) return;
      auto items = v->AsArray();
      for (const JsonValue& item : *items) fn(item);
    };
    auto check = [&](auto tag, const JsonValue& j, auto parse, auto write, int& counter) {
      using T = decltype(tag);
      if (lenient && !parse(j).ok()) return;
      ExpectPartsRoundTrip<T>(j, parse, write, path + " " + j.path());
      ++counter;
    };
    each("schemas",
         [&](const JsonValue& j) { check(Schema{}, j, schema_parse, schema_write, schemas); });
    if (auto j = root.Find("schema")) check(Schema{}, *j, schema_parse, schema_write, schemas);
    each("partition-specs",
         [&](const JsonValue& j) { check(PartitionSpec{}, j, spec_parse, spec_write, specs); });
    if (auto j = root.Find("partition-spec")) {
      check(std::vector<PartitionField>{}, *j, fields_parse, fields_write, specs);
    }
    each("sort-orders",
         [&](const JsonValue& j) { check(SortOrder{}, j, order_parse, order_write, orders); });

    // Schemas that parse also validate, except in files meant to fail.
    if (!lenient) {
      each("schemas", [&](const JsonValue& j) {
        auto s = ParseSchema(j);
        if (s.ok()) {
          Status st = s->Validate();
          EXPECT_OK(st) << path;
        }
      });
    }
  }
  EXPECT_GT(files, 50);
  EXPECT_GT(schemas, 50);
  EXPECT_GT(specs, 30);
  EXPECT_GT(orders, 20);
  std::printf("metadata files %d: schemas %d, partition specs %d, sort orders %d\n", files, schemas,
              specs, orders);
}

}  // namespace
}  // namespace floe::spec
