#include "floe/format/csv/csv_reader.h"

#include <algorithm>

#include "floe/format/csv/text_columns.h"

namespace floe::textformat {

Result<RecordRead> NextCsvRecord(std::string_view text, size_t* pos, bool at_end, int64_t line,
                                 std::vector<TextCell>* fields) {
  fields->clear();
  size_t i = *pos;
  if (i >= text.size()) return at_end ? RecordRead::kEnd : RecordRead::kNeedMore;
  while (true) {
    TextCell cell;
    if (text[i] == '"') {
      ++i;
      cell.is_null = false;
      while (true) {
        if (i >= text.size()) {
          if (!at_end) return RecordRead::kNeedMore;
          return Corrupt("line {}: a quoted field is not closed", line);
        }
        if (text[i] == '"') {
          if (i + 1 >= text.size() && !at_end) return RecordRead::kNeedMore;  // "" or the close?
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
      if (i >= text.size() && !at_end) return RecordRead::kNeedMore;
      if (i >= text.size()) {  // a last field, empty, at the end of the text
        fields->push_back(TextCell{});
        *pos = i;
        return RecordRead::kRecord;
      }
      continue;
    }
    // The record ends here: at a line end (CR, LF or CRLF — a CR at the end of the text may be
    // followed by an LF in what comes next) or at the end of all text.
    if (i >= text.size() && !at_end) return RecordRead::kNeedMore;
    if (i < text.size() && text[i] == '\r') {
      ++i;
      if (i >= text.size() && !at_end) return RecordRead::kNeedMore;
    }
    if (i < text.size() && text[i] == '\n') ++i;
    *pos = i;
    return RecordRead::kRecord;
  }
}

Result<std::vector<std::string>> CsvHeaderNames(const std::vector<TextCell>& header) {
  std::vector<std::string> names;
  for (size_t i = 0; i < header.size(); ++i) {
    std::string name = header[i].text.empty() ? "column" + std::to_string(i + 1) : header[i].text;
    for (const std::string& seen : names) {
      if (seen == name) return InvalidArgument("CSV header: column \"{}\" appears twice", name);
    }
    names.push_back(std::move(name));
  }
  return names;
}

Result<columnar::RecordBatch> ParseCsv(std::string_view text,
                                       const std::vector<columnar::Field>& declared) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  size_t pos = 0;
  std::vector<TextCell> fields;
  FLOE_ASSIGN_OR_RETURN(RecordRead header, NextCsvRecord(text, &pos, true, 1, &fields));
  if (header == RecordRead::kEnd)
    return InvalidArgument("the CSV input is empty: a header line is needed");
  FLOE_ASSIGN_OR_RETURN(std::vector<std::string> names, CsvHeaderNames(fields));
  TextColumns columns;
  for (const std::string& name : names) columns.Column(name);
  // `line`: the line the record starts on (a quoted field may hold line ends).
  int64_t next_line =
      1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n');
  while (true) {
    const int64_t line = next_line;
    const size_t start = pos;
    FLOE_ASSIGN_OR_RETURN(RecordRead read, NextCsvRecord(text, &pos, true, line, &fields));
    if (read == RecordRead::kEnd) break;
    next_line += std::count(text.begin() + static_cast<std::ptrdiff_t>(start),
                            text.begin() + static_cast<std::ptrdiff_t>(pos), '\n');
    if (fields.size() == 1 && fields[0].is_null) continue;  // an empty line
    if (fields.size() > names.size()) {
      return Corrupt("line {}: {} fields, the header names {}", line, fields.size(), names.size());
    }
    if (fields.size() < names.size()) {
      return Corrupt(
          "line {}: {} fields, the header names {} (--allow-missing-columns reads the missing "
          "trailing fields as nulls)",
          line, fields.size(), names.size());
    }
    std::vector<std::pair<int, TextCell>> cells;
    for (size_t i = 0; i < fields.size(); ++i)
      cells.emplace_back(static_cast<int>(i), std::move(fields[i]));
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
