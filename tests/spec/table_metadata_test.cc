// Table metadata JSON (spec: "Table Metadata", Appendix C) for format versions 1, 2 and 3: every
// table-metadata file of the shared corpus, the per-version rules, and spec conformance of what
// floe writes.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "floe/spec/table_metadata_json.h"
#include "floe/util/json_reader.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::spec {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;
using floe::testing::ReadFileToString;

bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

std::string BaseName(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

// Files whose names say they are invalid must fail; all others must parse. One more file is
// known not to be table metadata: BigQuery's placeholder v0.metadata.json in duckdb-iceberg's
// big_query_error table holds only `properties` and `current-snapshot-id` (DuckDB reads the
// table through version-hint.text, which names v1749025517); it must fail naming the missing
// format-version.
bool NameSaysInvalid(const std::string& path) {
  if (Contains(path, "big_query_error/metadata/v0.metadata.json")) return true;
  std::string name = BaseName(path);
  for (const char* word : {"Invalid", "Missing", "Unsupported", "NoValid", "NotFound"}) {
    if (Contains(name, word)) return true;
  }
  return false;
}

// The corpus rule: every JSON file under the Iceberg implementations' test resources whose
// top-level object has "format-version", and every duckdb-iceberg metadata/*.metadata.json.
// Excluded by rule: view metadata (top-level "view-uuid"), UDF metadata ("function-uuid"),
// iceberg-rust's `{{ template }}` files, and files that are not JSON text (compressed metadata,
// covered by tests/commit/metadata_file_test.cc). REST responses and metrics reports have no
// top-level "format-version" and so are not table metadata.
std::vector<std::string> CorpusMetadataFiles() {
  std::vector<std::string> out;
  for (const char* dir :
       {"iceberg/core/src/test/resources", "iceberg-rust", "iceberg-go", "iceberg-cpp"}) {
    for (const std::string& path : FilesUnder(CorpusPath(dir), ".json")) {
      std::string text = ReadFileToString(path);
      if (Contains(text, "{{")) continue;  // template
      auto doc = JsonDocument::Parse(text);
      if (!doc.ok()) continue;  // compressed
      JsonValue root = (*doc)->root();
      if (!root.Find("format-version")) continue;
      if (root.Find("view-uuid") || root.Find("function-uuid")) continue;
      out.push_back(path);
    }
  }
  for (const std::string& path :
       FilesUnder(CorpusPath("duckdb-iceberg/data/persistent"), ".metadata.json")) {
    if (!Contains(path, "/metadata/")) continue;
    if (Contains(path, ".gz.metadata.json")) continue;  // compressed: tests/table
    out.push_back(path);
  }
  return out;
}

// write -> read -> write gives the same model and the same text.
void ExpectRoundTrip(const TableMetadata& m, const std::string& what) {
  std::string written = WriteTableMetadata(m);
  auto again = ParseTableMetadata(written);
  ASSERT_OK(again) << what << ": re-reading what floe wrote failed\n" << written;
  EXPECT_TRUE(*again == m) << what << ": the model changed in write -> read";
  EXPECT_EQ(WriteTableMetadata(*again), written) << what;
}

TEST(TableMetadataTest, EveryCorpusFileParsesAndRoundTripsOrFailsByName) {
  std::vector<std::string> files = CorpusMetadataFiles();
  ASSERT_GE(files.size(), 100u);
  int valid = 0, invalid = 0;
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    auto m = ParseTableMetadata(ReadFileToString(path));
    if (NameSaysInvalid(path)) {
      ++invalid;
      ASSERT_FALSE(m.ok()) << "expected an error";
      EXPECT_FALSE(m.error().message.empty());
      continue;
    }
    ++valid;
    ASSERT_OK(m);
    ExpectRoundTrip(*m, path);
  }
  EXPECT_GE(valid, 90);
  EXPECT_GE(invalid, 15);
}

