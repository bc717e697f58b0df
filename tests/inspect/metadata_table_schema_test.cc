// Every metadata table's schema against Java's, written out here from Java's sources
// (SnapshotsTable, HistoryTable, RefsTable, MetadataLogEntriesTable, ManifestsTable,
// AllManifestsTable, DataFile.getType via BaseFilesTable, ManifestEntry via BaseEntriesTable,
// PartitionsTable, MetricsUtil.readableMetricsSchema): ids, names, required/optional, types;
// and the columnar form carrying each id as PARQUET:field_id down to map keys and list elements.
#include <gtest/gtest.h>

#include "floe/table/schema_conversion.h"
#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::Flatten;
using testing_util::LoadCorpusTable;

std::vector<std::string> SchemaLines(MetadataTableKind kind, const spec::TableMetadata& metadata) {
  Result<spec::Schema> schema = MetadataTableIcebergSchema(kind, metadata);
  EXPECT_OK(schema);
  return schema.ok() ? Flatten(*schema) : std::vector<std::string>{};
}

// DataFile.getType's fields after `partition` (ids 103..145), indented by `depth`.
std::vector<std::string> DataFileTail(int depth) {
  std::string pad(static_cast<size_t>(depth) * 2, ' ');
  std::string in = pad + "  ";
  return {pad + "103 record_count required long",
          pad + "104 file_size_in_bytes required long",
          pad + "108 column_sizes optional map",
          in + "117 key required int",
          in + "118 value required long",
          pad + "109 value_counts optional map",
          in + "119 key required int",
          in + "120 value required long",
          pad + "110 null_value_counts optional map",
          in + "121 key required int",
          in + "122 value required long",
          pad + "137 nan_value_counts optional map",
          in + "138 key required int",
          in + "139 value required long",
          pad + "125 lower_bounds optional map",
          in + "126 key required int",
          in + "127 value required binary",
          pad + "128 upper_bounds optional map",
          in + "129 key required int",
          in + "130 value required binary",
          pad + "131 key_metadata optional binary",
          pad + "132 split_offsets optional list",
          in + "133 element required long",
          pad + "135 equality_ids optional list",
          in + "136 element required int",
          pad + "140 sort_order_id optional int",
          pad + "142 first_row_id optional long",
          pad + "143 referenced_data_file optional string",
          pad + "144 content_offset optional long",
          pad + "145 content_size_in_bytes optional long"};
}

std::vector<std::string> Concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// readable_metrics of one column: the struct at `id`, its six metrics after it.
std::vector<std::string> MetricsOf(int32_t id, const std::string& name, const std::string& type) {
  auto line = [](int32_t i, const std::string& rest) {
    return "    " + std::to_string(i) + " " + rest;
  };
  return {"  " + std::to_string(id) + " " + name + " optional struct",
          line(id + 1, "column_size optional long"),
          line(id + 2, "value_count optional long"),
          line(id + 3, "null_value_count optional long"),
          line(id + 4, "nan_value_count optional long"),
          line(id + 5, "lower_bound optional " + type),
          line(id + 6, "upper_bound optional " + type)};
}

