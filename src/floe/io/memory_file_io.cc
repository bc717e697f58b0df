#include "floe/io/memory_file_io.h"

#include <cstring>

#include "floe/util/clock.h"

namespace floe::io {

namespace {

class MemoryInputFile : public InputFile {
 public:
  MemoryInputFile(std::string location, std::shared_ptr<const std::string> data, int64_t size)
      : location_(std::move(location)), data_(std::move(data)), size_(size) {}

  const std::string& location() const override { return location_; }
  Result<int64_t> Size() const override { return size_; }

  Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const override {
    // Checked against both the size the caller gave and the bytes that are really there.
    int64_t real = static_cast<int64_t>(data_->size());
    int64_t limit = size_ < real ? size_ : real;
    if (offset < 0 || length < 0 || offset > limit || length > limit - offset) {
      return Corrupt("{}: read of {} bytes at offset {} is past the end of the {}-byte file",
                     location_, length, offset, real);
    }
    if (length > 0) std::memcpy(out, data_->data() + offset, static_cast<size_t>(length));
    return Ok();
  }

 private:
  std::string location_;
  std::shared_ptr<const std::string> data_;
  int64_t size_;
};

}  // namespace

class MemoryOutputFile : public OutputFile {
 public:
  MemoryOutputFile(MemoryFileIO* io, std::string location, bool overwrite)
      : io_(io), location_(std::move(location)), overwrite_(overwrite) {}
  ~MemoryOutputFile() override { Abort(); }

  const std::string& location() const override { return location_; }
  int64_t BytesWritten() const override { return static_cast<int64_t>(buffer_.size()); }

  Status Write(std::string_view data) override {
    if (done_) return Internal("{}: write after close", location_);
    buffer_.append(data);
    return Ok();
  }

  Status Close() override {
    if (done_) return Internal("{}: closed twice", location_);
    Finish();
    return io_->Publish(location_, std::move(buffer_), overwrite_);
  }

  void Abort() override {
    if (done_) return;
    Finish();
    buffer_.clear();
  }

 private:
  void Finish() {
    done_ = true;
    std::lock_guard lock(io_->mu_);
    --io_->open_outputs_;
  }

  MemoryFileIO* io_;
  std::string location_;
  bool overwrite_;
  std::string buffer_;
  bool done_ = false;
};

Result<std::unique_ptr<InputFile>> MemoryFileIO::OpenInput(std::string_view location,
                                                           std::optional<int64_t> known_length) {
  std::lock_guard lock(mu_);
  auto it = files_.find(location);
  if (it == files_.end()) return NotFound("{}: file not found", location);
  int64_t size = known_length ? *known_length : static_cast<int64_t>(it->second.data->size());
  return std::unique_ptr<InputFile>(
      new MemoryInputFile(std::string(location), it->second.data, size));
}

Result<std::unique_ptr<OutputFile>> MemoryFileIO::Create(std::string_view location,
                                                         bool overwrite) {
  if (location.empty()) return InvalidArgument("empty location");
  std::lock_guard lock(mu_);
  if (!overwrite && files_.find(location) != files_.end()) {
    return AlreadyExists("{}: file already exists", location);
  }
  ++open_outputs_;
  return std::unique_ptr<OutputFile>(new MemoryOutputFile(this, std::string(location), overwrite));
}

Status MemoryFileIO::Publish(const std::string& location, std::string data, bool overwrite) {
  auto entry = Entry{std::make_shared<const std::string>(std::move(data)), NowMillis()};
  std::lock_guard lock(mu_);
  if (overwrite) {
    files_.insert_or_assign(location, std::move(entry));
  } else if (!files_.emplace(location, std::move(entry)).second) {
    // Someone else created it between our Create and Close: never replace it.
    return AlreadyExists("{}: file already exists", location);
  }
  return Ok();
}

Status MemoryFileIO::Delete(std::string_view location) {
  std::lock_guard lock(mu_);
  auto it = files_.find(location);
  if (it == files_.end()) return NotFound("{}: file not found", location);
  files_.erase(it);
  return Ok();
}

Result<bool> MemoryFileIO::Exists(std::string_view location) {
  std::lock_guard lock(mu_);
  return files_.find(location) != files_.end();
}

Result<std::vector<FileInfo>> MemoryFileIO::List(std::string_view prefix) {
  std::lock_guard lock(mu_);
  std::vector<FileInfo> out;
  for (auto it = files_.lower_bound(prefix);
       it != files_.end() && std::string_view(it->first).substr(0, prefix.size()) == prefix; ++it) {
    out.push_back(
        FileInfo{it->first, static_cast<int64_t>(it->second.data->size()), it->second.modified_ms});
  }
  return out;
}

void MemoryFileIO::Put(std::string_view location, std::string_view data) {
  auto entry = Entry{std::make_shared<const std::string>(data), NowMillis()};
  std::lock_guard lock(mu_);
  files_.insert_or_assign(std::string(location), std::move(entry));
}

std::optional<std::string> MemoryFileIO::Get(std::string_view location) const {
  std::lock_guard lock(mu_);
  auto it = files_.find(location);
  if (it == files_.end()) return std::nullopt;
  return *it->second.data;
}

std::vector<std::string> MemoryFileIO::Locations() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> out;
  for (const auto& [location, entry] : files_) out.push_back(location);
  return out;
}

size_t MemoryFileIO::FileCount() const {
  std::lock_guard lock(mu_);
  return files_.size();
}

int64_t MemoryFileIO::TotalBytes() const {
  std::lock_guard lock(mu_);
  int64_t total = 0;
  for (const auto& [location, entry] : files_) total += static_cast<int64_t>(entry.data->size());
  return total;
}

int64_t MemoryFileIO::OpenOutputCount() const {
  std::lock_guard lock(mu_);
  return open_outputs_;
}

}  // namespace floe::io