// What the invalid files fail for: the error names the problem.
TEST(TableMetadataTest, InvalidCorpusFilesNameTheProblem) {
  struct Case {
    const char* file;
    ErrorKind kind;
    const char* message_part;
  };
  const Case cases[] = {
      {"iceberg/core/src/test/resources/TableMetadataUnsupportedVersion.json",
       ErrorKind::kNotSupported, "format-version 42 is not supported"},
      {"iceberg/core/src/test/resources/TableMetadataV1MissingSchemaType.json", ErrorKind::kCorrupt,
       "type"},
      {"iceberg/core/src/test/resources/TableMetadataV2CurrentSchemaNotFound.json",
       ErrorKind::kCorrupt, "current-schema-id: schema 2 not found among schemas"},
      {"iceberg/core/src/test/resources/TableMetadataV2MissingLastPartitionId.json",
       ErrorKind::kCorrupt, "missing required field \"last-partition-id\""},
      {"iceberg/core/src/test/resources/TableMetadataV2MissingPartitionSpecs.json",
       ErrorKind::kCorrupt, "missing required field \"partition-specs\""},
      {"iceberg/core/src/test/resources/TableMetadataV2MissingSchemas.json", ErrorKind::kCorrupt,
       "missing required field \"schemas\""},
      {"iceberg/core/src/test/resources/TableMetadataV2MissingSortOrder.json", ErrorKind::kCorrupt,
       "missing required field \"sort-orders\""},
      {"iceberg-rust/crates/iceberg/testdata/table_metadata/TableMetadataV1NoValidSchema.json",
       ErrorKind::kCorrupt, "no valid schema"},
      {"iceberg-rust/crates/iceberg/testdata/table_metadata/TableMetadataUnsupportedVersion.json",
       ErrorKind::kCorrupt, "missing required field \"schemas\""},
      {"duckdb-iceberg/data/persistent/big_query_error/metadata/v0.metadata.json",
       ErrorKind::kCorrupt, "missing required field \"format-version\""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    auto m = ParseTableMetadata(ReadFileToString(CorpusPath(c.file)));
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, c.kind) << m.error().message;
    EXPECT_TRUE(Contains(m.error().message, c.message_part)) << m.error().message;
  }
}

