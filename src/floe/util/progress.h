// Progress on stderr (docs/cli.md: data to stdout, diagnostics and progress to stderr; "a progress
// bar appears only when stderr is a terminal and the work takes more than a second").
//
//   Progress progress("append", total_bytes);
//   ... progress.Advance(n);   // from any thread
//   progress.Finish();         // or let the destructor do it: the bar line is cleared
//
// Nothing is printed when the stream is not a terminal, when quiet (`--quiet`:
// SetProgressQuiet(true)), or before `delay` has passed since the Progress was made. Redraws
// are limited to a few per second and never block a worker: a thread that finds another one
// drawing skips its redraw.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace floe {

// Process-wide `--quiet`: no progress bars at all.
void SetProgressQuiet(bool quiet);
bool ProgressQuiet();

struct ProgressOptions {
  int fd = 2;                                   // stderr
  std::chrono::milliseconds delay{1000};        // show only work that takes longer
  std::chrono::milliseconds redraw_every{100};  // at most this often
  int width = 30;                               // bar cells
  bool quiet = false;                           // this bar only (SetProgressQuiet: all)
  bool bytes = false;                           // counts are bytes: shown as "1.5/12.0 MB"
  // Tests: treat `fd` as a terminal (true) or not (false) instead of asking isatty.
  std::optional<bool> is_terminal;
};

class Progress {
 public:
  // `total` in the unit the caller advances by (files, rows, bytes); 0 when unknown.
  Progress(std::string label, int64_t total, ProgressOptions options = {});
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Thread-safe.
  void Advance(int64_t n = 1);
  void SetTotal(int64_t total);
  int64_t done() const { return done_.load(std::memory_order_relaxed); }
  // Clears the bar if one was drawn; later calls to Advance draw nothing.
  void Finish();
  // Whether a bar has been drawn (tests).
  bool drawn() const { return drawn_.load(std::memory_order_relaxed); }

 private:
  void Draw(std::chrono::steady_clock::time_point now);
  std::string Count(int64_t n) const;  // a count as drawn (bytes in MB)
  void WriteAll(const std::string& text);

  std::string label_;
  ProgressOptions options_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<int64_t> total_;
  std::atomic<int64_t> done_{0};
  std::atomic<bool> drawn_{false};
  std::atomic<bool> finished_{false};
  std::mutex draw_mu_;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace floe
