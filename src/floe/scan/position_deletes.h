// Position delete files (spec: "Position Delete Files"): Parquet or Avro files of (file_path, pos)
// rows, field ids 2147483546 and 2147483545 — the row at position `pos` of data file `file_path` is
// deleted. Writers may add a `row` column (2147483544) with the deleted row; it is not read.
// One file may hold the deletes of many data files, so a file is read once into positions per
// data file path. Paths are keyed by the location `io` reads for them (FileIO::ReadLocation), so
// under a location map `hdfs://nn:8020/wh/t/f` and `/wh/t/f` are the same data file; without one
// they are compared exactly as the files write them.
// Deletion vectors, the v3 form of position deletes, are in deletion_vector.h.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/position_set.h"
#include "floe/util/result.h"

namespace floe::scan {

inline constexpr int32_t kDeleteFilePathFieldId = 2147483546;
inline constexpr int32_t kDeleteFilePosFieldId = 2147483545;

// The deleted positions of each data file a position delete file names, by file_path.
using PositionDeletesByPath = std::unordered_map<std::string, PositionSet>;

// Reads a Parquet or Avro position delete file (columns found by field id, or by the names
// file_path and pos in files written without ids; Avro files through avro_data_file_reader.h).
// Errors name the file: NotSupported for other formats (ORC), Corrupt for a missing column, a
// null pos, or a negative position. Rows whose file_path is null (some engines write them) are
// skipped, with one warning per file (util/diagnostics.h).
Result<PositionDeletesByPath> ReadPositionDeleteFile(io::FileIO& io,
                                                     const manifest::DeleteFile& file);

}  // namespace floe::scan
