#include "cli/command.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

namespace floe::cli {

namespace {
std::vector<Command>& Registry() {
  static std::vector<Command> commands;
  return commands;
}
}  // namespace

bool RegisterCommand(Command command) {
  Registry().push_back(std::move(command));
  return true;
}

const std::vector<Command>& Commands() { return Registry(); }

std::optional<std::string> Args::Get(std::string_view name) const {
  auto it = options_.find(std::string(name));
  if (it == options_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::GetAll(std::string_view name) const {
  auto it = options_.find(std::string(name));
  if (it == options_.end()) return {};
  return it->second;
}

Result<std::optional<int64_t>> Args::GetInt(std::string_view name) const {
  auto text = Get(name);
  if (!text) return std::optional<int64_t>();
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || ptr != text->data() + text->size()) {
    return InvalidArgument("{} takes an integer, got \"{}\"", name, *text);
  }
  return std::optional<int64_t>(value);
}

void Print(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }
void PrintErr(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stderr); }

columnar::TableLayout TableLayoutFor(std::FILE* file) {
  const int fd = file ? fileno(file) : -1;
  if (fd < 0 || !isatty(fd)) return {};
  columnar::TableLayout layout;
  layout.max_cell_width = columnar::RowWriter::kMaxCellWidth;
  winsize size{};
  const bool known = ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0;
  // Room for the header, separator, "…" line, footer and the next prompt.
  layout.max_rows = known ? std::max(10, size.ws_row - 6) : 40;
  layout.max_line_width = known ? size.ws_col : 0;
  return layout;
}

}  // namespace floe::cli
