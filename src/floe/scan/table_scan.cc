#include "floe/scan/table_scan.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/scan/data_file_pruner.h"
#include "floe/scan/delete_file_index.h"
#include "floe/scan/manifest_pruner.h"
#include "floe/util/thread_pool.h"

namespace floe::scan {
namespace {

// The live delete entries of one delete manifest that survive pruning, and any data entries it
// lists (planned after every data manifest's, as they were before).
struct DeleteManifestPart {
  std::vector<manifest::ManifestEntry> deletes;
  std::vector<manifest::ManifestEntry> data;
};

// What one data manifest contributes besides its tasks: counts, and delete entries a data
// manifest should not hold but does (matched after a second look at the index).
// Live data entries seen, and those pruned, for the plan report.
struct DataFileCounts {
  int64_t live_files = 0;
  int64_t skipped_files = 0;
  int64_t live_bytes = 0;
};

struct DataManifestPart {
  std::vector<FileScanTask> tasks;  // empty when written straight into the plan's tasks
  std::vector<manifest::ManifestEntry> stray_deletes;
  DataFileCounts counts;
  bool done = false;
};

int64_t ListedFiles(const manifest::ManifestFile& m) {
  return int64_t{m.added_files_count.value_or(0)} + m.existing_files_count.value_or(0);
}

// A kept data entry's task: its data file moved out of the reader's reused entry (its strings
// and vectors would be copied otherwise; the reader gives the next entry fresh storage). Without
// `column_stats` the file leaves its column metrics behind, with the reader's entry (they were
// used for pruning; a full plan of a large table would otherwise hold every file's).
void AppendScanTask(manifest::ManifestEntry* e, bool all_rows_match, const DeleteFileIndex& deletes,
                    bool column_stats, std::vector<FileScanTask>* out) {
  std::vector<manifest::DeleteFile> matched = deletes.ForDataFile(*e);
  FileScanTask& task = out->emplace_back(std::move(e->data_file), e->sequence_number.value_or(0),
                                         std::move(matched), all_rows_match);
  if (column_stats) return;
  manifest::DataFile& f = task.data_file;
  manifest::DataFile& back = e->data_file;
  back.column_sizes = std::move(f.column_sizes);
  back.value_counts = std::move(f.value_counts);
  back.null_value_counts = std::move(f.null_value_counts);
  back.nan_value_counts = std::move(f.nan_value_counts);
  back.lower_bounds = std::move(f.lower_bounds);
  back.upper_bounds = std::move(f.upper_bounds);
}

}  // namespace

Result<ScanPlan> PlanScan(io::FileIO& io, const spec::TableMetadata& metadata,
                          const ScanOptions& options) {
  FLOE_ASSIGN_OR_RETURN(SnapshotChoice choice, SelectSnapshot(metadata, options.snapshot));
  FLOE_ASSIGN_OR_RETURN(ScanFilter filter,
                        ScanFilter::Bind(*choice.schema, options.filter, options.case_sensitive));
  ScanPlan plan{choice.snapshot, *choice.schema, filter, {}, {}};
  if (!choice.snapshot) return plan;
  PlanReport& report = plan.report;

  FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                        manifest::ReadSnapshotManifests(io, metadata, *choice.snapshot));
  ManifestPruner manifest_pruner(filter, metadata.partition_specs);
  std::map<int32_t, DataFilePruner> file_pruners;
  for (const spec::PartitionSpec& spec : metadata.partition_specs) {
    file_pruners.emplace(spec.spec_id, DataFilePruner(filter, spec));
  }

  // Data and delete manifests to read, each in list order.
  std::vector<const manifest::ManifestFile*> data_manifests, delete_manifests;
  int64_t listed_data_files = 0;
  for (const manifest::ManifestFile& m : list.manifests) {
    bool data = m.content == manifest::ManifestContent::kData;
    (data ? report.data_manifests : report.delete_manifests) += 1;
    if (options.prune && !manifest_pruner.MightMatch(m)) {
      (data ? report.data_manifests_skipped : report.delete_manifests_skipped) += 1;
      if (data) report.data_files_in_skipped_manifests += ListedFiles(m);
      continue;
    }
    (data ? data_manifests : delete_manifests).push_back(&m);
    if (data) listed_data_files += std::max<int64_t>(ListedFiles(m), 0);
  }

