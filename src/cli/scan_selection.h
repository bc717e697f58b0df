// The options `floe scan` and `floe count` share to pick what they read (issue #7): the table
// source options (--location-map, --base, --snapshot) plus --as-of and --ref, turned into a
// snapshot selector, and the plan itself.
#pragma once

#include <vector>

#include "cli/command.h"
#include "cli/table_source.h"
#include "floe/scan/table_scan.h"

namespace floe::cli {

// TableSourceOptions() plus --as-of, --ref and --filter.
std::vector<OptionSpec> ScanSelectionOptions();

// --snapshot ID | --as-of TIMESTAMP | --ref NAME (at most one) and --filter.
Result<scan::ScanOptions> ScanOptionsFrom(const Args& args);

}  // namespace floe::cli
