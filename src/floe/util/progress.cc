#include "floe/util/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>

namespace floe {
namespace {

std::atomic<bool> global_quiet{false};

}  // namespace

void SetProgressQuiet(bool quiet) { global_quiet.store(quiet, std::memory_order_relaxed); }
bool ProgressQuiet() { return global_quiet.load(std::memory_order_relaxed); }

Progress::Progress(std::string label, int64_t total, ProgressOptions options)
    : label_(std::move(label)),
      options_(options),
      start_(std::chrono::steady_clock::now()),
      total_(total) {
  bool terminal = options_.is_terminal ? *options_.is_terminal : ::isatty(options_.fd) == 1;
  enabled_ = terminal && !options_.quiet && !ProgressQuiet();
}

Progress::~Progress() { Finish(); }

void Progress::SetTotal(int64_t total) { total_.store(total, std::memory_order_relaxed); }

void Progress::Advance(int64_t n) {
  done_.fetch_add(n, std::memory_order_relaxed);
  if (!enabled_ || finished_.load(std::memory_order_relaxed)) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < options_.delay) return;
  std::unique_lock lock(draw_mu_, std::try_to_lock);
  if (!lock.owns_lock() || finished_.load(std::memory_order_relaxed)) return;
  if (drawn_.load(std::memory_order_relaxed) && now - last_draw_ < options_.redraw_every) return;
  last_draw_ = now;
  Draw(now);
}

void Progress::Finish() {
  std::lock_guard lock(draw_mu_);
  if (finished_.exchange(true)) return;
  if (drawn_.load(std::memory_order_relaxed)) WriteAll("\r\x1b[K");  // clear the bar's line
}

std::string Progress::Count(int64_t n) const {
  if (!options_.bytes) return std::to_string(n);
  return fmt::format("{:.1f} MB", static_cast<double>(n) / (1024.0 * 1024.0));
}

void Progress::Draw(std::chrono::steady_clock::time_point now) {
  int64_t done = done_.load(std::memory_order_relaxed);
  int64_t total = total_.load(std::memory_order_relaxed);
  double seconds = std::chrono::duration<double>(now - start_).count();
  std::string line = "\r" + label_;
  if (total > 0) {
    double fraction = static_cast<double>(done) / static_cast<double>(total);
    if (fraction > 1) fraction = 1;
    int filled = static_cast<int>(fraction * options_.width);
    line += " [" + std::string(static_cast<size_t>(filled), '#') +
            std::string(static_cast<size_t>(options_.width - filled), '.') + "]";
    line +=
        fmt::format(" {:3d}% {}/{}", static_cast<int>(fraction * 100), Count(done), Count(total));
  } else {
    line += fmt::format(" {}", Count(done));
  }
  line += fmt::format(" {:.1f}s\x1b[K", seconds);
  WriteAll(line);
  drawn_.store(true, std::memory_order_relaxed);
}

void Progress::WriteAll(const std::string& text) {
  const char* p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(options_.fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // progress is best effort
    p += n;
    left -= static_cast<size_t>(n);
  }
}

}  // namespace floe