TEST(TableMetadataTest, ReadsV2ValidExactly) {
  auto m = ParseTableMetadata(
      ReadFileToString(CorpusPath("iceberg/core/src/test/resources/TableMetadataV2Valid.json")));
  ASSERT_OK(m);
  EXPECT_EQ(m->format_version, 2);
  EXPECT_EQ(m->table_uuid, "9c12d441-03fe-4693-9a96-a0705ddf69c1");
  EXPECT_EQ(m->location, "s3://bucket/test/location");
  EXPECT_EQ(m->last_sequence_number, 34);
  EXPECT_EQ(m->last_updated_ms, 1602638573590);
  EXPECT_EQ(m->last_column_id, 3);
  ASSERT_EQ(m->schemas.size(), 2u);
  EXPECT_EQ(m->current_schema_id, 1);
  EXPECT_EQ(m->CurrentSchema()->identifier_field_ids, (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(m->default_spec_id, 0);
  EXPECT_EQ(m->last_partition_id, 1000);
  EXPECT_EQ(m->default_sort_order_id, 3);
  ASSERT_EQ(m->DefaultSortOrder()->fields.size(), 2u);
  EXPECT_EQ(m->DefaultSortOrder()->fields[1].direction, SortDirection::kDesc);
  ASSERT_TRUE(m->current_snapshot_id.has_value());
  EXPECT_EQ(*m->current_snapshot_id, 3055729675574597004);
  ASSERT_EQ(m->snapshots.size(), 2u);
  const Snapshot* current = m->CurrentSnapshot();
  ASSERT_NE(current, nullptr);
  EXPECT_EQ(current->parent_snapshot_id, 3051729675574597004);
  EXPECT_EQ(current->sequence_number, 1);
  EXPECT_EQ(current->manifest_list, "s3://a/b/2.avro");
  EXPECT_EQ(current->operation(), "append");
  EXPECT_EQ(current->schema_id, 1);
  EXPECT_EQ(m->snapshot_log.size(), 2u);
  EXPECT_TRUE(m->metadata_log.empty());
  // No refs in the file: main points at the current snapshot.
  ASSERT_EQ(m->refs.count("main"), 1u);
  EXPECT_EQ(m->refs.at("main").snapshot_id, 3055729675574597004);
}

TEST(TableMetadataTest, ReadsStatisticsAndPartitionStatistics) {
  auto m = ParseTableMetadata(ReadFileToString(
      CorpusPath("iceberg/core/src/test/resources/TableMetadataStatisticsFiles.json")));
  ASSERT_OK(m);
  ASSERT_EQ(m->statistics.size(), 1u);
  const StatisticsFile& s = m->statistics[0];
  EXPECT_EQ(s.snapshot_id, 3055729675574597004);
  EXPECT_EQ(s.path, "s3://a/b/stats.puffin");
  EXPECT_EQ(s.file_size_in_bytes, 413);
  EXPECT_EQ(s.file_footer_size_in_bytes, 42);
  ASSERT_EQ(s.blob_metadata.size(), 1u);
  EXPECT_EQ(s.blob_metadata[0].type, "ndv");
  EXPECT_EQ(s.blob_metadata[0].fields, (std::vector<int32_t>{1}));

  auto p = ParseTableMetadata(ReadFileToString(
      CorpusPath("iceberg/core/src/test/resources/TableMetadataPartitionStatisticsFiles.json")));
  ASSERT_OK(p);
  ASSERT_EQ(p->partition_statistics.size(), 1u);
  EXPECT_EQ(p->partition_statistics[0].snapshot_id, 3055729675574597004);
  EXPECT_EQ(p->partition_statistics[0].path, "s3://a/b/partition-stats.parquet");
  EXPECT_EQ(p->partition_statistics[0].file_size_in_bytes, 43);
}

TEST(TableMetadataTest, ReadsV3RowLineageAndEncryptionKeys) {
  auto m = ParseTableMetadata(ReadFileToString(CorpusPath(
      "iceberg-rust/crates/iceberg/testdata/table_metadata/TableMetadataV3ValidEncryption.json")));
  ASSERT_OK(m);
  EXPECT_EQ(m->format_version, 3);
  EXPECT_EQ(m->next_row_id, 0);
  ASSERT_EQ(m->encryption_keys.size(), 2u);
  EXPECT_EQ(m->encryption_keys[0].key_id, "5b29941b-b3b4-4d57-8758-a9d1bf340b39");
  EXPECT_EQ(m->encryption_keys[0].encrypted_by_id, "master-1");
  EXPECT_EQ(m->encryption_keys[0].properties.at("KEY_TIMESTAMP"), "1781172301703");
  EXPECT_FALSE(m->encryption_keys[1].properties.size());
  ASSERT_EQ(m->snapshots.size(), 1u);
  EXPECT_EQ(m->snapshots[0].key_id, "1fb95f04-7f98-4b1f-a08f-e810cfb907ff");

  auto g = ParseTableMetadata(ReadFileToString(
      CorpusPath("iceberg-go/table/testdata/TableMetadataV3WithPartitionStatistics.json")));
  ASSERT_OK(g);
  EXPECT_EQ(g->next_row_id, 3000);
  EXPECT_EQ(g->snapshots[0].first_row_id, 1000);
  EXPECT_EQ(g->snapshots[1].first_row_id, 2000);
}

// ---- Hand-written documents for the per-version rules ----

// A minimal valid document of the given version, with `extra` members appended (JSON text
// starting with a comma) and members named in `drop` left out.
std::string Doc(int version, const std::string& extra = "", std::set<std::string> drop = {}) {
  std::vector<std::pair<std::string, std::string>> members = {
      {"format-version", std::to_string(version)},
      {"table-uuid", "\"9c12d441-03fe-4693-9a96-a0705ddf69c1\""},
      {"location", "\"s3://b/t\""},
      {"last-sequence-number", "0"},
      {"last-updated-ms", "1602638573590"},
      {"last-column-id", "2"},
      {"current-schema-id", "0"},
      {"schemas",
       R"([{"type":"struct","schema-id":0,"fields":[{"id":1,"name":"x","required":true,"type":"long"},{"id":2,"name":"y","required":false,"type":"string"}]}])"},
      {"default-spec-id", "0"},
      {"partition-specs",
       R"([{"spec-id":0,"fields":[{"name":"x_bucket","transform":"bucket[16]","source-id":1,"field-id":1000}]}])"},
      {"last-partition-id", "1000"},
      {"default-sort-order-id", "0"},
      {"sort-orders", R"([{"order-id":0,"fields":[]}])"},
  };
  if (version >= 3) members.push_back({"next-row-id", "0"});
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : members) {
    if (drop.count(k)) continue;
    if (!first) out += ",";
    first = false;
    out += "\"" + k + "\":" + v;
  }
  out += extra + "}";
  return out;
}

TEST(TableMetadataTest, V1FallsBackToSchemaPartitionSpecAndUnsorted) {
  std::string v1 = R"({"format-version":1,"location":"/t","last-updated-ms":1,"last-column-id":2,
    "schema":{"type":"struct","fields":[{"id":1,"name":"a","required":true,"type":"int"},
                                        {"id":2,"name":"b","required":false,"type":"date"}]},
    "partition-spec":[{"name":"b_day","transform":"day","source-id":2},
                      {"name":"a","transform":"identity","source-id":1}],
    "current-snapshot-id":-1})";
  auto m = ParseTableMetadata(v1);
  ASSERT_OK(m);
  EXPECT_TRUE(m->table_uuid.empty());
  ASSERT_EQ(m->schemas.size(), 1u);
  EXPECT_EQ(m->current_schema_id, 0);
  ASSERT_EQ(m->partition_specs.size(), 1u);
  EXPECT_EQ(m->default_spec_id, 0);
  ASSERT_EQ(m->DefaultSpec()->fields.size(), 2u);
  // v1 partition fields without ids get 1000, 1001, ...
  EXPECT_EQ(m->DefaultSpec()->fields[0].field_id, 1000);
  EXPECT_EQ(m->DefaultSpec()->fields[1].field_id, 1001);
  EXPECT_EQ(m->last_partition_id, 1001);
  ASSERT_EQ(m->sort_orders.size(), 1u);
  EXPECT_TRUE(m->sort_orders[0].IsUnsorted());
  EXPECT_FALSE(m->current_snapshot_id.has_value());
  EXPECT_EQ(m->CurrentSnapshot(), nullptr);
  EXPECT_TRUE(m->refs.empty());
  ExpectRoundTrip(*m, "v1 fallbacks");
}

