// floe: parse global options, find the command, parse its options, run it, map the error kind
// to the exit code of docs/cli.md.
#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "cli/command.h"
#include "floe/util/cancellation.h"
#include "floe/util/diagnostics.h"
#include "floe/util/version.h"

namespace floe::cli {
namespace {

constexpr const char* kGlobalHelp =
    "Global options:\n"
    "  --warehouse DIR   SQL catalog 'default' on SQLite at DIR/catalog.db, tables under DIR\n"
    "  --catalog NAME    catalog from floe.yaml to use by default\n"
    "  --config FILE     floe.yaml to read (else $FLOE_CONFIG, ./floe.yaml, "
    "~/.config/floe/floe.yaml)\n"
    "  --threads N       worker threads (default: all cores)\n"
    "  --quiet           no progress or status lines on stderr\n"
    "  --verbose         more detail on stderr\n"
    "  --version         print the version and exit\n"
    "  --help            this help; `floe <command> --help` for a command's\n";

std::string TopLevelHelp() {
  std::string out = fmt::format(
      "floe {} — a native Apache Iceberg implementation\n\n"
      "Usage: floe [global options] <command> [arguments] [options]\n\nCommands:\n",
      kFloeVersion);
  std::vector<const Command*> sorted;
  for (const Command& c : Commands()) sorted.push_back(&c);
  std::sort(sorted.begin(), sorted.end(),
            [](const Command* a, const Command* b) { return a->name < b->name; });
  size_t width = 0;
  for (const Command* c : sorted) width = std::max(width, c->name.size());
  for (const Command* c : sorted) {
    out += fmt::format("  {:<{}}  {}\n", c->name, width, c->summary);
  }
  out += "\n";
  out += kGlobalHelp;
  out +=
      "\nExit codes: 0 ok, 1 internal, 2 usage, 3 not found, 4 already exists, 5 corrupt input,\n"
      "6 not supported, 7 I/O, 8 commit conflict, 9 commit state unknown.\n";
  return out;
}

std::string CommandHelp(const Command& c) {
  std::string out = fmt::format("{}\n\nUsage: {}\n", c.summary, c.usage);
  if (!c.details.empty()) out += "\n" + c.details + "\n";
  if (!c.options.empty()) {
    out += "\nOptions:\n";
    for (const OptionSpec& o : c.options) {
      std::string left = o.value_name.empty() ? o.name : o.name + " " + o.value_name;
      out += fmt::format("  {:<22} {}\n", left, o.help);
    }
  }
  out += "  --help                 this help\n";
  if (!c.example.empty()) out += "\nExample:\n" + c.example + "\n";
  return out;
}

const OptionSpec* FindOption(const Command& c, std::string_view name) {
  for (const OptionSpec& o : c.options) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

// Parses the command's own arguments; "--name=value" and "--name value" both work.
Result<Args> ParseArgs(const Command& c, const std::vector<std::string>& words) {
  Args args;
  bool only_positionals = false;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (only_positionals || w.size() < 2 || w[0] != '-' || w == "-") {
      args.positionals_.push_back(w);
      continue;
    }
    if (w == "--") {
      only_positionals = true;
      continue;
    }
    std::string name = w, value;
    bool has_inline_value = false;
    if (auto eq = w.find('='); eq != std::string::npos && w.rfind("--", 0) == 0) {
      name = w.substr(0, eq);
      value = w.substr(eq + 1);
      has_inline_value = true;
    }
    const OptionSpec* spec = FindOption(c, name);
    if (spec == nullptr) {
      return InvalidArgument("{}: unknown option {} (see `floe {} --help`)", c.name, name, c.name);
    }
    if (spec->value_name.empty()) {
      if (has_inline_value) return InvalidArgument("{}: option {} takes no value", c.name, name);
      args.options_[name].push_back("");
      continue;
    }
    if (!has_inline_value) {
      if (i + 1 >= words.size()) {
        return InvalidArgument("{}: option {} needs a value {}", c.name, name, spec->value_name);
      }
      value = words[++i];
    }
    args.options_[name].push_back(value);
  }
  int n = static_cast<int>(args.positionals_.size());
  if (n < c.min_positionals || (c.max_positionals >= 0 && n > c.max_positionals)) {
    return InvalidArgument("{}: wrong number of arguments\nUsage: {}", c.name, c.usage);
  }
  return args;
}

int Fail(const Error& error) {
  PrintErr(fmt::format("floe: {}\n", error.message));
  return ExitCodeFor(error.kind);
}

const char* SignalName(int signo) {
  switch (signo) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

// A command that a signal cancelled: 128 + the signal, and a line saying whether its work was
// committed (it returned Ok: the signal came after the catalog swap) or not.
int Interrupted(int signo, const Status& status) {
  if (status.ok()) {
    PrintErr(fmt::format("floe: {} received after the work was done: it was committed\n",
                         SignalName(signo)));
  } else {
    if (!IsCancelledError(status.error()))
      PrintErr(fmt::format("floe: {}\n", status.error().message));
    PrintErr(fmt::format("floe: interrupted by {}: nothing was committed\n", SignalName(signo)));
  }
  return 128 + signo;
}

int Main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  GlobalOptions global;
  size_t i = 0;
  // Global options come before the command name.
  for (; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.empty() || w[0] != '-') break;
    auto value = [&](const char* name) -> Result<std::string> {
      if (i + 1 >= words.size()) return InvalidArgument("option {} needs a value", name);
      return words[++i];
    };
    if (w == "--help" || w == "-h") {
      Print(TopLevelHelp());
      return 0;
    } else if (w == "--version") {
      Print(fmt::format("floe {}\n", kFloeVersion));
      return 0;
    } else if (w == "--quiet") {
      global.quiet = true;
    } else if (w == "--verbose") {
      global.verbose = true;
    } else if (w == "--warehouse" || w == "--catalog" || w == "--config" || w == "--threads") {
      auto v = value(w.c_str());
      if (!v.ok()) return Fail(v.error());
      if (w == "--warehouse") global.warehouse = *v;
      if (w == "--catalog") global.catalog = *v;
      if (w == "--config") global.config = *v;
      if (w == "--threads") {
        char* end = nullptr;
        long n = std::strtol(v->c_str(), &end, 10);
        if (*end != '\0' || n < 0)
          return Fail(InvalidArgument("--threads takes a number, got \"{}\"", *v));
        global.threads = static_cast<int>(n);
      }
    } else {
      return Fail(InvalidArgument("unknown global option {} (see `floe --help`)", w));
    }
  }
  if (i >= words.size()) {
    PrintErr(TopLevelHelp());
    return 2;
  }
  // The longest registered command name that matches the next words ("parquet meta" before
  // "parquet").
  const Command* command = nullptr;
  size_t command_words = 0;
  for (const Command& c : Commands()) {
    size_t n = 0, pos = 0;
    bool match = true;
    while (pos <= c.name.size()) {
      size_t end = c.name.find(' ', pos);
      if (end == std::string::npos) end = c.name.size();
      if (i + n >= words.size() || words[i + n] != c.name.substr(pos, end - pos)) {
        match = false;
        break;
      }
      ++n;
      pos = end + 1;
    }
    if (match && n > command_words) {
      command = &c;
      command_words = n;
    }
  }
  if (command == nullptr) {
    // A group word alone ("floe parquet") lists its subcommands.
    std::string group = words[i], listing;
    for (const Command& c : Commands()) {
      if (c.name.rfind(group + " ", 0) == 0)
        listing += fmt::format("  {:<20} {}\n", c.name, c.summary);
    }
    if (!listing.empty()) {
      bool help = i + 1 < words.size() && (words[i + 1] == "--help" || words[i + 1] == "-h");
      (help ? Print : PrintErr)(fmt::format("Commands of floe {}:\n{}", group, listing));
      return help ? 0 : 2;
    }
    return Fail(InvalidArgument("unknown command \"{}\" (see `floe --help`)", words[i]));
  }
  std::vector<std::string> rest(words.begin() + static_cast<long>(i + command_words), words.end());
  if (std::find(rest.begin(), rest.end(), "--help") != rest.end() ||
      std::find(rest.begin(), rest.end(), "-h") != rest.end()) {
    Print(CommandHelp(*command));
    return 0;
  }
  auto args = ParseArgs(*command, rest);
  if (!args.ok()) return Fail(args.error());
  // Library warnings always reach stderr; notes only with --verbose.
  SetDiagnosticSink([verbose = global.verbose](DiagnosticLevel level, const std::string& message) {
    if (level == DiagnosticLevel::kWarning) {
      PrintErr(fmt::format("warning: {}\n", message));
    } else if (verbose) {
      PrintErr(fmt::format("note: {}\n", message));
    }
  });
  // docs/cli.md, "Signals": SIGINT, SIGTERM and SIGHUP stop the work at the next check; the
  // files this process wrote and did not commit are removed on the way out.
  InstallInterruptHandler();
  Status status = command->run(Invocation{global, std::move(args).value()});
  if (int signo = InterruptSignal(); signo != 0) return Interrupted(signo, status);
  if (!status.ok()) return Fail(status.error());
  return 0;
}

}  // namespace
}  // namespace floe::cli

// No exception may end floe with an abort: anything Main lets escape is a bug, reported as one
// (exit 1) with the command that was running.
int main(int argc, char** argv) {
  try {
    return floe::cli::Main(argc, argv);
  } catch (const std::exception& e) {
    std::string command = argc > 1 ? argv[1] : "";
    for (int i = 2; i < argc && argv[i][0] != '-'; ++i) command += std::string(" ") + argv[i];
    std::fprintf(stderr, "floe: internal error while running `floe %s`: %s (please report it)\n",
                 command.c_str(), e.what());
  } catch (...) {
    std::fprintf(stderr, "floe: internal error: an unknown exception (please report it)\n");
  }
  return 1;
}
