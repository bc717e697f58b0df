#include "floe/scan/table_reader.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <iterator>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "floe/commit/table_properties.h"
#include "floe/expr/binder.h"
#include "floe/expr/filter_batch.h"
#include "floe/expr/row_evaluator.h"
#include "floe/scan/column_selection.h"
#include "floe/scan/data_file_reader.h"
#include "floe/scan/delete_filter.h"
#include "floe/spec/name_mapping.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/cancellation.h"
#include "floe/util/diagnostics.h"
#include "floe/util/ordered_streams.h"
#include "floe/util/thread_pool.h"

namespace floe::scan {
namespace {

// `array` (of type `from`) cut down to the struct children `to` keeps, matched by field id.
columnar::ArrayPtr ProjectArray(const columnar::ArrayPtr& array, const columnar::DataType& to) {
  if (array->type->Equals(to) || to.id() != columnar::TypeId::kStruct) return array;
  std::vector<columnar::ArrayPtr> children;
  const columnar::DataType& from = *array->type;
  for (const columnar::Field& out : to.children()) {
    for (int i = 0; i < from.num_children(); ++i) {
      const columnar::Field& in = from.child(i);
      bool same =
          out.field_id() && in.field_id() ? *out.field_id() == *in.field_id() : out.name == in.name;
      if (same) {
        children.push_back(ProjectArray(array->children[static_cast<size_t>(i)], *out.type));
        break;
      }
    }
  }
  auto projected = std::make_shared<columnar::ArrayData>(*array);
  projected->type = columnar::Struct(to.children());
  projected->children = std::move(children);
  return projected;
}

// What every task of one scan shares: the columns to return and to read, the bound filter.
struct ReadSetup {
  const ScanPlan* plan = nullptr;
  std::set<int32_t> output_ids;
  std::set<int32_t> filter_ids;
  columnar::SchemaPtr output_schema;
  std::optional<spec::NameMapping> name_mapping;
  // The plan's filter unbound (the schema's own names), moved onto each file's columns by
  // binding it case-sensitively; nullopt when always true.
  std::optional<expr::Expression> filter;
  std::shared_ptr<DeleteLoader> deletes;
  bool parallel_columns = true;  // DataFileReadOptions::parallel_columns
  std::shared_ptr<parquet::PageBufferPool> buffers = std::make_shared<parquet::PageBufferPool>();
};

Result<ReadSetup> MakeSetup(const spec::TableMetadata& metadata, const ScanPlan& plan,
                            std::optional<std::set<int32_t>> output_ids) {
  ReadSetup setup;
  setup.plan = &plan;
  if (output_ids) {
    setup.output_ids = std::move(*output_ids);
  }
  FLOE_ASSIGN_OR_RETURN(setup.output_schema,
                        table::ToColumnarSchema(SelectFields(plan.schema, setup.output_ids)));
  if (!plan.filter.always_true()) {
    for (int32_t id : plan.filter.FieldIds()) setup.filter_ids.insert(id);
    setup.filter = expr::Unbind(plan.filter.expr);
  }
  if (const std::string* mapping = commit::kDefaultNameMapping.Find(metadata.properties)) {
    auto parsed = spec::NameMapping::Parse(*mapping);
    if (!parsed.ok())
      return parsed.error().WithContext(std::string(commit::kDefaultNameMapping.name));
    setup.name_mapping = std::move(*parsed);
  }
  setup.deletes = std::make_shared<DeleteLoader>();
  return setup;
}

struct TaskCounts {
  int64_t rows_read = 0;
  int64_t rows_deleted = 0;
  int64_t rows_kept = 0;
  int64_t row_groups = 0;
  int64_t row_groups_skipped = 0;
};

// Reads one task: each batch that has rows left after deletes and the filter goes to `emit`,
// cut to the output columns. `emit` returns false to stop early.
Status ReadTask(io::FileIO& io, const spec::TableMetadata& metadata, const ReadSetup& setup,
                const FileScanTask& task, int64_t batch_size,
                const std::function<Result<bool>(const columnar::RecordBatch&)>& emit,
                TaskCounts* counts) {
  const ScanPlan& plan = *setup.plan;
  FLOE_ASSIGN_OR_RETURN(DeleteFilter deletes, DeleteFilter::Make(io, *setup.deletes, plan.schema,
                                                                 task.data_file, task.deletes));
  // The filter holds the loaded sets now; the cache keeps them only for later tasks.
  for (const manifest::DeleteFile& d : task.deletes) setup.deletes->ReleaseUse(d);
  bool apply_filter = setup.filter && !task.all_rows_match;
  std::set<int32_t> read_ids = setup.output_ids;
  if (apply_filter) read_ids.insert(setup.filter_ids.begin(), setup.filter_ids.end());
  for (int32_t id : deletes.required_field_ids()) read_ids.insert(id);

  DataFileReadOptions read_options;
  read_options.projected_schema = SelectFields(plan.schema, read_ids);
  read_options.spec = metadata.SpecById(task.data_file.spec_id);
  read_options.name_mapping = setup.name_mapping;
  if (apply_filter) {
    read_options.filter = setup.filter;
    read_options.filter_rows = true;
  }
  read_options.case_sensitive = true;  // the unbound filter uses the schema's own names
  read_options.with_row_positions = deletes.needs_positions();
  read_options.batch_size = batch_size;
  read_options.parallel_columns = setup.parallel_columns;
  read_options.buffer_pool = setup.buffers;
  auto opened = DataFileReader::Open(io, task.data_file, std::move(read_options));
  if (!opened.ok()) return opened.error();
  DataFileReader& reader = **opened;

  std::optional<expr::BoundExpression> residual;
  if (apply_filter && !reader.filters_rows()) {
    FLOE_ASSIGN_OR_RETURN(expr::BoundExpression bound,
                          expr::Bind(*setup.filter, *reader.schema(), {.case_sensitive = true}));
    residual = std::move(bound);
  }
  // Output column i comes from reader column source[i].
  std::vector<int> source;
  for (const columnar::Field& out : setup.output_schema->fields()) {
    const columnar::Schema& in = *reader.schema();
    for (int i = 0; i < in.num_fields(); ++i) {
      if (in.field(i).field_id() == out.field_id()) {
        source.push_back(i);
        break;
      }
    }
  }
  if (source.size() != setup.output_schema->fields().size()) {
    return Internal("{}: the reader did not return every column asked for",
                    task.data_file.file_path);
  }

  for (;;) {
    FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, reader.Next());
    if (!batch) break;
    FLOE_ASSIGN_OR_RETURN(expr::Selection keep, deletes.Keep(*batch));
    counts->rows_deleted += batch->num_rows() - keep.count;
    if (residual && keep.count > 0) {
      FLOE_ASSIGN_OR_RETURN(expr::Selection matched, expr::EvaluateRows(*residual, *batch));
      keep.count = 0;
      size_t i = 0;
      for (; i + 8 <= keep.bitmap.size(); i += 8) {  // 64 rows at a time
        uint64_t a, b;
        std::memcpy(&a, keep.bitmap.data() + i, 8);
        std::memcpy(&b, matched.bitmap.data() + i, 8);
        a &= b;
        std::memcpy(keep.bitmap.data() + i, &a, 8);
        keep.count += __builtin_popcountll(a);
      }
      for (; i < keep.bitmap.size(); ++i) {
        keep.bitmap[i] &= matched.bitmap[i];
        keep.count += __builtin_popcount(keep.bitmap[i]);
      }
    }
    if (keep.count == 0) continue;
    counts->rows_kept += keep.count;
    std::vector<columnar::ArrayPtr> columns;
    for (size_t i = 0; i < source.size(); ++i) {
      columns.push_back(ProjectArray(batch->column(source[i]),
                                     *setup.output_schema->field(static_cast<int>(i)).type));
    }
    FLOE_ASSIGN_OR_RETURN(
        columnar::RecordBatch out,
        columnar::RecordBatch::Make(setup.output_schema, batch->num_rows(), std::move(columns)));
    if (keep.count != out.num_rows()) {
      FLOE_ASSIGN_OR_RETURN(out, expr::FilterBatch(out, keep));
    }
    FLOE_ASSIGN_OR_RETURN(bool more, emit(out));
    if (!more) break;
  }
  counts->rows_read += reader.report().rows_read;
  counts->row_groups += reader.report().row_groups;
  counts->row_groups_skipped += reader.report().row_groups_skipped;
  return Ok();
}

// Announces every task's use of its delete files, so the loader can evict each one after the
// last task that needs it (delete_filter.h).
void ExpectDeleteUses(const std::vector<FileScanTask>& tasks, DeleteLoader& loader) {
  for (const FileScanTask& task : tasks) {
    for (const manifest::DeleteFile& d : task.deletes) loader.ExpectUse(d);
  }
}

// Once a whole plan was read: the data files that position delete files name but that no data
// file read matched, as notes (shown with --verbose) — a wrong --location-map looks like this.
void NoteUnmatchedPositionDeletes(const DeleteLoader& loader) {
  constexpr int kPerFile = 5;
  auto unmatched = loader.UnmatchedPositionDeletes();
  for (size_t i = 0; i < unmatched.size();) {
    size_t end = i;
    while (end < unmatched.size() && unmatched[end].first == unmatched[i].first) ++end;
    for (size_t j = i; j < end && j < i + kPerFile; ++j) {
      Note(
          "position delete file {} names data file {}, which matches no data file the scan read "
          "(after location mapping): those deletes were not applied",
          unmatched[j].first, unmatched[j].second);
    }
    if (end - i > kPerFile) {
      Note("position delete file {} names {} more data files that match none", unmatched[i].first,
           end - i - kPerFile);
    }
    i = end;
  }
}

int ThreadsOrCores(int threads) { return threads > 0 ? threads : AvailableCores(); }

// Reads `tasks`, the plan's tasks from index `first_task` on, adding what it read to `report`:
// batches to on_batch in plan order (the limit counted across calls in report.rows_returned),
// or to on_task_batch with each task's index in the plan. False once the limit is reached.
Result<bool> ReadTasks(io::FileIO& io, const spec::TableMetadata& metadata, ReadSetup& setup,
                       const std::vector<FileScanTask>& tasks, int64_t first_task,
                       const TableReadOptions& options, const TableReadCallbacks& callbacks,
                       TableReadReport& report) {
  // With at least a file per thread, the files are the parallelism.
  setup.parallel_columns = static_cast<int64_t>(tasks.size()) < ThreadsOrCores(options.threads);
  ExpectDeleteUses(tasks, *setup.deletes);

  // Task i's counts, written by whichever thread reads it; summed once every reader returned.
  std::vector<TaskCounts> counts(tasks.size());
  std::vector<char> started(tasks.size(), 0);
  // Adds every started task's counts to the report; rows_returned too when no limit cut them
  // (the ordered path counts them as it hands them on).
  auto sum_counts = [&](bool rows_returned) {
    for (size_t i = 0; i < counts.size(); ++i) {
      if (!started[i]) continue;
      ++report.files_read;
      report.row_groups += counts[i].row_groups;
      report.row_groups_skipped += counts[i].row_groups_skipped;
      report.rows_read += counts[i].rows_read;
      report.rows_deleted += counts[i].rows_deleted;
      if (rows_returned) report.rows_returned += counts[i].rows_kept;
    }
  };
  if (callbacks.on_task_batch) {
    if (options.limit) return InvalidArgument("read table: a limit needs the batches in order");
    auto read_one = [&](int64_t i) -> Status {
      started[static_cast<size_t>(i)] = 1;
      auto emit = [&](const columnar::RecordBatch& batch) -> Result<bool> {
        FLOE_RETURN_IF_ERROR(callbacks.on_task_batch(first_task + i, batch));
        return true;
      };
      return ReadTask(io, metadata, setup, tasks[static_cast<size_t>(i)], options.batch_size, emit,
                      &counts[static_cast<size_t>(i)]);
    };
    FLOE_RETURN_IF_ERROR(ParallelFor(static_cast<int64_t>(tasks.size()), read_one,
                                     {.max_parallelism = ThreadsOrCores(options.threads)}));
    sum_counts(/*rows_returned=*/true);
    return true;
  }
  StreamProducer<columnar::RecordBatch> produce = [&](int64_t i,
                                                      StreamSink<columnar::RecordBatch>& sink) {
    started[static_cast<size_t>(i)] = 1;
    auto emit = [&](const columnar::RecordBatch& batch) -> Result<bool> {
      return sink.Push(batch);
    };
    return ReadTask(io, metadata, setup, tasks[static_cast<size_t>(i)], options.batch_size, emit,
                    &counts[static_cast<size_t>(i)]);
  };
  // On the calling thread, in plan order.
  StreamConsumer<columnar::RecordBatch> consume =
      [&](int64_t, columnar::RecordBatch&& batch) -> Result<bool> {
    columnar::RecordBatch out = std::move(batch);
    if (options.limit) {
      int64_t left = *options.limit - report.rows_returned;
      if (out.num_rows() > left) out = out.Slice(0, left);
    }
    report.rows_returned += out.num_rows();
    if (callbacks.on_batch) FLOE_RETURN_IF_ERROR(callbacks.on_batch(out));
    return !options.limit || report.rows_returned < *options.limit;
  };
  Status read = ParallelOrderedStreams<columnar::RecordBatch>(
      static_cast<int64_t>(tasks.size()), produce, consume,
      {.streams_in_flight = ThreadsOrCores(options.threads), .queue_capacity = kBatchesPerFile});
  FLOE_RETURN_IF_ERROR(read);
  sum_counts(/*rows_returned=*/false);
  return !options.limit || report.rows_returned < *options.limit;
}

// Tasks on their way from a planning thread to the reader: at most `capacity` wait. The planner
// waits for room; once the reader stops, the planner's next task fails (CancelledError).
class TaskQueue {
 public:
  explicit TaskQueue(size_t capacity) : capacity_(capacity) {}

