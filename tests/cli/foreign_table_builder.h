// Tables as other engines leave them, built for the CLI tests of issue #23: the files are
// written here (Parquet data and delete files, Puffin deletion vectors, manifests, a manifest
// list and a metadata.json), while the metadata may name them under another root (a table moved
// from `/warehouse/db/t`, or delete files that say `hdfs://namenode:8020/...`).
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/spec/table_metadata_json.h"
#include "testing/result_matchers.h"

namespace floe::testing::foreign {

inline columnar::Field IdField(std::string name, columnar::DataTypePtr type,
                               std::optional<int32_t> id, bool nullable = true) {
  columnar::Field f(std::move(name), std::move(type), nullable);
  return id ? f.WithFieldId(*id) : f;
}

inline columnar::ArrayPtr LongArray(const std::vector<std::optional<int64_t>>& values) {
  columnar::PrimitiveBuilder<int64_t> b(columnar::Int64());
  for (const auto& v : values) EXPECT_OK((v ? b.Append(*v) : b.AppendNull()));
  return *b.Finish();
}

inline columnar::ArrayPtr StringArray(const std::vector<std::optional<std::string>>& values) {
  columnar::BinaryBuilder b(columnar::Utf8());
  for (const auto& v : values) EXPECT_OK((v ? b.Append(*v) : b.AppendNull()));
  return *b.Finish();
}

inline columnar::RecordBatch MakeBatch(std::vector<columnar::Field> fields,
                                       std::vector<columnar::ArrayPtr> columns) {
  int64_t rows = columns.empty() ? 0 : columns[0]->length;
  auto batch = columnar::RecordBatch::Make(std::make_shared<columnar::Schema>(std::move(fields)),
                                           rows, std::move(columns));
  EXPECT_OK(batch);
  return std::move(*batch);
}

// Ids first..first+n-1 in one int64 column `id` (field id 1, or none).
inline columnar::RecordBatch IdBatch(int64_t first, int64_t n, bool with_ids = true) {
  std::vector<std::optional<int64_t>> ids;
  for (int64_t i = 0; i < n; ++i) ids.push_back(first + i);
  return MakeBatch(
      {IdField("id", columnar::Int64(), with_ids ? std::optional<int32_t>(1) : std::nullopt)},
      {LongArray(ids)});
}

// A position delete file's rows (file_path, pos) with the spec's field ids.
inline columnar::RecordBatch PositionDeleteBatch(
    const std::vector<std::pair<std::optional<std::string>, int64_t>>& rows) {
  std::vector<std::optional<std::string>> paths;
  std::vector<std::optional<int64_t>> positions;
  for (const auto& [path, pos] : rows) {
    paths.push_back(path);
    positions.push_back(pos);
  }
  bool any_null = false;
  for (const auto& p : paths) any_null = any_null || !p;
  return MakeBatch({IdField("file_path", columnar::Utf8(), 2147483546, any_null),
                    IdField("pos", columnar::Int64(), 2147483545, false)},
                   {StringArray(paths), LongArray(positions)});
}

class TableBuilder {
 public:
  // `dir`: the local table folder; `listed_root`: what the metadata calls it.
  TableBuilder(std::string dir, std::string listed_root, int format_version = 2)
      : dir_(std::move(dir)), listed_(std::move(listed_root)), format_version_(format_version) {}

  std::string Local(std::string_view name) const { return dir_ + "/" + std::string(name); }
  std::string Listed(std::string_view name) const { return listed_ + "/" + std::string(name); }
  io::FileIO& io() { return *io_; }

  // Writes `batch` to the table folder; the size of the file.
  int64_t WriteParquet(std::string_view name, const columnar::RecordBatch& batch) {
    auto file = io_->Create(Local(name), true);
    EXPECT_OK(file);
    if (!file.ok()) return 0;
    auto writer = parquet::ParquetWriter::Make(std::move(*file), batch.schema());
    EXPECT_OK(writer);
    if (!writer.ok()) return 0;
    EXPECT_OK((*writer)->Write(batch));
    EXPECT_OK((*writer)->Close());
    return Size(name);
  }
  int64_t Size(std::string_view name) {
    auto in = io_->OpenInput(Local(name));
    EXPECT_OK(in);
    return in.ok() ? *(*in)->Size() : 0;
  }

  // A data file entry (data sequence number 1) named by its listed path.
  manifest::DataFile& AddData(std::string_view name, int64_t records,
                              std::vector<spec::Literal> partition = {}) {
    manifest::DataFile f;
    f.file_path = Listed(name);
    f.file_format = "PARQUET";
    f.record_count = records;
    f.file_size_in_bytes = Size(name);
    f.partition = std::move(partition);
    data_.push_back(std::move(f));
    return data_.back();
  }
  // A position delete file entry (sequence number 2).
  manifest::DataFile& AddPositionDeletes(std::string_view name, int64_t records) {
    manifest::DataFile f;
    f.content = manifest::FileContent::kPositionDeletes;
    f.file_path = Listed(name);
    f.file_format = "PARQUET";
    f.record_count = records;
    f.file_size_in_bytes = Size(name);
    deletes_.push_back(std::move(f));
    return deletes_.back();
  }
  void AddDelete(manifest::DataFile f) { deletes_.push_back(std::move(f)); }

