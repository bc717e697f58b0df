// Metadata strictness (issue #23): the default partition spec must partition by fields of the
// current schema — a source-id it lacks is refused when the metadata is parsed, naming the
// spec, the field and the id — while older specs may name columns dropped since.
#include <gtest/gtest.h>

#include <string>

#include "floe/spec/table_metadata_json.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

// A v2 document: schema 0 (x, y), schema 1 (x only: y dropped), the given specs and default.
std::string DefaultSpecDoc(int current_schema, const std::string& specs, int default_spec) {
  return R"({"format-version":2,"table-uuid":"9c12d441-03fe-4693-9a96-a0705ddf69c1",
    "location":"/t","last-sequence-number":0,"last-updated-ms":1,"last-column-id":2,
    "current-schema-id":)" +
         std::to_string(current_schema) + R"(,"schemas":[
      {"type":"struct","schema-id":0,"fields":[{"id":1,"name":"x","required":true,"type":"long"},
                                               {"id":2,"name":"y","required":false,"type":"string"}]},
      {"type":"struct","schema-id":1,"fields":[{"id":1,"name":"x","required":true,"type":"long"}]}],
    "default-spec-id":)" +
         std::to_string(default_spec) + R"(,"partition-specs":)" + specs +
         R"(,"last-partition-id":1001,"default-sort-order-id":0,
    "sort-orders":[{"order-id":0,"fields":[]}]})";
}

const char* kSpecs = R"([
  {"spec-id":0,"fields":[{"name":"y","transform":"identity","source-id":2,"field-id":1000}]},
  {"spec-id":1,"fields":[{"name":"x_bucket","transform":"bucket[4]","source-id":1,"field-id":1001}]}])";

TEST(DefaultSpecSourceTest, DefaultSpecOnADroppedColumnIsRefused) {
  auto m = ParseTableMetadata(DefaultSpecDoc(1, kSpecs, 0));
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(m.error().message.find("default partition spec 0: field y has source-id 2, which is "
                                   "not a field of the current schema (schema 1)"),
            std::string::npos)
      << m.error().message;
}

TEST(DefaultSpecSourceTest, OlderSpecsMayNameDroppedColumns) {
  auto m = ParseTableMetadata(DefaultSpecDoc(1, kSpecs, 1));
  ASSERT_OK(m);
  EXPECT_EQ(m->partition_specs.size(), 2u);
  // The same spec is fine while the column is in the current schema.
  EXPECT_OK(ParseTableMetadata(DefaultSpecDoc(0, kSpecs, 0)));
}

}  // namespace
}  // namespace floe::spec
