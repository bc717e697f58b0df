#include "floe/update/append_files.h"

#include <algorithm>
#include <cctype>

#include "floe/commit/transaction.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/text/text_batch_reader.h"
#include "floe/table/batch_conformance.h"
#include "floe/table/int96_units.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/merge_append.h"
#include "floe/update/writable_table.h"
#include "floe/util/ascii.h"
#include "floe/util/cancellation.h"
#include "floe/write/partitioned_writer.h"
#include "floe/write/write_context.h"

namespace floe::update {

namespace {

// One input, opened: its schema is known before any row is written. Both kinds are read batch
// by batch; text formats have their types inferred from every value by a first pass over the file.
struct Input {
  std::string path;
  InputFormat format = InputFormat::kParquet;
  std::unique_ptr<parquet::FileReader> parquet_file;
  std::unique_ptr<parquet::BatchReader> parquet_reader;
  std::unique_ptr<textformat::TextBatchReader> text_reader;
  std::optional<table::BatchConformer> conformer;
  int64_t size = 0;  // bytes, for progress

  const columnar::SchemaPtr& schema() const {
    return parquet_reader ? parquet_reader->schema() : text_reader->schema();
  }
  // The next batch in the input's own schema; nullopt at the end.
  Result<std::optional<columnar::RecordBatch>> Next() {
    if (parquet_reader) return parquet_reader->Next();
    return text_reader->Next();
  }
  int64_t num_rows() const {
    return parquet_file ? parquet_file->metadata().num_rows : text_reader->num_rows();
  }
};

// Data that does not fit the table's schema is invalid input (docs/cli.md: exit code 5), not a bad
// argument: the conformer's invalid-argument errors become corrupt-input errors.
Error DataDoesNotFit(Error error, const std::string& path) {
  if (error.kind == ErrorKind::kInvalidArgument) error.kind = ErrorKind::kCorrupt;
  return error.WithContext(path);
}

Result<Input> OpenInput(io::FileIO& io, const std::string& path, const spec::Schema& table_schema,
                        const std::vector<columnar::Field>& table_fields,
                        const AppendFilesOptions& options) {
  Input in;
  in.path = path;
  FLOE_ASSIGN_OR_RETURN(in.format, InputFormatOf(path));
  table::ConformOptions conform;
  // By name: files written elsewhere (DuckDB, `floe parquet write`, another table) carry field
  // ids that need not be this table's; names are what the user lines up.
  conform.matching = table::ColumnMatching::kByName;
  switch (in.format) {
    case InputFormat::kParquet: {
      FLOE_ASSIGN_OR_RETURN(in.parquet_file, parquet::FileReader::Open(io, path));
      in.size = in.parquet_file->file_size();
      parquet::BatchReaderOptions read;
      read.int96_unit = columnar::TimeUnit::kMicro;  // table/int96_units.h
      read.int96_nano_columns = table::Int96NanoColumns(in.parquet_file->schema(), table_schema,
                                                        table::Int96Match::kByName);
      FLOE_ASSIGN_OR_RETURN(in.parquet_reader,
                            parquet::BatchReader::Make(*in.parquet_file, std::move(read)));
      break;
    }
    case InputFormat::kCsv:
    case InputFormat::kNdjson: {
      textformat::TextBatchReaderOptions text;
      text.replace_invalid_utf8 = options.replace_invalid_utf8;
      text.declared = table_fields;  // values read as the table's types
      text.values = options.text_values;
      text.allow_missing_columns = options.allow_missing_columns;
      FLOE_ASSIGN_OR_RETURN(in.text_reader, textformat::TextBatchReader::Open(
                                                io, path, *textformat::TextFormatOf(path), text));
      in.size = in.text_reader->file_size();
      conform.inferred_types = true;
      break;
    }
  }
  // INT96 columns of timestamptz fields are UTC instants (table/int96_units.h); the values
  // keep their bytes, the conformer retypes them.
  const columnar::Schema data =
      in.parquet_file ? table::Int96AsInstants(*in.schema(), in.parquet_file->schema(),
                                               table_schema, table::Int96Match::kByName)
                      : *in.schema();
  auto conformer = table::BatchConformer::Make(table_schema, data, conform);
  if (!conformer.ok()) return DataDoesNotFit(std::move(conformer).error(), path);
  in.conformer.emplace(std::move(*conformer));
  return in;
}

void DeleteFiles(io::FileIO& io, const std::vector<manifest::DataFile>& files) {
  for (const auto& f : files) (void)io.Delete(f.file_path);
}

Result<AppendFilesResult> WriteAndCommit(
    commit::TableOperations& ops, const commit::TableBase& base,
    const std::function<Status(write::PartitionedWriter&)>& write_all,
    const AppendFilesOptions& options, bool commit_if_empty = true);

}  // namespace

Result<InputFormat> InputFormatOf(std::string_view path) {
  if (AsciiEndsWithIgnoreCase(path, ".parquet")) return InputFormat::kParquet;
  if (auto text = textformat::TextFormatOf(path)) {
    return *text == textformat::TextFormat::kCsv ? InputFormat::kCsv : InputFormat::kNdjson;
  }
  return InvalidArgument(
      "{}: unknown input format: name Parquet files *.parquet, CSV *.csv and "
      "NDJSON *.json, *.ndjson or *.jsonl",
      path);
}

Result<AppendFilesResult> AppendFiles(commit::TableOperations& ops, io::FileIO& input_io,
                                      const std::vector<std::string>& inputs,
                                      const AppendFilesOptions& options) {
  if (inputs.empty()) return InvalidArgument("append: no input files");
  FLOE_ASSIGN_OR_RETURN(commit::TableBase base, ops.Refresh());
  FLOE_RETURN_IF_ERROR(CheckWritable(base.metadata, base.metadata_location, "append"));
  const spec::Schema* schema = base.metadata.CurrentSchema();
  if (!schema) return Corrupt("{}: no current schema", base.metadata_location);

  FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr table_columns, table::ToColumnarSchema(*schema));
  // Every input is opened and checked against the schema before anything is written.
  std::vector<Input> opened;
  for (const std::string& path : inputs) {
    FLOE_ASSIGN_OR_RETURN(Input in,
                          OpenInput(input_io, path, *schema, table_columns->fields(), options));
    opened.push_back(std::move(in));
  }

