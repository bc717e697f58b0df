#include "floe/io/fault_injecting_file_io.h"

#include <algorithm>

namespace floe::io {

std::string_view FileOpName(FileOp op) {
  switch (op) {
    case FileOp::kOpen:
      return "open";
    case FileOp::kRead:
      return "read";
    case FileOp::kCreate:
      return "create";
    case FileOp::kWrite:
      return "write";
    case FileOp::kClose:
      return "close";
    case FileOp::kDelete:
      return "delete";
    case FileOp::kExists:
      return "exists";
    case FileOp::kList:
      return "list";
  }
  return "?";
}

class FaultInputFile : public InputFile {
 public:
  FaultInputFile(FaultInjectingFileIO* io, std::unique_ptr<InputFile> inner)
      : io_(io), inner_(std::move(inner)) {}

  const std::string& location() const override { return inner_->location(); }
  Result<int64_t> Size() const override { return inner_->Size(); }
  Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const override {
    FLOE_RETURN_IF_ERROR(io_->Check(FileOp::kRead, location()));
    return inner_->ReadAt(offset, length, out);
  }
  Status ReadRanges(std::span<const Range> ranges) const override {
    FLOE_RETURN_IF_ERROR(io_->Check(FileOp::kRead, location()));
    return inner_->ReadRanges(ranges);
  }

 private:
  FaultInjectingFileIO* io_;
  std::unique_ptr<InputFile> inner_;
};

class FaultOutputFile : public OutputFile {
 public:
  FaultOutputFile(FaultInjectingFileIO* io, std::unique_ptr<OutputFile> inner,
                  std::optional<FaultInjectingFileIO::PartialWrite> partial)
      : io_(io), inner_(std::move(inner)), partial_(std::move(partial)) {}

  const std::string& location() const override { return inner_->location(); }
  int64_t BytesWritten() const override { return inner_->BytesWritten(); }

  Status Write(std::string_view data) override {
    if (dead_) return IoError("injected fault: {}: write after a failed write", location());
    FLOE_RETURN_IF_ERROR(io_->Check(FileOp::kWrite, location()));
    if (partial_ && BytesWritten() + static_cast<int64_t>(data.size()) > partial_->bytes) {
      size_t keep = static_cast<size_t>(std::max<int64_t>(0, partial_->bytes - BytesWritten()));
      Status st = inner_->Write(data.substr(0, keep));
      dead_ = true;
      {
        std::lock_guard lock(io_->mu_);
        ++io_->faults_;
        if (io_->crash_on_fault_) io_->crashed_ = true;
      }
      if (partial_->leave_partial && st.ok()) {
        (void)inner_->Close();  // the partial bytes become visible, as after a crash
      } else {
        inner_->Abort();
      }
      return IoError("injected fault: {}: write failed after {} bytes", location(),
                     partial_->bytes);
    }
    return inner_->Write(data);
  }

  Status Close() override {
    if (dead_) return IoError("injected fault: {}: close after a failed write", location());
    dead_ = true;
    bool crashed_before = io_->crashed();
    Status st = io_->Check(FileOp::kClose, location());
    if (st.ok()) return inner_->Close();
    if (!crashed_before && io_->close_fault() == CloseFault::kAfterPublish) {
      (void)inner_->Close();  // it landed; only the answer is lost
    } else if (!crashed_before) {
      inner_->Abort();
    }
    return st;
  }

  void Abort() override {
    if (io_->crashed()) return;  // a dead process cleans nothing up
    dead_ = true;
    inner_->Abort();
  }

