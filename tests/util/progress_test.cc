#include "floe/util/progress.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace floe {
namespace {

// Everything written to a (non-terminal) temporary file while `body` runs.
template <typename F>
std::string Capture(F body) {
  std::FILE* file = std::tmpfile();
  EXPECT_NE(file, nullptr);
  int fd = ::fileno(file);
  body(fd);
  std::string out;
  ::lseek(fd, 0, SEEK_SET);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  std::fclose(file);
  return out;
}

TEST(ProgressTest, NonTerminalPrintsNothing) {
  std::string out = Capture([](int fd) {
    Progress progress("append", 100, {.fd = fd, .delay = std::chrono::milliseconds(0)});
    for (int i = 0; i < 100; ++i) progress.Advance();
    EXPECT_EQ(progress.done(), 100);
    EXPECT_FALSE(progress.drawn());
  });
  EXPECT_EQ(out, "");
}

TEST(ProgressTest, TerminalDrawsAndClears) {
  std::string out = Capture([](int fd) {
    Progress progress("append", 10,
                      {.fd = fd, .delay = std::chrono::milliseconds(0), .is_terminal = true});
    progress.Advance(5);
    EXPECT_TRUE(progress.drawn());
    progress.Finish();
    progress.Advance(5);  // after Finish: nothing more
  });
  EXPECT_NE(out.find("append ["), std::string::npos) << out;
  EXPECT_NE(out.find(" 50% 5/10"), std::string::npos) << out;
  EXPECT_EQ(out.substr(out.size() - 4), "\r\x1b[K");  // the line is cleared at the end
}

TEST(ProgressTest, BytesDrawnInMegabytes) {
  std::string out = Capture([](int fd) {
    Progress progress(
        "append", 4 << 20,
        {.fd = fd, .delay = std::chrono::milliseconds(0), .bytes = true, .is_terminal = true});
    progress.Advance(3 << 19);  // 1.5 MB
  });
  EXPECT_NE(out.find(" 37% 1.5 MB/4.0 MB"), std::string::npos) << out;
}

TEST(ProgressTest, ShortWorkShowsNothing) {
  std::string out = Capture([](int fd) {
    Progress progress("scan", 10, {.fd = fd, .is_terminal = true});  // default delay: 1 s
    progress.Advance(10);
  });
  EXPECT_EQ(out, "");
}

TEST(ProgressTest, QuietShowsNothing) {
  std::string out = Capture([](int fd) {
    Progress one(
        "a", 10,
        {.fd = fd, .delay = std::chrono::milliseconds(0), .quiet = true, .is_terminal = true});
    one.Advance(3);
    SetProgressQuiet(true);
    Progress all("b", 10, {.fd = fd, .delay = std::chrono::milliseconds(0), .is_terminal = true});
    all.Advance(3);
    SetProgressQuiet(false);
  });
  EXPECT_EQ(out, "");
}

TEST(ProgressTest, UnknownTotal) {
  std::string out = Capture([](int fd) {
    Progress progress("rows", 0,
                      {.fd = fd, .delay = std::chrono::milliseconds(0), .is_terminal = true});
    progress.Advance(1234);
  });
  EXPECT_NE(out.find("rows 1234"), std::string::npos) << out;
}

TEST(ProgressTest, AdvanceIsThreadSafe) {
  std::string out = Capture([](int fd) {
    Progress progress("files", 80000,
                      {.fd = fd,
                       .delay = std::chrono::milliseconds(0),
                       .redraw_every = std::chrono::milliseconds(0),
                       .is_terminal = true});
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < 10000; ++i) progress.Advance();
      });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(progress.done(), 80000);
  });
  EXPECT_EQ(out.substr(out.size() - 4), "\r\x1b[K");
}

}  // namespace
}  // namespace floe
