// floe's one error type: Result<T> holds a value or an Error{kind, message}.
// No exceptions cross the public API; every fallible function returns Result<T> or Status.
#pragma once

#include <fmt/format.h>

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace floe {

// The kinds map one to one onto the CLI exit codes (docs/cli.md).
enum class ErrorKind {
  kInvalidArgument,     // caller's fault: bad argument or usage          -> 2
  kNotFound,            // table, namespace, file, snapshot               -> 3
  kAlreadyExists,       //                                                -> 4
  kCorrupt,             // bad bytes, bad metadata, data not fitting      -> 5
  kNotSupported,        // feature, codec, type or version not handled   -> 6
  kIo,                  //                                                -> 7
  kCommitConflict,      // retryable                                      -> 8
  kCommitStateUnknown,  // commit may or may not have landed              -> 9
  kInternal,            // a bug                                          -> 1
};

std::string_view ErrorKindName(ErrorKind kind);
int ExitCodeFor(ErrorKind kind);

struct Error {
  ErrorKind kind = ErrorKind::kInternal;
  std::string message;

  // "context: message" — used to name the file, field or JSON path at fault.
  Error WithContext(std::string_view context) const {
    return Error{kind, fmt::format("{}: {}", context, message)};
  }
};

template <typename... Args>
Error MakeError(ErrorKind kind, fmt::format_string<Args...> f, Args&&... args) {
  return Error{kind, fmt::format(f, std::forward<Args>(args)...)};
}
template <typename... Args>
Error InvalidArgument(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kInvalidArgument, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error NotFound(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kNotFound, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error AlreadyExists(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kAlreadyExists, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error Corrupt(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kCorrupt, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error NotSupported(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kNotSupported, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error IoError(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kIo, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error CommitConflict(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kCommitConflict, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error CommitStateUnknown(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kCommitStateUnknown, f, std::forward<Args>(args)...);
}
template <typename... Args>
Error Internal(fmt::format_string<Args...> f, Args&&... args) {
  return MakeError(ErrorKind::kInternal, f, std::forward<Args>(args)...);
}

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const& {
    assert(!ok());
    return std::get<1>(v_);
  }
  Error&& error() && {
    assert(!ok());
    return std::get<1>(std::move(v_));
  }

  Result WithContext(std::string_view context) && {
    if (ok()) return std::move(*this);
    return std::get<1>(v_).WithContext(context);
  }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const& {
    assert(failed_);
    return error_;
  }
  Error&& error() && {
    assert(failed_);
    return std::move(error_);
  }

  Result WithContext(std::string_view context) && {
    if (ok()) return Result();
    return error_.WithContext(context);
  }

 private:
  Error error_;
  bool failed_ = false;
};

using Status = Result<void>;

inline Status Ok() { return Status(); }

}  // namespace floe

#define FLOE_CONCAT_INNER(a, b) a##b
#define FLOE_CONCAT(a, b) FLOE_CONCAT_INNER(a, b)

// Returns the error of a failed Result/Status from the enclosing function.
#define FLOE_RETURN_IF_ERROR(expr)                                  \
  do {                                                              \
    auto&& floe_status_ = (expr);                                   \
    if (!floe_status_.ok()) return std::move(floe_status_).error(); \
  } while (0)

#define FLOE_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                               \
  if (!tmp.ok()) return std::move(tmp).error();    \
  lhs = std::move(tmp).value()

// FLOE_ASSIGN_OR_RETURN(auto x, ParseX(...)); declares x or returns the error.
#define FLOE_ASSIGN_OR_RETURN(lhs, expr) \
  FLOE_ASSIGN_OR_RETURN_IMPL(FLOE_CONCAT(floe_result_, __LINE__), lhs, expr)