 private:
  FaultInjectingFileIO* io_;
  std::unique_ptr<OutputFile> inner_;
  std::optional<FaultInjectingFileIO::PartialWrite> partial_;
  bool dead_ = false;
};

FaultInjectingFileIO::FaultInjectingFileIO(std::shared_ptr<FileIO> inner)
    : inner_(std::move(inner)) {}

void FaultInjectingFileIO::FailNth(FileOp op, int64_t n) {
  std::lock_guard lock(mu_);
  auto i = static_cast<size_t>(op);
  fail_at_[i].push_back(counts_[i] + n);
}

void FaultInjectingFileIO::FailMatching(FileOp op, std::string substring) {
  std::lock_guard lock(mu_);
  fail_matching_[static_cast<size_t>(op)].push_back(std::move(substring));
}

void FaultInjectingFileIO::SetCloseFault(CloseFault fault) {
  std::lock_guard lock(mu_);
  close_fault_ = fault;
}

CloseFault FaultInjectingFileIO::close_fault() const {
  std::lock_guard lock(mu_);
  return close_fault_;
}

void FaultInjectingFileIO::FailAfterBytes(std::string substring, int64_t bytes,
                                          bool leave_partial) {
  std::lock_guard lock(mu_);
  partial_writes_.push_back(PartialWrite{std::move(substring), bytes, leave_partial});
}

void FaultInjectingFileIO::SetCrashOnFault(bool crash) {
  std::lock_guard lock(mu_);
  crash_on_fault_ = crash;
}

void FaultInjectingFileIO::ClearFaults() {
  std::lock_guard lock(mu_);
  for (auto& v : fail_at_) v.clear();
  for (auto& v : fail_matching_) v.clear();
  partial_writes_.clear();
  close_fault_ = CloseFault::kBeforePublish;
  crash_on_fault_ = false;
  crashed_ = false;
}

int64_t FaultInjectingFileIO::Count(FileOp op) const {
  std::lock_guard lock(mu_);
  return counts_[static_cast<size_t>(op)];
}

int64_t FaultInjectingFileIO::FaultCount() const {
  std::lock_guard lock(mu_);
  return faults_;
}

bool FaultInjectingFileIO::crashed() const {
  std::lock_guard lock(mu_);
  return crashed_;
}

Status FaultInjectingFileIO::Check(FileOp op, std::string_view location) {
  std::lock_guard lock(mu_);
  auto i = static_cast<size_t>(op);
  int64_t n = ++counts_[i];
  if (crashed_) {
    return IoError("injected fault: {} {}: refused after a simulated crash", FileOpName(op),
                   location);
  }
  bool fire = false;
  auto& at = fail_at_[i];
  if (auto it = std::find(at.begin(), at.end(), n); it != at.end()) {
    at.erase(it);
    fire = true;
  }
  for (const std::string& s : fail_matching_[i]) {
    if (location.find(s) != std::string_view::npos) fire = true;
  }
  if (!fire) return Ok();
  ++faults_;
  if (crash_on_fault_) crashed_ = true;
  return IoError("injected fault: {} {} (call {} of this kind)", FileOpName(op), location, n);
}

std::optional<FaultInjectingFileIO::PartialWrite> FaultInjectingFileIO::PartialWriteFor(
    std::string_view location) const {
  std::lock_guard lock(mu_);
  for (const PartialWrite& p : partial_writes_) {
    if (location.find(p.substring) != std::string_view::npos) return p;
  }
  return std::nullopt;
}

Result<std::unique_ptr<InputFile>> FaultInjectingFileIO::OpenInput(
    std::string_view location, std::optional<int64_t> known_length) {
  FLOE_RETURN_IF_ERROR(Check(FileOp::kOpen, location));
  FLOE_ASSIGN_OR_RETURN(auto file, inner_->OpenInput(location, known_length));
  return std::unique_ptr<InputFile>(new FaultInputFile(this, std::move(file)));
}

Result<std::unique_ptr<OutputFile>> FaultInjectingFileIO::Create(std::string_view location,
                                                                 bool overwrite) {
  FLOE_RETURN_IF_ERROR(Check(FileOp::kCreate, location));
  FLOE_ASSIGN_OR_RETURN(auto file, inner_->Create(location, overwrite));
  return std::unique_ptr<OutputFile>(
      new FaultOutputFile(this, std::move(file), PartialWriteFor(location)));
}

Status FaultInjectingFileIO::Delete(std::string_view location) {
  FLOE_RETURN_IF_ERROR(Check(FileOp::kDelete, location));
  return inner_->Delete(location);
}

Result<bool> FaultInjectingFileIO::Exists(std::string_view location) {
  FLOE_RETURN_IF_ERROR(Check(FileOp::kExists, location));
  return inner_->Exists(location);
}

Result<std::vector<FileInfo>> FaultInjectingFileIO::List(std::string_view prefix) {
  FLOE_RETURN_IF_ERROR(Check(FileOp::kList, prefix));
  return inner_->List(prefix);
}

}  // namespace floe::io
