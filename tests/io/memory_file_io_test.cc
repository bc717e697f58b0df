#include "floe/io/memory_file_io.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "testing/result_matchers.h"

namespace floe::io {
namespace {

TEST(MemoryFileIOTest, WriteThenRead) {
  MemoryFileIO io;
  ASSERT_OK(WriteFile(io, "mem://wh/t/a.bin", "hello world"));
  auto text = ReadFile(io, "mem://wh/t/a.bin");
  ASSERT_OK(text);
  EXPECT_EQ(*text, "hello world");
  auto file = io.OpenInput("mem://wh/t/a.bin");
  ASSERT_OK(file);
  EXPECT_EQ(*(*file)->Size(), 11);
  uint8_t buf[5];
  ASSERT_OK((*file)->ReadAt(6, 5, buf));
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), 5), "world");
}

TEST(MemoryFileIOTest, FileAppearsOnlyWhenClosed) {
  MemoryFileIO io;
  auto out = io.Create("f");
  ASSERT_OK(out);
  ASSERT_OK((*out)->Write("abc"));
  EXPECT_EQ((*out)->BytesWritten(), 3);
  EXPECT_FALSE(*io.Exists("f"));
  EXPECT_EQ(io.OpenOutputCount(), 1);
  ASSERT_OK((*out)->Close());
  EXPECT_TRUE(*io.Exists("f"));
  EXPECT_EQ(io.OpenOutputCount(), 0);
  EXPECT_FALSE((*out)->Write("x").ok());
  EXPECT_FALSE((*out)->Close().ok());
}

TEST(MemoryFileIOTest, AbortAndDestructorLeaveNothing) {
  MemoryFileIO io;
  {
    auto out = io.Create("aborted");
    ASSERT_OK((*out)->Write("partial"));
    (*out)->Abort();
  }
  {
    auto out = io.Create("dropped");
    ASSERT_OK((*out)->Write("partial"));
  }
  EXPECT_EQ(io.FileCount(), 0u);
  EXPECT_EQ(io.OpenOutputCount(), 0);
}

TEST(MemoryFileIOTest, ExclusiveCreate) {
  MemoryFileIO io;
  io.Put("v1.metadata.json", "old");
  auto again = io.Create("v1.metadata.json");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, ErrorKind::kAlreadyExists);
  // Two writers racing for one name: the second to close loses, the first's bytes stay.
  auto a = io.Create("v2.metadata.json");
  auto b = io.Create("v2.metadata.json");
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_OK((*a)->Write("a"));
  ASSERT_OK((*b)->Write("b"));
  ASSERT_OK((*a)->Close());
  Status lost = (*b)->Close();
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().kind, ErrorKind::kAlreadyExists);
  EXPECT_EQ(io.Get("v2.metadata.json"), "a");
  // Overwrite replaces.
  ASSERT_OK(WriteFile(io, "v1.metadata.json", "new", /*overwrite=*/true));
  EXPECT_EQ(io.Get("v1.metadata.json"), "new");
}

TEST(MemoryFileIOTest, ReadsPastTheEndAreCorrupt) {
  MemoryFileIO io;
  io.Put("f", "0123456789");
  auto file = io.OpenInput("f");
  uint8_t buf[16];
  EXPECT_EQ((*file)->ReadAt(8, 3, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ((*file)->ReadAt(11, 0, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ((*file)->ReadAt(-1, 1, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_OK((*file)->ReadAt(10, 0, buf));
  // A known length larger than the file (a manifest lying about it) is caught on read.
  auto lying = io.OpenInput("f", 20);
  ASSERT_OK(lying);
  EXPECT_EQ(*(*lying)->Size(), 20);
  EXPECT_EQ((*lying)->ReadAt(5, 10, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ((*lying)->ReadAll().error().kind, ErrorKind::kCorrupt);
}

TEST(MemoryFileIOTest, OpenFileKeepsItsBytesAfterDelete) {
  MemoryFileIO io;
  io.Put("f", "abc");
  auto file = io.OpenInput("f");
  ASSERT_OK(io.Delete("f"));
  EXPECT_EQ(*(*file)->ReadAll(), "abc");
  EXPECT_EQ(io.Delete("f").error().kind, ErrorKind::kNotFound);
  EXPECT_EQ(io.OpenInput("f").error().kind, ErrorKind::kNotFound);
}

TEST(MemoryFileIOTest, ListsByPrefixInOrder) {
  MemoryFileIO io;
  io.Put("wh/t/metadata/v2.metadata.json", "22");
  io.Put("wh/t/data/b.parquet", "b");
  io.Put("wh/t/data/a.parquet", "aaa");
  io.Put("wh/t2/data/c.parquet", "c");
  auto listed = io.List("wh/t/");
  ASSERT_OK(listed);
  ASSERT_EQ(listed->size(), 3u);
  EXPECT_EQ((*listed)[0].location, "wh/t/data/a.parquet");
  EXPECT_EQ((*listed)[0].size, 3);
  EXPECT_EQ((*listed)[1].location, "wh/t/data/b.parquet");
  EXPECT_EQ((*listed)[2].location, "wh/t/metadata/v2.metadata.json");
  EXPECT_EQ(io.List("wh/t")->size(), 4u);  // a string prefix, like an object store
  EXPECT_TRUE(io.List("nothing/")->empty());
  EXPECT_EQ(io.TotalBytes(), 7);
}

TEST(MemoryFileIOTest, RangedReads) {
  MemoryFileIO io;
  io.Put("f", "abcdefghij");
  auto file = io.OpenInput("f");
  uint8_t x[3], y[2];
  InputFile::Range ranges[] = {{0, 3, x}, {8, 2, y}};
  ASSERT_OK((*file)->ReadRanges(ranges));
  EXPECT_EQ(std::string(reinterpret_cast<char*>(x), 3), "abc");
  EXPECT_EQ(std::string(reinterpret_cast<char*>(y), 2), "ij");
}

TEST(MemoryFileIOTest, ThreadSafe) {
  MemoryFileIO io;
  constexpr int kThreads = 8, kFiles = 50;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&io, t] {
      for (int i = 0; i < kFiles; ++i) {
        std::string name = "t" + std::to_string(t) + "/f" + std::to_string(i);
        ASSERT_OK(WriteFile(io, name, name));
        EXPECT_EQ(*ReadFile(io, name), name);
        // Everyone races for the same name: exactly one wins each.
        (void)WriteFile(io, "shared/" + std::to_string(i), name);
        (void)io.List("t");
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(io.FileCount(), static_cast<size_t>(kThreads * kFiles + kFiles));
  EXPECT_EQ(io.OpenOutputCount(), 0);
}

}  // namespace
}  // namespace floe::io
