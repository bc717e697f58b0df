// The options `floe scan` and `floe count` share to pick what they read (issue #7): the table
// source options (--location-map, --base, --snapshot) plus --as-of and --ref, turned into a
// snapshot selector, and the plan itself; and --threads, how many data files they read at once.
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

// The --threads option of scan and count.
OptionSpec ReadThreadsOption();
// Files read at once: the command's --threads N, else the global --threads, else 0 (all cores).
// Also sizes the process-wide thread pool to match.
Result<int> ReadThreadsFrom(const Invocation& inv);

}  // namespace floe::cli
