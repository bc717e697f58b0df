// A FileIO that reads through another and refuses every write and delete with one message: what
// a catalog on read-only storage hands its tables, so a write command fails before it writes a
// data file, with the reason ("the catalog … is read-only") instead of a file system's errno.
#pragma once

#include <memory>
#include <string>

#include "floe/io/file_io.h"

namespace floe::io {

// Create and Delete fail with kIo and `reason` (and the location); reads go to `inner`.
std::shared_ptr<FileIO> ReadOnlyFileIO(std::shared_ptr<FileIO> inner, std::string reason);

}  // namespace floe::io