  // Entries are decoded into one reused entry per manifest and moved out only when kept. Only
  // the metrics of the filter's columns are decoded (none without a filter): most of a
  // manifest's bytes are metrics of other columns.
  const std::vector<int32_t> filter_ids = filter.FieldIds();
  auto read_manifest = [&](const manifest::ManifestFile& m,
                           const std::function<Status(manifest::ManifestReader&)>& read) -> Status {
    manifest::ManifestReadOptions read_options;
    read_options.partition_type = manifest::PartitionTypeFor(metadata, m.partition_spec_id);
    read_options.header_schema = false;
    if (!options.column_stats) read_options.metrics_field_ids = filter_ids;
    return manifest::ReadManifest(io, m, std::move(read_options), read);
  };
  auto pruner_for = [&](const manifest::ManifestFile& m) -> const DataFilePruner* {
    auto it = file_pruners.find(m.partition_spec_id);
    return it != file_pruners.end() ? &it->second : nullptr;
  };

  // 1. Delete manifests: every task needs the whole index.
  auto read_deletes = [&](int64_t i) -> Result<DeleteManifestPart> {
    const manifest::ManifestFile& m = *delete_manifests[static_cast<size_t>(i)];
    const DataFilePruner* p = options.prune ? pruner_for(m) : nullptr;
    DeleteManifestPart part;
    FLOE_RETURN_IF_ERROR(read_manifest(m, [&](manifest::ManifestReader& reader) -> Status {
      part = DeleteManifestPart();
      manifest::ManifestEntry e;
      for (;;) {
        FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&e));
        if (!more) return Ok();
        if (!e.is_live()) continue;
        e.data_file.spec_id = m.partition_spec_id;
        if (!e.data_file.is_delete()) {
          part.data.push_back(std::move(e));
        } else if (!p || p->PartitionMightMatch(e.data_file)) {
          part.deletes.push_back(std::move(e));
        }
      }
    }));
    return part;
  };
  FLOE_ASSIGN_OR_RETURN(std::vector<DeleteManifestPart> delete_parts,
                        ParallelMap(static_cast<int64_t>(delete_manifests.size()), read_deletes));
  std::vector<manifest::ManifestEntry> delete_entries;
  for (DeleteManifestPart& part : delete_parts) {
    for (manifest::ManifestEntry& e : part.deletes) delete_entries.push_back(std::move(e));
  }
  FLOE_ASSIGN_OR_RETURN(DeleteFileIndex deletes, DeleteFileIndex::Make(metadata, delete_entries));

  // 2. Data manifests in parallel, each entry kept straight into a task. A manifest whose
  // predecessors' tasks are all in the plan writes into the plan's tasks directly (on one
  // thread, every manifest does), others into their own part, moved over when their turn
  // comes: the tasks are in list order, then manifest order, without a copy of every one.
  std::vector<DataManifestPart> data_parts(data_manifests.size());
  plan.tasks.reserve(static_cast<size_t>(std::min<int64_t>(listed_data_files, int64_t{1} << 21)));
  std::mutex flush_mutex;
  size_t flushed = 0;  // data_parts [0, flushed) are in plan.tasks
  auto flush_done_parts = [&]() {  // with flush_mutex held
    while (flushed < data_parts.size() && data_parts[flushed].done) {
      std::vector<FileScanTask>& tasks = data_parts[flushed].tasks;
      plan.tasks.insert(plan.tasks.end(), std::make_move_iterator(tasks.begin()),
                        std::make_move_iterator(tasks.end()));
      tasks = {};
      ++flushed;
    }
  };
  // A live data entry of a manifest whose pruner is `strict`: counted, then pruned or made a
  // task in `out`.
  auto plan_data_entry = [&](const DataFilePruner* strict, manifest::ManifestEntry& e, DataFileCounts& counts,
                             std::vector<FileScanTask>* out) {
    ++counts.live_files;
    counts.live_bytes += e.data_file.file_size_in_bytes;
    if (options.prune && strict && !strict->MightMatch(e.data_file)) {
      ++counts.skipped_files;
      return;
    }
    bool all_match = filter.always_true() || (strict && strict->AllRowsMatch(e.data_file));
    AppendScanTask(&e, all_match, deletes, options.column_stats, out);
  };
  auto read_data = [&](int64_t i) -> Status {
    const manifest::ManifestFile& m = *data_manifests[static_cast<size_t>(i)];
    const DataFilePruner* strict = pruner_for(m);
    const DataFilePruner* p = options.prune ? strict : nullptr;
    DataManifestPart& part = data_parts[static_cast<size_t>(i)];
    bool direct = false;
    {
      std::lock_guard<std::mutex> lock(flush_mutex);
      direct = flushed == static_cast<size_t>(i);
    }
    // Only this manifest may add to plan.tasks until it is marked done.
    std::vector<FileScanTask>* out = direct ? &plan.tasks : &part.tasks;
    const size_t out_start = out->size();
    FLOE_RETURN_IF_ERROR(read_manifest(m, [&](manifest::ManifestReader& reader) -> Status {
      out->resize(out_start);  // a second attempt starts afresh
      part.stray_deletes.clear();
      part.counts = {};
      if (!direct) out->reserve(static_cast<size_t>(std::clamp<int64_t>(ListedFiles(m), 0, 1 << 16)));
      manifest::ManifestEntry e;
      for (;;) {
        FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&e));
        if (!more) return Ok();
        if (!e.is_live()) continue;
        e.data_file.spec_id = m.partition_spec_id;
        if (e.data_file.is_delete()) {
          if (!p || p->PartitionMightMatch(e.data_file)) part.stray_deletes.push_back(std::move(e));
          continue;
        }
        plan_data_entry(strict, e, part.counts, out);
      }
    }));
    std::lock_guard<std::mutex> lock(flush_mutex);
    part.done = true;
    if (direct) ++flushed;
    flush_done_parts();
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(ParallelFor(static_cast<int64_t>(data_manifests.size()), read_data));

  // Delete entries in data manifests and data entries in delete manifests: not what writers
  // produce, but planned as before (the former match after the index is made again).
  std::vector<manifest::ManifestEntry> stray_deletes;
  DataFileCounts counts;
  auto add_counts = [&](const DataFileCounts& c) {
    counts.live_files += c.live_files;
    counts.skipped_files += c.skipped_files;
    counts.live_bytes += c.live_bytes;
  };
  for (DataManifestPart& part : data_parts) {
    add_counts(part.counts);
    for (manifest::ManifestEntry& e : part.stray_deletes) stray_deletes.push_back(std::move(e));
  }
  if (!stray_deletes.empty()) {
    for (manifest::ManifestEntry& e : stray_deletes) delete_entries.push_back(std::move(e));
    FLOE_ASSIGN_OR_RETURN(deletes, DeleteFileIndex::Make(metadata, delete_entries));
    manifest::ManifestEntry probe;
    for (FileScanTask& task : plan.tasks) {
      probe.sequence_number = task.data_sequence_number;
      probe.data_file = std::move(task.data_file);
      task.deletes = deletes.ForDataFile(probe);
      task.data_file = std::move(probe.data_file);
    }
  }
  for (size_t i = 0; i < delete_manifests.size(); ++i) {
    const DataFilePruner* strict = pruner_for(*delete_manifests[i]);
    for (manifest::ManifestEntry& e : delete_parts[i].data) plan_data_entry(strict, e, counts, &plan.tasks);
  }
  report.data_files += counts.live_files;
  report.data_files_skipped += counts.skipped_files;
  report.bytes_total += counts.live_bytes;
  report.delete_files = static_cast<int64_t>(delete_entries.size());

  std::set<std::string> deletes_used;
  for (const FileScanTask& task : plan.tasks) {
    report.bytes_to_read += task.data_file.file_size_in_bytes;
    report.records_planned += task.data_file.record_count;
    for (const manifest::DeleteFile& d : task.deletes) {
      if (deletes_used.insert(d.file_path + "#" + std::to_string(d.content_offset.value_or(-1))).second) {
        report.bytes_to_read += d.content_size_in_bytes.value_or(d.file_size_in_bytes);
      }
    }
  }
  report.delete_files_applied = static_cast<int64_t>(deletes_used.size());
  return plan;
}

}  // namespace floe::scan
