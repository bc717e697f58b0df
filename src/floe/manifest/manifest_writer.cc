#include "floe/manifest/manifest_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "floe/manifest/manifest_schema.h"
#include "floe/manifest/partition_value.h"
#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/spec/single_value.h"
#include "floe/util/json_writer.h"

namespace floe::manifest {
namespace {

// Java writes this for v1's required, deprecated block_size_in_bytes.
constexpr int64_t kV1BlockSize = 64 * 1024 * 1024;

void Null(avro::Encoder& e) { e.WriteLong(0); }
void Present(avro::Encoder& e) { e.WriteLong(1); }

template <typename T>
void OptLong(avro::Encoder& e, const std::optional<T>& v) {
  if (!v) return Null(e);
  Present(e);
  e.WriteLong(*v);
}

void OptBytes(avro::Encoder& e, const std::optional<std::string>& v) {
  if (!v) return Null(e);
  Present(e);
  e.WriteBytes(*v);
}

void Counts(avro::Encoder& e, const CountMap& m) {
  if (m.empty()) return Null(e);
  Present(e);
  e.WriteLong(static_cast<int64_t>(m.size()));
  for (const auto& [k, v] : m) {
    e.WriteInt(k);
    e.WriteLong(v);
  }
  e.WriteLong(0);
}

void Bounds(avro::Encoder& e, const BoundMap& m) {
  if (m.empty()) return Null(e);
  Present(e);
  e.WriteLong(static_cast<int64_t>(m.size()));
  for (const auto& [k, v] : m) {
    e.WriteInt(k);
    e.WriteBytes(v);
  }
  e.WriteLong(0);
}

template <typename T>
void List(avro::Encoder& e, const std::optional<std::vector<T>>& v) {
  if (!v) return Null(e);
  Present(e);
  if (!v->empty()) {
    e.WriteLong(static_cast<int64_t>(v->size()));
    for (T x : *v) e.WriteLong(x);
  }
  e.WriteLong(0);
}

}  // namespace

Result<std::unique_ptr<ManifestWriter>> ManifestWriter::Open(std::unique_ptr<io::OutputFile> file,
                                                             ManifestWriterOptions options) {
  std::unique_ptr<ManifestWriter> w(new ManifestWriter());
  w->location_ = file->location();
  int v = options.format_version;
  if (v < 1 || v > 3) return NotSupported("manifest format version {}", v);
  if (v == 1 && options.content != ManifestContent::kData) {
    return InvalidArgument("v1 manifests hold data files only");
  }
  FLOE_ASSIGN_OR_RETURN(w->partition_type_, options.spec.PartitionType(options.schema));
  FLOE_ASSIGN_OR_RETURN(auto schema, ManifestEntrySchema(v, *w->partition_type_));

  avro::ContainerWriterOptions copts;
  copts.codec = options.codec.avro_codec;
  copts.level = options.codec.level;
  copts.sync_marker = options.sync_marker;
  JsonWriter schema_json;
  spec::WriteSchema(options.schema, schema_json);
  JsonWriter spec_json;
  spec::WritePartitionFields(options.spec.fields, spec_json);
  copts.metadata = {
      {"schema", schema_json.Take()},
      {"schema-id", std::to_string(options.schema.schema_id)},
      {"partition-spec", spec_json.Take()},
      {"partition-spec-id", std::to_string(options.spec.spec_id)},
      {"format-version", std::to_string(v)},
  };
  if (v >= 2) {
    copts.metadata.emplace_back("content", std::string(ManifestContentName(options.content)));
  }
  FLOE_ASSIGN_OR_RETURN(w->writer_, avro::ContainerWriter::Open(std::move(file), schema, copts));
  w->stats_.resize(w->partition_type_->fields().size());
  w->options_ = std::move(options);
  return w;
}

Status ManifestWriter::Encode(const ManifestEntry& entry) {
  const int v = options_.format_version;
  const DataFile& f = entry.data_file;
  const auto& pfields = partition_type_->fields();
  if (f.partition.size() != pfields.size()) {
    return InvalidArgument("{} has {} partition values; the spec has {} fields", f.file_path,
                           f.partition.size(), pfields.size());
  }
  if (v == 1 && f.content != FileContent::kData) {
    return InvalidArgument("{}: v1 manifests hold data files only", f.file_path);
  }
  if ((options_.content == ManifestContent::kData) != (f.content == FileContent::kData)) {
    return InvalidArgument("{} is a {} file; this manifest holds {}", f.file_path,
                           FileContentName(f.content), ManifestContentName(options_.content));
  }
  avro::Encoder& e = writer_->encoder();
  e.WriteInt(static_cast<int32_t>(entry.status));
  if (v == 1) {
    std::optional<int64_t> id = entry.snapshot_id ? entry.snapshot_id : options_.snapshot_id;
    if (!id) return InvalidArgument("{}: v1 manifest entries need a snapshot id", f.file_path);
    e.WriteLong(*id);
  } else {
    OptLong(e, entry.snapshot_id);
    OptLong(e, entry.sequence_number);
    OptLong(e, entry.file_sequence_number);
  }
  // data_file
  if (v >= 2) e.WriteInt(static_cast<int32_t>(f.content));
  e.WriteBytes(f.file_path);
  e.WriteBytes(f.file_format);
  for (size_t i = 0; i < pfields.size(); ++i) {
    const spec::Literal& value = f.partition[i];
    if (value.is_null()) {
      Null(e);
      continue;
    }
    Present(e);
    Status st = EncodePartitionValue(*pfields[i].type, value, e);
    if (!st.ok()) {
      return std::move(st).error().WithContext(
          fmt::format("{}: partition field {}", f.file_path, pfields[i].name));
    }
  }
  e.WriteLong(f.record_count);
  e.WriteLong(f.file_size_in_bytes);
  if (v == 1) e.WriteLong(kV1BlockSize);
  Counts(e, f.column_sizes);
  Counts(e, f.value_counts);
  Counts(e, f.null_value_counts);
  Counts(e, f.nan_value_counts);
  Bounds(e, f.lower_bounds);
  Bounds(e, f.upper_bounds);
  OptBytes(e, f.key_metadata);
  List(e, f.split_offsets);
  if (v >= 2) List(e, f.equality_ids);
  OptLong(e, f.sort_order_id);
  if (v >= 3) OptLong(e, f.first_row_id);
  if (v >= 2) OptBytes(e, f.referenced_data_file);
  if (v >= 3) {
    OptLong(e, f.content_offset);
    OptLong(e, f.content_size_in_bytes);
  }
  return Ok();
}

Status ManifestWriter::Write(const ManifestEntry& entry) {
  if (options_.format_version >= 2 && entry.status != EntryStatus::kAdded &&
      (!entry.snapshot_id || !entry.sequence_number)) {
    return InvalidArgument("{} entry {} needs its snapshot id and sequence number",
                           EntryStatusName(entry.status), entry.data_file.file_path);
  }
  size_t mark = writer_->encoder().out()->size();
  Status st = Encode(entry);
  if (!st.ok()) {
    writer_->encoder().out()->resize(mark);  // drop the half-encoded record
    return st;
  }
  FLOE_RETURN_IF_ERROR(writer_->FinishRecord());
  ++entries_;
  const DataFile& f = entry.data_file;
  switch (entry.status) {
    case EntryStatus::kAdded:
      ++added_files_;
      added_rows_ += f.record_count;
      break;
    case EntryStatus::kExisting:
      ++existing_files_;
      existing_rows_ += f.record_count;
      break;
    case EntryStatus::kDeleted:
      ++deleted_files_;
      deleted_rows_ += f.record_count;
      break;
  }
  if (entry.is_live()) {
    if (entry.sequence_number) {
      min_sequence_number_ =
          std::min(min_sequence_number_.value_or(*entry.sequence_number), *entry.sequence_number);
    } else if (options_.format_version >= 2) {
      unassigned_sequence_number_ = true;
    }
  }
  for (size_t i = 0; i < stats_.size(); ++i) {
    FieldStats& s = stats_[i];
    const spec::Literal& value = f.partition[i];
    if (value.is_null()) {
      s.contains_null = true;
    } else if (IsNaN(value)) {
      s.contains_nan = true;
    } else {
      if (s.lower.is_null() || ComparePartitionValues(value, s.lower) < 0) s.lower = value;
      if (s.upper.is_null() || ComparePartitionValues(value, s.upper) > 0) s.upper = value;
    }
  }
  return Ok();
}

Status ManifestWriter::WriteAdded(const DataFile& file,
                                  std::optional<int64_t> data_sequence_number) {
  ManifestEntry e;
  e.status = EntryStatus::kAdded;
  if (options_.format_version == 1) e.snapshot_id = options_.snapshot_id;
  e.sequence_number = data_sequence_number;
  e.data_file = file;
  return Write(e);
}

Status ManifestWriter::WriteExisting(const ManifestEntry& entry) {
  ManifestEntry e = entry;
  e.status = EntryStatus::kExisting;
  return Write(e);
}

Status ManifestWriter::WriteDeleted(const ManifestEntry& entry) {
  ManifestEntry e = entry;
  e.status = EntryStatus::kDeleted;
  if (options_.snapshot_id) e.snapshot_id = options_.snapshot_id;  // deleted by this snapshot
  return Write(e);
}

Result<ManifestFile> ManifestWriter::Close() {
  // After the last block is flushed the estimate is exact; some OutputFiles (in memory)
  // report no bytes once closed, so the length is taken before closing.
  FLOE_RETURN_IF_ERROR(writer_->Flush());
  int64_t length = writer_->EstimatedLength();
  FLOE_RETURN_IF_ERROR(writer_->Close());
  ManifestFile m;
  m.manifest_path = location_;
  m.manifest_length = length;
  m.partition_spec_id = options_.spec.spec_id;
  m.content = options_.content;
  if (options_.format_version == 1) {
    m.sequence_number = 0;
    m.min_sequence_number = 0;
  } else {
    m.sequence_number = kUnassignedSequenceNumber;
    m.min_sequence_number = unassigned_sequence_number_ || !min_sequence_number_
                                ? kUnassignedSequenceNumber
                                : *min_sequence_number_;
  }
  m.added_snapshot_id = options_.snapshot_id;
  m.added_files_count = added_files_;
  m.existing_files_count = existing_files_;
  m.deleted_files_count = deleted_files_;
  m.added_rows_count = added_rows_;
  m.existing_rows_count = existing_rows_;
  m.deleted_rows_count = deleted_rows_;
  std::vector<PartitionFieldSummary> summaries;
  const auto& pfields = partition_type_->fields();
  for (size_t i = 0; i < stats_.size(); ++i) {
    const FieldStats& s = stats_[i];
    PartitionFieldSummary ps;
    ps.contains_null = s.contains_null;
    ps.contains_nan = s.contains_nan;
    if (!s.lower.is_null()) {
      FLOE_ASSIGN_OR_RETURN(ps.lower_bound, spec::ToBinary(*pfields[i].type, s.lower));
      FLOE_ASSIGN_OR_RETURN(ps.upper_bound, spec::ToBinary(*pfields[i].type, s.upper));
    }
    summaries.push_back(std::move(ps));
  }
  m.partitions = std::move(summaries);
  return m;
}

RollingManifestWriter::RollingManifestWriter(NewFile new_file, ManifestWriterOptions options,
                                             int64_t target_size_bytes)
    : new_file_(std::move(new_file)), options_(std::move(options)), target_(target_size_bytes) {}

Result<ManifestWriter*> RollingManifestWriter::Current() {
  if (!current_) {
    FLOE_ASSIGN_OR_RETURN(auto file, new_file_());
    FLOE_ASSIGN_OR_RETURN(current_, ManifestWriter::Open(std::move(file), options_));
  }
  return current_.get();
}

Status RollingManifestWriter::AfterWrite() {
  if (current_->EstimatedLength() >= target_) {
    FLOE_ASSIGN_OR_RETURN(ManifestFile m, current_->Close());
    done_.push_back(std::move(m));
    current_.reset();
  }
  return Ok();
}

Status RollingManifestWriter::WriteAdded(const DataFile& file,
                                         std::optional<int64_t> data_sequence_number) {
  FLOE_ASSIGN_OR_RETURN(ManifestWriter * w, Current());
  FLOE_RETURN_IF_ERROR(w->WriteAdded(file, data_sequence_number));
  return AfterWrite();
}

Status RollingManifestWriter::WriteExisting(const ManifestEntry& entry) {
  FLOE_ASSIGN_OR_RETURN(ManifestWriter * w, Current());
  FLOE_RETURN_IF_ERROR(w->WriteExisting(entry));
  return AfterWrite();
}

Status RollingManifestWriter::WriteDeleted(const ManifestEntry& entry) {
  FLOE_ASSIGN_OR_RETURN(ManifestWriter * w, Current());
  FLOE_RETURN_IF_ERROR(w->WriteDeleted(entry));
  return AfterWrite();
}

Result<std::vector<ManifestFile>> RollingManifestWriter::Close() {
  if (current_) {
    FLOE_ASSIGN_OR_RETURN(ManifestFile m, current_->Close());
    done_.push_back(std::move(m));
    current_.reset();
  }
  return std::move(done_);
}

}  // namespace floe::manifest
