// Applying deletes to the rows of one data file (spec: "Row-level deletes"): the file's deletion
// vector or position delete files remove rows by their position in the file, its equality delete
// files remove rows whose key columns equal a delete row's. DeleteFilter says which columns the
// reader must read besides the projection (the equality columns, and the row positions), and
// turns each batch into a keep mask.
//
// DeleteLoader memoizes loaded delete files across data files: many data files share one delete
// file and tasks run in parallel, so each file (each blob, for deletion vectors) is read once
// per loader. Thread-safe: the first caller loads, others asking for the same file wait for it.
// Failures are remembered too.
//
// The cache is bounded by the plan, not by bytes: a reader that knows its tasks announces each
// task's use of a delete file (ExpectUse) before reading, and gives it back (ReleaseUse) once
// the task's DeleteFilter holds the loaded set. When no announced use is left, the file leaves
// the cache; the filters still using it keep it alive until they are done. So memory holds the
// delete files of the tasks being read plus those a later task still needs, never all of them.
// A file whose use was never announced stays cached as long as the loader lives (one scan).
#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/row_evaluator.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/equality_deletes.h"
#include "floe/scan/position_deletes.h"
#include "floe/scan/position_set.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::scan {

class DeleteLoader {
 public:
  DeleteLoader() = default;
  DeleteLoader(const DeleteLoader&) = delete;
  DeleteLoader& operator=(const DeleteLoader&) = delete;

  // A deletion vector (a Puffin position delete file entry).
  Result<std::shared_ptr<const PositionSet>> DeletionVector(io::FileIO& io,
                                                            const manifest::DeleteFile& file);
  // A Parquet or Avro position delete file, every data file's positions.
  Result<std::shared_ptr<const PositionDeletesByPath>> PositionDeletes(
      io::FileIO& io, const manifest::DeleteFile& file);
  // `table_schema`: the types to read an Avro file's key columns as (EqualityDeleteSet::Read).
  Result<std::shared_ptr<const EqualityDeleteSet>> EqualityDeletes(
      io::FileIO& io, const manifest::DeleteFile& file, const spec::Schema* table_schema = nullptr);

  // One more task will load `file` (through DeleteFilter::Make) and then release it.
  void ExpectUse(const manifest::DeleteFile& file);
  // A task that announced its use has what it needs: when no announced use is left, the loaded
  // file leaves the cache. Releasing a file never announced does nothing.
  void ReleaseUse(const manifest::DeleteFile& file);

  // The data file at location `data_location` (FileIO::ReadLocation of its file_path) took its
  // positions from position delete file `delete_file` (DeleteFilter::Make says so).
  void MarkMatched(const std::string& delete_file, const std::string& data_location);
  // The data files that position delete files loaded so far name but that no DeleteFilter
  // matched: (delete file, data file location) pairs, sorted. Once every data file a scan plans
  // was read, these deletes applied to nothing (often the sign of a wrong --location-map).
  std::vector<std::pair<std::string, std::string>> UnmatchedPositionDeletes() const;

  // Loads of delete files done so far (each file once, unless it left the cache and was needed
  // again by a use nobody announced).
  int64_t files_loaded() const;
  // Delete files held in the cache now.
  int64_t files_cached() const;

 private:
  // One cached load; `value` is a shared_ptr to the loaded object (type-erased).
  using Loaded = Result<std::shared_ptr<const void>>;
  template <typename T, typename LoadFn>
  Result<std::shared_ptr<const T>> Get(const std::string& key, LoadFn load);

  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_future<Loaded>> cache_;
  std::unordered_map<std::string, int64_t> uses_left_;  // announced, not yet released
  int64_t loads_ = 0;
  // By position delete file: the data locations it names that nothing matched yet.
  std::map<std::string, std::set<std::string>> unmatched_;
  std::set<std::string> position_files_seen_;
};

class DeleteFilter {
 public:
  DeleteFilter() = default;

  // Loads (through `loader`) the deletes that apply to `data_file` (DeleteFileIndex::ForDataFile).
  // `schema`: the scan's table schema; an equality column it lacks (dropped since the delete
  // was written) is NotSupported. Errors of the delete files name them.
  static Result<DeleteFilter> Make(io::FileIO& io, DeleteLoader& loader, const spec::Schema& schema,
                                   const manifest::DataFile& data_file,
                                   const std::vector<manifest::DeleteFile>& deletes);

  bool has_deletes() const { return !positions_.empty() || !equalities_.empty(); }
  // Whether batches must carry the row positions (the `_pos` column of data_file_reader.h).
  bool needs_positions() const { return !positions_.empty(); }
  // The equality columns the reader must read, ascending, without repeats.
  const std::vector<int32_t>& required_field_ids() const { return required_field_ids_; }

  // The rows of `batch` that survive: `positions` holds each row's position in the data file
  // (needed only when needs_positions()), the equality columns are found by PARQUET:field_id.
  Result<expr::Selection> Keep(const columnar::RecordBatch& batch,
                               std::span<const int64_t> positions) const;
  // The same with the positions taken from the batch's int64 `_pos` column.
  Result<expr::Selection> Keep(const columnar::RecordBatch& batch) const;

 private:
  std::string data_file_path_;
  std::vector<std::shared_ptr<const void>> owners_;  // keep the loaded sets alive
  std::vector<const PositionSet*> positions_;
  std::vector<std::shared_ptr<const EqualityDeleteSet>> equalities_;
  std::vector<int32_t> required_field_ids_;
};

}  // namespace floe::scan
