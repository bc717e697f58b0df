// Reading NDJSON (one JSON object per line; blank lines skipped) into one record batch. Columns are
// the object keys in first-seen order; a missing key is null. Types are inferred as for CSV
// (csv/text_columns.h) from the JSON values: integers → int64, other numbers → float64,
// true/false → bool, strings holding ISO dates or timestamps → date32 / timestamp[us(, UTC)], other
// strings → string; nested objects and arrays are kept as their JSON text (a string column) until
// floe infers nested types. ParseNdjson and ReadNdjsonFile hold the whole file in memory;
// text/text_batch_reader.h reads a file of any size batch by batch.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/csv/text_columns.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::textformat {

// Reads one NDJSON line at a time (the parser's buffers are kept between lines).
class NdjsonLineParser {
 public:
  NdjsonLineParser();
  ~NdjsonLineParser();
  // The object's fields as (key, value) in the line's order; Corrupt, naming `line_number`, when
  // the line is not a JSON object.
  Status Parse(std::string_view line, int64_t line_number,
               std::vector<std::pair<std::string, TextCell>>* fields);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Spaces, tabs and a CR only: a line NDJSON readers skip.
bool IsBlankLine(std::string_view line);

// Corrupt when a line is not a JSON object.
Result<columnar::RecordBatch> ParseNdjson(std::string_view text,
                                          const std::vector<columnar::Field>& declared = {});
// `declared`: columns read as a given type instead of an inferred one (TextColumns::ToBatch).
Result<columnar::RecordBatch> ReadNdjsonFile(io::FileIO& io, const std::string& location,
                                             const std::vector<columnar::Field>& declared = {});

}  // namespace floe::textformat
