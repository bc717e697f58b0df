#include "floe/format/ndjson/ndjson_reader.h"

#include <fmt/format.h>
#include <simdjson.h>

#include "floe/format/csv/json_values.h"
#include "floe/format/csv/text_columns.h"

namespace floe::textformat {

namespace {

TextCell CellOf(simdjson::dom::element v) {
  TextCell cell;
  cell.is_null = false;
  switch (v.type()) {
    case simdjson::dom::element_type::NULL_VALUE:
      cell.is_null = true;
      break;
    case simdjson::dom::element_type::BOOL:
      cell.text = bool(v) ? "true" : "false";
      break;
    case simdjson::dom::element_type::INT64:
      cell.text = std::to_string(int64_t(v));
      break;
    // Beyond int64: a double, as a number too large for Iceberg's long.
    case simdjson::dom::element_type::UINT64:
      cell.text = fmt::format("{}.0", uint64_t(v));
      break;
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

struct NdjsonLineParser::Impl {
  simdjson::dom::parser parser;
  std::vector<std::string_view> spans;  // JsonObjectValueSpans' answer, its room kept
};

NdjsonLineParser::NdjsonLineParser() : impl_(std::make_unique<Impl>()) {}
NdjsonLineParser::~NdjsonLineParser() = default;

Status NdjsonLineParser::Parse(std::string_view line, int64_t line_number,
                               std::vector<std::pair<std::string, TextCell>>* fields) {
  fields->clear();
  simdjson::dom::element doc;
  if (auto error = impl_->parser.parse(line.data(), line.size()).get(doc)) {
    return Corrupt("line {}: {}", line_number, simdjson::error_message(error));
  }
  simdjson::dom::object object;
  if (doc.get_object().get(object)) return Corrupt("line {}: not a JSON object", line_number);
  bool inexact = false;  // a number simdjson holds as a double (or beyond int64), or nested JSON
  for (auto field : object) {
    auto type = field.value.type();
    inexact = inexact || type == simdjson::dom::element_type::DOUBLE ||
              type == simdjson::dom::element_type::UINT64 ||
              type == simdjson::dom::element_type::ARRAY ||
              type == simdjson::dom::element_type::OBJECT;
    fields->emplace_back(std::string(field.key), CellOf(field.value));
  }
  if (!inexact) return Ok();
  // Those values as the line writes them: a decimal column reads the digits, not a double's.
  std::vector<std::string_view>& spans = impl_->spans;
  if (!JsonObjectValueSpans(line, &spans).ok() || spans.size() != fields->size()) {
    return Corrupt("line {}: the JSON object could not be split into its values", line_number);
  }
  size_t i = 0;
  for (auto field : object) {
    TextCell& cell = (*fields)[i].second;
    std::string_view span = spans[i++];
    switch (field.value.type()) {
      case simdjson::dom::element_type::DOUBLE:
        cell.text.assign(span);
        // "-0" and "1E5" must not read back as integers.
        if (span.find_first_of(".eE") == std::string_view::npos) cell.text += ".0";
        break;
      case simdjson::dom::element_type::UINT64:
        cell.text.assign(span);
        break;
      case simdjson::dom::element_type::ARRAY:
      case simdjson::dom::element_type::OBJECT:
        cell.text = MinifiedJson(span);
        break;
      default:
        break;
    }
  }
  return Ok();
}

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

Result<columnar::RecordBatch> ParseNdjson(std::string_view text,
                                          const std::vector<columnar::Field>& declared) {
  NdjsonLineParser parser;
  TextColumns columns;
  std::vector<std::pair<std::string, TextCell>> fields;
  int64_t line = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (IsBlankLine(l)) continue;
    FLOE_RETURN_IF_ERROR(parser.Parse(l, line, &fields));
    std::vector<std::pair<int, TextCell>> cells;
    for (auto& [key, cell] : fields) cells.emplace_back(columns.Column(key), std::move(cell));
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
