#include "floe/scan/table_scan.h"

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/scan/data_file_pruner.h"
#include "floe/scan/delete_file_index.h"
#include "floe/scan/deletion_vector.h"
#include "floe/scan/manifest_pruner.h"
#include "floe/util/diagnostics.h"
#include "floe/util/thread_pool.h"

namespace floe::scan {
namespace {

// The live delete entries of one delete manifest that survive pruning, and any data entries it
// lists (planned after every data manifest's, as they were before).
struct DeleteManifestPart {
  std::vector<manifest::ManifestEntry> deletes;
  std::vector<manifest::ManifestEntry> data;
};

// Live data entries seen, and those pruned, for the plan report.
struct DataFileCounts {
  int64_t live_files = 0;
  int64_t skipped_files = 0;
  int64_t live_bytes = 0;
};

// Tasks waiting for the manifests before theirs to be handed on: the first `size` of `tasks`.
// The others are spare: their strings and vectors are reused, swapped with the reader's entry
// (MakeTask), when the list is refilled, so a list passed from manifest to manifest stops
// allocating.
struct TaskList {
  std::vector<FileScanTask> tasks;
  size_t size = 0;

  FileScanTask& Next() {
    if (size == tasks.size()) tasks.emplace_back();
    return tasks[size++];
  }
};

// One data manifest's tasks (none when it hands them on itself), and what it counted.
struct DataManifestPart {
  TaskList waiting;
  DataFileCounts counts;
  bool done = false;
};

int64_t ListedFiles(const manifest::ManifestFile& m) {
  return int64_t{m.added_files_count.value_or(0)} + m.existing_files_count.value_or(0);
}

// Swaps the column metrics of two data files.
void SwapMetrics(manifest::DataFile& a, manifest::DataFile& b) {
  std::swap(a.column_sizes, b.column_sizes);
  std::swap(a.value_counts, b.value_counts);
  std::swap(a.null_value_counts, b.null_value_counts);
  std::swap(a.nan_value_counts, b.nan_value_counts);
  std::swap(a.lower_bounds, b.lower_bounds);
  std::swap(a.upper_bounds, b.upper_bounds);
}

// A kept data entry as a task: its data file swapped into `task` (whose old data file the
// reader decodes the next entry into: no copy, and strings and vectors are reused when the
// consumer only looks at the task), with the delete files the index matches to it. Without
// `column_stats` the file's column metrics stay with the reader's entry (they were used for
// pruning; a full plan of a large table would otherwise hold every file's): the task keeps its
// own, empty ones.
void MakeTask(manifest::ManifestEntry& e, bool all_rows_match, const DeleteFileIndex& deletes,
              bool column_stats, FileScanTask& task) {
  task.deletes = deletes.ForDataFile(e);
  task.data_sequence_number = e.sequence_number.value_or(0);
  task.all_rows_match = all_rows_match;
  swap(task.data_file, e.data_file);  // manifest::swap
  if (!column_stats) SwapMetrics(task.data_file, e.data_file);
}

// Hands tasks to the consumer in plan order, totalling what the report says of them.
class TaskHandOff {
 public:
  TaskHandOff(const TaskConsumer& on_task, PlanReport* report)
      : on_task_(on_task), report_(report) {}

  Status Add(FileScanTask& task) {
    report_->bytes_to_read += task.data_file.file_size_in_bytes;
    report_->records_planned += task.data_file.record_count;
    for (const manifest::DeleteFile& d : task.deletes) {
      if (deletes_used_.insert(d.file_path + "#" + std::to_string(d.content_offset.value_or(-1)))
              .second) {
        report_->bytes_to_read += d.content_size_in_bytes.value_or(d.file_size_in_bytes);
      }
    }
    return on_task_(task);
  }
  Status AddAll(TaskList& list) {
    for (size_t i = 0; i < list.size; ++i) FLOE_RETURN_IF_ERROR(Add(list.tasks[i]));
    return Ok();
  }
  int64_t delete_files_used() const { return static_cast<int64_t>(deletes_used_.size()); }

