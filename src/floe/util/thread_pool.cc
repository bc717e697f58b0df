#include "floe/util/thread_pool.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>

namespace floe {
namespace {

thread_local bool in_worker = false;

}  // namespace

ThreadPool::ThreadPool(int threads) { Resize(threads); }

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread& t : workers_) t.join();
}

int ThreadPool::size() const {
  std::lock_guard lock(mu_);
  return target_size_;
}

bool ThreadPool::InWorkerThread() { return in_worker; }

void ThreadPool::Submit(std::function<void()> task) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(std::move(task));
  }
  cv_.notify_one();
}

void ThreadPool::Resize(int threads) {
  if (threads < 1) threads = 1;
  std::vector<std::thread> leaving;
  {
    std::lock_guard lock(mu_);
    target_size_ = threads;
    while (static_cast<int>(workers_.size()) > threads) {
      leaving.push_back(std::move(workers_.back()));
      workers_.pop_back();
    }
    for (int i = static_cast<int>(workers_.size()); i < threads; ++i) {
      workers_.emplace_back([this, i] { WorkerLoop(i); });
    }
  }
  cv_.notify_all();
  for (std::thread& t : leaving) t.join();
}

void ThreadPool::WorkerLoop(int index) {
  in_worker = true;
  std::unique_lock lock(mu_);
  while (true) {
    cv_.wait(lock, [&] { return stopping_ || !queue_.empty() || index >= target_size_; });
    if (index >= target_size_) return;
    if (queue_.empty()) return;  // stopping, nothing left to run
    std::function<void()> task = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    task();
    task = nullptr;  // release what the task holds before taking the lock again
    lock.lock();
  }
}

int AvailableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? static_cast<int>(hw) : 1;
}

namespace {

std::mutex global_mu;
std::atomic<ThreadPool*> global_pool{nullptr};
int global_threads = 0;  // 0: not set, AvailableCores()

}  // namespace

Status SetThreadCount(int threads) {
  if (threads < 0) return InvalidArgument("--threads {}: expected 0 (all cores) or more", threads);
  ThreadPool* pool;
  {
    std::lock_guard lock(global_mu);
    global_threads = threads;
    pool = global_pool.load(std::memory_order_acquire);
  }
  // Outside the lock: shrinking waits for workers' current tasks, which may use the pool.
  if (pool != nullptr) pool->Resize(threads == 0 ? AvailableCores() : threads);
  return Ok();
}

int ThreadCount() {
  std::lock_guard lock(global_mu);
  return global_threads == 0 ? AvailableCores() : global_threads;
}

ThreadPool& GlobalThreadPool() {
  if (ThreadPool* pool = global_pool.load(std::memory_order_acquire)) return *pool;
  std::lock_guard lock(global_mu);
  ThreadPool* pool = global_pool.load(std::memory_order_relaxed);
  if (pool == nullptr) {
    pool = new ThreadPool(global_threads == 0 ? AvailableCores() : global_threads);
    global_pool.store(pool, std::memory_order_release);
  }
  return *pool;
}

namespace {

// Shared by the caller and its helper tasks; helpers that start after the loop ended find no
// index left and return without touching `fn`, which by then may be gone.
struct LoopState {
  int64_t n = 0;
  const std::function<Status(int64_t)>* fn = nullptr;
  const CancellationToken* cancel = nullptr;
  std::atomic<int64_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable done_cv;
  int64_t finished = 0;
  int64_t error_index = std::numeric_limits<int64_t>::max();
  std::optional<Error> error;
};

void RunIndices(LoopState& s) {
  while (true) {
    int64_t i = s.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= s.n) return;
    Status st;
    if (!s.stop.load(std::memory_order_relaxed)) {
      st = s.cancel->cancelled() ? Status(CancelledError()) : (*s.fn)(i);
    }
    std::lock_guard lock(s.mu);
    if (!st.ok()) {
      s.stop.store(true, std::memory_order_relaxed);
      if (i < s.error_index) {
        s.error_index = i;
        s.error = std::move(st).error();
      }
    }
    if (++s.finished == s.n) s.done_cv.notify_all();
  }
}

}  // namespace

