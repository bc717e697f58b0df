#include "floe/util/ordered_streams.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "testing/result_matchers.h"

namespace floe {
namespace {

using Item = std::pair<int64_t, int64_t>;  // (stream, position in the stream)

// Stream i has Length(i) items; uneven so that streams finish out of order.
int64_t Length(int64_t i) { return (i * 7919) % 23; }

std::vector<Item> Sequential(int64_t n) {
  std::vector<Item> out;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t k = 0; k < Length(i); ++k) out.emplace_back(i, k);
  }
  return out;
}

TEST(OrderedStreamsTest, ItemsInStreamOrderWithBoundedMemory) {
  constexpr int64_t kStreams = 60;
  constexpr int kInFlight = 3;
  constexpr int kCapacity = 2;
  for (int threads : {1, 2, 4}) {
    ThreadPool pool(threads);
    std::atomic<int> running{0};
    std::atomic<int> max_running{0};
    std::atomic<int64_t> pushed{0};
    std::atomic<int64_t> consumed{0};
    std::atomic<int64_t> max_ahead{0};  // items pushed but not consumed
    std::vector<Item> seen;
    StreamProducer<Item> produce = [&](int64_t i, StreamSink<Item>& sink) -> Status {
      int now = running.fetch_add(1) + 1;
      int before = max_running.load();
      while (now > before && !max_running.compare_exchange_weak(before, now)) {
      }
      for (int64_t k = 0; k < Length(i); ++k) {
        if (k % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(50));
        int64_t ahead = pushed.fetch_add(1) + 1 - consumed.load();
        int64_t prev = max_ahead.load();
        while (ahead > prev && !max_ahead.compare_exchange_weak(prev, ahead)) {
        }
        if (!sink.Push({i, k})) break;
      }
      running.fetch_sub(1);
      return Ok();
    };
    StreamConsumer<Item> consume = [&](int64_t i, Item&& item) -> Result<bool> {
      EXPECT_EQ(item.first, i);
      seen.push_back(item);
      consumed.fetch_add(1);
      return true;
    };
    Status st = ParallelOrderedStreams<Item>(
        kStreams, produce, consume,
        {.pool = &pool, .streams_in_flight = kInFlight, .queue_capacity = kCapacity});
    ASSERT_OK(st);
    EXPECT_EQ(seen, Sequential(kStreams)) << threads << " threads";
    EXPECT_LE(max_running.load(), kInFlight);
    // Each stream in flight holds at most kCapacity queued items plus the one it is pushing;
    // one more may be on its way through consume.
    EXPECT_LE(max_ahead.load(), kInFlight * (kCapacity + 1) + 1);
  }
}

TEST(OrderedStreamsTest, EnoughStopsEveryProducerPromptly) {
  ThreadPool pool(4);
  std::atomic<int64_t> pushed{0};
  std::atomic<int> started{0};
  int64_t consumed = 0;
  StreamProducer<int64_t> produce = [&](int64_t, StreamSink<int64_t>& sink) -> Status {
    started.fetch_add(1);
    for (int64_t k = 0; k < 1'000'000; ++k) {
      pushed.fetch_add(1);
      if (!sink.Push(k)) return IoError("told to stop");  // ignored: the consumer stopped
    }
    return Ok();
  };
  StreamConsumer<int64_t> consume = [&](int64_t, int64_t&&) -> Result<bool> {
    return ++consumed < 10;
  };
  Status st = ParallelOrderedStreams<int64_t>(
      1000, produce, consume, {.pool = &pool, .streams_in_flight = 4, .queue_capacity = 3});
  ASSERT_OK(st);
  EXPECT_EQ(consumed, 10);
  EXPECT_LE(started.load(), 4);
  EXPECT_LE(pushed.load(), 10 + 4 * 4);
}

TEST(OrderedStreamsTest, FirstFailingStreamInOrderWins) {
  ThreadPool pool(4);
  std::vector<Item> seen;
  StreamProducer<Item> produce = [&](int64_t i, StreamSink<Item>& sink) -> Status {
    for (int64_t k = 0; k < Length(i); ++k) {
      // Stream 12 fails after its fifth item, slowly; stream 14 fails at once.
      if (i == 12 && k == 5) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        return Corrupt("stream {}", i);
      }
      if (i == 14) return Corrupt("stream {}", i);
      if (!sink.Push({i, k})) return Ok();
    }
    return Ok();
  };
  StreamConsumer<Item> consume = [&](int64_t, Item&& item) -> Result<bool> {
    seen.push_back(item);
    return true;
  };
  for (int in_flight : {1, 6}) {
    seen.clear();
    Status st = ParallelOrderedStreams<Item>(
        40, produce, consume, {.pool = &pool, .streams_in_flight = in_flight, .queue_capacity = 2});
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().message, "stream 12");
    std::vector<Item> expected = Sequential(12);
    for (int64_t k = 0; k < 5; ++k) expected.emplace_back(12, k);
    EXPECT_EQ(seen, expected) << in_flight << " in flight";
  }
}

