#include "floe/scan/table_scan.h"

#include <algorithm>
#include <map>
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

// What one manifest contributes: its live entries that survive pruning (data files with whether
// every row matches the filter), and counts.
struct ManifestPart {
  std::vector<manifest::ManifestEntry> entries;
  std::vector<bool> all_rows_match;  // per entry; false for delete files
  int64_t live_files = 0;
  int64_t skipped_files = 0;
  int64_t live_bytes = 0;
};

// A kept entry taken for its task: moved out of the reader's reused entry (its strings and
// vectors would be copied otherwise; the reader gives the next entry fresh storage). Without
// `column_stats` a data file leaves its column metrics behind (they were used for pruning; a
// full plan of a large table would otherwise hold every file's).
manifest::ManifestEntry TakeKeptEntry(manifest::ManifestEntry* e, bool column_stats) {
  manifest::ManifestEntry kept = std::move(*e);
  if (column_stats || kept.data_file.is_delete()) return kept;
  manifest::DataFile& f = kept.data_file;
  f.column_sizes = {};
  f.value_counts = {};
  f.null_value_counts = {};
  f.nan_value_counts = {};
  f.lower_bounds = {};
  f.upper_bounds = {};
  return kept;
}

int64_t ListedFiles(const manifest::ManifestFile& m) {
  return int64_t{m.added_files_count.value_or(0)} + m.existing_files_count.value_or(0);
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

  // Data manifests first, then delete manifests, each in list order.
  std::vector<const manifest::ManifestFile*> to_read;
  for (manifest::ManifestContent content :
       {manifest::ManifestContent::kData, manifest::ManifestContent::kDeletes}) {
    for (const manifest::ManifestFile& m : list.manifests) {
      if (m.content != content) continue;
      bool data = content == manifest::ManifestContent::kData;
      (data ? report.data_manifests : report.delete_manifests) += 1;
      if (options.prune && !manifest_pruner.MightMatch(m)) {
        (data ? report.data_manifests_skipped : report.delete_manifests_skipped) += 1;
        if (data) report.data_files_in_skipped_manifests += ListedFiles(m);
        continue;
      }
      to_read.push_back(&m);
    }
  }

  // Entries are decoded into one reused entry and copied only when kept. Only the metrics of the
  // filter's columns are decoded: most of a manifest's bytes are metrics of other columns.
  const std::vector<int32_t> filter_ids = filter.FieldIds();
  auto read_one = [&](int64_t i) -> Result<ManifestPart> {
    const manifest::ManifestFile& m = *to_read[static_cast<size_t>(i)];
    auto pruner = file_pruners.find(m.partition_spec_id);
    const DataFilePruner* p = options.prune && pruner != file_pruners.end() ? &pruner->second : nullptr;
    const DataFilePruner* strict = pruner != file_pruners.end() ? &pruner->second : nullptr;
    ManifestPart part;
    manifest::ManifestReadOptions read_options;
    read_options.partition_type = manifest::PartitionTypeFor(metadata, m.partition_spec_id);
    if (!options.column_stats) read_options.metrics_field_ids = filter_ids;
    FLOE_RETURN_IF_ERROR(manifest::ReadManifest(
        io, m, std::move(read_options), [&](manifest::ManifestReader& reader) -> Status {
          part = ManifestPart();
          // Most entries are kept by full plans: room for every listed file, within reason.
          part.entries.reserve(static_cast<size_t>(std::clamp<int64_t>(ListedFiles(m), 0, 1 << 16)));
          part.all_rows_match.reserve(part.entries.capacity());
          manifest::ManifestEntry e;
          for (;;) {
            FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&e));
            if (!more) return Ok();
            if (!e.is_live()) continue;
            e.data_file.spec_id = m.partition_spec_id;
            bool is_data = !e.data_file.is_delete();
            if (is_data) {
              ++part.live_files;
              part.live_bytes += e.data_file.file_size_in_bytes;
            }
            if (p) {
              bool keep = is_data ? p->MightMatch(e.data_file) : p->PartitionMightMatch(e.data_file);
              if (!keep) {
                if (is_data) ++part.skipped_files;
                continue;
              }
            }
            bool all_match = filter.always_true() || (strict && strict->AllRowsMatch(e.data_file));
            part.all_rows_match.push_back(is_data && all_match);
            part.entries.push_back(TakeKeptEntry(&e, options.column_stats));
          }
        }));
    return part;
  };
  FLOE_ASSIGN_OR_RETURN(std::vector<ManifestPart> parts,
                        ParallelMap(static_cast<int64_t>(to_read.size()), read_one));

  // Delete files first (every task needs the whole index), then each data entry straight into
  // its task, freeing each manifest's part once its tasks are made.
  std::vector<manifest::ManifestEntry> delete_entries;
  int64_t data_count = 0;
  for (ManifestPart& part : parts) {
    report.data_files += part.live_files;
    report.data_files_skipped += part.skipped_files;
    report.bytes_total += part.live_bytes;
    for (manifest::ManifestEntry& e : part.entries) {
      if (e.data_file.is_delete()) {
        delete_entries.push_back(std::move(e));
      } else {
        ++data_count;
      }
    }
  }
  report.delete_files = static_cast<int64_t>(delete_entries.size());

  FLOE_ASSIGN_OR_RETURN(DeleteFileIndex deletes, DeleteFileIndex::Make(metadata, std::move(delete_entries)));
  std::set<std::string> deletes_used;
  plan.tasks.reserve(static_cast<size_t>(data_count));
  for (ManifestPart& part : parts) {
    for (size_t j = 0; j < part.entries.size(); ++j) {
      manifest::ManifestEntry& e = part.entries[j];
      if (e.data_file.is_delete()) continue;  // moved into the index
      FileScanTask& task = plan.tasks.emplace_back();
      task.data_sequence_number = e.sequence_number.value_or(0);
      task.deletes = deletes.ForDataFile(e);
      task.all_rows_match = part.all_rows_match[j];
      report.bytes_to_read += e.data_file.file_size_in_bytes;
      report.records_planned += e.data_file.record_count;
      for (const manifest::DeleteFile& d : task.deletes) {
        if (deletes_used.insert(d.file_path + "#" + std::to_string(d.content_offset.value_or(-1))).second) {
          report.bytes_to_read += d.content_size_in_bytes.value_or(d.file_size_in_bytes);
        }
      }
      task.data_file = std::move(e.data_file);
    }
    part = ManifestPart();
  }
  report.delete_files_applied = static_cast<int64_t>(deletes_used.size());
  return plan;
}

}  // namespace floe::scan
