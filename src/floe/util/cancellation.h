// Cooperative cancellation (docs/design.md, "Threads": Ctrl-C cancels and removes partial files).
// Long loops call token.Check() between units of work and return its error; the error travels
// up like any other, and OutputFiles that are not closed remove their partial bytes when they
// are destroyed. Nothing is interrupted mid-write.
//
// InstallInterruptHandler() makes SIGINT, SIGTERM and SIGHUP cancel GlobalCancellation(); a
// second signal while the first is being honoured ends the process at once (the default action).
// The CLI maps a cancellation to exit code 128 + the signal (130, 143, 129) with
// InterruptSignal().
#pragma once

#include <atomic>

#include "floe/util/result.h"

namespace floe {

class CancellationToken {
 public:
  // A token also counts as cancelled when its parent is (e.g. a per-operation token below the
  // process-wide one). The parent must outlive this token.
  explicit CancellationToken(const CancellationToken* parent = nullptr) : parent_(parent) {}
  CancellationToken(const CancellationToken&) = delete;
  CancellationToken& operator=(const CancellationToken&) = delete;

  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  void Reset() { cancelled_.store(false, std::memory_order_relaxed); }
  bool cancelled() const {
    return cancelled_.load(std::memory_order_relaxed) ||
           (parent_ != nullptr && parent_->cancelled());
  }
  // Ok, or the cancellation error (kind: I/O, message "interrupted").
  Status Check() const;

 private:
  std::atomic<bool> cancelled_{false};
  const CancellationToken* parent_;
};

// The process-wide token the signal handler sets.
CancellationToken& GlobalCancellation();

// Installs the SIGINT/SIGTERM/SIGHUP handler once (later calls do nothing). Async-signal-safe:
// the handler only sets atomic flags.
void InstallInterruptHandler();
// The signal that cancelled GlobalCancellation() (SIGINT, ...), 0 when none has.
int InterruptSignal();
// Clears GlobalCancellation() and InterruptSignal() (the SQL shell, after a cancelled statement).
void ResetInterrupt();

// The error a cancelled operation returns, and whether `error` is one (perhaps with context).
Error CancelledError();
bool IsCancelledError(const Error& error);

}  // namespace floe
