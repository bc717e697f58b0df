// The pruners on real tables (the duckdb-iceberg corpus, written by PyIceberg and Spark): for
// filters made from the tables' own metric bounds, every data file that holds a matching row
// (found by reading the file with table::ScanParquetFile and the row evaluator) is kept by
// ManifestPruner and DataFilePruner, and AllRowsMatch is true only for files whose every row
// matches.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "floe/commit/metadata_file.h"
#include "floe/expr/binder.h"
#include "floe/expr/bound_expression.h"
#include "floe/expr/parser.h"
#include "floe/expr/row_evaluator.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/scan/data_file_pruner.h"
#include "floe/scan/manifest_pruner.h"
#include "floe/scan/scan_filter.h"
#include "floe/spec/single_value.h"
#include "floe/table/parquet_scan.h"
#include "floe/table/schema_conversion.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

struct FileCase {
  manifest::ManifestFile manifest;
  manifest::DataFile file;
  columnar::SchemaPtr schema;  // the Parquet file's columns
  std::vector<columnar::RecordBatch> batches;
};

// Reads every row of the file once.
Status Load(io::FileIO& io, FileCase* fc) {
  table::ParquetScanOptions options;
  options.prune = false;
  table::ParquetScanCallbacks callbacks;
  callbacks.on_schema = [&](const columnar::SchemaPtr& schema) {
    fc->schema = schema;
    return Ok();
  };
  callbacks.on_batch = [&](const columnar::RecordBatch& b) {
    fc->batches.push_back(b);
    return Ok();
  };
  FLOE_RETURN_IF_ERROR(table::ScanParquetFile(io, fc->file.file_path, options, callbacks));
  return Ok();
}

// Rows of the file matching `filter` (bound to the file's columns by name), or nullopt when
// the filter does not bind to them.
std::optional<int64_t> MatchingRows(const FileCase& fc, const std::string& filter) {
  Result<expr::Expression> parsed = expr::ParseFilter(filter);
  if (!parsed.ok() || !fc.schema) return std::nullopt;
  Result<expr::BoundExpression> bound = expr::Bind(*parsed, *fc.schema);
  if (!bound.ok()) return std::nullopt;
  int64_t rows = 0;
  for (const columnar::RecordBatch& b : fc.batches) {
    Result<expr::Selection> selection = expr::EvaluateRows(*bound, b);
    if (!selection.ok()) return std::nullopt;
    rows += selection->count;
  }
  return rows;
}

