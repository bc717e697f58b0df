// Paths inside delete files under a location map (issue #23): a position delete file's
// file_path values and a deletion vector's referenced_data_file are compared with the data
// files' paths as the FileIO reads them, so `hdfs://nn:8020/wh/t/a.parquet` in a delete file
// and `/wh/t/a.parquet` in a manifest meet under `/wh/t=mem/t`; rows whose file_path is null
// are skipped with one warning naming the file.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/avro/container_writer.h"
#include "floe/format/avro/json_default.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/location_map.h"
#include "floe/io/memory_file_io.h"
#include "floe/scan/delete_file_index.h"
#include "floe/scan/delete_filter.h"
#include "floe/scan/deletion_vector.h"
#include "floe/scan/position_deletes.h"
#include "floe/util/diagnostics.h"
#include "testing/result_matchers.h"

namespace floe::scan {
namespace {

std::shared_ptr<io::FileIO> MappedMemory(std::shared_ptr<io::MemoryFileIO> memory) {
  auto map = io::LocationMap::Make({"/wh/t=mem/t"});
  EXPECT_OK(map);
  return io::RemappedFileIO(std::move(memory), std::move(*map));
}

// Writes a (file_path, pos) Parquet file straight into `memory` at `path`.
void WritePositionDeletes(io::MemoryFileIO& memory, const std::string& path,
                          const std::vector<std::optional<std::string>>& paths,
                          const std::vector<int64_t>& positions) {
  columnar::BinaryBuilder p(columnar::Utf8());
  for (const auto& v : paths) ASSERT_OK((v ? p.Append(*v) : p.AppendNull()));
  columnar::PrimitiveBuilder<int64_t> q(columnar::Int64());
  for (int64_t v : positions) ASSERT_OK(q.Append(v));
  auto schema = std::make_shared<columnar::Schema>(std::vector<columnar::Field>{
      columnar::Field("file_path", columnar::Utf8(), true).WithFieldId(kDeleteFilePathFieldId),
      columnar::Field("pos", columnar::Int64(), false).WithFieldId(kDeleteFilePosFieldId)});
  auto batch = columnar::RecordBatch::Make(schema, static_cast<int64_t>(positions.size()),
                                           {*p.Finish(), *q.Finish()});
  ASSERT_OK(batch);
  auto file = memory.Create(path);
  ASSERT_OK(file);
  auto writer = parquet::ParquetWriter::Make(std::move(*file), schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  ASSERT_OK((*writer)->Close());
}

TEST(MappedDeletePathsTest, PositionDeleteFilePathsAreKeyedAsTheyAreRead) {
  auto memory = std::make_shared<io::MemoryFileIO>();
  WritePositionDeletes(*memory, "mem/t/pos.parquet",
                       {std::nullopt, "hdfs://nn:8020/wh/t/a.parquet",
                        "hdfs://nn:8020/wh/t/a.parquet", "/wh/t/b.parquet", std::nullopt},
                       {0, 1, 4, 2, 9});
  std::shared_ptr<io::FileIO> io = MappedMemory(memory);
  manifest::DeleteFile file;
  file.content = manifest::FileContent::kPositionDeletes;
  file.file_path = "/wh/t/pos.parquet";
  file.file_format = "PARQUET";

  std::vector<std::string> warnings;
  DiagnosticSink previous = SetDiagnosticSink([&](DiagnosticLevel level, const std::string& m) {
    if (level == DiagnosticLevel::kWarning) warnings.push_back(m);
  });
  auto by_path = ReadPositionDeleteFile(*io, file);
  SetDiagnosticSink(std::move(previous));
  ASSERT_OK(by_path);
  ASSERT_EQ(by_path->size(), 2u);
  EXPECT_EQ(by_path->at("mem/t/a.parquet").ToVector(), (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(by_path->at("mem/t/b.parquet").ToVector(), (std::vector<int64_t>{2}));
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "position delete file /wh/t/pos.parquet: skipped 2 row(s) whose "
                          "file_path is null (the spec requires it)"}));

  // Applied to the data file the manifest names /wh/t/a.parquet; b.parquet is never read, so
  // the loader reports its deletes as matching nothing.
  DeleteLoader loader;
  manifest::DataFile data;
  data.file_path = "/wh/t/a.parquet";
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
  auto filter = DeleteFilter::Make(*io, loader, schema, data, {file});
  ASSERT_OK(filter);
  EXPECT_TRUE(filter->needs_positions());
  auto unmatched = loader.UnmatchedPositionDeletes();
  ASSERT_EQ(unmatched.size(), 1u);
  EXPECT_EQ(unmatched[0].first, "/wh/t/pos.parquet");
  EXPECT_EQ(unmatched[0].second, "mem/t/b.parquet");

  // Read as written (no map), the hdfs path is not a's.
  DeleteLoader plain_loader;
  manifest::DeleteFile local = file;
  local.file_path = "mem/t/pos.parquet";
  data.file_path = "mem/t/a.parquet";
  auto plain = DeleteFilter::Make(*memory, plain_loader, schema, data, {local});
  ASSERT_OK(plain);
  EXPECT_FALSE(plain->needs_positions());
}

TEST(MappedDeletePathsTest, DeletionVectorsMatchTheirDataFileUnderTheMap) {
  auto memory = std::make_shared<io::MemoryFileIO>();
  std::shared_ptr<io::FileIO> io = MappedMemory(memory);
  spec::TableMetadata metadata;
  metadata.format_version = 3;
  metadata.partition_specs = {spec::PartitionSpec{}};
  manifest::ManifestEntry dv;
  dv.status = manifest::EntryStatus::kAdded;
  dv.sequence_number = 2;
  dv.data_file.content = manifest::FileContent::kPositionDeletes;
  dv.data_file.file_path = "/wh/t/dv.puffin";
  dv.data_file.file_format = "PUFFIN";
  dv.data_file.referenced_data_file = "hdfs://nn:8020/wh/t/a.parquet";
  dv.data_file.content_offset = 4;
  dv.data_file.content_size_in_bytes = 40;
  dv.data_file.record_count = 1;
  manifest::ManifestEntry data;
  data.status = manifest::EntryStatus::kAdded;
  data.sequence_number = 1;
  data.data_file.file_path = "/wh/t/a.parquet";
  data.data_file.file_format = "PARQUET";

  auto mapped = DeleteFileIndex::Make(metadata, {dv}, io.get());
  ASSERT_OK(mapped);
  auto applied = mapped->ForDataFile(data);
  ASSERT_EQ(applied.size(), 1u);
  EXPECT_EQ(applied[0].file_path, "/wh/t/dv.puffin");
  EXPECT_TRUE(mapped->UnmatchedReferences().empty());
  // Compared as written, the DV names another file.
  auto exact = DeleteFileIndex::Make(metadata, {dv});
  ASSERT_OK(exact);
  EXPECT_TRUE(exact->ForDataFile(data).empty());
  ASSERT_EQ(exact->UnmatchedReferences().size(), 1u);
  EXPECT_EQ(*exact->UnmatchedReferences()[0]->referenced_data_file,
            "hdfs://nn:8020/wh/t/a.parquet");
  // Two DVs for one data file, once mapped, are refused.
  manifest::ManifestEntry second = dv;
  second.data_file.referenced_data_file = "/wh/t/a.parquet";
  EXPECT_FALSE(DeleteFileIndex::Make(metadata, {dv, second}, io.get()).ok());
  EXPECT_OK(DeleteFileIndex::Make(metadata, {dv, second}));
}

// Avro position delete files (Spark's write.format.default=avro) with a nullable file_path:
// the null rows are skipped the same way.
TEST(MappedDeletePathsTest, AvroPositionDeletesWithNullFilePaths) {
  io::MemoryFileIO io;
  auto schema = avro::Schema::Parse(R"({"type":"record","name":"pd","fields":[
      {"name":"file_path","type":["null","string"],"field-id":2147483546},
      {"name":"pos","type":"long","field-id":2147483545}]})");
  ASSERT_OK(schema);
  auto out = io.Create("mem/pos.avro");
  ASSERT_OK(out);
  auto writer = avro::ContainerWriter::Open(std::move(*out), *schema, {});
  ASSERT_OK(writer);
  for (const char* row : {R"({"file_path":null,"pos":3})", R"({"file_path":"a.parquet","pos":1})",
                          R"({"file_path":null,"pos":0})"}) {
    ASSERT_OK(avro::EncodeJsonDefault((*schema)->root(), row, (*writer)->encoder()));
    ASSERT_OK((*writer)->FinishRecord());
  }
  ASSERT_OK((*writer)->Close());
  manifest::DeleteFile file;
  file.content = manifest::FileContent::kPositionDeletes;
  file.file_path = "mem/pos.avro";
  file.file_format = "AVRO";
  file.record_count = 3;
  std::vector<std::string> warnings;
  DiagnosticSink previous =
      SetDiagnosticSink([&](DiagnosticLevel, const std::string& m) { warnings.push_back(m); });
  auto by_path = ReadPositionDeleteFile(io, file);
  SetDiagnosticSink(std::move(previous));
  ASSERT_OK(by_path);
  ASSERT_EQ(by_path->size(), 1u);
  EXPECT_EQ(by_path->at("a.parquet").ToVector(), (std::vector<int64_t>{1}));
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "position delete file mem/pos.avro: skipped 2 row(s) whose file_path "
                          "is null (the spec requires it)"}));
}

}  // namespace
}  // namespace floe::scan
