#include "floe/scan/delete_filter.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "floe/columnar/bit_util.h"
#include "floe/scan/data_file_reader.h"
#include "floe/scan/deletion_vector.h"

namespace floe::scan {
namespace {

// The cache key of a delete file: a deletion vector is one blob of its Puffin file.
std::string CacheKey(const manifest::DeleteFile& file) {
  if (file.content == manifest::FileContent::kEqualityDeletes) return "eq:" + file.file_path;
  if (IsDeletionVector(file)) {
    return fmt::format("dv:{}@{}", file.file_path, file.content_offset.value_or(-1));
  }
  return "pos:" + file.file_path;
}

}  // namespace

template <typename T, typename LoadFn>
Result<std::shared_ptr<const T>> DeleteLoader::Get(const std::string& key, LoadFn load) {
  std::promise<Loaded> promise;
  std::shared_future<Loaded> future;
  bool mine = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      future = promise.get_future().share();
      cache_.emplace(key, future);
      ++loads_;
      mine = true;
    } else {
      future = it->second;
    }
  }
  if (mine) {
    Result<T> loaded = load();
    if (loaded.ok()) {
      promise.set_value(Loaded(
          std::shared_ptr<const void>(std::make_shared<const T>(std::move(loaded).value()))));
    } else {
      promise.set_value(Loaded(std::move(loaded).error()));
    }
  }
  const Loaded& result = future.get();
  if (!result.ok()) return result.error();
  return std::static_pointer_cast<const T>(result.value());
}

Result<std::shared_ptr<const PositionSet>> DeleteLoader::DeletionVector(
    io::FileIO& io, const manifest::DeleteFile& file) {
  return Get<PositionSet>(CacheKey(file), [&] { return ReadDeletionVector(io, file); });
}

Result<std::shared_ptr<const PositionDeletesByPath>> DeleteLoader::PositionDeletes(
    io::FileIO& io, const manifest::DeleteFile& file) {
  auto loaded =
      Get<PositionDeletesByPath>(CacheKey(file), [&] { return ReadPositionDeleteFile(io, file); });
  if (loaded.ok()) {
    std::lock_guard<std::mutex> lock(mu_);
    if (position_files_seen_.insert(file.file_path).second) {
      std::set<std::string>& names = unmatched_[file.file_path];
      for (const auto& [location, positions] : **loaded) names.insert(location);
    }
  }
  return loaded;
}

void DeleteLoader::MarkMatched(const std::string& delete_file, const std::string& data_location) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = unmatched_.find(delete_file);
  if (it == unmatched_.end()) return;
  it->second.erase(data_location);
  if (it->second.empty()) unmatched_.erase(it);
}

std::vector<std::pair<std::string, std::string>> DeleteLoader::UnmatchedPositionDeletes() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [file, locations] : unmatched_) {
    for (const std::string& location : locations) out.emplace_back(file, location);
  }
  return out;
}

Result<std::shared_ptr<const EqualityDeleteSet>> DeleteLoader::EqualityDeletes(
    io::FileIO& io, const manifest::DeleteFile& file, const spec::Schema* table_schema) {
  return Get<EqualityDeleteSet>(CacheKey(file),
                                [&] { return EqualityDeleteSet::Read(io, file, table_schema); });
}

void DeleteLoader::ExpectUse(const manifest::DeleteFile& file) {
  std::lock_guard<std::mutex> lock(mu_);
  ++uses_left_[CacheKey(file)];
}

void DeleteLoader::ReleaseUse(const manifest::DeleteFile& file) {
  std::string key = CacheKey(file);
  std::shared_future<Loaded> evicted;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(mu_);
  auto it = uses_left_.find(key);
  if (it == uses_left_.end()) return;
  if (--it->second > 0) return;
  uses_left_.erase(it);
  auto cached = cache_.find(key);
  if (cached != cache_.end()) {
    evicted = std::move(cached->second);
    cache_.erase(cached);
  }
}

int64_t DeleteLoader::files_loaded() const {
  std::lock_guard<std::mutex> lock(mu_);
  return loads_;
}

int64_t DeleteLoader::files_cached() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int64_t>(cache_.size());
}

