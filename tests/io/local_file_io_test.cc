#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::io {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Names(const std::vector<FileInfo>& files) {
  std::vector<std::string> out;
  for (const FileInfo& f : files) out.push_back(f.location);
  std::sort(out.begin(), out.end());
  return out;
}

// Files in `dir` (not below), hidden temporaries included.
size_t EntriesIn(const std::string& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

TEST(LocalFileIOTest, WriteThenReadCreatingFolders) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  std::string path = tmp.Join("wh/db/t/metadata/v1.metadata.json");
  ASSERT_OK(WriteFile(*io, path, "{\"format-version\":2}"));
  auto text = ReadFile(*io, path);
  ASSERT_OK(text);
  EXPECT_EQ(*text, "{\"format-version\":2}");
  EXPECT_TRUE(*io->Exists(path));
  EXPECT_EQ(EntriesIn(tmp.Join("wh/db/t/metadata")), 1u);  // no temporary left behind
}

TEST(LocalFileIOTest, FileUris) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  ASSERT_OK(WriteFile(*io, "file://" + tmp.Join("a"), "A"));
  ASSERT_OK(WriteFile(*io, "file:" + tmp.Join("b"), "B"));
  EXPECT_EQ(*ReadFile(*io, tmp.Join("a")), "A");
  EXPECT_EQ(*ReadFile(*io, "file:" + tmp.Join("a")), "A");
  EXPECT_EQ(*ReadFile(*io, "file://" + tmp.Join("b")), "B");
  // Listing answers in the caller's form.
  EXPECT_EQ(Names(*io->List("file:" + tmp.path() + "/")),
            (std::vector<std::string>{"file:" + tmp.Join("a"), "file:" + tmp.Join("b")}));
}

TEST(LocalFileIOTest, OtherSchemesAreNotLocal) {
  auto io = LocalFileIO();
  auto file = io->OpenInput("s3://bucket/key");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().kind, ErrorKind::kNotSupported);
  EXPECT_EQ(io->Create("gs://bucket/key").error().kind, ErrorKind::kNotSupported);
}

TEST(LocalFileIOTest, ExclusiveCreateRefusesExistingFile) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  std::string path = tmp.Join("v1.metadata.json");
  ASSERT_OK(WriteFile(*io, path, "first"));
  auto again = io->Create(path);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, ErrorKind::kAlreadyExists);
  EXPECT_EQ(*ReadFile(*io, path), "first");
  // A race: both pass Create, the second to close loses and the first's bytes stay.
  std::string v2 = tmp.Join("v2.metadata.json");
  auto a = io->Create(v2);
  auto b = io->Create(v2);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_OK((*a)->Write("a"));
  ASSERT_OK((*b)->Write("b"));
  ASSERT_OK((*a)->Close());
  Status lost = (*b)->Close();
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().kind, ErrorKind::kAlreadyExists);
  EXPECT_EQ(*ReadFile(*io, v2), "a");
  EXPECT_EQ(EntriesIn(tmp.path()), 2u);  // the loser's temporary is gone
  // Overwrite replaces.
  ASSERT_OK(WriteFile(*io, path, "second", /*overwrite=*/true));
  EXPECT_EQ(*ReadFile(*io, path), "second");
}

TEST(LocalFileIOTest, PartialWritesRemovedOnAbortAndDestructor) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  {
    auto out = io->Create(tmp.Join("aborted.parquet"));
    ASSERT_OK(out);
    ASSERT_OK((*out)->Write(std::string(100000, 'x')));
    EXPECT_EQ((*out)->BytesWritten(), 100000);
    EXPECT_FALSE(*io->Exists(tmp.Join("aborted.parquet")));  // not visible before Close
    (*out)->Abort();
  }
  {
    auto out = io->Create(tmp.Join("dropped.parquet"));
    ASSERT_OK((*out)->Write("partial"));
  }  // destroyed unclosed, e.g. an error or Ctrl-C unwinding
  EXPECT_EQ(EntriesIn(tmp.path()), 0u);
}

