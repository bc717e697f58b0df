// The stale-pointer trap (docs/cli.md, "Table folders and metadata files"): a table read through
// one of its metadata files instead of its name in a catalog is read as that file says, even when a
// commit has made a newer file current since. When a configured catalog (the default one, or
// `--catalog`) holds a table whose current metadata file lies in the same metadata folder but is
// another file, floe says so on stderr:
//   warning: reading /wh/db/events/metadata/00001-….metadata.json (metadata version 1), but
//   catalog "default" has table db.events at version 3: /wh/db/events/metadata/00003-….json;
//   pass the table name to read the current version
// The check never fails the read: no catalog, a catalog that cannot be opened (it is never
// created by this) or listed, or no such table means no warning (a note with --verbose).
#pragma once

#include <string>

#include "cli/command.h"

namespace floe::cli {

void WarnIfStaleMetadata(const Invocation& inv, const std::string& metadata_location);

}  // namespace floe::cli
