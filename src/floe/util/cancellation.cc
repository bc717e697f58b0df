#include "floe/util/cancellation.h"

#include <signal.h>

#include <mutex>

namespace floe {
namespace {

// Lock-free, so setting it from a signal handler is safe.
static_assert(std::atomic<bool>::is_always_lock_free);

CancellationToken* global_token = nullptr;
std::atomic<int> last_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void OnInterrupt(int signo) {
  if (global_token->cancelled()) {
    // Second signal: the user does not want to wait for a clean stop.
    ::signal(signo, SIG_DFL);
    ::raise(signo);
    return;
  }
  last_signal.store(signo, std::memory_order_relaxed);
  global_token->Cancel();
}

}  // namespace

Status CancellationToken::Check() const {
  if (cancelled()) return CancelledError();
  return Ok();
}

CancellationToken& GlobalCancellation() {
  // Never destroyed: worker threads and the signal handler may use it during exit.
  static CancellationToken* token = new CancellationToken();
  return *token;
}

void InstallInterruptHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    global_token = &GlobalCancellation();
    struct sigaction action = {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
  });
}

int InterruptSignal() { return last_signal.load(std::memory_order_relaxed); }

void ResetInterrupt() {
  GlobalCancellation().Reset();
  last_signal.store(0, std::memory_order_relaxed);
}

Error CancelledError() { return IoError("interrupted: the operation was cancelled (Ctrl-C)"); }

bool IsCancelledError(const Error& error) {
  return error.kind == ErrorKind::kIo && error.message.find(
                                             "interrupted: the operation was "
                                             "cancelled") != std::string::npos;
}

}  // namespace floe