TEST(PrunerCorpusTest, RealTablesNeverLoseAMatchingFile) {
  const std::string root = testing::CorpusPath("duckdb-iceberg");
  const std::vector<std::string> tables = {"partition_bigint",    "partition_binary",
                                           "partition_bool",      "partition_decimal_bigint",
                                           "partition_double",    "partition_float",
                                           "partition_integer",   "partition_time",
                                           "partition_timestamp", "partition_timestamptz",
                                           "expression_filter",   "is_null_is_not_null",
                                           "null_stats",          "uuid",
                                           "timestamptz_ns"};
  io::LocationMap map = *io::LocationMap::Make({}, root);
  std::shared_ptr<io::FileIO> io = io::RemappedFileIO(io::LocalFileIO(), map);
  int64_t checked = 0, pruned = 0, all_match = 0, tables_read = 0;
  for (const std::string& name : tables) {
    std::vector<std::string> jsons =
        testing::FilesUnder(root + "/data/persistent/" + name, ".metadata.json");
    if (jsons.empty()) continue;
    // The table folder holds metadata/.
    std::string folder = std::filesystem::path(jsons[0]).parent_path().parent_path().string();
    Result<std::string> location = commit::FindCurrentMetadataFile(*io, folder);
    if (!location.ok()) continue;
    Result<spec::TableMetadata> metadata = commit::ReadMetadataFile(*io, *location);
    ASSERT_OK(metadata) << name;
    const spec::Snapshot* snapshot = metadata->CurrentSnapshot();
    const spec::Schema* schema = metadata->CurrentSchema();
    if (!snapshot || !schema) continue;
    Result<manifest::ManifestList> list = manifest::ReadManifestList(*io, snapshot->manifest_list);
    ASSERT_OK(list) << name;
    std::vector<FileCase> files;
    for (const manifest::ManifestFile& m : list->manifests) {
      if (m.content != manifest::ManifestContent::kData || files.size() >= 200) continue;
      const spec::PartitionSpec* ps = metadata->SpecById(m.partition_spec_id);
      ASSERT_TRUE(ps) << name;
      Result<spec::TypePtr> ptype = ps->PartitionType(*schema);
      ASSERT_OK(ptype) << name;
      // Without the listed length: some corpus manifests were rewritten after listing.
      auto input = io->OpenInput(m.manifest_path);
      ASSERT_OK(input) << name;
      manifest::ManifestReadOptions options;
      options.inherit_from = m;
      options.partition_type = *ptype;
      auto reader = manifest::ManifestReader::Open(std::move(*input), options);
      ASSERT_OK(reader) << name;
      manifest::ManifestEntry e;
      while (files.size() < 200) {
        Result<bool> more = (*reader)->Next(&e);
        ASSERT_OK(more) << name;
        if (!*more) break;
        if (e.is_live()) files.push_back({m, e.data_file, nullptr, {}});
      }
    }
    ++tables_read;
    // At most 20 files of a table (of its first 200) keep the test quick.
    if (files.size() > 20) {
      std::vector<FileCase> sample;
      for (size_t i = 0; i < 20; ++i) sample.push_back(files[i * files.size() / 20]);
      files = std::move(sample);
    }
    for (FileCase& fc : files) {
      Status loaded = Load(*io, &fc);
      ASSERT_OK(loaded) << name;
    }
    // Filters from every file's bounds, over every column with bounds.
    std::vector<std::string> filters;
    for (const FileCase& fc : files) {
      for (const auto& [id, bytes] : fc.file.lower_bounds) {
        const spec::NestedField* field = schema->FindFieldById(id);
        std::optional<std::string> column = schema->FindColumnName(id);
        if (!field || !column || !field->type->is_primitive()) continue;
        Result<columnar::DataTypePtr> type = table::ToColumnarType(*field->type);
        Result<spec::Literal> lower = spec::FromBinary(*field->type, bytes);
        if (!type.ok() || !lower.ok()) continue;
        std::string v = expr::ValueToString(**type, *lower);
        std::string c = "`" + *column + "`";
        for (const char* op : {" = ", " < ", " <= ", " > ", " != "}) filters.push_back(c + op + v);
        filters.push_back(c + " IS NULL");
        filters.push_back(c + " IS NOT NULL");
      }
    }
    std::sort(filters.begin(), filters.end());
    filters.erase(std::unique(filters.begin(), filters.end()), filters.end());
    if (filters.size() > 25) {
      std::vector<std::string> sample;
      for (size_t i = 0; i < 25; ++i) sample.push_back(filters[i * filters.size() / 25]);
      filters = std::move(sample);
    }
    for (const std::string& text : filters) {
      Result<expr::Expression> parsed = expr::ParseFilter(text);
      Result<ScanFilter> filter =
          parsed.ok() ? ScanFilter::Bind(*schema, *parsed) : Result<ScanFilter>(parsed.error());
      if (!filter.ok()) continue;  // e.g. a value the filter language cannot write back
      ManifestPruner manifest_pruner(*filter, metadata->partition_specs);
      for (const FileCase& fc : files) {
        const spec::PartitionSpec* ps = metadata->SpecById(fc.file.spec_id);
        ASSERT_TRUE(ps);
        DataFilePruner pruner(*filter, *ps);
        std::optional<int64_t> rows = MatchingRows(fc, text);
        if (!rows) continue;
        ++checked;
        bool might = pruner.MightMatch(fc.file) && manifest_pruner.MightMatch(fc.manifest);
        if (!might) ++pruned;
        if (*rows > 0) {
          EXPECT_TRUE(might) << name << " " << fc.file.file_path << " filter: " << text;
        }
        if (pruner.AllRowsMatch(fc.file)) {
          ++all_match;
          EXPECT_EQ(*rows, fc.file.record_count)
              << name << " " << fc.file.file_path << " filter: " << text;
        }
      }
    }
  }
  EXPECT_GE(tables_read, 10);
  EXPECT_GT(checked, 100);
  EXPECT_GT(pruned, 0);
  EXPECT_GT(all_match, 0);
}

}  // namespace
}  // namespace floe::scan