TEST(MetadataTableSchemaTest, TableLevelTablesMatchJava) {
  spec::TableMetadata metadata;
  EXPECT_EQ(SchemaLines(MetadataTableKind::kSnapshots, metadata),
            (std::vector<std::string>{"1 committed_at required timestamptz",
                                      "2 snapshot_id required long", "3 parent_id optional long",
                                      "4 operation optional string",
                                      "5 manifest_list optional string", "6 summary optional map",
                                      "  7 key required string", "  8 value required string"}));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kHistory, metadata),
            (std::vector<std::string>{"1 made_current_at required timestamptz",
                                      "2 snapshot_id required long", "3 parent_id optional long",
                                      "4 is_current_ancestor required boolean"}));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kRefs, metadata),
            (std::vector<std::string>{
                "1 name required string", "2 type required string", "3 snapshot_id required long",
                "4 max_reference_age_in_ms optional long", "5 min_snapshots_to_keep optional int",
                "6 max_snapshot_age_in_ms optional long"}));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kMetadataLogEntries, metadata),
            (std::vector<std::string>{"1 timestamp required timestamptz", "2 file required string",
                                      "3 latest_snapshot_id optional long",
                                      "4 latest_schema_id optional int",
                                      "5 latest_sequence_number optional long"}));
  const std::vector<std::string> summaries = {
      "    10 contains_null required boolean", "    11 contains_nan optional boolean",
      "    12 lower_bound optional string", "    13 upper_bound optional string"};
  EXPECT_EQ(
      SchemaLines(MetadataTableKind::kManifests, metadata),
      Concat({"14 content required int", "1 path required string", "2 length required long",
              "3 partition_spec_id required int", "4 added_snapshot_id required long",
              "5 added_data_files_count required int", "6 existing_data_files_count required int",
              "7 deleted_data_files_count required int", "15 added_delete_files_count required int",
              "16 existing_delete_files_count required int",
              "17 deleted_delete_files_count required int", "8 partition_summaries required list",
              "  9 element required struct"},
             summaries));
  std::vector<std::string> all_summaries = summaries;
  all_summaries[1] = "    11 contains_nan required boolean";
  all_summaries.push_back("18 reference_snapshot_id required long");
  EXPECT_EQ(
      SchemaLines(MetadataTableKind::kAllManifests, metadata),
      Concat({"14 content required int", "1 path required string", "2 length required long",
              "3 partition_spec_id optional int", "4 added_snapshot_id optional long",
              "5 added_data_files_count optional int", "6 existing_data_files_count optional int",
              "7 deleted_data_files_count optional int", "15 added_delete_files_count required int",
              "16 existing_delete_files_count required int",
              "17 deleted_delete_files_count required int", "8 partition_summaries optional list",
              "  9 element required struct"},
             all_summaries));
}

TEST(MetadataTableSchemaTest, FilesEntriesAndPartitionsOfAPartitionedTable) {
  // partition_integer: partition_col int (1), user_id long (2), event_type string (3);
  // identity(partition_col) as field 1000.
  auto t = LoadCorpusTable("partition_integer");
  ASSERT_FALSE(t.location.empty());
  const std::vector<std::string> head = {
      "134 content optional int",        "100 file_path required string",
      "101 file_format required string", "141 spec_id optional int",
      "102 partition required struct",   "  1000 partition_col optional int"};
  // The highest id before readable_metrics is 1000 (the partition field). Java numbers the
  // columns in its idToName order (a HashMap's: event_type's bucket 3 comes before the shared
  // bucket 5 of partition_col and user_id, inserted in that order); then sorted by name.
  std::vector<std::string> readable = {"1022 readable_metrics optional struct"};
  for (const auto& m :
       {MetricsOf(1001, "event_type", "string"), MetricsOf(1008, "partition_col", "int"),
        MetricsOf(1015, "user_id", "long")}) {
    readable = Concat(readable, m);
  }
  EXPECT_EQ(SchemaLines(MetadataTableKind::kFiles, t.metadata),
            Concat(Concat(head, DataFileTail(0)), readable));
  for (auto kind : {MetadataTableKind::kDataFiles, MetadataTableKind::kDeleteFiles,
                    MetadataTableKind::kAllFiles, MetadataTableKind::kAllDataFiles,
                    MetadataTableKind::kAllDeleteFiles}) {
    EXPECT_EQ(SchemaLines(kind, t.metadata), SchemaLines(MetadataTableKind::kFiles, t.metadata));
  }

  std::vector<std::string> entries = {
      "0 status required int", "1 snapshot_id optional long", "3 sequence_number optional long",
      "4 file_sequence_number optional long", "2 data_file required struct"};
  for (const std::string& line : head) entries.push_back("  " + line);
  entries = Concat(entries, DataFileTail(1));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kEntries, t.metadata), Concat(entries, readable));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kAllEntries, t.metadata), Concat(entries, readable));

  EXPECT_EQ(
      SchemaLines(MetadataTableKind::kPartitions, t.metadata),
      (std::vector<std::string>{
          "1 partition required struct", "  1000 partition_col optional int",
          "4 spec_id required int", "2 record_count required long", "3 file_count required int",
          "11 total_data_file_size_in_bytes required long",
          "5 position_delete_record_count required long",
          "6 position_delete_file_count required int",
          "7 equality_delete_record_count required long",
          "8 equality_delete_file_count required int", "9 last_updated_at optional timestamptz",
          "10 last_updated_snapshot_id optional long"}));
}