Status ParallelFor(int64_t n, const std::function<Status(int64_t)>& fn,
                   const ParallelOptions& options) {
  if (n <= 0) return Ok();
  ThreadPool& pool = options.pool != nullptr ? *options.pool : GlobalThreadPool();
  auto state = std::make_shared<LoopState>();
  state->n = n;
  state->fn = &fn;
  state->cancel = options.cancel != nullptr ? options.cancel : &GlobalCancellation();
  int64_t parallelism = options.max_parallelism > 0 ? options.max_parallelism : pool.size();
  int64_t helpers = std::min(parallelism, n) - 1;
  for (int64_t h = 0; h < helpers; ++h) pool.Submit([state] { RunIndices(*state); });
  RunIndices(*state);
  std::unique_lock lock(state->mu);
  state->done_cv.wait(lock, [&] { return state->finished == state->n; });
  if (state->error) return std::move(*state->error);
  return Ok();
}

namespace {

enum IndexState : int { kPending = 0, kRunning = 1, kDone = 2, kDropped = 3 };

struct OrderedState {
  const std::function<Status(int64_t)>* produce = nullptr;
  const CancellationToken* cancel = nullptr;
  std::unique_ptr<std::atomic<int>[]> state;
  std::vector<Status> results;  // written before the index turns kDone
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable cv;
};

// Produces index i unless someone else already took it (or it was dropped).
void ProduceIndex(OrderedState& s, int64_t i) {
  int expected = kPending;
  if (!s.state[i].compare_exchange_strong(expected, kRunning)) return;
  Status st;
  if (s.stop.load(std::memory_order_relaxed)) {
    st = Internal("pipeline stopped");  // never consumed: the caller stopped first
  } else if (s.cancel->cancelled()) {
    st = CancelledError();
  } else {
    st = (*s.produce)(i);
  }
  std::lock_guard lock(s.mu);
  s.results[static_cast<size_t>(i)] = std::move(st);
  s.state[i].store(kDone, std::memory_order_release);
  s.cv.notify_all();
}

}  // namespace

Status ParallelOrderedCore(int64_t n, int64_t window, const std::function<Status(int64_t)>& produce,
                           const std::function<Status(int64_t)>& consume,
                           const ParallelOptions& options) {
  if (n <= 0) return Ok();
  ThreadPool& pool = options.pool != nullptr ? *options.pool : GlobalThreadPool();
  int64_t parallelism = options.max_parallelism > 0 ? options.max_parallelism : pool.size();
  if (window <= 0) window = 2 * parallelism;
  auto s = std::make_shared<OrderedState>();
  s->produce = &produce;
  s->cancel = options.cancel != nullptr ? options.cancel : &GlobalCancellation();
  s->state.reset(new std::atomic<int>[static_cast<size_t>(n)]);
  for (int64_t i = 0; i < n; ++i) s->state[i].store(kPending, std::memory_order_relaxed);
  s->results.resize(static_cast<size_t>(n));

  int64_t submitted = 0;
  Status outcome;
  for (int64_t i = 0; i < n && outcome.ok(); ++i) {
    // Keep up to `window` indices in flight (none when running alone: the caller does all).
    if (parallelism > 1) {
      for (; submitted < n && submitted < i + window; ++submitted) {
        pool.Submit([s, j = submitted] { ProduceIndex(*s, j); });
      }
    }
    ProduceIndex(*s, i);  // does it here if no worker has started it
    {
      std::unique_lock lock(s->mu);
      s->cv.wait(lock, [&] { return s->state[i].load(std::memory_order_acquire) == kDone; });
    }
    Status produced = std::move(s->results[static_cast<size_t>(i)]);
    outcome = produced.ok() ? consume(i) : std::move(produced);
  }
  if (!outcome.ok()) {
    // Drop what no worker started; wait for what some worker is producing, which still uses
    // `produce` and the caller's result slots.
    s->stop.store(true, std::memory_order_relaxed);
    for (int64_t j = 0; j < submitted; ++j) {
      int expected = kPending;
      s->state[j].compare_exchange_strong(expected, kDropped);
    }
    std::unique_lock lock(s->mu);
    s->cv.wait(lock, [&] {
      for (int64_t j = 0; j < submitted; ++j) {
        if (s->state[j].load(std::memory_order_acquire) == kRunning) return false;
      }
      return true;
    });
  }
  return outcome;
}

}  // namespace floe