 private:
  const TaskConsumer& on_task_;
  PlanReport* report_;
  std::set<std::string> deletes_used_;
};

// PlanScan's work; `reserve` (when set) is given room for the data files the list counts.
Result<ScanPlan> Plan(io::FileIO& io, const spec::TableMetadata& metadata,
                      const ScanOptions& options, const TaskConsumer& on_task,
                      std::vector<FileScanTask>* reserve) {
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
  if (reserve)
    reserve->reserve(static_cast<size_t>(std::min<int64_t>(listed_data_files, int64_t{1} << 21)));

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
                        ParallelMap(static_cast<int64_t>(delete_manifests.size()), read_deletes,
                                    {.max_parallelism = options.threads}));
  std::vector<manifest::ManifestEntry> delete_entries;
  for (DeleteManifestPart& part : delete_parts) {
    for (manifest::ManifestEntry& e : part.deletes) delete_entries.push_back(std::move(e));
  }
  FLOE_ASSIGN_OR_RETURN(DeleteFileIndex deletes,
                        DeleteFileIndex::Make(metadata, delete_entries, &io));

  // A live data entry of a manifest whose pruner is `strict`: counted, then pruned (false) or
  // kept (true).
  auto keep_data_entry = [&](const DataFilePruner* strict, manifest::ManifestEntry& e,
                             DataFileCounts& counts, bool* all_rows_match) {
    ++counts.live_files;
    counts.live_bytes += e.data_file.file_size_in_bytes;
    if (options.prune && strict && !strict->MightMatch(e.data_file)) {
      ++counts.skipped_files;
      return false;
    }
    *all_rows_match = filter.always_true() || (strict && strict->AllRowsMatch(e.data_file));
    return true;
  };

  // 2. Data manifests in parallel, their tasks handed on in list order. The manifest next in
  // line hands each task on as it is planned, through one reused task (MakeTask: no copy, and no
  // allocation when the consumer does not keep it); on one thread every manifest does. The others
  // keep theirs in their part until the manifests before them are handed on; then the thread that
  // finished last hands them on. A delete file in a data manifest would be missed by the tasks
  // handed on before it: the spec keeps them in delete manifests, and floe refuses the table.
  TaskHandOff hand_off(on_task, &report);
  std::vector<DataManifestPart> data_parts(data_manifests.size());
  std::vector<TaskList> spare_lists;  // handed-on parts' lists, for reuse
  std::mutex hand_off_mutex;
  size_t handed_on = 0;  // data_parts [0, handed_on) are handed on
  bool failed = false;   // the consumer failed: nothing more is handed on
  auto read_data = [&](int64_t i) -> Status {
    const manifest::ManifestFile& m = *data_manifests[static_cast<size_t>(i)];
    const DataFilePruner* strict = pruner_for(m);
    DataManifestPart& part = data_parts[static_cast<size_t>(i)];
    bool direct = false;
    {
      std::lock_guard<std::mutex> lock(hand_off_mutex);
      direct = handed_on == static_cast<size_t>(i);
      if (!direct && !spare_lists.empty()) {
        part.waiting = std::move(spare_lists.back());
        spare_lists.pop_back();
      }
    }
    // Until this manifest is marked done, only it hands tasks on. A second attempt (the list's
    // manifest length was wrong) decodes the same entries again: those already handed on are
    // not handed on twice.
    int64_t handed_directly = 0;
    Status consumer_error = Ok();  // the consumer's error is not retried
    FileScanTask task;
    FLOE_RETURN_IF_ERROR(read_manifest(m, [&](manifest::ManifestReader& reader) -> Status {
      if (!consumer_error.ok()) return consumer_error;
      part.waiting.size = 0;
      part.counts = {};
      int64_t kept = 0;
      manifest::ManifestEntry e;
      for (;;) {
        FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&e));
        if (!more) return Ok();
        if (!e.is_live()) continue;
        if (e.data_file.is_delete()) {
          return Corrupt(
              "data manifest {} lists {} file {}: the spec keeps delete files in delete manifests",
              m.manifest_path, manifest::FileContentName(e.data_file.content),
              e.data_file.file_path);
        }
        e.data_file.spec_id = m.partition_spec_id;
        bool all_rows_match = false;
        if (!keep_data_entry(strict, e, part.counts, &all_rows_match)) continue;
        if (!direct) {
          MakeTask(e, all_rows_match, deletes, options.column_stats, part.waiting.Next());
          continue;
        }
        if (kept++ < handed_directly) continue;
        MakeTask(e, all_rows_match, deletes, options.column_stats, task);
        consumer_error = hand_off.Add(task);
        if (!consumer_error.ok()) return consumer_error;
        ++handed_directly;
      }
    }));
    std::lock_guard<std::mutex> lock(hand_off_mutex);
    part.done = true;
    if (direct) ++handed_on;
    while (!failed && handed_on < data_parts.size() && data_parts[handed_on].done) {
      DataManifestPart& next = data_parts[handed_on];
      Status st = hand_off.AddAll(next.waiting);
      next.waiting.size = 0;
      spare_lists.push_back(std::move(next.waiting));
      if (!st.ok()) {
        failed = true;
        return st;
      }
      ++handed_on;
    }
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(ParallelFor(static_cast<int64_t>(data_manifests.size()), read_data,
                                   {.max_parallelism = options.threads}));

