// Ordered streams produced in parallel: several files read at once, their batches consumed in
// file order (table_reader.h). ParallelForEachOrdered (thread_pool.h) hands on one finished value
// per index; this is the same pipeline for indices that each produce a *stream* of items, so no
// index ever has to be held in memory whole.
//
// - produce(i, sink) makes stream i by calling sink.Push(item) for each of its items, in order.
//   consume(i, item) runs on the calling thread and sees every item of stream 0, then every item
//   of stream 1, and so on: exactly the order of a sequential loop, whatever the timing.
// - Bounded memory: at most `streams_in_flight` streams are produced at once — the one being
//   consumed and the ones right after it — and each holds at most `queue_capacity` items not yet
//   consumed; Push blocks while its queue is full. The caller drains the stream it is on, so a
//   blocked Push always gets room again.
// - thread_pool.h's rule, no waiting on a queued task: when the caller reaches a stream no worker
//   has started, it produces that stream itself, each item going straight to consume.
// - Stopping: when consume returns false (enough: a row limit is reached) or an error, Push
//   returns false in every running stream, streams not started are dropped, and the call returns
//   once the running producers have returned. A producer whose Push returned false must return
//   promptly; what it returns is then ignored.
// - Errors: when stream j fails, the streams after j stop at once (they would only be consumed
//   after the error); the streams before j are still consumed, then j's error is returned — the
//   items and the error of a sequential loop. Cancellation (the token, default
//   GlobalCancellation()) is checked before each stream and each item.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "floe/util/cancellation.h"
#include "floe/util/result.h"
#include "floe/util/thread_pool.h"

namespace floe {

struct OrderedStreamOptions {
  ThreadPool* pool = nullptr;                 // nullptr: GlobalThreadPool()
  const CancellationToken* cancel = nullptr;  // nullptr: GlobalCancellation()
  int streams_in_flight = 0;  // 0: the pool's size; 1: one stream at a time, all on the caller
  int queue_capacity = 4;     // items a stream may hold before its Push blocks (at least 1)
};

template <typename T>
class StreamSink {
 public:
  virtual ~StreamSink() = default;
  // Hands on the stream's next item. False: the consumer stopped; return now.
  virtual bool Push(T item) = 0;
};

template <typename T>
using StreamProducer = std::function<Status(int64_t index, StreamSink<T>& sink)>;
// True: go on; false: enough, stop without an error.
template <typename T>
using StreamConsumer = std::function<Result<bool>(int64_t index, T&& item)>;

namespace internal {

// The state the caller and its pool tasks share. Pool tasks that start after the call returned
// find their stream dropped or done and leave without touching `produce`.
template <typename T>
class OrderedStreams {
 public:
  OrderedStreams(int64_t n, const StreamProducer<T>& produce, const CancellationToken& cancel,
                 int queue_capacity)
      : produce_(&produce),
        cancel_(&cancel),
        capacity_(queue_capacity < 1 ? 1 : static_cast<size_t>(queue_capacity)),
        streams_(static_cast<size_t>(n)),
        cutoff_(n) {}

  // Run by a pool task: produces stream i unless the caller took it, or it is no longer wanted.
  void ProduceOnWorker(int64_t i) {
    {
      std::lock_guard lock(mu_);
      Stream& s = stream(i);
      if (s.state != kPending) return;
      if (stopped_ || i > cutoff_) {
        s.state = kDropped;
        return;
      }
      s.state = kRunning;
    }
    QueueSink sink(*this, i);
    Status st = cancel_->cancelled() ? Status(CancelledError()) : (*produce_)(i, sink);
    std::lock_guard lock(mu_);
    Stream& s = stream(i);
    s.status = std::move(st);
    s.state = kDone;
    if (!s.status.ok() && i < cutoff_) cutoff_ = i;
    cv_.notify_all();
  }

  // Run by the caller: consumes stream i, producing it here when no worker has started it.
  // Ok(true): go on with the next stream; Ok(false): the consumer had enough.
  Result<bool> ConsumeStream(int64_t i, const StreamConsumer<T>& consume) {
    bool mine = false;
    {
      std::lock_guard lock(mu_);
      Stream& s = stream(i);
      if (s.state == kPending) {
        s.state = kRunning;
        mine = true;
      }
    }
    if (mine) return ProduceOnCaller(i, consume);
    for (;;) {
      std::optional<T> item;
      Status finished;
      {
        std::unique_lock lock(mu_);
        Stream& s = stream(i);
        // Woken by every Push and every finished stream; the timeout only notices Ctrl-C.
        while (s.items.empty() && s.state != kDone && !cancel_->cancelled()) {
          cv_.wait_for(lock, std::chrono::milliseconds(100));
        }
        if (cancel_->cancelled()) return CancelledError();
        if (!s.items.empty()) {
          item.emplace(std::move(s.items.front()));
          s.items.pop_front();
        } else {
          finished = s.status;
        }
      }
      if (!item) {
        if (!finished.ok()) return std::move(finished).error();
        return true;
      }
      cv_.notify_all();  // room in the queue
      FLOE_ASSIGN_OR_RETURN(bool more, consume(i, std::move(*item)));
      if (!more) return false;
    }
  }