  int64_t total_bytes = 0;
  for (const Input& in : opened) total_bytes += in.size;
  auto write_all = [&](write::PartitionedWriter& writer) -> Status {
    int64_t files_bytes = 0;  // of the inputs read whole
    for (size_t i = 0; i < opened.size(); ++i) {
      Input& in = opened[i];
      const int64_t rows = in.num_rows();
      int64_t rows_read = 0;
      while (true) {
        // Ctrl-C (util/cancellation.h): stop between batches; the writer's files are removed.
        FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
        auto batch = in.Next();
        if (!batch.ok()) return std::move(batch).error().WithContext(in.path);
        if (!*batch) break;
        auto conformed = in.conformer->Conform(**batch);
        if (!conformed.ok()) return DataDoesNotFit(std::move(conformed).error(), in.path);
        FLOE_RETURN_IF_ERROR(writer.Write(*conformed));
        rows_read += (*batch)->num_rows();
        if (options.progress && rows > 0) {
          const double share = std::min(1.0, static_cast<double>(rows_read) / rows);
          options.progress(files_bytes + static_cast<int64_t>(share * in.size), total_bytes);
        }
      }
      files_bytes += in.size;
      if (options.progress) options.progress(files_bytes, total_bytes);
    }
    return Ok();
  };
  // Files without rows (a header-only CSV) append nothing: no snapshot is committed.
  return WriteAndCommit(ops, base, write_all, options, /*commit_if_empty=*/false);
}

