#include "floe/util/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <string>
#include <thread>

#include "testing/result_matchers.h"

namespace floe {
namespace {

TEST(ThreadPoolTest, RunsSubmittedTasks) {
  std::atomic<int> ran{0};
  {
    ThreadPool pool(3);
    EXPECT_EQ(pool.size(), 3);
    for (int i = 0; i < 100; ++i) pool.Submit([&] { ran.fetch_add(1); });
  }  // the destructor runs what is queued
  EXPECT_EQ(ran.load(), 100);
}

TEST(ThreadPoolTest, Resizes) {
  ThreadPool pool(1);
  pool.Resize(4);
  EXPECT_EQ(pool.size(), 4);
  pool.Resize(2);
  EXPECT_EQ(pool.size(), 2);
  std::atomic<int> ran{0};
  ASSERT_OK(ParallelFor(50,
                        [&](int64_t) {
                          ran.fetch_add(1);
                          return Ok();
                        },
                        {.pool = &pool}));
  EXPECT_EQ(ran.load(), 50);
}

TEST(ThreadPoolTest, ResultsInInputOrder) {
  ThreadPool pool(4);
  std::vector<int> inputs;
  for (int i = 0; i < 1000; ++i) inputs.push_back(i);
  auto out = ParallelMap(inputs,
                         [](const int& x) -> Result<std::string> {
                           // Uneven work so that completion order differs from input order.
                           if (x % 7 == 0)
                             std::this_thread::sleep_for(std::chrono::microseconds(200));
                           return std::to_string(x * 2);
                         },
                         {.pool = &pool});
  ASSERT_OK(out);
  ASSERT_EQ(out->size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ((*out)[i], std::to_string(i * 2));
}

TEST(ThreadPoolTest, ManyTasksUseSeveralThreads) {
  ThreadPool pool(4);
  std::mutex mu;
  std::set<std::thread::id> threads;
  std::atomic<int64_t> sum{0};
  Status st = ParallelFor(100000,
                          [&](int64_t i) {
                            sum.fetch_add(i);
                            if (i % 1000 == 0) {
                              std::this_thread::sleep_for(std::chrono::microseconds(100));
                              std::lock_guard lock(mu);
                              threads.insert(std::this_thread::get_id());
                            }
                            return Ok();
                          },
                          {.pool = &pool});
  ASSERT_OK(st);
  EXPECT_EQ(sum.load(), int64_t{100000} * 99999 / 2);
  EXPECT_GE(threads.size(), 2u);
}

TEST(ThreadPoolTest, ZeroAndOneItems) {
  ThreadPool pool(2);
  EXPECT_OK(ParallelFor(0, [](int64_t) { return Ok(); }, {.pool = &pool}));
  auto empty = ParallelMap(std::vector<int>{}, [](const int& x) -> Result<int> { return x; },
                           {.pool = &pool});
  ASSERT_OK(empty);
  EXPECT_TRUE(empty->empty());
  auto one = ParallelMap(1, [](int64_t i) -> Result<int64_t> { return i + 41; }, {.pool = &pool});
  EXPECT_EQ(*one, std::vector<int64_t>{41});
}

// Manifests in parallel, each reading its entries in parallel: the inner loops run inside pool
// tasks. Even with one worker (and the caller) this must finish.
TEST(ThreadPoolTest, NestedParallelForDoesNotDeadlock) {
  for (int threads : {1, 2, 4}) {
    ThreadPool pool(threads);
    std::atomic<int64_t> leaves{0};
    Status st = ParallelFor(16,
                            [&](int64_t) {
                              return ParallelFor(16,
                                                 [&](int64_t) {
                                                   return ParallelFor(8,
                                                                      [&](int64_t) {
                                                                        leaves.fetch_add(1);
                                                                        return Ok();
                                                                      },
                                                                      {.pool = &pool});
                                                 },
                                                 {.pool = &pool});
                            },
                            {.pool = &pool});
    ASSERT_OK(st);
    EXPECT_EQ(leaves.load(), 16 * 16 * 8) << threads << " threads";
  }
}

TEST(ThreadPoolTest, NestedParallelMapKeepsOrder) {
  ThreadPool pool(3);
  auto out =
      ParallelMap(10,
                  [&](int64_t i) -> Result<std::vector<int64_t>> {
                    return ParallelMap(5, [i](int64_t j) -> Result<int64_t> { return i * 10 + j; },
                                       {.pool = &pool});
                  },
                  {.pool = &pool});
  ASSERT_OK(out);
  for (int64_t i = 0; i < 10; ++i) {
    for (int64_t j = 0; j < 5; ++j) EXPECT_EQ((*out)[i][j], i * 10 + j);
  }
}

// No exceptions: a failing body returns its Status; the loop returns the error and skips the
// indices not yet started.
TEST(ThreadPoolTest, ErrorsAreStatusesNotExceptions) {
  ThreadPool pool(4);
  std::atomic<int> ran{0};
  Status st = ParallelFor(100000,
                          [&](int64_t i) -> Status {
                            ran.fetch_add(1);
                            if (i == 10) return Corrupt("manifest {} is bad", i);
                            return Ok();
                          },
                          {.pool = &pool});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(st.error().message, "manifest 10 is bad");
  EXPECT_LT(ran.load(), 100000);

  auto mapped = ParallelMap(50,
                            [](int64_t i) -> Result<int> {
                              if (i >= 20) return NotFound("file {}", i);
                              return static_cast<int>(i);
                            },
                            {.pool = &pool, .max_parallelism = 1});
  ASSERT_FALSE(mapped.ok());
  EXPECT_EQ(mapped.error().message, "file 20");  // sequential: the first failure
}

TEST(ThreadPoolTest, MaxParallelismOneRunsInOrderOnCaller) {
  ThreadPool pool(4);
  std::vector<int64_t> order;
  auto caller = std::this_thread::get_id();
  Status st = ParallelFor(20,
                          [&](int64_t i) {
                            EXPECT_EQ(std::this_thread::get_id(), caller);
                            order.push_back(i);
                            return Ok();
                          },
                          {.pool = &pool, .max_parallelism = 1});
  ASSERT_OK(st);
  for (int64_t i = 0; i < 20; ++i) EXPECT_EQ(order[i], i);
}

TEST(ThreadPoolTest, CancellationStopsTheLoop) {
  ThreadPool pool(2);
  CancellationToken token;
  std::atomic<int> ran{0};
  Status st = ParallelFor(100000,
                          [&](int64_t i) {
                            ran.fetch_add(1);
                            if (i == 100) token.Cancel();
                            return Ok();
                          },
                          {.pool = &pool, .cancel = &token});
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("interrupted"), std::string::npos);
  EXPECT_LT(ran.load(), 100000);
}

TEST(ThreadPoolTest, GlobalPoolFollowsThreadCount) {
  EXPECT_GE(AvailableCores(), 1);
  EXPECT_EQ(SetThreadCount(-1).error().kind, ErrorKind::kInvalidArgument);
  ASSERT_OK(SetThreadCount(3));
  EXPECT_EQ(ThreadCount(), 3);
  EXPECT_EQ(GlobalThreadPool().size(), 3);
  ASSERT_OK(SetThreadCount(2));  // resizes the running pool
  EXPECT_EQ(GlobalThreadPool().size(), 2);
  auto out = ParallelMap(100, [](int64_t i) -> Result<int64_t> { return i * i; });
  ASSERT_OK(out);
  EXPECT_EQ((*out)[99], 99 * 99);
  ASSERT_OK(SetThreadCount(0));  // all cores
  EXPECT_EQ(ThreadCount(), AvailableCores());
  EXPECT_EQ(GlobalThreadPool().size(), AvailableCores());
}

TEST(ThreadPoolTest, WorkerThreadsKnowThemselves) {
  ThreadPool pool(1);
  EXPECT_FALSE(ThreadPool::InWorkerThread());
  std::atomic<bool> in_worker{false};
  std::atomic<bool> done{false};
  pool.Submit([&] {
    in_worker = ThreadPool::InWorkerThread();
    done = true;
  });
  while (!done) std::this_thread::yield();
  EXPECT_TRUE(in_worker.load());
}

TEST(ParallelForEachOrderedTest, ConsumesInOrderWithBoundedWindow) {
  ThreadPool pool(4);
  std::atomic<int64_t> consumed{0};
  std::atomic<bool> window_ok{true};
  std::vector<int64_t> seen;
  constexpr int64_t kWindow = 3;
  Status st = ParallelForEachOrdered(
      200,
      [&](int64_t i) -> Result<std::string> {
        if (i >= consumed.load() + kWindow + 1) window_ok = false;
        if (i % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(300));
        return std::to_string(i);
      },
      [&](int64_t i, std::string&& value) -> Status {
        EXPECT_EQ(value, std::to_string(i));
        seen.push_back(i);
        consumed.fetch_add(1);
        return Ok();
      },
      {.pool = &pool}, kWindow);
  ASSERT_OK(st);
  ASSERT_EQ(seen.size(), 200u);
  for (int64_t i = 0; i < 200; ++i) EXPECT_EQ(seen[i], i);
  EXPECT_TRUE(window_ok.load());
}

TEST(ParallelForEachOrderedTest, FirstFailureInIndexOrder) {
  ThreadPool pool(4);
  std::vector<int64_t> seen;
  Status st = ParallelForEachOrdered(
      100,
      [&](int64_t i) -> Result<int64_t> {
        // 40 fails fast, 30 fails slowly: the error reported is still 30's.
        if (i == 30) {
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
          return Corrupt("file {}", i);
        }
        if (i == 40) return Corrupt("file {}", i);
        return i;
      },
      [&](int64_t i, int64_t&&) -> Status {
        seen.push_back(i);
        return Ok();
      },
      {.pool = &pool}, 20);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().message, "file 30");
  EXPECT_EQ(seen.size(), 30u);
}

TEST(ParallelForEachOrderedTest, ConsumerFailureStops) {
  ThreadPool pool(2);
  std::atomic<int> produced{0};
  Status st = ParallelForEachOrdered(
      1000,
      [&](int64_t i) -> Result<int64_t> {
        produced.fetch_add(1);
        return i;
      },
      [&](int64_t i, int64_t&&) -> Status {
        if (i == 3) return IoError("stdout closed");
        return Ok();
      },
      {.pool = &pool}, 4);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().message, "stdout closed");
  EXPECT_LT(produced.load(), 20);
}

