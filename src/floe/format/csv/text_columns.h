// Columns of text values with type inference, shared by the CSV and NDJSON readers. A column's
// type is the narrowest that holds every non-null value: integers → int64 (Iceberg long), other
// numbers → float64 (double), true/false → bool, ISO-8601 timestamps with an offset → timestamp[us,
// UTC] (timestamptz) and without → timestamp[us] (timestamp), dates (YYYY-MM-DD) → date32, the rest
// → string. Integers and other numbers together make a double column; any other mix is a string
// column, as is a column of nulls only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/csv/text_values.h"
#include "floe/util/result.h"

namespace floe::textformat {

enum class TextKind { kNull, kLong, kDouble, kBoolean, kTimestampTz, kTimestamp, kDate, kString };

// What one value reads as. A JSON string (`quoted_json`) is never a number or a boolean.
TextKind ClassifyText(std::string_view text, bool quoted_json = false);
// The kind of a column that holds values of kinds a and b.
TextKind CombineKinds(TextKind a, TextKind b);
// The field of `declared` named `name` (ASCII case ignored) when its type reads from text
// (text_values.h CanReadTextAs); nullptr otherwise.
const columnar::Field* DeclaredField(const std::vector<columnar::Field>& declared,
                                     const std::string& name);

struct TextCell {
  std::string text;
  bool is_null = true;
  bool quoted_json = false;
};

class TextColumns {
 public:
  // Index of the column named `name`, added (filled with nulls so far) when new.
  int Column(const std::string& name);
  // Appends a row; cells for columns not set in it are null.
  void AddRow(std::vector<std::pair<int, TextCell>> cells);
  int64_t num_rows() const { return rows_; }
  // The batch with inferred types, except for columns named (ASCII case ignored) in `declared`
  // whose type text_values.h reads: their values are read as that type, and a value that does not
  // read is Corrupt naming the column and row (`first_row` + its row in this batch); `options` say
  // how (null text, binary encoding).
  // `kinds` (one per column), when given, are the columns' kinds instead of those of their values:
  // a file read in batches keeps the kinds inferred from all of it (every value must be of a kind
  // that combines into the given one).
  Result<columnar::RecordBatch> ToBatch(const std::vector<columnar::Field>& declared = {},
                                        const std::vector<TextKind>* kinds = nullptr,
                                        int64_t first_row = 0,
                                        const TextReadOptions& options = {}) const;
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;
  std::vector<std::vector<TextCell>> columns_;
  int64_t rows_ = 0;
};

}  // namespace floe::textformat
