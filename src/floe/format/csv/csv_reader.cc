#include "floe/format/csv/csv_reader.h"

#include "floe/format/csv/text_columns.h"

namespace floe::textformat {

namespace {

// Splits the next record starting at *pos into fields; false at the end of the text.
Result<bool> NextRecord(std::string_view text, size_t* pos, int64_t line,
                        std::vector<TextCell>* fields) {
  fields->clear();
  size_t i = *pos;
  if (i >= text.size()) return false;
  while (true) {
    TextCell cell;
    if (i < text.size() && text[i] == '"') {
      ++i;
      cell.is_null = false;
      while (true) {
        if (i >= text.size()) return Corrupt("line {}: a quoted field is not closed", line);
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            cell.text.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        cell.text.push_back(text[i++]);
      }
    } else {
      size_t start = i;
      while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') ++i;
      cell.text.assign(text.substr(start, i - start));
      cell.is_null = cell.text.empty();
    }
    fields->push_back(std::move(cell));
    if (i < text.size() && text[i] == ',') {
      ++i;
      continue;
    }
    if (i < text.size() && text[i] == '\r') ++i;
    if (i < text.size() && text[i] == '\n') ++i;
    *pos = i;
    return true;
  }
}

}  // namespace

Result<columnar::RecordBatch> ParseCsv(std::string_view text,
                                       const std::vector<columnar::Field>& declared) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  size_t pos = 0;
  std::vector<TextCell> fields;
  FLOE_ASSIGN_OR_RETURN(bool has_header, NextRecord(text, &pos, 1, &fields));
  if (!has_header) return InvalidArgument("the CSV input is empty: a header line is needed");
  TextColumns columns;
  const size_t header_size = fields.size();
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string name = fields[i].text.empty() ? "column" + std::to_string(i + 1) : fields[i].text;
    if (columns.Column(name) != static_cast<int>(i)) {
      return InvalidArgument("CSV header: column \"{}\" appears twice", name);
    }
  }
  for (int64_t line = 2;; ++line) {
    FLOE_ASSIGN_OR_RETURN(bool more, NextRecord(text, &pos, line, &fields));
    if (!more) break;
    if (fields.size() == 1 && fields[0].is_null) continue;  // an empty line
    if (fields.size() > header_size) {
      return Corrupt("line {}: {} fields, the header names {}", line, fields.size(), header_size);
    }
    std::vector<std::pair<int, TextCell>> cells;
    for (size_t i = 0; i < fields.size(); ++i) cells.emplace_back(static_cast<int>(i), std::move(fields[i]));
    columns.AddRow(std::move(cells));
  }
  return columns.ToBatch(declared);
}

Result<columnar::RecordBatch> ReadCsvFile(io::FileIO& io, const std::string& location,
                                         const std::vector<columnar::Field>& declared) {
  FLOE_ASSIGN_OR_RETURN(std::string text, io::ReadFile(io, location));
  auto batch = ParseCsv(text, declared);
  if (!batch.ok()) return std::move(batch).WithContext(location);
  return batch;
}

}  // namespace floe::textformat