  // The schema manifests are written with (their partition types follow from it); default: the
  // current schema.
  void SetManifestSchema(spec::Schema schema) { manifest_schema_ = std::move(schema); }
  // Further metadata (old schemas, old specs, properties) before it is written.
  spec::TableMetadata& metadata() { return metadata_; }
  // The default spec, when it is not the one the manifests are written with.
  void SetDefaultSpecId(int32_t id) { default_spec_id_ = id; }

  // Writes manifests, the manifest list and metadata/v1.metadata.json; its local path.
  std::string Finish(const spec::Schema& schema, const spec::PartitionSpec& spec) {
    const int64_t snapshot_id = 2;
    manifest::ManifestListWriterOptions list_options;
    list_options.format_version = format_version_;
    list_options.snapshot_id = snapshot_id;
    list_options.sequence_number = 2;
    if (format_version_ >= 3) list_options.first_row_id = 0;
    auto out = io_->Create(Local("metadata/snap-2.avro"), true);
    EXPECT_OK(out);
    auto list = manifest::ManifestListWriter::Open(std::move(*out), list_options);
    EXPECT_OK(list);
    int64_t total_rows = 0;
    for (bool deletes : {false, true}) {
      const std::vector<manifest::DataFile>& files = deletes ? deletes_ : data_;
      if (files.empty()) continue;
      manifest::ManifestWriterOptions o;
      o.format_version = format_version_;
      o.schema = manifest_schema_ ? *manifest_schema_ : schema;
      o.spec = spec;
      o.snapshot_id = snapshot_id;
      o.content = deletes ? manifest::ManifestContent::kDeletes : manifest::ManifestContent::kData;
      std::string name = deletes ? "metadata/m1.avro" : "metadata/m0.avro";
      auto m = io_->Create(Local(name), true);
      EXPECT_OK(m);
      auto w = manifest::ManifestWriter::Open(std::move(*m), o);
      EXPECT_OK(w);
      for (const manifest::DataFile& f : files) {
        if (deletes) {
          EXPECT_OK((*w)->WriteAdded(f));
        } else {
          EXPECT_OK((*w)->WriteAdded(f, 1));
          total_rows += f.record_count;
        }
      }
      auto closed = (*w)->Close();
      EXPECT_OK(closed);
      closed->manifest_path = Listed(name);
      EXPECT_OK((*list)->Add(*closed));
    }
    EXPECT_OK((*list)->Close());

    spec::TableMetadata& m = metadata_;
    m.format_version = format_version_;
    m.table_uuid = "6f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    m.location = listed_;
    m.last_updated_ms = 1700000000000;
    m.schemas.push_back(schema);
    m.current_schema_id = schema.schema_id;
    m.partition_specs.push_back(spec);
    m.default_spec_id = default_spec_id_.value_or(spec.spec_id);
    m.last_column_id = std::max(m.last_column_id, schema.HighestFieldId());
    m.last_partition_id = 1000;
    for (const spec::PartitionSpec& s : m.partition_specs) {
      for (const spec::PartitionField& f : s.fields) {
        m.last_partition_id = std::max(m.last_partition_id, f.field_id);
      }
    }
    m.sort_orders = {spec::SortOrder::Unsorted()};
    spec::Snapshot snapshot;
    snapshot.snapshot_id = snapshot_id;
    snapshot.sequence_number = 2;
    snapshot.timestamp_ms = 1700000000000;
    snapshot.manifest_list = Listed("metadata/snap-2.avro");
    snapshot.summary = {{"operation", "overwrite"}};
    snapshot.schema_id = schema.schema_id;
    if (format_version_ >= 3) {
      snapshot.first_row_id = 0;
      snapshot.added_rows = total_rows;
      m.next_row_id = total_rows;
    }
    m.snapshots = {snapshot};
    m.current_snapshot_id = snapshot_id;
    m.last_sequence_number = 2;
    m.refs["main"] = spec::SnapshotRef::Branch(snapshot_id);
    std::string path = Local("metadata/v1.metadata.json");
    auto file = io_->Create(path, true);
    EXPECT_OK(file);
    EXPECT_OK((*file)->Write(spec::WriteTableMetadata(m)));
    EXPECT_OK((*file)->Close());
    return path;
  }

 private:
  std::shared_ptr<io::FileIO> io_ = io::LocalFileIO();
  std::string dir_, listed_;
  int format_version_;
  std::vector<manifest::DataFile> data_, deletes_;
  std::optional<spec::Schema> manifest_schema_;
  std::optional<int32_t> default_spec_id_;
  spec::TableMetadata metadata_;
};

// The table schema of these tests: `id` long (field 1), required.
inline spec::Schema IdSchema() {
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", false, spec::Type::Long()}};
  return schema;
}

}  // namespace floe::testing::foreign