  Status Push(FileScanTask& task) {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return tasks_.size() < capacity_ || stopped_; });
    if (stopped_) return CancelledError();
    tasks_.push_back(std::move(task));
    if (tasks_.size() >= wanted_) ready_.notify_one();
    return Ok();
  }
  // The planner is done: `planned` is its outcome.
  void Close(Result<ScanPlan> planned) {
    std::lock_guard<std::mutex> lock(mutex_);
    planned_ = std::move(planned);
    ready_.notify_all();
  }
  // The next `max` tasks, fewer when planning ended first; none when every task was taken.
  std::vector<FileScanTask> Take(size_t max) {
    std::unique_lock<std::mutex> lock(mutex_);
    wanted_ = max;
    ready_.wait(lock, [&] { return tasks_.size() >= max || planned_.has_value(); });
    size_t n = std::min(max, tasks_.size());
    std::vector<FileScanTask> out(
        std::make_move_iterator(tasks_.begin()),
        std::make_move_iterator(tasks_.begin() + static_cast<std::ptrdiff_t>(n)));
    tasks_.erase(tasks_.begin(), tasks_.begin() + static_cast<std::ptrdiff_t>(n));
    room_.notify_all();
    return out;
  }
  // The reader takes no more tasks: the planner stops at its next one.
  void Stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    room_.notify_all();
  }
  // The planner's outcome, once it closed the queue.
  const std::optional<Result<ScanPlan>>& planned() const { return planned_; }

 private:
  const size_t capacity_;
  std::mutex mutex_;
  std::condition_variable room_, ready_;
  std::deque<FileScanTask> tasks_;
  size_t wanted_ = 1;
  bool stopped_ = false;
  std::optional<Result<ScanPlan>> planned_;
};

