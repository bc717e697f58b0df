#include "floe/io/fault_injecting_file_io.h"

#include <gtest/gtest.h>

#include "floe/io/memory_file_io.h"
#include "testing/result_matchers.h"

namespace floe::io {
namespace {

struct Fixture {
  std::shared_ptr<MemoryFileIO> memory = std::make_shared<MemoryFileIO>();
  FaultInjectingFileIO io{memory};
};

bool IsInjected(const Error& e) {
  return e.kind == ErrorKind::kIo && e.message.find("injected fault") != std::string::npos;
}

TEST(FaultInjectingFileIOTest, PassesThroughAndCounts) {
  Fixture f;
  ASSERT_OK(WriteFile(f.io, "a", "12345"));
  ASSERT_OK(WriteFile(f.io, "b", "6"));
  EXPECT_EQ(*ReadFile(f.io, "a"), "12345");
  EXPECT_TRUE(*f.io.Exists("b"));
  EXPECT_EQ(f.io.List("")->size(), 2u);
  ASSERT_OK(f.io.Delete("b"));
  EXPECT_EQ(f.io.Count(FileOp::kCreate), 2);
  EXPECT_EQ(f.io.Count(FileOp::kWrite), 2);
  EXPECT_EQ(f.io.Count(FileOp::kClose), 2);
  EXPECT_EQ(f.io.Count(FileOp::kOpen), 1);
  EXPECT_EQ(f.io.Count(FileOp::kRead), 1);
  EXPECT_EQ(f.io.Count(FileOp::kExists), 1);
  EXPECT_EQ(f.io.Count(FileOp::kList), 1);
  EXPECT_EQ(f.io.Count(FileOp::kDelete), 1);
  EXPECT_EQ(f.io.FaultCount(), 0);
}

TEST(FaultInjectingFileIOTest, FailsNthCreate) {
  Fixture f;
  f.io.FailNth(FileOp::kCreate, 2);
  EXPECT_OK(WriteFile(f.io, "1", "x"));
  Status second = WriteFile(f.io, "2", "x");
  ASSERT_FALSE(second.ok());
  EXPECT_TRUE(IsInjected(second.error())) << second.error().message;
  EXPECT_OK(WriteFile(f.io, "3", "x"));  // only the second one
  EXPECT_EQ(f.memory->Locations(), (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(f.io.FaultCount(), 1);
}

TEST(FaultInjectingFileIOTest, NthCountsFromWhenArmed) {
  Fixture f;
  ASSERT_OK(WriteFile(f.io, "1", "x"));
  f.io.FailNth(FileOp::kCreate, 1);  // the next create
  EXPECT_FALSE(WriteFile(f.io, "2", "x").ok());
}

TEST(FaultInjectingFileIOTest, FailsNthWriteAcrossFiles) {
  Fixture f;
  f.io.FailNth(FileOp::kWrite, 3);
  auto a = f.io.Create("a");
  auto b = f.io.Create("b");
  EXPECT_OK((*a)->Write("1"));
  EXPECT_OK((*b)->Write("2"));
  Status third = (*a)->Write("3");
  EXPECT_TRUE(IsInjected(third.error()));
  (*a)->Abort();
  EXPECT_OK((*b)->Close());
  EXPECT_EQ(f.memory->Locations(), std::vector<std::string>{"b"});
}

TEST(FaultInjectingFileIOTest, CloseFailureBeforePublishLosesTheFile) {
  Fixture f;
  f.io.FailNth(FileOp::kClose, 1);
  Status st = WriteFile(f.io, "v2.metadata.json", "x");
  EXPECT_TRUE(IsInjected(st.error()));
  EXPECT_FALSE(*f.memory->Exists("v2.metadata.json"));
}

TEST(FaultInjectingFileIOTest, CloseFailureAfterPublishLosesTheAnswer) {
  Fixture f;
  f.io.SetCloseFault(CloseFault::kAfterPublish);
  f.io.FailNth(FileOp::kClose, 1);
  Status st = WriteFile(f.io, "v2.metadata.json", "x");
  EXPECT_TRUE(IsInjected(st.error()));
  EXPECT_EQ(f.memory->Get("v2.metadata.json"), "x");  // it landed all the same
}

TEST(FaultInjectingFileIOTest, FailAfterBytesWithoutPartialFile) {
  Fixture f;
  f.io.FailAfterBytes("/data/", 5, /*leave_partial=*/false);
  auto out = f.io.Create("wh/data/a.parquet");
  ASSERT_OK((*out)->Write("123"));
  Status st = (*out)->Write("4567");
  EXPECT_TRUE(IsInjected(st.error()));
  EXPECT_FALSE((*out)->Write("8").ok());
  EXPECT_FALSE((*out)->Close().ok());
  out->reset();
  EXPECT_EQ(f.memory->FileCount(), 0u);
  // Other files are not affected.
  EXPECT_OK(WriteFile(f.io, "wh/metadata/m.avro", "0123456789"));
}

TEST(FaultInjectingFileIOTest, FailAfterBytesLeavesPartialFile) {
  Fixture f;
  f.io.FailAfterBytes("/data/", 5, /*leave_partial=*/true);
  auto out = f.io.Create("wh/data/a.parquet");
  ASSERT_OK((*out)->Write("123"));
  EXPECT_FALSE((*out)->Write("4567").ok());
  (*out)->Abort();  // the crash left it: nothing to clean up
  EXPECT_EQ(f.memory->Get("wh/data/a.parquet"), "12345");
}

TEST(FaultInjectingFileIOTest, FailsReadsOfChosenFiles) {
  Fixture f;
  f.memory->Put("wh/t/metadata/snap-1.avro", "list");
  f.memory->Put("wh/t/data/a.parquet", "data");
  f.io.FailMatching(FileOp::kRead, "snap-");
  auto ok = ReadFile(f.io, "wh/t/data/a.parquet");
  EXPECT_OK(ok);
  auto bad = ReadFile(f.io, "wh/t/metadata/snap-1.avro");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(IsInjected(bad.error()));
  f.io.FailMatching(FileOp::kOpen, "a.parquet");
  EXPECT_FALSE(f.io.OpenInput("wh/t/data/a.parquet").ok());
  f.io.ClearFaults();
  EXPECT_OK(ReadFile(f.io, "wh/t/metadata/snap-1.avro"));
}

TEST(FaultInjectingFileIOTest, FailsNthDelete) {
  Fixture f;
  f.memory->Put("a", "1");
  f.memory->Put("b", "2");
  f.io.FailNth(FileOp::kDelete, 1);
  EXPECT_FALSE(f.io.Delete("a").ok());
  EXPECT_OK(f.io.Delete("b"));
  EXPECT_TRUE(f.memory->Get("a"));
}

TEST(FaultInjectingFileIOTest, CrashModeStopsEverything) {
  Fixture f;
  f.io.SetCrashOnFault(true);
  f.io.FailNth(FileOp::kCreate, 2);
  ASSERT_OK(WriteFile(f.io, "manifest.avro", "m"));
  auto pending = f.io.Create("other.parquet");  // the second create: the fault
  ASSERT_FALSE(pending.ok());
  EXPECT_TRUE(f.io.crashed());
  // The "process" is dead: its cleanup cannot delete what it wrote, nor write anything.
  EXPECT_FALSE(f.io.Delete("manifest.avro").ok());
  EXPECT_FALSE(WriteFile(f.io, "x", "y").ok());
  EXPECT_FALSE(ReadFile(f.io, "manifest.avro").ok());
  EXPECT_EQ(f.memory->Locations(), std::vector<std::string>{"manifest.avro"});
  EXPECT_EQ(f.io.FaultCount(), 1);
  f.io.ClearFaults();
  EXPECT_FALSE(f.io.crashed());
  EXPECT_OK(f.io.Delete("manifest.avro"));
}

TEST(FaultInjectingFileIOTest, CrashDuringWriteOfOpenFile) {
  Fixture f;
  f.io.SetCrashOnFault(true);
  auto a = f.io.Create("a");
  auto b = f.io.Create("b");
  ASSERT_OK((*b)->Write("kept?"));
  f.io.FailNth(FileOp::kWrite, 1);
  EXPECT_FALSE((*a)->Write("x").ok());
  EXPECT_FALSE((*b)->Close().ok());  // never published after the crash
  EXPECT_EQ(f.memory->FileCount(), 0u);
}

// The crash loop the commit tests use: count creates in a clean run, then fail each in turn.
TEST(FaultInjectingFileIOTest, DeterministicCrashLoop) {
  auto run = [](FileIO& io) -> Status {
    for (int i = 0; i < 4; ++i) {
      FLOE_RETURN_IF_ERROR(WriteFile(io, "f" + std::to_string(i), "data"));
    }
    return Ok();
  };
  Fixture clean;
  ASSERT_OK(run(clean.io));
  int64_t creates = clean.io.Count(FileOp::kCreate);
  ASSERT_EQ(creates, 4);
  for (int64_t n = 1; n <= creates; ++n) {
    Fixture f;
    f.io.FailNth(FileOp::kCreate, n);
    EXPECT_FALSE(run(f.io).ok());
    EXPECT_EQ(static_cast<int64_t>(f.memory->FileCount()), n - 1);
  }
}

}  // namespace
}  // namespace floe::io
