// Reading a CSV or NDJSON file of any size as record batches, in memory bounded by the batch size.
// Column types are inferred from every value of the file (csv/text_columns.h), as when the file is
// read whole: a first pass over the file reads the column names and the kinds of their values, a
// second parses it again, a batch at a time, with those types. The file is read in blocks, never
// held whole.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/csv/text_columns.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::textformat {

enum class TextFormat { kCsv, kNdjson };

struct TextBatchReaderOptions {
  // Columns read as a given type instead of an inferred one (TextColumns::ToBatch).
  std::vector<columnar::Field> declared;
  int64_t batch_rows = 64 * 1024;
  // How much of the file is read at a time (a longer record is read whole).
  int64_t block_bytes = 4 << 20;
  // Strings (values and column names) must be UTF-8 without NUL bytes: an error naming the line
  // and column, or with this, each invalid sequence and NUL replaced by U+FFFD.
  bool replace_invalid_utf8 = false;
  // How declared columns' text reads: the null text, the binary encoding (text_values.h).
  TextReadOptions values;
  // CSV: a row with fewer fields than the header is an error naming the line, or with this, its
  // missing trailing fields are null. A row with more fields is always an error.
  bool allow_missing_columns = false;
};

class TextBatchReader {
 public:
  // Reads the whole file once (the first pass): errors in its syntax, and declared columns' values
  // that do not read as their types, are found here, before any batch is returned. Errors name
  // the file, and the line and column of a value: "f.csv: line 3, column amount: …".
  static Result<std::unique_ptr<TextBatchReader>> Open(io::FileIO& io, const std::string& location,
                                                       TextFormat format,
                                                       TextBatchReaderOptions options = {});
  ~TextBatchReader();

  const columnar::SchemaPtr& schema() const { return schema_; }
  int64_t num_rows() const { return num_rows_; }
  // The file's size in bytes.
  int64_t file_size() const;
  // The next batch of at most batch_rows rows; nullopt after the last.
  Result<std::optional<columnar::RecordBatch>> Next();

 private:
  class Records;
  TextBatchReader() = default;

  std::string location_;
  TextBatchReaderOptions options_;
  std::vector<std::string> names_;
  std::vector<TextKind> kinds_;
  columnar::SchemaPtr schema_;
  int64_t num_rows_ = 0;
  int64_t rows_read_ = 0;
  std::unique_ptr<Records> records_;  // the second pass
};

// The format a file's name says: *.csv, or *.json / *.ndjson / *.jsonl; nullopt otherwise.
std::optional<TextFormat> TextFormatOf(std::string_view location);

}  // namespace floe::textformat
