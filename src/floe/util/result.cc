#include "floe/util/result.h"

namespace floe {

std::string_view ErrorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument:
      return "invalid argument";
    case ErrorKind::kNotFound:
      return "not found";
    case ErrorKind::kAlreadyExists:
      return "already exists";
    case ErrorKind::kCorrupt:
      return "corrupt or invalid input";
    case ErrorKind::kNotSupported:
      return "not supported";
    case ErrorKind::kIo:
      return "I/O error";
    case ErrorKind::kCommitConflict:
      return "commit conflict";
    case ErrorKind::kCommitStateUnknown:
      return "commit state unknown";
    case ErrorKind::kInternal:
      return "internal error";
  }
  return "internal error";
}

int ExitCodeFor(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument:
      return 2;
    case ErrorKind::kNotFound:
      return 3;
    case ErrorKind::kAlreadyExists:
      return 4;
    case ErrorKind::kCorrupt:
      return 5;
    case ErrorKind::kNotSupported:
      return 6;
    case ErrorKind::kIo:
      return 7;
    case ErrorKind::kCommitConflict:
      return 8;
    case ErrorKind::kCommitStateUnknown:
      return 9;
    case ErrorKind::kInternal:
      return 1;
  }
  return 1;
}

}  // namespace floe
