#include "floe/scan/position_deletes.h"

#include <utility>

#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/scan/avro_data_file_reader.h"
#include "floe/scan/manifest_file_size.h"
#include "floe/spec/name_mapping.h"
#include "floe/util/ascii.h"
#include "floe/util/diagnostics.h"

namespace floe::scan {
namespace {

// What reading one file gathers besides the positions.
struct ReadState {
  io::FileIO* io = nullptr;
  int64_t null_paths = 0;  // rows skipped for a null file_path
};

Status AddBatch(const columnar::RecordBatch& batch, ReadState& state, PositionDeletesByPath* out) {
  const columnar::ArrayData& paths = *batch.column(0);
  const columnar::ArrayData& positions = *batch.column(1);
  if (!paths.type->is_binary_like()) {
    return Corrupt("column file_path has type {}, expected string", paths.type->ToString());
  }
  if (positions.type->id() != columnar::TypeId::kInt64) {
    return Corrupt("column pos has type {}, expected int64", positions.type->ToString());
  }
  const int64_t* pos = positions.values<int64_t>();
  PositionSet* current = nullptr;
  std::string_view current_path;
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    // Some engines write rows without a file_path (the spec requires one): they delete nothing.
    if (paths.null_count > 0 && paths.IsNull(i)) {
      ++state.null_paths;
      continue;
    }
    if (positions.null_count > 0 && positions.IsNull(i)) {
      return Corrupt("null pos in row {} (file_path {})", i, paths.GetView(i));
    }
    if (pos[i] < 0) return Corrupt("negative position {} in row {}", pos[i], i);
    std::string_view path = paths.GetView(i);
    // Rows are sorted by file_path: look the set up only when the path changes. Keyed by the
    // location read (io::FileIO::ReadLocation), so that `hdfs://nn/wh/f` and `/wh/f` meet
    // under a location map.
    if (current == nullptr || path != current_path) {
      current = &(*out)[state.io->ReadLocation(path)];
      current_path = path;
    }
    current->Add(pos[i]);
  }
  return Ok();
}

void WarnNullPaths(const ReadState& state, const manifest::DeleteFile& file) {
  if (state.null_paths == 0) return;
  Warn("position delete file {}: skipped {} row(s) whose file_path is null (the spec requires it)",
       file.file_path, state.null_paths);
}

// An Avro position delete file, read as a data file projected to (file_path, pos): by field id,
// or by the spec's names (a name mapping) in files written without ids.
Result<PositionDeletesByPath> ReadAvro(io::FileIO& io, const manifest::DeleteFile& file) {
  DataFileReadOptions options;
  // pos required, so a file lacking it is Corrupt rather than read as nulls; file_path optional,
  // as some engines write null paths (skipped), but it must be in the file.
  options.projected_schema.fields = {
      spec::NestedField{kDeleteFilePathFieldId, "file_path", false, spec::Type::String()},
      spec::NestedField{kDeleteFilePosFieldId, "pos", true, spec::Type::Long()}};
  options.name_mapping = spec::NameMapping::ForSchema(options.projected_schema);
  options.parallel_columns = false;
  manifest::DataFile as_data = file;
  as_data.partition.clear();  // no partition values stand in for missing columns
  FLOE_ASSIGN_OR_RETURN(auto reader, AvroDataFileReader::Open(io, as_data, options));
  bool has_path = false;
  for (const avro::Field& f : reader->file_schema().fields) {
    has_path = has_path || f.field_id == kDeleteFilePathFieldId || f.name == "file_path";
  }
  if (!has_path) return Corrupt("no file_path column (field id {})", kDeleteFilePathFieldId);
  PositionDeletesByPath out;
  ReadState state{&io};
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    FLOE_RETURN_IF_ERROR(AddBatch(*batch, state, &out));
  }
  WarnNullPaths(state, file);
  return out;
}

}  // namespace

Result<PositionDeletesByPath> ReadPositionDeleteFile(io::FileIO& io,
                                                     const manifest::DeleteFile& file) {
  std::string where = "position delete file " + file.file_path;
  if (AsciiEqualsIgnoreCase(file.file_format, "avro")) {
    Result<PositionDeletesByPath> read = ReadAvro(io, file);
    if (read.ok()) return read;
    return AsDeleteFileError(std::move(read).error(), file.file_path, where);
  }
  if (!AsciiEqualsIgnoreCase(file.file_format, "parquet")) {
    return NotSupported("{}: format {} (floe reads Parquet and Avro position delete files)", where,
                        file.file_format);
  }
  auto run = [&]() -> Result<PositionDeletesByPath> {
    FLOE_ASSIGN_OR_RETURN(
        auto reader,
        OpenWithManifestSize(io, "position delete file", file.file_path, file.file_size_in_bytes,
                             [&](std::optional<int64_t> size) {
                               return parquet::FileReader::Open(io, file.file_path, size);
                             }));
    parquet::BatchReaderOptions options;
    options.parallel = false;  // small files, and the caller may already run on the pool
    options.projection.field_ids = {kDeleteFilePathFieldId, kDeleteFilePosFieldId};
    auto batches = parquet::BatchReader::Make(*reader, options);
    if (!batches.ok() && batches.error().kind == ErrorKind::kNotFound) {
      // Written without field ids: the spec's column names.
      options.projection.field_ids.clear();
      options.projection.paths = {"file_path", "pos"};
      batches = parquet::BatchReader::Make(*reader, options);
    }
    if (!batches.ok()) {
      if (batches.error().kind == ErrorKind::kNotFound) {
        return Corrupt("no file_path and pos columns: {}", batches.error().message);
      }
      return std::move(batches).error();
    }
    // Read-tree order is file order: put file_path first.
    const auto& fields = (*batches)->schema()->fields();
    if (fields.size() != 2) return Corrupt("expected the columns file_path and pos");
    bool swapped = fields[0].field_id() == kDeleteFilePosFieldId || fields[0].name == "pos";
    PositionDeletesByPath out;
    ReadState state{&io};
    while (true) {
      FLOE_ASSIGN_OR_RETURN(auto batch, (*batches)->Next());
      if (!batch) break;
      if (swapped) {
        FLOE_ASSIGN_OR_RETURN(*batch, columnar::RecordBatch::Make(
                                          std::make_shared<columnar::Schema>(
                                              std::vector<columnar::Field>{fields[1], fields[0]}),
                                          batch->num_rows(), {batch->column(1), batch->column(0)}));
      }
      FLOE_RETURN_IF_ERROR(AddBatch(*batch, state, &out));
    }
    WarnNullPaths(state, file);
    return out;
  };
  return run().WithContext(where);
}

}  // namespace floe::scan