// What both ReadTables do first: check the options, make the setup for the plan's schema and
// filter (its tasks are not looked at), and hand the output schema to on_schema.
Result<ReadSetup> BeginRead(const spec::TableMetadata& metadata, const ScanPlan& plan,
                            const TableReadOptions& options, const TableReadCallbacks& callbacks) {
  if (options.threads < 0)
    return InvalidArgument("threads {}: expected 0 (all cores) or more", options.threads);
  FLOE_ASSIGN_OR_RETURN(std::set<int32_t> output_ids,
                        ColumnIds(plan.schema, options.columns, options.case_sensitive));
  FLOE_ASSIGN_OR_RETURN(ReadSetup setup, MakeSetup(metadata, plan, std::move(output_ids)));
  if (callbacks.on_schema) FLOE_RETURN_IF_ERROR(callbacks.on_schema(setup.output_schema));
  return setup;
}

}  // namespace

Result<TableReadReport> ReadTable(io::FileIO& io, const spec::TableMetadata& metadata,
                                  const ScanPlan& plan, const TableReadOptions& options,
                                  const TableReadCallbacks& callbacks) {
  FLOE_ASSIGN_OR_RETURN(ReadSetup setup, BeginRead(metadata, plan, options, callbacks));
  TableReadReport report;
  if (options.limit && *options.limit <= 0) return report;
  Result<bool> read = ReadTasks(io, metadata, setup, plan.tasks, 0, options, callbacks, report);
  if (!read.ok()) return read.error();
  if (*read) NoteUnmatchedPositionDeletes(*setup.deletes);
  return report;
}

