// Scan planning (spec: "Scan Planning"): from a table's metadata to the list of data files to
// read, each with the delete files that apply to it.
//
//   1. pick the snapshot and its schema (snapshot_selection.h);
//   2. read the manifest list; skip data and delete manifests whose partition summaries rule the
//      filter out (manifest_pruner.h), each judged by the spec it was written with;
//   3. read the remaining delete manifests in parallel and index their files by sequence number
//      and partition (delete_file_index.h);
//   4. read the remaining data manifests in parallel; skip entries whose partition values and
//      column metrics rule the filter out (data_file_pruner.h); each kept entry becomes its task
//      at once, with the delete files the index matches to it.
//
// The tasks come in manifest-list order, then manifest order (the order rows come out in,
// docs/cli.md), with a report of what was skipped: the "pushdown rate" of `floe scan --plan`. They
// are either collected into the plan or handed to a consumer as they are planned, so that a
// consumer that does not keep them (a plan report, a count from metadata) plans a table of
// millions of files in the memory of a few manifests.
// The filter itself is kept: pruning only ever removes whole files, so readers still apply it to
// rows, except where a task says every row matches.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "floe/expr/expression.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/scan_filter.h"
#include "floe/scan/snapshot_selection.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::scan {

struct ScanOptions {
  SnapshotSelector snapshot;
  expr::Expression filter;  // unbound (parse --filter text with expr/parser.h); TRUE: every row
  bool case_sensitive = false;
  bool prune = true;  // false: plan every file (for checking pruning against brute force)
  // Keep the data files' column metrics (sizes, counts, bounds) in the tasks. Off by default,
  // as in Java's scans: they are used for pruning, and a full plan would hold every file's.
  bool column_stats = false;
  // Manifests read at once, the calling thread included (0: the pool's size; 1: every one on
  // the calling thread, holding no thread of the pool).
  int threads = 0;
};

// One data file to read and what to apply to it.
struct FileScanTask {
  manifest::DataFile data_file;
  int64_t data_sequence_number = 0;
  std::vector<manifest::DeleteFile> deletes;
  // The filter holds for every row of the file (its partition and metrics say so).
  bool all_rows_match = false;
};

struct PlanReport {
  int data_manifests = 0;          // in the manifest list
  int data_manifests_skipped = 0;  // by partition summaries
  int delete_manifests = 0;
  int delete_manifests_skipped = 0;
  // Data files of the manifests read, and of the skipped manifests as the list counts them.
  int64_t data_files = 0;
  int64_t data_files_skipped = 0;  // by partition values and metrics
  int64_t data_files_in_skipped_manifests = 0;
  int64_t delete_files = 0;          // live delete files of the manifests read
  int64_t delete_files_applied = 0;  // distinct delete files some task uses
  int64_t bytes_total = 0;           // data files of the manifests read
  int64_t bytes_to_read = 0;         // data files planned, plus the delete files they use
  int64_t records_planned = 0;       // record counts of the planned data files

  // The data files planned: those of the manifests read that pruning kept (one task each).
  int64_t data_files_planned() const { return data_files - data_files_skipped; }
};

struct ScanPlan {
  const spec::Snapshot* snapshot = nullptr;  // nullptr: the table has no snapshot (no tasks)
  spec::Schema schema;                       // the schema the snapshot is read with
  ScanFilter filter;
  std::vector<FileScanTask> tasks;
  PlanReport report;
};

// Reads through `io` (already remapped for moved tables). Errors name the manifest at fault.
Result<ScanPlan> PlanScan(io::FileIO& io, const spec::TableMetadata& metadata,
                          const ScanOptions& options);

// Takes each task as it is planned, in plan order; it may move from the task. Never called twice
// at once, though with several threads not always from the same thread. An error stops
// planning and is returned.
using TaskConsumer = std::function<Status(FileScanTask&)>;

// PlanScan handing the tasks to `on_task` instead of collecting them (the plan's `tasks` stay
// empty; its report is the same). Tasks are handed on while later manifests are still being
// read: when one of them turns out unreadable, the plan fails with its error after the tasks
// before it were handed on, so a consumer that must not act on part of a plan waits for the
// result. Each task is handed on once, even when a manifest is read twice (a wrong length in
// the manifest list).
Result<ScanPlan> PlanScan(io::FileIO& io, const spec::TableMetadata& metadata,
                          const ScanOptions& options, const TaskConsumer& on_task);

}  // namespace floe::scan
