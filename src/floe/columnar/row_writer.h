// Printing the rows of record batches in the formats of docs/cli.md "Output" (`floe parquet cat`,
// `floe scan`, `floe sql`), streaming batch by batch to a FILE* or a string:
//   json   NDJSON: one object per row, the top-level field names as keys in schema order.
//   csv    a header line of field names, then one line per row; RFC 4180 quoting, an empty field
//          for a null, `""` for an empty string or binary, nested values as their JSON text; lines
//          end in
//          "\n".
//   table  aligned columns for people: a header, a separator, numbers right-aligned and the rest
//          left-aligned, nulls as NULL, then "(N rows)". Control characters show as escapes (\n,
//          \t, \x1b) so that one row stays one line. By default every row and every character is
//          printed (to a pipe or file): the first kTableSampleRows rows are held to size the
//          columns, later rows are printed at once in those widths. A TableLayout for a terminal
//          shows the first and last rows only ("(2,163 rows, 40 shown)"), cuts text to a width
//          and narrows the widest text columns to fit the line; cut text ends in "…" (numbers
//          are never cut).
// Values are written as value_text.h says; a top-level fixed_size_binary(16) column whose Field
// carries the arrow.uuid extension name prints as UUIDs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/util/result.h"

namespace floe::columnar {

enum class RowFormat { kTable, kCsv, kJson };

// How the table format fits a screen; zero means no limit.
struct TableLayout {
  int64_t max_rows = 0;    // more rows: the first (max_rows + 1) / 2 and the last max_rows / 2
  int max_cell_width = 0;  // text cut to this many characters
  int max_line_width = 0;  // the widest text columns narrowed until a line fits
};

// "table", "csv" or "json"; InvalidArgument otherwise.
Result<RowFormat> ParseRowFormat(std::string_view text);
std::string_view RowFormatName(RowFormat format);

class RowWriter {
 public:
  static constexpr int64_t kTableSampleRows = 1000;
  static constexpr int kMaxCellWidth = 48;

  // Rows are written to `file` (left open) or appended to `*out`.
  static std::unique_ptr<RowWriter> Make(RowFormat format, std::FILE* file,
                                         const TableLayout& layout = {});
  static std::unique_ptr<RowWriter> Make(RowFormat format, std::string* out,
                                         const TableLayout& layout = {});
  virtual ~RowWriter() = default;
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;

  // Sets the schema, so that csv and table print their header even when no rows follow.
  // Optional: the first Write does it otherwise.
  Status Begin(SchemaPtr schema);
  // Every batch must have the fields of the first (metadata aside); InvalidArgument otherwise.
  Status Write(const RecordBatch& batch);
  // Prints what is held back (table: the sampled rows and the footer) and flushes the sink.
  Status Finish();

  int64_t rows_written() const { return rows_written_; }
  // True once a string or name held invalid UTF-8, printed as U+FFFD: the caller warns once.
  bool replaced_invalid_utf8() const { return replaced_invalid_utf8_; }

 protected:
  RowWriter() = default;

  // Called once the schema is known (schema_ and uuid_ set).
  virtual void OnBegin() = 0;
  // Appends row `row` of `batch` to pending_ (or holds it back).
  virtual void WriteRow(const RecordBatch& batch, int64_t row) = 0;
  // Appends what is held back to pending_.
  virtual void OnFinish() = 0;

  // Moves pending_ to the sink.
  Status Flush();

  SchemaPtr schema_;
  std::vector<bool> uuid_;  // per top-level column: print as UUIDs
  std::string pending_;     // output not yet handed to the sink
  int64_t rows_written_ = 0;
  bool replaced_invalid_utf8_ = false;

 private:
  std::FILE* file_ = nullptr;
  std::string* out_ = nullptr;
  bool finished_ = false;
};

}  // namespace floe::columnar
