// Reading a CSV file (RFC 4180: comma-separated, fields optionally in double quotes with "" for a
// quote, CRLF or LF line ends) whose first line names the columns, into one record batch with
// inferred types (text_columns.h). An unquoted empty field is null; a quoted empty field ("") is
// the empty string (floe's own CSV output convention). ParseCsv and ReadCsvFile hold the whole file
// in memory; text/text_batch_reader.h reads a file of any size batch by batch.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/csv/text_columns.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::textformat {

// How reading one record ended.
enum class RecordRead { kRecord, kEnd, kNeedMore };

// Splits the record that starts at text[*pos] into `fields` and moves *pos past its line end.
// `at_end`: nothing follows `text`. Otherwise a record that may go on past the end of `text` is
// kNeedMore and *pos stays (read more text and call again). `line` numbers errors; Corrupt on a
// quoted field that is never closed.
Result<RecordRead> NextCsvRecord(std::string_view text, size_t* pos, bool at_end, int64_t line,
                                 std::vector<TextCell>* fields);
// The column names a header record gives ("column<N>" for an empty one); InvalidArgument when a
// name appears twice.
Result<std::vector<std::string>> CsvHeaderNames(const std::vector<TextCell>& header);

// Parses CSV text; Corrupt on an unterminated quote or a row with more or fewer fields than the
// header.
Result<columnar::RecordBatch> ParseCsv(std::string_view text,
                                       const std::vector<columnar::Field>& declared = {});
// `declared`: columns read as a given type instead of an inferred one (TextColumns::ToBatch).
Result<columnar::RecordBatch> ReadCsvFile(io::FileIO& io, const std::string& location,
                                          const std::vector<columnar::Field>& declared = {});

}  // namespace floe::textformat
