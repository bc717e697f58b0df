// FileIO over the local file system. Reads use pread (thread-safe, no shared offset). Writes go
// to a temporary sibling, are fsynced, then linked into place so the name appears only complete
// and never replaces an existing file (link() fails with EEXIST).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "floe/io/file_io.h"
#include "floe/io/location.h"

namespace floe::io {
namespace {

namespace fs = std::filesystem;

// The file-system path of a local location: "file:/a/b", "file:///a/b" -> "/a/b"; plain paths
// unchanged; "file://host/path" is the relative path "host/path" (docs/cli.md). Other schemes are
// not the local file system's.
Result<std::string> ToPath(std::string_view location) {
  FLOE_ASSIGN_OR_RETURN(Location loc, Location::Parse(location));
  if (!loc.IsLocal()) {
    return NotSupported("{}: {}:// locations are not on the local file system", location,
                        loc.scheme());
  }
  if (loc.FilePath().empty()) return InvalidArgument("\"{}\" names no file", location);
  return loc.FilePath();
}

Error ErrnoError(int err, std::string_view what, std::string_view path) {
  if (err == ENOENT || err == ENOTDIR) return NotFound("{}: file not found", path);
  if (err == EEXIST) return AlreadyExists("{}: file already exists", path);
  return IoError("{}: {} failed: {}", path, what, std::strerror(err));
}

class LocalInputFile : public InputFile {
 public:
  LocalInputFile(std::string location, int fd, int64_t size)
      : location_(std::move(location)), fd_(fd), size_(size) {}
  ~LocalInputFile() override { ::close(fd_); }

  const std::string& location() const override { return location_; }
  Result<int64_t> Size() const override { return size_; }

  Status ReadAt(int64_t offset, int64_t length, uint8_t* out) const override {
    if (offset < 0 || length < 0 || offset > size_ || length > size_ - offset) {
      return Corrupt("{}: read of {} bytes at offset {} is past the end of the {}-byte file",
                     location_, length, offset, size_);
    }
    while (length > 0) {
      ssize_t n = ::pread(fd_, out, static_cast<size_t>(length), offset);
      if (n < 0) {
        if (errno == EINTR) continue;
        return ErrnoError(errno, "read", location_);
      }
      if (n == 0) return Corrupt("{}: file ended early at offset {}", location_, offset);
      out += n;
      offset += n;
      length -= n;
    }
    return Ok();
  }

 private:
  std::string location_;
  int fd_;
  int64_t size_;
};

class LocalOutputFile : public OutputFile {
 public:
  LocalOutputFile(std::string location, std::string path, std::string temp, int fd, bool overwrite)
      : location_(std::move(location)),
        path_(std::move(path)),
        temp_(std::move(temp)),
        fd_(fd),
        overwrite_(overwrite) {}
  ~LocalOutputFile() override {
    if (fd_ >= 0) Abort();
  }

  const std::string& location() const override { return location_; }
  int64_t BytesWritten() const override { return written_; }

  Status Write(std::string_view data) override {
    if (fd_ < 0) return Internal("{}: write after close", location_);
    const char* p = data.data();
    size_t left = data.size();
    while (left > 0) {
      ssize_t n = ::write(fd_, p, left);
      if (n < 0) {
        if (errno == EINTR) continue;
        return ErrnoError(errno, "write", location_);
      }
      p += n;
      left -= static_cast<size_t>(n);
      written_ += n;
    }
    return Ok();
  }

  Status Close() override {
    if (fd_ < 0) return Internal("{}: closed twice", location_);
    if (::fsync(fd_) != 0) {
      int err = errno;
      Abort();
      return ErrnoError(err, "fsync", location_);
    }
    ::close(fd_);
    fd_ = -1;
    if (overwrite_) {
      if (::rename(temp_.c_str(), path_.c_str()) != 0) {
        int err = errno;
        ::unlink(temp_.c_str());
        return ErrnoError(err, "rename", location_);
      }
    } else {
      int rc = ::link(temp_.c_str(), path_.c_str());
      int err = errno;
      if (rc != 0 && (err == EPERM || err == EOPNOTSUPP || err == ENOSYS)) {
        // File systems without hard links: an atomic rename that refuses to replace.
        rc = ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, path_.c_str(), RENAME_NOREPLACE);
        err = errno;
      }
      ::unlink(temp_.c_str());
      if (rc != 0) return ErrnoError(err, "create", location_);
    }
    // Make the new directory entry durable too.
    std::string dir = fs::path(path_).parent_path().string();
    int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
      ::fsync(dfd);
      ::close(dfd);
    }
    return Ok();
  }

