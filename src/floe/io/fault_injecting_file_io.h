// A FileIO wrapper that fails chosen operations, so commit, crash and orphan-file tests are
// deterministic (docs/style.md 9): fail the Nth create, write, close, delete, open or read; fail
// writing a file after K bytes, leaving the partial file behind as a crash would, or not; fail
// every read of chosen files; count every operation. After a fault it can also play dead
// ("crash" mode): every later operation fails and nothing is cleaned up, like a killed process.
//
// Typical crash loop:
//   count the creates of one run on a fresh MemoryFileIO, then for n in 1..count: fresh
//   MemoryFileIO + FaultInjectingFileIO, FailNth(FileOp::kCreate, n), run, check the table.
// Injected failures are I/O errors whose message starts with "injected fault".
// Thread-safe; the counters are global over all files of this FileIO. Files it opens refer to
// it: the FaultInjectingFileIO must outlive them.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"

namespace floe::io {

enum class FileOp {
  kOpen,    // FileIO::OpenInput
  kRead,    // InputFile::ReadAt / ReadRanges (one count per call)
  kCreate,  // FileIO::Create
  kWrite,   // OutputFile::Write
  kClose,   // OutputFile::Close
  kDelete,  // FileIO::Delete
  kExists,  // FileIO::Exists
  kList,    // FileIO::List
};
inline constexpr int kFileOpCount = 8;
std::string_view FileOpName(FileOp op);

// What a failed Close leaves behind.
enum class CloseFault {
  kBeforePublish,  // the file does not appear (the write was lost)
  kAfterPublish,   // the file appears but the caller gets an error (the answer was lost)
};

class FaultInjectingFileIO : public FileIO {
 public:
  explicit FaultInjectingFileIO(std::shared_ptr<FileIO> inner);

  // Fails the nth call of `op` counted from now (n = 1: the very next one).
  void FailNth(FileOp op, int64_t n);
  // Fails every call of `op` on a location containing `substring` ("" = every location).
  void FailMatching(FileOp op, std::string substring);
  // How an injected Close failure behaves (default kBeforePublish).
  void SetCloseFault(CloseFault fault);
  // Writing a file whose location contains `substring` fails once `bytes` bytes are written:
  // the write that crosses the limit writes up to it and fails. With `leave_partial`, the
  // first `bytes` bytes then appear at the file's location (what a crashed writer leaves on a
  // file system that shows files while they are written); without it, nothing appears.
  void FailAfterBytes(std::string substring, int64_t bytes, bool leave_partial);
  // Once any fault is injected, every later operation fails too (a dead process) and Abort does
  // nothing, so no cleanup code gets to run.
  void SetCrashOnFault(bool crash);
  // Removes every armed fault and leaves crash mode; counters keep counting.
  void ClearFaults();

  // Calls of `op` so far (failed ones included).
  int64_t Count(FileOp op) const;
  // Faults injected so far (crash-mode refusals not included).
  int64_t FaultCount() const;
  bool crashed() const;
  CloseFault close_fault() const;
  FileIO& inner() { return *inner_; }

  std::string ReadLocation(std::string_view location) const override {
    return inner_->ReadLocation(location);
  }
  Result<std::unique_ptr<InputFile>> OpenInput(
      std::string_view location, std::optional<int64_t> known_length = std::nullopt) override;
  Result<std::unique_ptr<OutputFile>> Create(std::string_view location,
                                             bool overwrite = false) override;
  Status Delete(std::string_view location) override;
  Result<bool> Exists(std::string_view location) override;
  Result<std::vector<FileInfo>> List(std::string_view prefix) override;

 private:
  friend class FaultInputFile;
  friend class FaultOutputFile;
  struct PartialWrite {
    std::string substring;
    int64_t bytes;
    bool leave_partial;
  };

  // Counts one call of `op` on `location`; an error when a fault fires (or after a crash).
  Status Check(FileOp op, std::string_view location);
  std::optional<PartialWrite> PartialWriteFor(std::string_view location) const;

  std::shared_ptr<FileIO> inner_;
  mutable std::mutex mu_;
  std::array<int64_t, kFileOpCount> counts_{};
  std::array<std::vector<int64_t>, kFileOpCount> fail_at_{};  // absolute call numbers
  std::array<std::vector<std::string>, kFileOpCount> fail_matching_{};
  std::vector<PartialWrite> partial_writes_;
  CloseFault close_fault_ = CloseFault::kBeforePublish;
  bool crash_on_fault_ = false;
  bool crashed_ = false;
  int64_t faults_ = 0;
};

}  // namespace floe::io