TEST(ParallelForEachOrderedTest, InsidePoolTasksWithoutDeadlock) {
  for (int threads : {1, 2}) {
    ThreadPool pool(threads);
    std::atomic<int64_t> total{0};
    Status st = ParallelFor(8,
                            [&](int64_t) {
                              int64_t expect = 0;
                              return ParallelForEachOrdered(
                                  50, [](int64_t i) -> Result<int64_t> { return i; },
                                  [&](int64_t i, int64_t&& v) -> Status {
                                    EXPECT_EQ(v, expect++);
                                    total.fetch_add(v);
                                    return Ok();
                                  },
                                  {.pool = &pool});
                            },
                            {.pool = &pool});
    ASSERT_OK(st);
    EXPECT_EQ(total.load(), 8 * (49 * 50 / 2));
  }
}

TEST(ParallelForEachOrderedTest, SequentialWhenParallelismIsOne) {
  ThreadPool pool(4);
  auto caller = std::this_thread::get_id();
  std::vector<int64_t> events;
  Status st = ParallelForEachOrdered(
      5,
      [&](int64_t i) -> Result<int64_t> {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        events.push_back(i);
        return i;
      },
      [&](int64_t i, int64_t&&) -> Status {
        events.push_back(100 + i);
        return Ok();
      },
      {.pool = &pool, .max_parallelism = 1});
  ASSERT_OK(st);
  EXPECT_EQ(events, (std::vector<int64_t>{0, 100, 1, 101, 2, 102, 3, 103, 4, 104}));
}

}  // namespace
}  // namespace floe