TEST(MetadataTableSchemaTest, UnpartitionedTablesDropThePartitionColumns) {
  spec::TableMetadata metadata;
  spec::Schema schema;
  spec::NestedField id;
  id.id = 3;
  id.name = "id";
  id.required = true;
  id.type = spec::Type::Int();
  spec::NestedField data = id;
  data.id = 4;
  data.name = "data";
  data.type = spec::Type::String();
  schema.fields = {id, data};
  metadata.schemas = {schema};
  metadata.partition_specs = {spec::PartitionSpec{}};

  // Java's TestMetadataTableScans: (id 3, data 4) numbers data's metrics before id's.
  std::vector<std::string> files = {"134 content optional int", "100 file_path required string",
                                    "101 file_format required string", "141 spec_id optional int"};
  files = Concat(files, DataFileTail(0));
  files.push_back("160 readable_metrics optional struct");
  files = Concat(files, MetricsOf(146, "data", "string"));
  files = Concat(files, MetricsOf(153, "id", "int"));
  EXPECT_EQ(SchemaLines(MetadataTableKind::kFiles, metadata), files);

  EXPECT_EQ(SchemaLines(MetadataTableKind::kPartitions, metadata),
            (std::vector<std::string>{"2 record_count required long", "3 file_count required int",
                                      "11 total_data_file_size_in_bytes required long",
                                      "5 position_delete_record_count required long",
                                      "6 position_delete_file_count required int",
                                      "7 equality_delete_record_count required long",
                                      "8 equality_delete_file_count required int",
                                      "9 last_updated_at optional timestamptz",
                                      "10 last_updated_snapshot_id optional long"}));
}

TEST(MetadataTableSchemaTest, ColumnarFieldsCarryJavaIds) {
  spec::TableMetadata metadata;
  Result<columnar::SchemaPtr> schema = MetadataTableSchema(MetadataTableKind::kSnapshots, metadata);
  ASSERT_OK(schema);
  const columnar::Field& committed = (*schema)->field(0);
  EXPECT_EQ(committed.name, "committed_at");
  EXPECT_FALSE(committed.nullable);
  EXPECT_EQ(committed.type->ToString(),
            columnar::Timestamp(columnar::TimeUnit::kMicro, "UTC")->ToString());
  EXPECT_EQ(committed.field_id(), 1);
  const columnar::Field& summary = (*schema)->field(5);
  EXPECT_EQ(summary.field_id(), 6);
  EXPECT_EQ(summary.type->id(), columnar::TypeId::kMap);
  EXPECT_EQ(summary.type->key_field().field_id(), 7);
  EXPECT_EQ(summary.type->item_field().field_id(), 8);

  Result<columnar::SchemaPtr> manifests =
      MetadataTableSchema(MetadataTableKind::kManifests, metadata);
  ASSERT_OK(manifests);
  const columnar::Field& summaries = (*manifests)->field(11);
  EXPECT_EQ(summaries.field_id(), 8);
  EXPECT_EQ(summaries.type->value_field().field_id(), 9);
  EXPECT_EQ(summaries.type->value_field().type->child(3).field_id(), 13);
}

}  // namespace
}  // namespace floe::inspect
