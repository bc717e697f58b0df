#include "floe/scan/delete_file_index.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>
#include <utility>

#include "floe/scan/deletion_vector.h"
#include "floe/util/bytes.h"

namespace floe::scan {
namespace {

void AppendLiteral(const spec::Literal& value, std::string* key) {
  const auto& v = value.value();
  key->push_back(static_cast<char>(v.index()));
  std::visit(
      [key](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
        } else if constexpr (std::is_same_v<T, bool>) {
          key->push_back(x ? '\1' : '\0');
        } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
          double d = std::isnan(x) ? std::nan("") : static_cast<double>(x);
          AppendLittleEndian<double>(*key, d);
        } else if constexpr (std::is_integral_v<T>) {
          AppendLittleEndian<int64_t>(*key, x);
        } else if constexpr (std::is_same_v<T, spec::Decimal>) {
          AppendLittleEndian<__int128>(*key, x.unscaled);
          AppendLittleEndian<int32_t>(*key, x.scale);
        } else if constexpr (std::is_same_v<T, std::string>) {
          AppendLittleEndian<uint32_t>(*key, static_cast<uint32_t>(x.size()));
          key->append(x);
        } else if constexpr (std::is_same_v<T, Uuid>) {
          key->append(reinterpret_cast<const char*>(x.bytes.data()), x.bytes.size());
        } else {  // Bytes
          AppendLittleEndian<uint32_t>(*key, static_cast<uint32_t>(x.data.size()));
          key->append(reinterpret_cast<const char*>(x.data.data()), x.data.size());
        }
      },
      v);
}

bool BySequence(const auto& a, const auto& b) { return a.sequence_number < b.sequence_number; }

}  // namespace

std::string PartitionKey(int32_t spec_id, const std::vector<spec::Literal>& partition) {
  std::string key;
  AppendLittleEndian<int32_t>(key, spec_id);
  for (const spec::Literal& value : partition) AppendLiteral(value, &key);
  return key;
}

Result<DeleteFileIndex> DeleteFileIndex::Make(const spec::TableMetadata& metadata,
                                              std::vector<manifest::ManifestEntry> delete_entries,
                                              const io::FileIO* io) {
  DeleteFileIndex index;
  index.io_ = io;
  std::unordered_map<std::string, size_t> dv_count;
  for (manifest::ManifestEntry& entry : delete_entries) {
    manifest::DeleteFile& file = entry.data_file;
    if (!file.is_delete()) {
      return InvalidArgument("data file {} given as a delete file", file.file_path);
    }
    const spec::PartitionSpec* spec = metadata.SpecById(file.spec_id);
    if (spec == nullptr) {
      return Corrupt("delete file {} has partition spec id {}, which the table does not have",
                     file.file_path, file.spec_id);
    }
    Indexed indexed{entry.sequence_number.value_or(0), std::move(file)};
    const manifest::DeleteFile& f = indexed.file;
    if (f.content == manifest::FileContent::kEqualityDeletes) {
      if (!f.equality_ids || f.equality_ids->empty()) {
        return Corrupt("equality delete file {} has no equality_ids", f.file_path);
      }
      if (spec->IsUnpartitioned()) {
        index.global_equalities_.push_back(std::move(indexed));
      } else {
        index.by_partition_[PartitionKey(f.spec_id, f.partition)].equalities.push_back(
            std::move(indexed));
      }
    } else if (IsDeletionVector(f) || f.referenced_data_file) {
      if (!f.referenced_data_file) {
        return Corrupt("deletion vector {} has no referenced_data_file", f.file_path);
      }
      std::string path = io ? io->ReadLocation(*f.referenced_data_file) : *f.referenced_data_file;
      if (IsDeletionVector(f) && ++dv_count[path] > 1) {
        return Corrupt("two deletion vectors for data file {} (the second in {})",
                       *f.referenced_data_file, f.file_path);
      }
      index.by_path_[path].push_back(std::move(indexed));
    } else {
      index.by_partition_[PartitionKey(f.spec_id, f.partition)].positions.push_back(
          std::move(indexed));
    }
    ++index.size_;
  }
  auto sort = [](std::vector<Indexed>& v) {
    std::stable_sort(v.begin(), v.end(), BySequence<Indexed, Indexed>);
  };
  sort(index.global_equalities_);
  for (auto& [key, p] : index.by_partition_) {
    sort(p.positions);
    sort(p.equalities);
  }
  for (auto& [path, v] : index.by_path_) sort(v);
  return index;
}

std::vector<manifest::DeleteFile> DeleteFileIndex::ForDataFile(
    const manifest::ManifestEntry& data) const {
  if (size_ == 0) return {};  // most tables: no deletes at all
  const manifest::DataFile& file = data.data_file;
  int64_t seq = data.sequence_number.value_or(0);
  std::string partition = PartitionKey(file.spec_id, file.partition);
  const PartitionDeletes* same_partition = nullptr;
  if (auto it = by_partition_.find(partition); it != by_partition_.end()) {
    same_partition = &it->second;
  }

  // Position deletes: a DV naming the file wins over position delete files.
  std::vector<const Indexed*> positions;
  const Indexed* dv = nullptr;
  auto it = by_path_.end();
  if (!by_path_.empty())
    it = by_path_.find(io_ ? io_->ReadLocation(file.file_path) : file.file_path);
  if (it != by_path_.end()) {
    {
      std::lock_guard<std::mutex> lock(lookups_->mutex);
      lookups_->found.insert(it->first);
    }
    for (const Indexed& d : it->second) {
      if (d.sequence_number < seq) continue;
      if (PartitionKey(d.file.spec_id, d.file.partition) != partition) continue;
      if (IsDeletionVector(d.file)) {
        dv = &d;
      } else {
        positions.push_back(&d);
      }
    }
  }
  if (dv == nullptr && same_partition != nullptr) {
    for (const Indexed& d : same_partition->positions) {
      if (d.sequence_number >= seq) positions.push_back(&d);
    }
  }
  std::vector<manifest::DeleteFile> out;
  if (dv != nullptr) {
    out.push_back(dv->file);
  } else {
    std::stable_sort(positions.begin(), positions.end(),
                     [](const Indexed* a, const Indexed* b) { return BySequence(*a, *b); });
    for (const Indexed* d : positions) out.push_back(d->file);
  }

  // Equality deletes: strictly newer, same partition or global.
  std::vector<const Indexed*> equalities;
  for (const Indexed& d : global_equalities_) {
    if (d.sequence_number > seq) equalities.push_back(&d);
  }
  if (same_partition != nullptr) {
    for (const Indexed& d : same_partition->equalities) {
      if (d.sequence_number > seq) equalities.push_back(&d);
    }
  }
  std::stable_sort(equalities.begin(), equalities.end(),
                   [](const Indexed* a, const Indexed* b) { return BySequence(*a, *b); });
  for (const Indexed* d : equalities) out.push_back(d->file);
  return out;
}

std::vector<const manifest::DeleteFile*> DeleteFileIndex::UnmatchedReferences() const {
  std::vector<const manifest::DeleteFile*> out;
  std::lock_guard<std::mutex> lock(lookups_->mutex);
  for (const auto& [path, files] : by_path_) {
    if (lookups_->found.count(path)) continue;
    for (const Indexed& d : files) out.push_back(&d.file);
  }
  std::sort(out.begin(), out.end(),
            [](const manifest::DeleteFile* a, const manifest::DeleteFile* b) {
              return std::tie(a->file_path, *a->referenced_data_file) <
                     std::tie(b->file_path, *b->referenced_data_file);
            });
  return out;
}

}  // namespace floe::scan