TEST(TableMetadataTest, V1WithoutDefaultIdsPicksTheMatchingOrNewest) {
  auto m = ParseTableMetadata(
      ReadFileToString(CorpusPath("iceberg-rust/crates/iceberg/testdata/table_metadata/"
                                  "TableMetadataV1PartitionSpecsWithoutDefaultId.json")));
  ASSERT_OK(m);
  EXPECT_EQ(m->default_spec_id, 2);
  EXPECT_EQ(m->last_partition_id, 1001);
  auto s = ParseTableMetadata(
      ReadFileToString(CorpusPath("iceberg-rust/crates/iceberg/testdata/table_metadata/"
                                  "TableMetadataV1SchemasWithoutCurrentId.json")));
  ASSERT_OK(s);
  EXPECT_EQ(s->current_schema_id, 0);
}

TEST(TableMetadataTest, V2AndV3RequireTheirFields) {
  for (int version : {2, 3}) {
    for (const char* field :
         {"table-uuid", "last-sequence-number", "schemas", "current-schema-id", "partition-specs",
          "default-spec-id", "last-partition-id", "sort-orders", "default-sort-order-id"}) {
      SCOPED_TRACE(fmt::format("v{} without {}", version, field));
      auto m = ParseTableMetadata(Doc(version, "", {field}));
      ASSERT_FALSE(m.ok());
      EXPECT_EQ(m.error().kind, ErrorKind::kCorrupt);
      EXPECT_TRUE(Contains(m.error().message, fmt::format("missing required field \"{}\"", field)))
          << m.error().message;
    }
    auto ok = ParseTableMetadata(Doc(version));
    ASSERT_OK(ok);
    ExpectRoundTrip(*ok, "minimal");
  }
}

TEST(TableMetadataTest, UnknownFormatVersionIsNotSupported) {
  for (int version : {0, 4, 42}) {
    auto m = ParseTableMetadata(Doc(version));
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, ErrorKind::kNotSupported);
    EXPECT_TRUE(Contains(m.error().message, fmt::format("format-version {}", version)))
        << m.error().message;
  }
  auto m = ParseTableMetadata(R"({"format-version":"2"})");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message, "format-version: expected an integer, got string");
}

