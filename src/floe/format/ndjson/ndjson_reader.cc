#include "floe/format/ndjson/ndjson_reader.h"

#include <fmt/format.h>
#include <simdjson.h>

#include "floe/format/csv/text_columns.h"

namespace floe::textformat {

namespace {

TextCell CellOf(simdjson::dom::element v) {
  TextCell cell;
  cell.is_null = false;
  switch (v.type()) {
    case simdjson::dom::element_type::NULL_VALUE: cell.is_null = true; break;
    case simdjson::dom::element_type::BOOL: cell.text = bool(v) ? "true" : "false"; break;
    case simdjson::dom::element_type::INT64: cell.text = std::to_string(int64_t(v)); break;
    // Beyond int64: a double, as a number too large for Iceberg's long.
    case simdjson::dom::element_type::UINT64: cell.text = fmt::format("{}.0", uint64_t(v)); break;
    case simdjson::dom::element_type::DOUBLE: {
      cell.text = fmt::format("{}", double(v));
      // "1e+20" and "3" must not read back as integers.
      if (cell.text.find_first_of(".eEn") == std::string::npos) cell.text += ".0";
      break;
    }
    case simdjson::dom::element_type::STRING:
      cell.text = std::string(std::string_view(v));
      cell.quoted_json = true;
      break;
    default:  // object, array
      cell.text = simdjson::minify(v);
      cell.quoted_json = true;
      break;
  }
  return cell;
}

}  // namespace

Result<columnar::RecordBatch> ParseNdjson(std::string_view text,
                                       const std::vector<columnar::Field>& declared) {
  simdjson::dom::parser parser;
  TextColumns columns;
  int64_t line = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (l.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    simdjson::dom::element doc;
    if (auto error = parser.parse(l.data(), l.size()).get(doc)) {
      return Corrupt("line {}: {}", line, simdjson::error_message(error));
    }
    simdjson::dom::object object;
    if (doc.get_object().get(object)) return Corrupt("line {}: not a JSON object", line);
    std::vector<std::pair<int, TextCell>> cells;
    for (auto field : object) {
      cells.emplace_back(columns.Column(std::string(field.key)), CellOf(field.value));
    }
    columns.AddRow(std::move(cells));
  }
  return columns.ToBatch(declared);
}

Result<columnar::RecordBatch> ReadNdjsonFile(io::FileIO& io, const std::string& location,
                                         const std::vector<columnar::Field>& declared) {
  FLOE_ASSIGN_OR_RETURN(std::string text, io::ReadFile(io, location));
  auto batch = ParseNdjson(text, declared);
  if (!batch.ok()) return std::move(batch).WithContext(location);
  return batch;
}

}  // namespace floe::textformat
