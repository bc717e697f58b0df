#include "floe/io/read_only_file_io.h"

namespace floe::io {

namespace {

class ReadOnly final : public FileIO {
 public:
  ReadOnly(std::shared_ptr<FileIO> inner, std::string reason)
      : inner_(std::move(inner)), reason_(std::move(reason)) {}

  Result<std::unique_ptr<InputFile>> OpenInput(std::string_view location,
                                               std::optional<int64_t> known_length) override {
    return inner_->OpenInput(location, known_length);
  }
  Result<std::unique_ptr<OutputFile>> Create(std::string_view location, bool) override {
    return IoError("cannot write {}: {}", location, reason_);
  }
  Status Delete(std::string_view location) override {
    return IoError("cannot delete {}: {}", location, reason_);
  }
  Result<bool> Exists(std::string_view location) override { return inner_->Exists(location); }
  Result<std::vector<FileInfo>> List(std::string_view prefix) override {
    return inner_->List(prefix);
  }

 private:
  std::shared_ptr<FileIO> inner_;
  std::string reason_;
};

}  // namespace

std::shared_ptr<FileIO> ReadOnlyFileIO(std::shared_ptr<FileIO> inner, std::string reason) {
  return std::make_shared<ReadOnly>(std::move(inner), std::move(reason));
}

}  // namespace floe::io