TEST(TableMetadataTest, ErrorsNameTheJsonPathAndValue) {
  std::string bad_transform = Doc(2, "", {"partition-specs"});
  bad_transform.pop_back();
  bad_transform +=
      R"(,"partition-specs":[{"spec-id":0,"fields":[{"name":"x","transform":"identity","source-id":1,"field-id":1000},{"name":"y","transform":"bukket[16]","source-id":1,"field-id":1001}]}]})";
  auto m = ParseTableMetadata(bad_transform);
  ASSERT_FALSE(m.ok());
  EXPECT_TRUE(Contains(m.error().message, "partition-specs[0].fields[1]")) << m.error().message;
  EXPECT_TRUE(Contains(m.error().message, "unknown transform \"bukket[16]\"")) << m.error().message;

  auto s = ParseTableMetadata(Doc(
      2,
      R"(,"snapshots":[{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"a"},{"snapshot-id":2,"timestamp-ms":"x","manifest-list":"b"}])"));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "snapshots[1].timestamp-ms: expected an integer, got string");

  auto r = ParseTableMetadata(Doc(
      2,
      R"(,"snapshots":[{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"a"}],"refs":{"b":{"snapshot-id":1,"type":"twig"}})"));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(Contains(r.error().message, "refs.b.type: unknown ref type \"twig\""))
      << r.error().message;

  auto u =
      ParseTableMetadata(Doc(2, "", {"table-uuid"}).insert(1, R"("table-uuid":"not-a-uuid",)"));
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(u.error().message, "table-uuid: invalid UUID \"not-a-uuid\"");

  auto j = ParseTableMetadata("{\"format-version\": 2,");
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.error().kind, ErrorKind::kCorrupt);
  EXPECT_TRUE(Contains(j.error().message, "invalid JSON")) << j.error().message;
}

TEST(TableMetadataTest, CrossFieldRules) {
  // current snapshot must exist
  auto a = ParseTableMetadata(Doc(2, R"(,"current-snapshot-id":7)"));
  ASSERT_FALSE(a.ok());
  EXPECT_TRUE(Contains(a.error().message, "current-snapshot-id: snapshot 7 not found"))
      << a.error().message;
  // main must agree with current-snapshot-id
  auto b = ParseTableMetadata(Doc(
      2,
      R"(,"current-snapshot-id":1,"snapshots":[{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"a"},{"snapshot-id":2,"timestamp-ms":2,"manifest-list":"b"}],"refs":{"main":{"snapshot-id":2,"type":"branch"}})"));
  ASSERT_FALSE(b.ok());
  EXPECT_TRUE(Contains(b.error().message, "does not match refs.main")) << b.error().message;
  // default spec and sort order must exist
  auto c = ParseTableMetadata(Doc(2, "", {"default-spec-id"}).insert(1, "\"default-spec-id\":5,"));
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(Contains(c.error().message, "default-spec-id: partition spec 5 not found"))
      << c.error().message;
  auto d = ParseTableMetadata(
      Doc(2, "", {"default-sort-order-id"}).insert(1, "\"default-sort-order-id\":5,"));
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(Contains(d.error().message, "default-sort-order-id: sort order 5 not found"))
      << d.error().message;
  // tags take no branch retention
  auto e = ParseTableMetadata(Doc(
      2,
      R"(,"snapshots":[{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"a"}],"refs":{"t":{"snapshot-id":1,"type":"tag","min-snapshots-to-keep":2}})"));
  ASSERT_FALSE(e.ok());
  EXPECT_TRUE(Contains(e.error().message, "refs.t.min-snapshots-to-keep")) << e.error().message;
}

TEST(TableMetadataTest, SixtyFourBitIdsAreKeptExactly) {
  // 2^53 + 1 cannot be a double; 2^63 - 1 is the largest id; 9876543210123456789 (> 2^63, written
  // by a hand-made duckdb-iceberg table) keeps its 64 bits.
  std::string extra = R"(,"current-snapshot-id":9007199254740993,"snapshots":[
      {"snapshot-id":9007199254740993,"parent-snapshot-id":9223372036854775807,"timestamp-ms":1,"manifest-list":"a","sequence-number":9007199254740995},
      {"snapshot-id":9223372036854775807,"timestamp-ms":1,"manifest-list":"b"},
      {"snapshot-id":9876543210123456789,"timestamp-ms":1,"manifest-list":"c"}],
      "refs":{"t":{"snapshot-id":9876543210123456789,"type":"tag","max-ref-age-ms":9007199254740993}})";
  auto m = ParseTableMetadata(Doc(2, extra));
  ASSERT_OK(m);
  EXPECT_EQ(*m->current_snapshot_id, 9007199254740993);
  EXPECT_EQ(m->snapshots[0].parent_snapshot_id, 9223372036854775807);
  EXPECT_EQ(m->snapshots[0].sequence_number, 9007199254740995);
  EXPECT_EQ(m->snapshots[2].snapshot_id, static_cast<int64_t>(9876543210123456789ull));
  EXPECT_EQ(m->refs.at("t").max_ref_age_ms, 9007199254740993);
  std::string written = WriteTableMetadata(*m);
  EXPECT_TRUE(Contains(written, "\"current-snapshot-id\":9007199254740993")) << written;
  EXPECT_TRUE(Contains(written, "\"parent-snapshot-id\":9223372036854775807")) << written;
  ExpectRoundTrip(*m, "64-bit ids");
}