Result<DeleteFilter> DeleteFilter::Make(io::FileIO& io, DeleteLoader& loader,
                                        const spec::Schema& schema,
                                        const manifest::DataFile& data_file,
                                        const std::vector<manifest::DeleteFile>& deletes) {
  DeleteFilter filter;
  filter.data_file_path_ = data_file.file_path;
  std::optional<std::string> data_location;  // looked up when a position delete file needs it
  for (const manifest::DeleteFile& d : deletes) {
    switch (d.content) {
      case manifest::FileContent::kPositionDeletes:
        if (IsDeletionVector(d)) {
          FLOE_ASSIGN_OR_RETURN(auto set, loader.DeletionVector(io, d));
          filter.positions_.push_back(set.get());
          filter.owners_.push_back(std::move(set));
        } else {
          FLOE_ASSIGN_OR_RETURN(auto by_path, loader.PositionDeletes(io, d));
          if (!data_location) data_location = io.ReadLocation(data_file.file_path);
          auto it = by_path->find(*data_location);
          if (it != by_path->end()) {
            loader.MarkMatched(d.file_path, *data_location);
            filter.positions_.push_back(&it->second);
            filter.owners_.push_back(std::move(by_path));
          }
        }
        break;
      case manifest::FileContent::kEqualityDeletes: {
        for (int32_t id : d.equality_ids.value_or(std::vector<int32_t>{})) {
          if (schema.FindFieldById(id) == nullptr) {
            return NotSupported(
                "equality delete file {}: column id {} is not in the table "
                "schema (dropped since the delete was written)",
                d.file_path, id);
          }
        }
        FLOE_ASSIGN_OR_RETURN(auto set, loader.EqualityDeletes(io, d, &schema));
        if (set->size() == 0) break;
        for (int32_t id : set->field_ids()) filter.required_field_ids_.push_back(id);
        filter.equalities_.push_back(std::move(set));
        break;
      }
      case manifest::FileContent::kData:
        return InvalidArgument("data file {} given as a delete file of {}", d.file_path,
                               data_file.file_path);
    }
  }
  auto& ids = filter.required_field_ids_;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return filter;
}

Result<expr::Selection> DeleteFilter::Keep(const columnar::RecordBatch& batch,
                                           std::span<const int64_t> positions) const {
  const int64_t rows = batch.num_rows();
  if (positions_.empty() && equalities_.empty()) {  // nothing to delete: every row
    expr::Selection keep;
    keep.num_rows = rows;
    keep.count = rows;
    keep.bitmap.assign(static_cast<size_t>(columnar::BytesForBits(rows)), 0xff);
    if (rows % 8 != 0) keep.bitmap.back() = static_cast<uint8_t>((1u << (rows % 8)) - 1);
    return keep;
  }
  std::vector<uint8_t> deleted(static_cast<size_t>(rows), 0);
  if (!positions_.empty()) {
    if (static_cast<int64_t>(positions.size()) != rows) {
      return InvalidArgument("{}: {} row positions for a batch of {} rows", data_file_path_,
                             positions.size(), rows);
    }
    // Batches usually hold consecutive rows: then only the set's members in range are visited.
    bool consecutive = rows > 0 && positions[0] >= 0;
    for (int64_t i = 1; consecutive && i < rows; ++i) {
      consecutive = positions[static_cast<size_t>(i)] == positions[0] + i;
    }
    for (const PositionSet* set : positions_) {
      if (consecutive) {
        set->MarkRange(positions[0], rows, deleted.data());
        continue;
      }
      for (int64_t i = 0; i < rows; ++i) {
        if (!deleted[static_cast<size_t>(i)] && set->Contains(positions[static_cast<size_t>(i)])) {
          deleted[static_cast<size_t>(i)] = 1;
        }
      }
    }
  }
  for (const auto& set : equalities_) {
    FLOE_RETURN_IF_ERROR(std::move(set->MarkDeleted(batch, &deleted)).WithContext(data_file_path_));
  }
  expr::Selection keep;
  keep.num_rows = rows;
  keep.bitmap.assign(static_cast<size_t>(columnar::BytesForBits(rows)), 0);
  for (int64_t i = 0; i < rows; ++i) {
    if (!deleted[static_cast<size_t>(i)]) {
      columnar::SetBit(keep.bitmap.data(), i);
      ++keep.count;
    }
  }
  return keep;
}

Result<expr::Selection> DeleteFilter::Keep(const columnar::RecordBatch& batch) const {
  if (positions_.empty()) return Keep(batch, {});
  int index = batch.schema()->FieldIndex(kRowPositionColumn);
  if (index < 0 || batch.column(index)->type->id() != columnar::TypeId::kInt64) {
    return InvalidArgument("{}: the batch has no int64 {} column for its position deletes",
                           data_file_path_, kRowPositionColumn);
  }
  const columnar::ArrayData& pos = *batch.column(index);
  return Keep(batch, std::span<const int64_t>(pos.values<int64_t>(),
                                              static_cast<size_t>(batch.num_rows())));
}

}  // namespace floe::scan
