// Writing manifest lists (spec: "Manifest Lists") for format versions 1, 2 and 3, with the
// header metadata (snapshot-id, parent-snapshot-id, sequence-number, format-version, v3
// first-row-id). Manifests written for this snapshot carry kUnassignedSequenceNumber; the list
// writer gives them the snapshot's sequence number. In v3 every data manifest without a
// first_row_id is assigned one from the snapshot's first-row-id, advancing by its added and
// existing rows (spec: "First Row ID Assignment").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "floe/format/avro/container_writer.h"
#include "floe/io/file_io.h"
#include "floe/manifest/manifest_file.h"
#include "floe/manifest/manifest_writer.h"

namespace floe::manifest {

struct ManifestListWriterOptions {
  int format_version = 2;
  int64_t snapshot_id = 0;
  std::optional<int64_t> parent_snapshot_id;
  int64_t sequence_number = 0;          // v2+
  std::optional<int64_t> first_row_id;  // v3: the snapshot's first-row-id
  ManifestCodec codec;
  std::optional<std::string> sync_marker;
};

class ManifestListWriter {
 public:
  static Result<std::unique_ptr<ManifestListWriter>> Open(std::unique_ptr<io::OutputFile> file,
                                                          ManifestListWriterOptions options);
  // Adds one manifest (its unassigned sequence numbers and v3 first_row_id are filled in).
  Status Add(const ManifestFile& manifest);
  Status Close();
  // v3: the first row id after the ones assigned so far (the table's next-row-id).
  std::optional<int64_t> next_row_id() const { return next_row_id_; }

 private:
  ManifestListWriter() = default;
  std::unique_ptr<avro::ContainerWriter> writer_;
  ManifestListWriterOptions options_;
  std::optional<int64_t> next_row_id_;
};

}  // namespace floe::manifest