namespace {

// Writes the data files `write_all` produces, then commits them in one MergeAppend; data files
// are removed on failure unless the commit's outcome is unknown.
Result<AppendFilesResult> WriteAndCommit(
    commit::TableOperations& ops, const commit::TableBase& base,
    const std::function<Status(write::PartitionedWriter&)>& write_all,
    const AppendFilesOptions& options, bool commit_if_empty) {
  FLOE_ASSIGN_OR_RETURN(auto context, write::WriteContext::Make(base.metadata));
  write::PartitionedWriterOptions writer_options;
  writer_options.memory_budget = options.memory_budget;
  FLOE_ASSIGN_OR_RETURN(auto writer,
                        write::PartitionedWriter::Make(ops.io(), context, writer_options));
  if (Status s = write_all(*writer); !s.ok()) {
    writer->Abort();
    return std::move(s).error();
  }
  auto files = writer->Close();
  if (!files.ok()) {
    writer->Abort();
    return std::move(files).error();
  }
  // The last moment a signal can still stop the append with nothing committed.
  if (Status s = GlobalCancellation().Check(); !s.ok()) {
    DeleteFiles(ops.io(), *files);
    return std::move(s).error();
  }

  AppendFilesResult result;
  if (files->empty() && !commit_if_empty) {
    result.table = base;
    return result;
  }
  MergeAppend append(ops);
  for (const auto& f : *files) {
    result.added_records += f.record_count;
    append.AppendFile(f);
  }
  result.added_data_files = static_cast<int64_t>(files->size());
  append.ToBranch(options.branch);
  if (options.app_id) append.SetAppId(*options.app_id);
  commit::Transaction transaction(ops);
  transaction.Stage(append);
  Result<commit::TransactionResult> committed = transaction.Commit();
  if (!committed.ok()) {
    Error e = std::move(committed).error();
    if (e.kind == ErrorKind::kCommitStateUnknown) {
      return Error{e.kind, fmt::format("{}; the {} data files written were kept: the table may "
                                       "reference them",
                                       e.message, files->size())};
    }
    // Certainly not committed: this append wrote the data files, so it removes them.
    DeleteFiles(ops.io(), *files);
    return Error{e.kind, fmt::format("{}; nothing was committed (the {} data files written were "
                                     "removed)",
                                     e.message, files->size())};
  }
  result.snapshot_id = append.snapshot_id();
  result.attempts = committed->attempts;
  result.table = std::move(committed->table);
  return result;
}

}  // namespace

Result<AppendFilesResult> AppendBatches(commit::TableOperations& ops,
                                        const columnar::Schema& schema,
                                        const BatchProducer& produce,
                                        const AppendFilesOptions& options) {
  FLOE_ASSIGN_OR_RETURN(commit::TableBase base, ops.Refresh());
  FLOE_RETURN_IF_ERROR(CheckWritable(base.metadata, base.metadata_location, "insert"));
  const spec::Schema* table_schema = base.metadata.CurrentSchema();
  if (!table_schema) return Corrupt("{}: no current schema", base.metadata_location);
  table::ConformOptions conform;
  conform.matching = table::ColumnMatching::kByName;
  auto conformer = table::BatchConformer::Make(*table_schema, schema, conform);
  if (!conformer.ok()) return DataDoesNotFit(std::move(conformer).error(), "insert");
  auto write_all = [&](write::PartitionedWriter& writer) -> Status {
    return produce([&](const columnar::RecordBatch& batch) -> Status {
      // Ctrl-C (util/cancellation.h): stop between batches; the writer's files are removed.
      FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
      auto conformed = conformer->Conform(batch);
      if (!conformed.ok()) return DataDoesNotFit(std::move(conformed).error(), "insert");
      return writer.Write(*conformed);
    });
  };
  return WriteAndCommit(ops, base, write_all, options);
}

}  // namespace floe::update