  void Abort() override {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
    ::unlink(temp_.c_str());
  }

 private:
  std::string location_, path_, temp_;
  int fd_;
  bool overwrite_;
  int64_t written_ = 0;
};

class LocalFileIOImpl : public FileIO {
 public:
  Result<std::unique_ptr<InputFile>> OpenInput(std::string_view location,
                                               std::optional<int64_t> known_length) override {
    FLOE_ASSIGN_OR_RETURN(std::string path, ToPath(location));
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return ErrnoError(errno, "open", location);
    int64_t size;
    if (known_length) {
      size = *known_length;
    } else {
      struct stat st;
      if (::fstat(fd, &st) != 0) {
        int err = errno;
        ::close(fd);
        return ErrnoError(err, "stat", location);
      }
      if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return InvalidArgument("{}: is a folder, not a file", location);
      }
      size = st.st_size;
    }
    return std::unique_ptr<InputFile>(new LocalInputFile(std::string(location), fd, size));
  }

  Result<std::unique_ptr<OutputFile>> Create(std::string_view location, bool overwrite) override {
    FLOE_ASSIGN_OR_RETURN(std::string path, ToPath(location));
    fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec)
      return IoError("{}: cannot create folder {}: {}", location, parent.string(), ec.message());
    if (!overwrite && ::access(path.c_str(), F_OK) == 0) {
      return AlreadyExists("{}: file already exists", location);
    }
    // The temporary name must not draw from the id source: FLOE_TEST_SEED makes that source
    // deterministic, and files written in parallel would take its ids in a varying order.
    static std::atomic<uint64_t> counter{0};
    std::string temp;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
      temp = (parent / fmt::format(".{}.{}-{}.tmp", fs::path(path).filename().string(), ::getpid(),
                                   counter.fetch_add(1)))
                 .string();
      fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) return ErrnoError(errno, "create", location);
    return std::unique_ptr<OutputFile>(
        new LocalOutputFile(std::string(location), path, temp, fd, overwrite));
  }

  Status Delete(std::string_view location) override {
    FLOE_ASSIGN_OR_RETURN(std::string path, ToPath(location));
    if (::unlink(path.c_str()) != 0) return ErrnoError(errno, "delete", location);
    return Ok();
  }

  Result<bool> Exists(std::string_view location) override {
    FLOE_ASSIGN_OR_RETURN(std::string path, ToPath(location));
    return ::access(path.c_str(), F_OK) == 0;
  }

  // Files whose path starts with the prefix's path (plain string prefix, as object stores list),
  // named the way the caller named the prefix ("file:/wh/x" for the prefix "file:/wh"). Only
  // folders that can hold matches are walked.
  Result<std::vector<FileInfo>> List(std::string_view prefix) override {
    FLOE_ASSIGN_OR_RETURN(std::string path, ToPath(prefix));
    std::string_view caller_prefix = prefix.substr(0, prefix.size() - path.size());
    std::vector<FileInfo> out;
    std::error_code ec;
    fs::path root(path);
    if (path.back() == '/' || !fs::is_directory(root, ec)) root = root.parent_path();
    if (root.empty()) root = ".";
    if (!fs::is_directory(root, ec)) return out;
    // Paths below "." come back as "./x": compare without that.
    bool dot_root = root == ".";
    auto it = fs::recursive_directory_iterator(root, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::string p = it->path().string();
      if (dot_root && p.rfind("./", 0) == 0) p.erase(0, 2);
      if (it->is_directory(ec)) {
        // Walk into a folder only if its files can start with `path`.
        std::string dir = p + "/";
        if (dir.rfind(path, 0) != 0 && path.rfind(dir, 0) != 0) it.disable_recursion_pending();
        continue;
      }
      if (!it->is_regular_file(ec) || p.rfind(path, 0) != 0) continue;
      struct stat st;
      if (::stat(it->path().c_str(), &st) != 0) continue;
      out.push_back(
          FileInfo{std::string(caller_prefix) + p, static_cast<int64_t>(st.st_size),
                   static_cast<int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000});
    }
    if (ec) return IoError("{}: listing failed: {}", prefix, ec.message());
    return out;
  }
};

}  // namespace

std::shared_ptr<FileIO> LocalFileIO() {
  static std::shared_ptr<FileIO> io = std::make_shared<LocalFileIOImpl>();
  return io;
}

}  // namespace floe::io
