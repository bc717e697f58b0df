// Reading a CSV file (RFC 4180: comma-separated, fields optionally in double quotes with "" for a
// quote, CRLF or LF line ends) whose first line names the columns, into one record batch with
// inferred types (text_columns.h). An unquoted empty field is null; a quoted empty field ("") is
// the empty string (floe's own CSV output convention). The whole file is held in memory.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::textformat {

// Parses CSV text; Corrupt on an unterminated quote or a row with more fields than the header.
Result<columnar::RecordBatch> ParseCsv(std::string_view text,
                                       const std::vector<columnar::Field>& declared = {});
// `declared`: columns read as a given type instead of an inferred one (TextColumns::ToBatch).
Result<columnar::RecordBatch> ReadCsvFile(io::FileIO& io, const std::string& location,
                                         const std::vector<columnar::Field>& declared = {});

}  // namespace floe::textformat
