#include "floe/manifest/manifest_list_writer.h"

#include <utility>

#include "floe/manifest/manifest_schema.h"

namespace floe::manifest {
namespace {

void WriteNull(avro::Encoder& e) { e.WriteLong(0); }

template <typename T>
void WriteOptionalLong(avro::Encoder& e, const std::optional<T>& v) {
  if (!v) return WriteNull(e);
  e.WriteLong(1);
  e.WriteLong(*v);
}

void WriteOptionalBytes(avro::Encoder& e, const std::optional<std::string>& v) {
  if (!v) return WriteNull(e);
  e.WriteLong(1);
  e.WriteBytes(*v);
}

void Summaries(avro::Encoder& e, const std::optional<std::vector<PartitionFieldSummary>>& v) {
  if (!v) return WriteNull(e);
  e.WriteLong(1);
  if (!v->empty()) {
    e.WriteLong(static_cast<int64_t>(v->size()));
    for (const PartitionFieldSummary& s : *v) {
      e.WriteBool(s.contains_null);
      if (s.contains_nan) {
        e.WriteLong(1);
        e.WriteBool(*s.contains_nan);
      } else {
        WriteNull(e);
      }
      WriteOptionalBytes(e, s.lower_bound);
      WriteOptionalBytes(e, s.upper_bound);
    }
  }
  e.WriteLong(0);
}

}  // namespace

Result<std::unique_ptr<ManifestListWriter>> ManifestListWriter::Open(
    std::unique_ptr<io::OutputFile> file, ManifestListWriterOptions options) {
  int v = options.format_version;
  FLOE_ASSIGN_OR_RETURN(auto schema, ManifestFileSchema(v));
  avro::ContainerWriterOptions copts;
  copts.codec = options.codec.avro_codec;
  copts.level = options.codec.level;
  copts.sync_marker = options.sync_marker;
  copts.metadata.emplace_back("snapshot-id", std::to_string(options.snapshot_id));
  // Java writes the string "null" when there is no parent.
  copts.metadata.emplace_back(
      "parent-snapshot-id", options.parent_snapshot_id ? std::to_string(*options.parent_snapshot_id)
                                                       : std::string("null"));
  if (v >= 2)
    copts.metadata.emplace_back("sequence-number", std::to_string(options.sequence_number));
  copts.metadata.emplace_back("format-version", std::to_string(v));
  if (v >= 3) {
    if (!options.first_row_id)
      return InvalidArgument("v3 manifest lists need the snapshot's first-row-id");
    copts.metadata.emplace_back("first-row-id", std::to_string(*options.first_row_id));
  }
  std::unique_ptr<ManifestListWriter> w(new ManifestListWriter());
  FLOE_ASSIGN_OR_RETURN(w->writer_, avro::ContainerWriter::Open(std::move(file), schema, copts));
  if (v >= 3) w->next_row_id_ = options.first_row_id;
  w->options_ = std::move(options);
  return w;
}

Status ManifestListWriter::Add(const ManifestFile& manifest) {
  const int v = options_.format_version;
  ManifestFile m = manifest;
  if (m.sequence_number == kUnassignedSequenceNumber) m.sequence_number = options_.sequence_number;
  if (m.min_sequence_number == kUnassignedSequenceNumber) {
    m.min_sequence_number = options_.sequence_number;
  }
  if (v >= 3 && m.content == ManifestContent::kData && !m.first_row_id) {
    m.first_row_id = next_row_id_;
    *next_row_id_ += m.added_rows_count.value_or(0) + m.existing_rows_count.value_or(0);
  }
  if (v == 1 && m.content != ManifestContent::kData) {
    return InvalidArgument("{}: v1 manifest lists hold data manifests only", m.manifest_path);
  }
  if (v >= 2 && !m.added_snapshot_id) {
    return InvalidArgument("{}: v{} manifest lists need added_snapshot_id", m.manifest_path, v);
  }
  avro::Encoder& e = writer_->encoder();
  e.WriteBytes(m.manifest_path);
  e.WriteLong(m.manifest_length);
  e.WriteInt(m.partition_spec_id);
  if (v == 1) {
    WriteOptionalLong(e, m.added_snapshot_id);
    WriteOptionalLong(e, m.added_files_count);
    WriteOptionalLong(e, m.existing_files_count);
    WriteOptionalLong(e, m.deleted_files_count);
    Summaries(e, m.partitions);
    WriteOptionalLong(e, m.added_rows_count);
    WriteOptionalLong(e, m.existing_rows_count);
    WriteOptionalLong(e, m.deleted_rows_count);
    WriteOptionalBytes(e, m.key_metadata);
  } else {
    e.WriteInt(static_cast<int32_t>(m.content));
    e.WriteLong(m.sequence_number);
    e.WriteLong(m.min_sequence_number);
    e.WriteLong(*m.added_snapshot_id);
    e.WriteInt(m.added_files_count.value_or(0));
    e.WriteInt(m.existing_files_count.value_or(0));
    e.WriteInt(m.deleted_files_count.value_or(0));
    e.WriteLong(m.added_rows_count.value_or(0));
    e.WriteLong(m.existing_rows_count.value_or(0));
    e.WriteLong(m.deleted_rows_count.value_or(0));
    Summaries(e, m.partitions);
    WriteOptionalBytes(e, m.key_metadata);
    if (v >= 3) WriteOptionalLong(e, m.first_row_id);
  }
  return writer_->FinishRecord();
}

Status ManifestListWriter::Close() { return writer_->Close(); }

}  // namespace floe::manifest