  // Data entries in delete manifests: not what writers produce, but planned after the others.
  DataFileCounts counts;
  for (const DataManifestPart& part : data_parts) {
    counts.live_files += part.counts.live_files;
    counts.skipped_files += part.counts.skipped_files;
    counts.live_bytes += part.counts.live_bytes;
  }
  for (size_t i = 0; i < delete_manifests.size(); ++i) {
    const DataFilePruner* strict = pruner_for(*delete_manifests[i]);
    TaskList tasks;
    for (manifest::ManifestEntry& e : delete_parts[i].data) {
      bool all_rows_match = false;
      if (keep_data_entry(strict, e, counts, &all_rows_match)) {
        MakeTask(e, all_rows_match, deletes, options.column_stats, tasks.Next());
      }
    }
    FLOE_RETURN_IF_ERROR(hand_off.AddAll(tasks));
  }
  report.data_files += counts.live_files;
  report.data_files_skipped += counts.skipped_files;
  report.bytes_total += counts.live_bytes;
  report.delete_files = static_cast<int64_t>(delete_entries.size());
  report.delete_files_applied = hand_off.delete_files_used();
  // Every data file of the snapshot was looked up (nothing pruned): deletes that name a file
  // none of them is apply to nothing. Said as notes (--verbose).
  if (report.data_manifests_skipped == 0 && counts.skipped_files == 0) {
    for (const manifest::DeleteFile* d : deletes.UnmatchedReferences()) {
      Note(
          "{} {} names data file {}, which matches no data file of the snapshot (after location "
          "mapping): its deletes were not applied",
          IsDeletionVector(*d) ? "deletion vector in" : "position delete file", d->file_path,
          *d->referenced_data_file);
    }
  }
  return plan;
}

}  // namespace

Result<ScanPlan> PlanScan(io::FileIO& io, const spec::TableMetadata& metadata,
                          const ScanOptions& options, const TaskConsumer& on_task) {
  return Plan(io, metadata, options, on_task, nullptr);
}

Result<ScanPlan> PlanScan(io::FileIO& io, const spec::TableMetadata& metadata,
                          const ScanOptions& options) {
  std::vector<FileScanTask> tasks;
  auto keep = [&](FileScanTask& task) -> Status {
    tasks.push_back(std::move(task));
    return Ok();
  };
  FLOE_ASSIGN_OR_RETURN(ScanPlan plan, Plan(io, metadata, options, keep, &tasks));
  plan.tasks = std::move(tasks);
  return plan;
}

}  // namespace floe::scan
