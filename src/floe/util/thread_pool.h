// The process-wide thread pool and the parallel loops built on it (docs/design.md, "Threads").
//
// - One pool per process: GlobalThreadPool(), sized by SetThreadCount (`--threads N`; 0 = all
//   cores the process may run on).
// - Results come back in input order: ParallelMap(inputs, fn)[i] is fn(inputs[i]), however the
//   work was spread over threads.
// - No task waits for a sibling task in the queue. ParallelFor hands out indices from a shared
//   counter; the calling thread takes indices too, and helper tasks in the pool take an index
//   only once they actually run. So when the caller runs out of indices it waits only for
//   indices that some running thread holds, never for a task still queued behind it. A
//   ParallelFor inside a ParallelFor task (manifests in parallel, each reading its entries in
//   parallel) therefore cannot deadlock, even on a one-thread pool: the inner caller does its
//   own work if no worker is free. Code that submits raw tasks with ThreadPool::Submit must keep
//   the same rule: never block a pool task on another queued task; wait from outside the pool.
// - No exceptions: loop bodies return Status / Result<T>; the first failure (lowest index among
//   the indices that ran) is returned and indices not yet started are skipped.
// - Cooperative cancellation: before each index the loop checks its CancellationToken
//   (default: GlobalCancellation(), set by Ctrl-C) and stops with CancelledError().
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "floe/util/cancellation.h"
#include "floe/util/result.h"

namespace floe {

class ThreadPool {
 public:
  explicit ThreadPool(int threads);
  // Runs the tasks still queued, then joins the workers.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const;
  // Queues a task. Tasks must not throw and must not block waiting for another queued task.
  void Submit(std::function<void()> task);
  // Grows or shrinks the pool (shrinking waits for the removed workers' current tasks). Must not
  // be called from a worker of this pool.
  void Resize(int threads);
  // True on a worker thread of any ThreadPool.
  static bool InWorkerThread();

 private:
  void WorkerLoop(int index);

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  int target_size_ = 0;
  bool stopping_ = false;
};

// Cores this process may use (its CPU affinity), at least 1.
int AvailableCores();
// Sets the size of the global pool: `--threads N`; 0 means AvailableCores(). Negative is an
// invalid argument. Resizes the pool if it is already running.
Status SetThreadCount(int threads);
// The size the global pool has or will have.
int ThreadCount();
// The process-wide pool, created on first use (never destroyed: workers may outlive main).
ThreadPool& GlobalThreadPool();

struct ParallelOptions {
  ThreadPool* pool = nullptr;                 // nullptr: GlobalThreadPool()
  const CancellationToken* cancel = nullptr;  // nullptr: GlobalCancellation()
  int max_parallelism = 0;                    // threads working at once, caller included;
                                              // 0: the pool's size
};

// Runs fn(0) … fn(n-1), spread over the pool and the calling thread; returns when all are done.
Status ParallelFor(int64_t n, const std::function<Status(int64_t)>& fn,
                   const ParallelOptions& options = {});

namespace internal {
template <typename R>
struct ResultValue;
template <typename T>
struct ResultValue<Result<T>> {
  using type = T;
};
}  // namespace internal

// fn(i) -> Result<T> for i in [0, n); the values in index order.
template <typename F>
auto ParallelMap(int64_t n, F&& fn, const ParallelOptions& options = {}) -> Result<
    std::vector<typename internal::ResultValue<std::invoke_result_t<F&, int64_t>>::type>> {
  using T = typename internal::ResultValue<std::invoke_result_t<F&, int64_t>>::type;
  std::vector<std::optional<T>> slots(static_cast<size_t>(n > 0 ? n : 0));
  Status st = ParallelFor(
      n,
      [&](int64_t i) -> Status {
        auto r = fn(i);
        if (!r.ok()) return std::move(r).error();
        slots[static_cast<size_t>(i)].emplace(std::move(r).value());
        return Ok();
      },
      options);
  if (!st.ok()) return std::move(st).error();
  std::vector<T> out;
  out.reserve(slots.size());
  for (auto& slot : slots) out.push_back(std::move(*slot));
  return out;
}

// fn(inputs[i]) -> Result<T> for every input; the values in input order.
template <typename In, typename F>
auto ParallelMap(const std::vector<In>& inputs, F&& fn, const ParallelOptions& options = {})
    -> Result<
        std::vector<typename internal::ResultValue<std::invoke_result_t<F&, const In&>>::type>> {
  return ParallelMap(
      static_cast<int64_t>(inputs.size()),
      [&](int64_t i) { return fn(inputs[static_cast<size_t>(i)]); }, options);
}

// Status-typed core of ParallelForEachOrdered: produce(i) leaves its result where consume(i)
// finds it. produce runs on pool threads or on the caller; consume runs on the caller in order.
Status ParallelOrderedCore(int64_t n, int64_t window, const std::function<Status(int64_t)>& produce,
                           const std::function<Status(int64_t)>& consume,
                           const ParallelOptions& options);

// A pipeline with bounded memory: produce(i) -> Result<T> runs in parallel, at most `window`
// indices ahead of the consumer (0: twice the parallelism); consume(i, T&&) -> Status runs on the
// calling thread, in index order (files read in parallel, rows emitted in file order). The caller
// produces an index itself when no worker has started it, so it never waits on a queued task.
// The first failure of either side stops the pipeline; indices not started are dropped.
template <typename Produce, typename Consume>
Status ParallelForEachOrdered(int64_t n, Produce&& produce, Consume&& consume,
                              const ParallelOptions& options = {}, int64_t window = 0) {
  using T = typename internal::ResultValue<std::invoke_result_t<Produce&, int64_t>>::type;
  std::vector<std::optional<T>> slots(static_cast<size_t>(n > 0 ? n : 0));
  return ParallelOrderedCore(
      n, window,
      [&](int64_t i) -> Status {
        auto r = produce(i);
        if (!r.ok()) return std::move(r).error();
        slots[static_cast<size_t>(i)].emplace(std::move(r).value());
        return Ok();
      },
      [&](int64_t i) -> Status {
        std::optional<T> value = std::move(slots[static_cast<size_t>(i)]);
        slots[static_cast<size_t>(i)].reset();
        return consume(i, std::move(*value));
      },
      options);
}

}  // namespace floe