TEST(LocalFileIOTest, RangedReads) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  std::string data;
  for (int i = 0; i < 10000; ++i) data += static_cast<char>(i % 251);
  ASSERT_OK(WriteFile(*io, tmp.Join("f"), data));
  auto file = io->OpenInput(tmp.Join("f"));
  ASSERT_OK(file);
  EXPECT_EQ(*(*file)->Size(), 10000);
  std::vector<uint8_t> buf(100);
  ASSERT_OK((*file)->ReadAt(5000, 100, buf.data()));
  EXPECT_EQ(std::string(buf.begin(), buf.end()), data.substr(5000, 100));
  uint8_t head[4], tail[4];
  InputFile::Range ranges[] = {{0, 4, head}, {9996, 4, tail}};
  ASSERT_OK((*file)->ReadRanges(ranges));
  EXPECT_EQ(std::string(head, head + 4), data.substr(0, 4));
  EXPECT_EQ(std::string(tail, tail + 4), data.substr(9996, 4));
  // Concurrent reads of one InputFile (pread: no shared offset).
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::vector<uint8_t> local(50);
      for (int i = 0; i < 100; ++i) {
        int64_t off = (t * 997 + i * 31) % 9950;
        ASSERT_OK((*file)->ReadAt(off, 50, local.data()));
        ASSERT_EQ(std::string(local.begin(), local.end()), data.substr(off, 50));
      }
    });
  }
  for (auto& th : threads) th.join();
}

TEST(LocalFileIOTest, ReadsPastTheEndAreCorrupt) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  ASSERT_OK(WriteFile(*io, tmp.Join("f"), "0123456789"));
  auto file = io->OpenInput(tmp.Join("f"));
  uint8_t buf[32];
  EXPECT_EQ((*file)->ReadAt(8, 3, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ((*file)->ReadAt(20, 1, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ((*file)->ReadAt(-1, 1, buf).error().kind, ErrorKind::kCorrupt);
  EXPECT_OK((*file)->ReadAt(0, 10, buf));
  // The known length from a manifest says 20 bytes, the file has 10: corrupt on read.
  auto lying = io->OpenInput(tmp.Join("f"), 20);
  ASSERT_OK(lying);
  Status st = (*lying)->ReadAt(0, 20, buf);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(st.error().message.find(tmp.Join("f")), std::string::npos);
}

TEST(LocalFileIOTest, MissingFilesAndFolders) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  EXPECT_EQ(io->OpenInput(tmp.Join("missing")).error().kind, ErrorKind::kNotFound);
  EXPECT_EQ(io->Delete(tmp.Join("missing")).error().kind, ErrorKind::kNotFound);
  EXPECT_FALSE(*io->Exists(tmp.Join("missing")));
  EXPECT_EQ(io->OpenInput(tmp.path()).error().kind, ErrorKind::kInvalidArgument);
}

TEST(LocalFileIOTest, ListsByPrefix) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  for (const char* name : {"t/metadata/v1.metadata.json", "t/metadata/v2.metadata.json",
                           "t/data/a=1/f.parquet", "t2/data/g.parquet", "u.txt"}) {
    ASSERT_OK(WriteFile(*io, tmp.Join(name), "x"));
  }
  EXPECT_EQ(Names(*io->List(tmp.Join("t/metadata/"))),
            (std::vector<std::string>{tmp.Join("t/metadata/v1.metadata.json"),
                                      tmp.Join("t/metadata/v2.metadata.json")}));
  // A folder without trailing '/': the files below it.
  EXPECT_EQ(io->List(tmp.Join("t"))->size(), 3u);
  EXPECT_EQ(io->List(tmp.Join("t/"))->size(), 3u);
  // A name prefix inside a folder.
  EXPECT_EQ(Names(*io->List(tmp.Join("t/metadata/v2"))),
            std::vector<std::string>{tmp.Join("t/metadata/v2.metadata.json")});
  // A name prefix matching several folders, as object stores list.
  EXPECT_EQ(io->List(tmp.Join("t2"))->size(), 1u);
  EXPECT_TRUE(io->List(tmp.Join("nothing/"))->empty());
  auto listed = io->List(tmp.Join("u.txt"));
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].size, 1);
  EXPECT_GT((*listed)[0].modified_ms, 0);
}

TEST(LocalFileIOTest, DeleteRemoves) {
  testing::TempDir tmp;
  auto io = LocalFileIO();
  ASSERT_OK(WriteFile(*io, tmp.Join("f"), "x"));
  ASSERT_OK(io->Delete(tmp.Join("f")));
  EXPECT_FALSE(*io->Exists(tmp.Join("f")));
}

}  // namespace
}  // namespace floe::io