  // Makes sure streams [0, n) that have not started never will, wakes the producers, and waits
  // for the running ones to return; then drops the items still queued.
  void Stop() {
    std::deque<T> leftovers;
    std::unique_lock lock(mu_);
    stopped_ = true;
    for (Stream& s : streams_) {
      if (s.state == kPending) s.state = kDropped;
    }
    cv_.notify_all();
    cv_.wait(lock, [&] {
      for (const Stream& s : streams_) {
        if (s.state == kRunning) return false;
      }
      return true;
    });
    for (Stream& s : streams_) {
      for (T& item : s.items) leftovers.push_back(std::move(item));
      s.items.clear();
    }
  }

  // Streams after a failed one are not worth starting.
  int64_t cutoff() {
    std::lock_guard lock(mu_);
    return cutoff_;
  }

 private:
  enum State { kPending, kRunning, kDone, kDropped };
  struct Stream {
    State state = kPending;
    std::deque<T> items;
    Status status;
  };

  // A worker's sink: items wait in the stream's queue for the caller.
  class QueueSink : public StreamSink<T> {
   public:
    QueueSink(OrderedStreams& owner, int64_t index) : owner_(owner), index_(index) {}
    bool Push(T item) override {
      std::unique_lock lock(owner_.mu_);
      Stream& s = owner_.stream(index_);
      owner_.cv_.wait(lock,
                      [&] { return s.items.size() < owner_.capacity_ || !owner_.Wanted(index_); });
      if (!owner_.Wanted(index_) || owner_.cancel_->cancelled()) return false;
      s.items.push_back(std::move(item));
      owner_.cv_.notify_all();
      return true;
    }

   private:
    OrderedStreams& owner_;
    int64_t index_;
  };

  // The caller's sink: items go straight to consume.
  class DirectSink : public StreamSink<T> {
   public:
    DirectSink(OrderedStreams& owner, int64_t index, const StreamConsumer<T>& consume)
        : owner_(owner), index_(index), consume_(consume) {}
    bool Push(T item) override {
      if (!outcome_.ok() || !more_) return false;
      if (owner_.cancel_->cancelled()) {
        outcome_ = CancelledError();
        return false;
      }
      Result<bool> r = consume_(index_, std::move(item));
      if (!r.ok()) {
        outcome_ = std::move(r).error();
        return false;
      }
      more_ = *r;
      return more_;
    }
    Status outcome_;
    bool more_ = true;

   private:
    OrderedStreams& owner_;
    int64_t index_;
    const StreamConsumer<T>& consume_;
  };

  Result<bool> ProduceOnCaller(int64_t i, const StreamConsumer<T>& consume) {
    DirectSink sink(*this, i, consume);
    Status st = cancel_->cancelled() ? Status(CancelledError()) : (*produce_)(i, sink);
    {
      std::lock_guard lock(mu_);
      stream(i).state = kDone;
      cv_.notify_all();
    }
    // The consumer's word comes first: a producer told to stop may have returned anything.
    if (!sink.outcome_.ok()) return std::move(sink.outcome_).error();
    if (!sink.more_) return false;
    if (!st.ok()) return std::move(st).error();
    return true;
  }

  // Under mu_: whether stream i's items will still be consumed.
  bool Wanted(int64_t i) const { return !stopped_ && i <= cutoff_; }
  Stream& stream(int64_t i) { return streams_[static_cast<size_t>(i)]; }

  const StreamProducer<T>* produce_;
  const CancellationToken* cancel_;
  const size_t capacity_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Stream> streams_;
  int64_t cutoff_;  // the first stream that failed (n: none)
  bool stopped_ = false;
};

}  // namespace internal

// Produces streams 0 … n-1 in parallel and consumes their items on the calling thread, in stream
// order (see the top of this file). Returns the first error in that order, or Ok (also when
// consume stopped early by returning false).
template <typename T>
Status ParallelOrderedStreams(int64_t n, const StreamProducer<T>& produce,
                              const StreamConsumer<T>& consume,
                              const OrderedStreamOptions& options = {}) {
  if (n <= 0) return Ok();
  ThreadPool& pool = options.pool != nullptr ? *options.pool : GlobalThreadPool();
  const CancellationToken& cancel =
      options.cancel != nullptr ? *options.cancel : GlobalCancellation();
  int64_t in_flight = options.streams_in_flight > 0 ? options.streams_in_flight : pool.size();
  auto state =
      std::make_shared<internal::OrderedStreams<T>>(n, produce, cancel, options.queue_capacity);
  Status outcome;
  int64_t submitted = 0;
  for (int64_t i = 0; i < n; ++i) {
    // Streams [i, i + in_flight) may run; with one in flight the caller does everything.
    if (in_flight > 1) {
      int64_t end = std::min({n, i + in_flight, state->cutoff() + 1});
      for (; submitted < end; ++submitted) {
        pool.Submit([state, j = submitted] { state->ProduceOnWorker(j); });
      }
    }
    Result<bool> more = state->ConsumeStream(i, consume);
    if (!more.ok()) {
      outcome = std::move(more).error();
      break;
    }
    if (!*more) break;
  }
  state->Stop();
  return outcome;
}

}  // namespace floe
