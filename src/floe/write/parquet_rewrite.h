// Writing a data file as an Iceberg-ready Parquet file (`floe parquet write`): the rows of a
// Parquet, CSV (.csv, with a header) or NDJSON (.ndjson, .jsonl, .json) file (types inferred, see
// format/csv/text_columns.h) are written with floe's writer, every field given an Iceberg field id
// (the input's own ids when every field has one, otherwise 1..n depth first) and the Iceberg
// schema stored as the `iceberg.schema` key-value metadata (what icebird and other readers use to
// resolve columns). With a declared schema, the file has exactly its columns, types and ids.
#pragma once

#include <optional>
#include <string>

#include "floe/columnar/record_batch.h"
#include "floe/format/csv/text_values.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::write {

struct ParquetRewriteOptions {
  parquet::ParquetWriterOptions writer;
  bool overwrite = false;  // replace an existing output file (otherwise AlreadyExists)
  // The output's columns (`--schema`, spec/schema_text.h; ids as given): input columns are matched
  // by name, ASCII case ignored, and checked and converted as `floe append` does
  // (batch_conformance.h); CSV and NDJSON values are read as the declared types
  // (csv/text_values.h). Without it the input's own types (inferred for text) are kept.
  std::optional<spec::Schema> schema;
  // CSV and NDJSON strings: U+FFFD for invalid UTF-8 and NUL bytes instead of an error
  // (TextBatchReaderOptions).
  bool replace_invalid_utf8 = false;
  // How CSV and NDJSON values read as the declared types (null text, binary encoding), and CSV
  // rows shorter than the header (TextBatchReaderOptions).
  textformat::TextReadOptions text_values;
  bool allow_missing_columns = false;
};

Result<parquet::FileMetrics> RewriteParquet(io::FileIO& io, const std::string& input,
                                            const std::string& output,
                                            const ParquetRewriteOptions& options);

}  // namespace floe::write
