// Writing manifests (spec: "Manifests") for format versions 1, 2 and 3: the header metadata
// (schema, schema-id, partition-spec, partition-spec-id, format-version, content), the entries
// in the version's exact Avro schema, and the manifest-list entry describing the result (counts,
// partition field summaries for every partition field, min sequence number).
//
// ADDED entries from WriteAdded are written, from v2 on, with null snapshot_id and sequence
// numbers: readers inherit them from the manifest-list entry, so the manifest need not be
// rewritten when a commit is retried with a new sequence number (spec: "Sequence Number
// Inheritance"). v1 has no inheritance: entries carry the writer's snapshot id.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/format/avro/container_writer.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"

namespace floe::manifest {

// The size a rolling writer starts a new manifest at (commit.manifest.target-size-bytes's default).
inline constexpr int64_t kDefaultManifestTargetSize = 8 * 1024 * 1024;

struct ManifestCodec {
  std::string avro_codec = "deflate";  // Avro's name
  int level = -1;                      // < 0: the codec's default
};

struct ManifestWriterOptions {
  int format_version = 2;
  ManifestContent content = ManifestContent::kData;
  spec::Schema schema;       // the table schema: header "schema", "schema-id"
  spec::PartitionSpec spec;  // header "partition-spec", "partition-spec-id"
  // The snapshot the manifest is written for: added_snapshot_id, and v1 entries' snapshot_id.
  std::optional<int64_t> snapshot_id;
  ManifestCodec codec;
  std::optional<std::string> sync_marker;  // 16 bytes, for reproducible files in tests
};

class ManifestWriter {
 public:
  static Result<std::unique_ptr<ManifestWriter>> Open(std::unique_ptr<io::OutputFile> file,
                                                      ManifestWriterOptions options);

  // An ADDED entry for `file`; snapshot id and file sequence number inherited (v2+), the data
  // sequence number too unless given (a rewrite keeping its files' sequence number).
  Status WriteAdded(const DataFile& file,
                    std::optional<int64_t> data_sequence_number = std::nullopt);
  // An EXISTING or DELETED entry keeps the snapshot id and sequence numbers it has (v2+
  // requires them).
  Status WriteExisting(const ManifestEntry& entry);
  Status WriteDeleted(const ManifestEntry& entry);
  // Writes the entry exactly as given (nulls allowed for ADDED entries from v2 on).
  Status Write(const ManifestEntry& entry);

  int64_t entries() const { return entries_; }
  int64_t EstimatedLength() const { return writer_->EstimatedLength(); }
  const std::string& location() const { return location_; }

  // Closes the file and returns its manifest-list entry: sequence numbers are
  // kUnassignedSequenceNumber when any live entry inherits one (the list writer assigns it).
  Result<ManifestFile> Close();

 private:
  ManifestWriter() = default;
  Status Encode(const ManifestEntry& entry);

  struct FieldStats {
    bool contains_null = false;
    bool contains_nan = false;
    spec::Literal lower, upper;
  };

  std::unique_ptr<avro::ContainerWriter> writer_;
  ManifestWriterOptions options_;
  spec::TypePtr partition_type_;
  std::string location_;
  std::vector<FieldStats> stats_;
  int64_t entries_ = 0;
  int32_t added_files_ = 0, existing_files_ = 0, deleted_files_ = 0;
  int64_t added_rows_ = 0, existing_rows_ = 0, deleted_rows_ = 0;
  std::optional<int64_t> min_sequence_number_;
  bool unassigned_sequence_number_ = false;
};

// Writes entries into manifests of about `target_size_bytes` each, starting a new one (from
// new_file()) when the current one reaches the target.
class RollingManifestWriter {
 public:
  using NewFile = std::function<Result<std::unique_ptr<io::OutputFile>>()>;
  RollingManifestWriter(NewFile new_file, ManifestWriterOptions options,
                        int64_t target_size_bytes = kDefaultManifestTargetSize);

  Status WriteAdded(const DataFile& file,
                    std::optional<int64_t> data_sequence_number = std::nullopt);
  Status WriteExisting(const ManifestEntry& entry);
  Status WriteDeleted(const ManifestEntry& entry);
  // Closes the last manifest; the manifests written, in order.
  Result<std::vector<ManifestFile>> Close();

 private:
  Result<ManifestWriter*> Current();
  Status AfterWrite();

  NewFile new_file_;
  ManifestWriterOptions options_;
  int64_t target_;
  std::unique_ptr<ManifestWriter> current_;
  std::vector<ManifestFile> done_;
};

}  // namespace floe::manifest
