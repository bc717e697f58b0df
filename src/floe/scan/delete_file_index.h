// Which delete files apply to a data file (spec: "Scan Planning", delete file matching):
//   - a deletion vector applies to the data file its referenced_data_file names, when the data
//     file's data sequence number is <= the DV's and their partitions (spec id and values) are
//     equal;
//   - a position delete file applies when the data sequence number is <= the delete's, the
//     partitions are equal, referenced_data_file (when set) names the data file, and no deletion
//     vector applies to that data file (a DV replaces the file's older position deletes);
//   - an equality delete file applies when the data sequence number is strictly < the delete's
//     and the partitions are equal — or to every partition when the delete file's own spec is
//     unpartitioned (a global delete).
// Data files without a sequence number (v1) count as 0. Built once per scan from the snapshot's
// live delete entries (sequence numbers inherited); lookups are by partition and by path.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::scan {

class DeleteFileIndex {
 public:
  DeleteFileIndex() = default;

  // `delete_entries`: live entries whose data_file.content is position or equality deletes.
  // Corrupt when an entry's spec id is unknown, an equality delete has no equality_ids, or two
  // deletion vectors name the same data file; InvalidArgument for a data-file entry.
  // `io`, when given, says which locations are the same file: referenced_data_file and a data
  // file's file_path are compared as it reads them (io::FileIO::ReadLocation, so a location
  // map makes `hdfs://nn:8020/wh/f` and `/wh/f` one file); without it, as written.
  static Result<DeleteFileIndex> Make(const spec::TableMetadata& metadata,
                                      std::vector<manifest::ManifestEntry> delete_entries,
                                      const io::FileIO* io = nullptr);

  // The delete files that apply to `data` (a live data-file entry): the deletion vector or the
  // position delete files first (by sequence number), then the equality delete files.
  std::vector<manifest::DeleteFile> ForDataFile(const manifest::ManifestEntry& data) const;

  // The deletion vectors and position delete files that name one data file
  // (referenced_data_file) which no ForDataFile call so far asked for, by file_path and
  // referenced_data_file. Once every data file of a snapshot was
  // looked up, their deletes apply to nothing (often the sign of a wrong --location-map).
  // The pointers stay valid while the index lives.
  std::vector<const manifest::DeleteFile*> UnmatchedReferences() const;

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

 private:
  struct Indexed {
    int64_t sequence_number = 0;
    manifest::DeleteFile file;
  };
  // The deletes of one partition (one spec id and tuple), each list sorted by sequence number.
  struct PartitionDeletes {
    std::vector<Indexed> positions;  // without referenced_data_file
    std::vector<Indexed> equalities;
  };

  std::unordered_map<std::string, PartitionDeletes> by_partition_;
  std::vector<Indexed> global_equalities_;  // unpartitioned equality deletes
  // By referenced_data_file: deletion vectors and position delete files that name one file.
  std::unordered_map<std::string, std::vector<Indexed>> by_path_;
  const io::FileIO* io_ = nullptr;  // how paths are compared (Make)
  // The by_path_ keys ForDataFile found (it may run on several threads at once).
  struct Lookups {
    std::mutex mutex;
    std::unordered_set<std::string> found;
  };
  std::shared_ptr<Lookups> lookups_ = std::make_shared<Lookups>();
  size_t size_ = 0;
};

// A byte string equal for two (spec id, partition tuple) pairs exactly when the spec ids are
// equal and the values are (NaNs equal each other; a null only equals a null).
std::string PartitionKey(int32_t spec_id, const std::vector<spec::Literal>& partition);

}  // namespace floe::scan
