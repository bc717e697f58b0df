// Reading manifests (spec: "Manifests"): the header's key-value metadata, then the entries,
// decoded through a reader schema matched by field id straight into ManifestEntry (no Datum
// tree), with the spec's inheritance applied:
//   - v1 entries have sequence numbers 0;
//   - in v2 and v3 an ADDED entry may leave snapshot_id, sequence_number and
//     file_sequence_number null: they come from the manifest-list entry. An EXISTING or DELETED
//     entry must carry them: a null there is corrupt. (Manifests written before field 4 existed
//     have no file_sequence_number at all; it stays null for their non-ADDED entries.)
//   - v3 data files without first_row_id get the manifest's first_row_id plus the record counts
//     of the earlier live data files that had none (spec: "First Row ID Inheritance"); DELETED
//     entries take no ids, as the manifest's id range counts added and existing rows only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/format/avro/container_reader.h"
#include "floe/format/avro/read_plan.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_entry_decoder.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/type.h"

namespace floe::manifest {

// What the header says (spec: "Manifests", the key-value metadata table).
struct ManifestMetadata {
  int format_version = 1;                             // "format-version"; absent: 1
  ManifestContent content = ManifestContent::kData;   // "content": data | deletes
  std::optional<spec::Schema> schema;                 // "schema", when present and readable
  std::optional<int32_t> schema_id;                   // "schema-id"
  std::optional<spec::PartitionSpec> partition_spec;  // "partition-spec" + "partition-spec-id"
  std::optional<int32_t> partition_spec_id;
  // The partition tuple's type of the entries (values the writer wrote in an older type that
  // this one promotes, as Hive-migrated tables have them, are promoted to it).
  spec::TypePtr partition_type;
};

struct ManifestReadOptions {
  // The manifest-list entry of this manifest: ADDED entries inherit its snapshot id and
  // sequence number, data files its first_row_id. Without it, null values stay null.
  std::optional<ManifestFile> inherit_from;
  // The partition type to decode with (PartitionSpec::PartitionType of the table's schema).
  // When null: from the header's schema and partition-spec, else from the file's Avro schema.
  spec::TypePtr partition_type;
  // The columns whose metrics (column sizes, value/null/NaN counts, lower/upper bounds) the
  // entries keep; the others are read past. Unset: every column's. Scan planning keeps only
  // the filter's columns: most of a manifest's bytes are metrics of other columns.
  std::optional<std::vector<int32_t>> metrics_field_ids;
  // Decode entries with the fast path (manifest_entry_decoder.h) where the file's schema allows.
  // False: every entry through the general path, the fast path's reference in tests.
  bool fast_path = true;
  // Parse the header's schema and partition-spec JSON into ManifestMetadata. Scan planning,
  // which gives partition_type and reads neither, turns it off (the parse was ~6% of a full
  // plan's CPU); without partition_type they are parsed whatever this says.
  bool header_schema = true;
};

// Which columns' metrics an entry keeps (ManifestReadOptions::metrics_field_ids): all, or the
// ids of a set (a word for ids below 64, a bitmap for the other ordinary ids, a list for the
// reserved ids near 2^31).
class MetricsProjection {
 public:
  MetricsProjection() = default;
  explicit MetricsProjection(const std::optional<std::vector<int32_t>>& ids) : all_(!ids) {
    if (!ids) return;
    for (int32_t id : *ids) {
      if (id >= 0 && id < 64) {
        small_ |= uint64_t{1} << id;
      } else if (id >= 0 && id < kBitmapIds) {
        if (static_cast<size_t>(id) >= bitmap_.size()) bitmap_.resize(static_cast<size_t>(id) + 1);
        bitmap_[static_cast<size_t>(id)] = true;
      } else {
        others_.push_back(id);
      }
    }
  }
  // Every column's metrics kept; none kept (a projection on no column: metric maps read past).
  bool all() const { return all_; }
  bool none() const { return !all_ && small_ == 0 && bitmap_.empty() && others_.empty(); }
  bool Keep(int32_t id) const {
    if (all_) return true;
    if (static_cast<uint32_t>(id) < 64) return (small_ >> id) & 1;  // most tables' ids
    return KeepLarge(id);
  }

 private:
  bool KeepLarge(int32_t id) const;

  static constexpr int32_t kBitmapIds = 1 << 16;
  bool all_ = true;
  uint64_t small_ = 0;           // ids 0 to 63
  std::vector<bool> bitmap_;     // ids 64 to kBitmapIds - 1
  std::vector<int32_t> others_;  // any other id
};

class ManifestReader {
 public:
  static Result<std::unique_ptr<ManifestReader>> Open(std::shared_ptr<io::InputFile> file,
                                                      ManifestReadOptions options = {});

  const ManifestMetadata& metadata() const { return metadata_; }
  avro::ContainerReader& container() { return *container_; }
  // Whether entries are decoded by the fast path (ManifestReadOptions::fast_path and a writer
  // schema it reads); entries it gives up on still go through the general path.
  bool uses_fast_path() const { return fast_ != nullptr; }

  // The next entry (every field overwritten; its vectors' storage is reused), or false at the
  // end of the file.
  Result<bool> Next(ManifestEntry* entry);
  // Every remaining entry.
  Result<std::vector<ManifestEntry>> ReadAll();

 private:
  ManifestReader() = default;
  Status Decode(avro::Decoder& d, ManifestEntry* entry);
  Status Inherit(ManifestEntry* entry);

  std::unique_ptr<avro::ContainerReader> container_;
  // Shared by the readers of manifests with the same writer schema and partition type.
  std::shared_ptr<const avro::Resolution> resolution_;
  std::shared_ptr<const ManifestEntryDecoder> fast_;  // null: the general path only
  ManifestMetadata metadata_;
  ManifestReadOptions options_;
  MetricsProjection metrics_;
  bool writer_has_file_sequence_number_ = false;
  // Partition fields decoded in the writer's older type (int, float, a narrower decimal) and
  // promoted to metadata_.partition_type's after each entry.
  std::vector<size_t> promoted_partition_fields_;
  avro::ContainerReader::Block block_;
  avro::Decoder decoder_;
  int64_t left_in_block_ = 0;
  int64_t next_row_id_ = 0;
  int64_t entry_index_ = 0;
};

// Opens `manifest.manifest_path` (with its listed length) and hands the reader, inheriting from
// `manifest` (options.inherit_from is set to it), to `read`. A listed length that disagrees with
// the file (the corpus has manifests rewritten after their list was written) makes the read
// corrupt; it is then retried once with the file's real size, so `read` must start afresh each time
// it is called.
Status ReadManifest(io::FileIO& io, const ManifestFile& manifest, ManifestReadOptions options,
                    const std::function<Status(ManifestReader&)>& read);

// Opens `manifest.manifest_path` (with its known length) and reads every entry, inheriting
// from `manifest`.
Result<std::vector<ManifestEntry>> ReadManifestEntries(io::FileIO& io, const ManifestFile& manifest,
                                                       spec::TypePtr partition_type = nullptr);

}  // namespace floe::manifest
