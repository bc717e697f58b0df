// Reading a table given on the command line as a metadata file or a table folder (docs/cli.md,
// "Table folders and metadata files"), with `--location-map FROM=TO` and `--base DIR` applied
// to every location the metadata names.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"

namespace floe::cli {

// The options every command reading a table by path takes.
std::vector<OptionSpec> TableSourceOptions();

struct TableSource {
  std::string metadata_location;
  spec::TableMetadata metadata;
  // Reads what the metadata names (manifest lists, manifests, data files), remapped.
  std::shared_ptr<io::FileIO> io;
};

// The tables an argument names: a metadata file, a table folder, or else a folder holding
// table folders somewhere below it (the corpus keeps `equality_deletes/warehouse/mydb/<table>`):
// each table folder found, in name order. An argument that is no existing path is a table name
// in a catalog (docs/cli.md), returned as it is.
Result<std::vector<std::string>> ResolveTableArgument(const std::string& argument);

// Runs `run(table, several)` for each table the first positional argument names, with a blank
// line between tables in text output (not with --json).
Status ForEachTable(const Invocation& inv,
                    const std::function<Status(const std::string& table, bool several)>& run);

// `location` is a metadata file or a table folder on the local file system, or else a table
// name in the catalog the global options select.
Result<TableSource> OpenTableSource(const std::string& location, const Invocation& inv);

// The snapshot `--snapshot ID` names, else the current one; nullptr when the table has none.
Result<const spec::Snapshot*> SelectSnapshot(const TableSource& table, const Args& args);

}  // namespace floe::cli
