// The floe command registry. Each command lives in its own src/cli/<command>.cc, registers itself
// with FLOE_REGISTER_COMMAND, calls one library function and prints its result (docs/style.md: thin
// CLI).
#pragma once

#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/row_writer.h"
#include "floe/util/result.h"

namespace floe::cli {

struct GlobalOptions {
  std::string warehouse;
  std::string catalog;
  std::string config;
  int threads = 0;  // 0: all cores
  bool quiet = false;
  bool verbose = false;
};

struct OptionSpec {
  std::string name;        // "--json"
  std::string value_name;  // "" for a flag; "N", "FILE" ... for an option taking a value
  std::string help;
  bool repeatable = false;
};

// Parsed arguments of one command: positionals in order, options by name.
class Args {
 public:
  const std::vector<std::string>& positionals() const { return positionals_; }
  bool Has(std::string_view name) const { return options_.count(std::string(name)) > 0; }
  std::optional<std::string> Get(std::string_view name) const;
  std::vector<std::string> GetAll(std::string_view name) const;
  // Parses an integer option; an unparsable value is a usage error.
  Result<std::optional<int64_t>> GetInt(std::string_view name) const;

  std::vector<std::string> positionals_;
  std::map<std::string, std::vector<std::string>> options_;
};

struct Invocation {
  GlobalOptions global;
  Args args;
};

struct Command {
  std::string name;     // words after "floe": "inspect", "parquet meta"
  std::string summary;  // one line for `floe --help`
  std::string usage;    // "floe inspect <metadata.json | table folder> [--json]"
  std::string details;  // paragraph(s) for `floe <command> --help`
  std::string example;  // one or more example lines
  std::vector<OptionSpec> options;
  int min_positionals = 0;
  int max_positionals = 0;  // -1: unbounded
  std::function<Status(const Invocation&)> run;
};

bool RegisterCommand(Command command);
const std::vector<Command>& Commands();

// Writes to stdout / stderr.
void Print(std::string_view text);
void PrintErr(std::string_view text);

// How `table` output fits when `file` is a terminal: a screenful of rows (the first and the last),
// text cut at 48 characters and lines narrowed to the terminal's width; elsewhere (a pipe, a
// file) no limits, every row and character.
columnar::TableLayout TableLayoutFor(std::FILE* file);

}  // namespace floe::cli

#define FLOE_REGISTER_COMMAND(ident, ...) \
  static const bool floe_command_registered_##ident = ::floe::cli::RegisterCommand(__VA_ARGS__)