Result<TableReadReport> ReadTable(io::FileIO& io, const spec::TableMetadata& metadata,
                                  const ScanOptions& scan, const TableReadOptions& options,
                                  const TableReadCallbacks& callbacks,
                                  std::optional<PlanReport>* plan_report) {
  // What the plan will say of its schema and filter, before its tasks.
  FLOE_ASSIGN_OR_RETURN(SnapshotChoice choice, SelectSnapshot(metadata, scan.snapshot));
  FLOE_ASSIGN_OR_RETURN(ScanFilter filter,
                        ScanFilter::Bind(*choice.schema, scan.filter, scan.case_sensitive));
  const ScanPlan header{choice.snapshot, *choice.schema, filter, {}, {}};
  FLOE_ASSIGN_OR_RETURN(ReadSetup setup, BeginRead(metadata, header, options, callbacks));
  TableReadReport report;
  if (options.limit && *options.limit <= 0) return report;

  // The planner reads its manifests one at a time on a thread of its own: it never holds a
  // thread of the pool the readers need while it waits for room.
  const size_t window_size = std::max<size_t>(options.plan_window, 1);
  TaskQueue queue(kWindowsAhead * window_size);
  ScanOptions planning = scan;
  planning.threads = 1;
  std::thread planner([&] {
    queue.Close(
        PlanScan(io, metadata, planning, [&](FileScanTask& task) { return queue.Push(task); }));
  });
  auto read = [&]() -> Result<bool> {  // false: the limit stopped the read
    for (int64_t first = 0;;) {
      std::vector<FileScanTask> window = queue.Take(window_size);
      if (window.empty()) return true;
      FLOE_ASSIGN_OR_RETURN(
          bool more, ReadTasks(io, metadata, setup, window, first, options, callbacks, report));
      if (!more) return false;
      first += static_cast<int64_t>(window.size());
    }
  };
  Result<bool> finished = read();
  queue.Stop();
  planner.join();
  if (!finished.ok()) return finished.error();
  if (!*finished) return report;  // planning was cut short; its report would be partial
  const Result<ScanPlan>& planned = *queue.planned();
  if (!planned.ok()) return planned.error();
  if (plan_report) *plan_report = planned->report;
  NoteUnmatchedPositionDeletes(*setup.deletes);
  return report;
}

