// `floe count` and `floe scan` on a table whose data file and delete files are all Avro, as Spark
// writes them with write.format.default=avro: a position delete file and an equality delete file
// with a null key, made by floe's Avro writer and listed in a metadata.json written here.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "floe/format/avro/container_writer.h"
#include "floe/format/avro/json_default.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/spec/table_metadata_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

Result<int64_t> WriteAvro(const std::string& path, std::string_view schema_json,
                          const std::vector<std::string>& records) {
  FLOE_ASSIGN_OR_RETURN(auto schema, avro::Schema::Parse(schema_json));
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(auto out, local->Create(path, true));
  FLOE_ASSIGN_OR_RETURN(auto writer, avro::ContainerWriter::Open(std::move(out), schema, {}));
  for (const std::string& r : records) {
    FLOE_RETURN_IF_ERROR(avro::EncodeJsonDefault(schema->root(), r, writer->encoder()));
    FLOE_RETURN_IF_ERROR(writer->FinishRecord());
  }
  FLOE_RETURN_IF_ERROR(writer->Close());
  FLOE_ASSIGN_OR_RETURN(auto input, local->OpenInput(path));
  return input->Size();
}

TEST(CountAvroDeletesTest, CountAndScanApplyAvroDeleteFiles) {
  TempDir dir;
  std::shared_ptr<io::FileIO> local = io::LocalFileIO();
  // Rows 0..9; name null for rows 0 and 5, else "n<i mod 3>".
  std::vector<std::string> records;
  for (int i = 0; i < 10; ++i) {
    records.push_back(i % 5 == 0 ? fmt::format(R"({{"id":{},"name":null}})", i)
                                 : fmt::format(R"({{"id":{},"name":"n{}"}})", i, i % 3));
  }
  const std::string data_path = dir.Join("data.avro");
  auto data_size = WriteAvro(data_path, R"({"type":"record","name":"r","fields":[
      {"name":"id","type":"long","field-id":1},
      {"name":"name","type":["null","string"],"default":null,"field-id":2}]})",
                             records);
  ASSERT_OK(data_size);
  // Positions 3 and 8 deleted; names "n1" and null deleted.
  const std::string pos_path = dir.Join("pos-deletes.avro");
  auto pos_size = WriteAvro(pos_path, R"({"type":"record","name":"pd","fields":[
      {"name":"file_path","type":"string","field-id":2147483546},
      {"name":"pos","type":"long","field-id":2147483545}]})",
                            {fmt::format(R"({{"file_path":"{}","pos":3}})", data_path),
                             fmt::format(R"({{"file_path":"{}","pos":8}})", data_path)});
  ASSERT_OK(pos_size);
  const std::string eq_path = dir.Join("eq-deletes.avro");
  auto eq_size = WriteAvro(eq_path, R"({"type":"record","name":"ed","fields":[
      {"name":"name","type":["null","string"],"default":null,"field-id":2}]})",
                           {R"({"name":"n1"})", R"({"name":null})"});
  ASSERT_OK(eq_size);

  spec::Schema schema;
  schema.fields = {{1, "id", true, spec::Type::Long()}, {2, "name", false, spec::Type::String()}};
  spec::PartitionSpec spec;
  const std::string list_path = dir.Join("snap-2.avro");
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 2;
  list_options.sequence_number = 2;
  auto out = local->Create(list_path, true);
  ASSERT_OK(out);
  auto list = manifest::ManifestListWriter::Open(std::move(*out), list_options);
  ASSERT_OK(list);
  for (bool deletes : {false, true}) {
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 2;
    o.content = deletes ? manifest::ManifestContent::kDeletes : manifest::ManifestContent::kData;
    auto m = local->Create(dir.Join(deletes ? "m1.avro" : "m0.avro"), true);
    ASSERT_OK(m);
    auto w = manifest::ManifestWriter::Open(std::move(*m), o);
    ASSERT_OK(w);
    manifest::DataFile f;
    f.file_format = "AVRO";
    if (deletes) {
      f.content = manifest::FileContent::kPositionDeletes;
      f.file_path = pos_path;
      f.file_size_in_bytes = *pos_size;
      f.record_count = 2;
      ASSERT_OK((*w)->WriteAdded(f));
      f.content = manifest::FileContent::kEqualityDeletes;
      f.file_path = eq_path;
      f.file_size_in_bytes = *eq_size;
      f.equality_ids = std::vector<int32_t>{2};
      ASSERT_OK((*w)->WriteAdded(f));
    } else {
      f.file_path = data_path;
      f.file_size_in_bytes = *data_size;
      f.record_count = 10;
      ASSERT_OK((*w)->WriteAdded(f, 1));  // older than the equality deletes
    }
    auto closed = (*w)->Close();
    ASSERT_OK(closed);
    ASSERT_OK((*list)->Add(*closed));
  }
  ASSERT_OK((*list)->Close());

  spec::TableMetadata metadata;
  metadata.format_version = 2;
  metadata.table_uuid = "6f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
  metadata.location = dir.path();
  metadata.last_updated_ms = 1700000000000;
  metadata.schemas = {schema};
  metadata.partition_specs = {spec};
  metadata.last_column_id = 2;
  metadata.last_partition_id = 999;
  metadata.sort_orders = {spec::SortOrder::Unsorted()};
  spec::Snapshot snapshot;
  snapshot.snapshot_id = 2;
  snapshot.sequence_number = 2;
  snapshot.timestamp_ms = 1700000000000;
  snapshot.manifest_list = list_path;
  snapshot.summary = {{"operation", "overwrite"}};
  snapshot.schema_id = 0;
  metadata.snapshots = {snapshot};
  metadata.current_snapshot_id = 2;
  metadata.last_sequence_number = 2;
  metadata.refs["main"] = spec::SnapshotRef::Branch(2);
  const std::string metadata_path = dir.Join("v1.metadata.json");
  {
    auto m = local->Create(metadata_path, true);
    ASSERT_OK(m);
    ASSERT_OK((*m)->Write(spec::WriteTableMetadata(metadata)));
    ASSERT_OK((*m)->Close());
  }

  std::string expected;
  int64_t count = 0;
  for (int i = 0; i < 10; ++i) {
    if (i == 3 || i == 8 || i % 5 == 0 || i % 3 == 1) continue;
    expected += fmt::format(R"({{"id":{},"name":"n{}"}})", i, i % 3) + "\n";
    ++count;
  }
  CommandResult counted = RunFloe("count " + ShellQuote(metadata_path));
  EXPECT_EQ(counted.exit_code, 0) << counted.err;
  EXPECT_EQ(counted.out, fmt::format("{}\n", count));
  CommandResult scanned = RunFloe("scan " + ShellQuote(metadata_path) + " --format json");
  EXPECT_EQ(scanned.exit_code, 0) << scanned.err;
  EXPECT_EQ(scanned.out, expected);
}

}  // namespace
}  // namespace floe::testing