TEST(OrderedStreamsTest, ConsumerErrorStopsWithoutDeadlock) {
  ThreadPool pool(2);
  std::atomic<int64_t> pushed{0};
  StreamProducer<int64_t> produce = [&](int64_t, StreamSink<int64_t>& sink) -> Status {
    for (int64_t k = 0; k < 100'000; ++k) {
      pushed.fetch_add(1);
      if (!sink.Push(k)) return Ok();
    }
    return Ok();
  };
  StreamConsumer<int64_t> consume = [&](int64_t i, int64_t&& k) -> Result<bool> {
    if (i == 1 && k == 3) return IoError("stdout closed");
    return true;
  };
  // In flight more than the pool has threads: the caller produces what no worker started.
  Status st = ParallelOrderedStreams<int64_t>(
      50,
      [&](int64_t i, StreamSink<int64_t>& sink) -> Status {
        if (i == 0) return Ok();  // an empty stream first
        return produce(i, sink);
      },
      consume, {.pool = &pool, .streams_in_flight = 5, .queue_capacity = 2});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().message, "stdout closed");
  EXPECT_LT(pushed.load(), 100);
}

TEST(OrderedStreamsTest, OneInFlightRunsOnTheCaller) {
  ThreadPool pool(4);
  auto caller = std::this_thread::get_id();
  std::vector<int64_t> events;
  Status st = ParallelOrderedStreams<int64_t>(
      3,
      [&](int64_t i, StreamSink<int64_t>& sink) -> Status {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        events.push_back(i);
        sink.Push(10 * i);
        sink.Push(10 * i + 1);
        return Ok();
      },
      [&](int64_t, int64_t&& v) -> Result<bool> {
        events.push_back(100 + v);
        return true;
      },
      {.pool = &pool, .streams_in_flight = 1});
  ASSERT_OK(st);
  EXPECT_EQ(events, (std::vector<int64_t>{0, 100, 101, 1, 110, 111, 2, 120, 121}));
}

TEST(OrderedStreamsTest, InsidePoolTasksWithoutDeadlock) {
  for (int threads : {1, 2}) {
    ThreadPool pool(threads);
    std::atomic<int64_t> total{0};
    Status st = ParallelFor(6,
                            [&](int64_t) -> Status {
                              std::vector<Item> seen;
                              Status inner = ParallelOrderedStreams<Item>(
                                  20,
                                  [](int64_t i, StreamSink<Item>& sink) -> Status {
                                    for (int64_t k = 0; k < Length(i); ++k) {
                                      if (!sink.Push({i, k})) break;
                                    }
                                    return Ok();
                                  },
                                  [&](int64_t, Item&& item) -> Result<bool> {
                                    seen.push_back(item);
                                    return true;
                                  },
                                  {.pool = &pool, .streams_in_flight = 4, .queue_capacity = 1});
                              EXPECT_EQ(seen, Sequential(20));
                              total.fetch_add(static_cast<int64_t>(seen.size()));
                              return inner;
                            },
                            {.pool = &pool});
    ASSERT_OK(st);
    EXPECT_EQ(total.load(), 6 * static_cast<int64_t>(Sequential(20).size()));
  }
}

TEST(OrderedStreamsTest, CancellationStops) {
  ThreadPool pool(2);
  CancellationToken cancel;
  int64_t consumed = 0;
  Status st = ParallelOrderedStreams<int64_t>(
      100,
      [&](int64_t, StreamSink<int64_t>& sink) -> Status {
        for (int64_t k = 0; k < 1'000'000; ++k) {
          if (!sink.Push(k)) return Ok();
        }
        return Ok();
      },
      [&](int64_t, int64_t&&) -> Result<bool> {
        if (++consumed == 50) cancel.Cancel();
        return true;
      },
      {.pool = &pool, .cancel = &cancel, .streams_in_flight = 3});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().message, CancelledError().message);
  EXPECT_EQ(consumed, 50);
}

}  // namespace
}  // namespace floe