Result<RowCount> CountRows(io::FileIO& io, const spec::TableMetadata& metadata,
                           const ScanPlan& plan, int threads) {
  if (threads < 0) return InvalidArgument("threads {}: expected 0 (all cores) or more", threads);
  FLOE_ASSIGN_OR_RETURN(ReadSetup setup, MakeSetup(metadata, plan, std::set<int32_t>{}));
  RowCount result;
  std::vector<const FileScanTask*> to_read;
  for (const FileScanTask& task : plan.tasks) {
    if (task.all_rows_match && task.deletes.empty()) {
      result.count += task.data_file.record_count;
    } else {
      to_read.push_back(&task);
      for (const manifest::DeleteFile& d : task.deletes) setup.deletes->ExpectUse(d);
    }
  }
  if (to_read.empty()) return result;
  result.from_metadata = false;
  setup.parallel_columns = static_cast<int64_t>(to_read.size()) < ThreadsOrCores(threads);
  auto count_one = [&](int64_t i) -> Result<int64_t> {
    TaskCounts counts;
    auto emit = [](const columnar::RecordBatch&) -> Result<bool> { return true; };
    FLOE_RETURN_IF_ERROR(
        ReadTask(io, metadata, setup, *to_read[static_cast<size_t>(i)], 64 * 1024, emit, &counts));
    return counts.rows_kept;
  };
  FLOE_ASSIGN_OR_RETURN(std::vector<int64_t> kept,
                        ParallelMap(static_cast<int64_t>(to_read.size()), count_one,
                                    {.max_parallelism = ThreadsOrCores(threads)}));
  for (int64_t k : kept) result.count += k;
  NoteUnmatchedPositionDeletes(*setup.deletes);
  return result;
}

Result<RowCount> CountRows(io::FileIO& io, const spec::TableMetadata& metadata,
                           const ScanOptions& options, int threads) {
  int64_t counted = 0;  // rows of files counted from metadata
  std::vector<FileScanTask> to_read;
  auto take = [&](FileScanTask& task) -> Status {
    if (task.all_rows_match && task.deletes.empty()) {
      counted += task.data_file.record_count;
    } else {
      to_read.push_back(std::move(task));
    }
    return Ok();
  };
  FLOE_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(io, metadata, options, take));
  plan.tasks = std::move(to_read);
  FLOE_ASSIGN_OR_RETURN(RowCount result, CountRows(io, metadata, plan, threads));
  result.count += counted;
  return result;
}

}  // namespace floe::scan