// ---- Spec conformance of what floe writes ----

std::set<std::string> TopLevelKeys(const std::string& json) {
  auto doc = JsonDocument::Parse(json);
  EXPECT_OK(doc);
  std::set<std::string> keys;
  auto members = (*doc)->root().AsObject();
  EXPECT_OK(members);
  for (const auto& [k, v] : *members) keys.insert(std::string(k));
  return keys;
}

TEST(TableMetadataTest, WrittenJsonHasWhatEachVersionRequiresAndNothingItForbids) {
  // The spec's table ("Table Metadata Fields"): required per version; fields a version does not
  // have must be omitted.
  const std::vector<std::string> common = {"format-version", "location", "last-updated-ms",
                                           "last-column-id"};
  const std::vector<std::string> v2_required = {
      "table-uuid",        "last-sequence-number", "schemas",
      "current-schema-id", "partition-specs",      "default-spec-id",
      "last-partition-id", "sort-orders",          "default-sort-order-id"};
  auto base = ParseTableMetadata(ReadFileToString(CorpusPath(
      "iceberg-rust/crates/iceberg/testdata/table_metadata/TableMetadataV3ValidEncryption.json")));
  ASSERT_OK(base);
  for (int version : {1, 2, 3}) {
    SCOPED_TRACE(version);
    TableMetadata m = *base;
    m.format_version = version;
    std::string json = WriteTableMetadata(m);
    std::set<std::string> keys = TopLevelKeys(json);
    for (const std::string& k : common) EXPECT_TRUE(keys.count(k)) << k;
    if (version == 1) {
      EXPECT_TRUE(keys.count("schema"));
      EXPECT_TRUE(keys.count("partition-spec"));
      for (const char* k : {"last-sequence-number", "next-row-id", "encryption-keys"})
        EXPECT_FALSE(keys.count(k)) << k;
      EXPECT_FALSE(Contains(json, "\"sequence-number\""));
      EXPECT_FALSE(Contains(json, "\"key-id\""));
    } else {
      for (const std::string& k : v2_required) EXPECT_TRUE(keys.count(k)) << k;
      EXPECT_FALSE(keys.count("schema"));
      EXPECT_FALSE(keys.count("partition-spec"));
      EXPECT_TRUE(Contains(json, "\"sequence-number\":0"));
      EXPECT_TRUE(Contains(json, "\"summary\":{\"operation\":\"append\"}"));
    }
    if (version == 3) {
      EXPECT_TRUE(keys.count("next-row-id"));
      EXPECT_TRUE(keys.count("encryption-keys"));
      EXPECT_TRUE(Contains(json, "\"key-id\":\"1fb95f04-7f98-4b1f-a08f-e810cfb907ff\""));
    } else {
      EXPECT_FALSE(keys.count("next-row-id"));
      EXPECT_FALSE(keys.count("encryption-keys"));
      EXPECT_FALSE(Contains(json, "first-row-id"));
    }
    // What was written reads back under the same version's rules.
    auto again = ParseTableMetadata(json);
    ASSERT_OK(again) << json;
    EXPECT_EQ(WriteTableMetadata(*again), json);
  }
}

TEST(TableMetadataTest, WritesCurrentSnapshotIdMinusOneWhenNone) {
  auto m = ParseTableMetadata(Doc(2));
  ASSERT_OK(m);
  EXPECT_TRUE(Contains(WriteTableMetadata(*m), "\"current-snapshot-id\":-1"));
  auto n = ParseTableMetadata(Doc(2, R"(,"current-snapshot-id":null)"));
  ASSERT_OK(n);
  EXPECT_FALSE(n->current_snapshot_id.has_value());
}

}  // namespace
}  // namespace floe::spec
