// Shared by the inspect tests: loading corpus tables through a location map, reading a metadata
// table into NDJSON lines (the CLI's row format, so expected rows read like Spark's output), and
// flattening an Iceberg schema into "id name required type" lines to compare with Java's.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/row_writer.h"
#include "floe/commit/metadata_file.h"
#include "floe/inspect/metadata_table.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::inspect::testing_util {

struct LoadedTable {
  std::shared_ptr<io::FileIO> io;
  std::string location;
  spec::TableMetadata metadata;
};

// A duckdb-iceberg persistent table: a table folder, or a metadata file (a name ending in
// ".metadata.json"). Paths inside resolve against `paths_root` (relative to duckdb-iceberg/;
// most tables there hold paths relative to that folder itself).
inline LoadedTable LoadCorpusTable(const std::string& relative,
                                   const std::string& paths_root = "") {
  const std::string corpus = testing::CorpusPath("duckdb-iceberg");
  const std::string root = paths_root.empty() ? corpus : corpus + "/" + paths_root;
  io::LocationMap map = *io::LocationMap::Make({}, root);
  LoadedTable t;
  t.io = io::RemappedFileIO(io::LocalFileIO(), map);
  const std::string path = corpus + "/data/persistent/" + relative;
  Result<std::string> location = path.ends_with(".metadata.json")
                                     ? Result<std::string>(path)
                                     : commit::FindCurrentMetadataFile(*t.io, path);
  EXPECT_OK(location);
  if (!location.ok()) return t;
  t.location = *location;
  Result<spec::TableMetadata> metadata = commit::ReadMetadataFile(*t.io, t.location);
  EXPECT_OK(metadata);
  if (metadata.ok()) t.metadata = std::move(*metadata);
  return t;
}

struct TableRows {
  std::vector<std::string> json;  // one NDJSON object per row
  int64_t batches = 0;
};

// Reads the metadata table; every batch must carry MetadataTableSchema's schema.
inline Result<TableRows> ReadRows(io::FileIO& io, const spec::TableMetadata& metadata,
                                  std::string_view location, MetadataTableKind kind,
                                  std::optional<int64_t> snapshot_id = std::nullopt) {
  FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr schema, MetadataTableSchema(kind, metadata));
  TableRows rows;
  std::string out;
  auto writer = columnar::RowWriter::Make(columnar::RowFormat::kJson, &out);
  FLOE_RETURN_IF_ERROR(ReadMetadataTable(io, metadata, location, kind, snapshot_id,
                                         [&](const columnar::RecordBatch& b) -> Status {
                                           if (!b.schema()->Equals(*schema))
                                             return Internal("batch schema differs");
                                           ++rows.batches;
                                           return writer->Write(b);
                                         }));
  FLOE_RETURN_IF_ERROR(writer->Finish());
  size_t start = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    rows.json.push_back(out.substr(start, end - start));
    start = end + 1;
  }
  return rows;
}

// "id name required|optional type" per field, nested fields indented by their depth.
inline void FlattenFields(const std::vector<spec::NestedField>& fields, int depth,
                          std::vector<std::string>* out) {
  for (const spec::NestedField& f : fields) {
    std::string type = f.type->is_primitive() ? f.type->ToString()
                       : f.type->is_struct()  ? "struct"
                       : f.type->is_list()    ? "list"
                                              : "map";
    out->push_back(std::string(static_cast<size_t>(depth) * 2, ' ') + std::to_string(f.id) + " " +
                   f.name + " " + (f.required ? "required" : "optional") + " " + type);
    if (f.type->is_nested()) FlattenFields(f.type->fields(), depth + 1, out);
  }
}

inline std::vector<std::string> Flatten(const spec::Schema& schema) {
  std::vector<std::string> out;
  FlattenFields(schema.fields, 0, &out);
  return out;
}

}  // namespace floe::inspect::testing_util
