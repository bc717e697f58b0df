#include "floe/write/file_partition.h"

#include <charconv>

#include "floe/spec/single_value.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::write {

namespace {

using spec::Literal;
using spec::TransformKind;
using spec::TypeId;

Result<int64_t> ParseInteger(std::string_view text) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    return InvalidArgument("\"{}\" is not an integer", text);
  }
  return v;
}

// Days since 1970-01-01 of "YYYY-MM-DD".
Result<int32_t> ParseDate(std::string_view text) {
  JsonWriter json;
  json.String(text);
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json.str()));
  FLOE_ASSIGN_OR_RETURN(Literal v, spec::FromJson(*spec::Type::Date(), doc->root()));
  return v.get<int32_t>();
}

// Standard base64 (with or without '=' padding), the human form of binary and fixed values.
std::optional<std::vector<uint8_t>> DecodeBase64(std::string_view text) {
  auto digit = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  std::vector<uint8_t> out;
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    int d = digit(c);
    if (d < 0) return std::nullopt;
    bits = (bits << 6) | static_cast<uint32_t>(d);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push_back(static_cast<uint8_t>(bits >> count));
      bits &= (1u << count) - 1;
    }
  }
  if (count >= 6) return std::nullopt;  // a lone trailing digit
  return out;
}

// A value of a primitive type from its human text: numbers and booleans as JSON numbers, the
// rest (dates, times, timestamps, decimals, uuids) as the JSON strings of Appendix C, which the
// human forms equal.
Result<Literal> ParseSourceValue(const spec::Type& type, std::string_view text) {
  switch (type.id()) {
    case TypeId::kString:
      return Literal::String(std::string(text));
    case TypeId::kBinary:
    case TypeId::kFixed: {
      std::optional<std::vector<uint8_t>> bytes = DecodeBase64(text);
      if (!bytes) return InvalidArgument("\"{}\" is not base64", text);
      if (type.id() == TypeId::kFixed && bytes->size() != static_cast<size_t>(type.length())) {
        return InvalidArgument("\"{}\" holds {} bytes, not {}", text, bytes->size(), type.length());
      }
      return Literal::Binary(std::move(*bytes));
    }
    case TypeId::kBoolean:
    case TypeId::kInt:
    case TypeId::kLong:
    case TypeId::kFloat:
    case TypeId::kDouble: {
      FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(text));
      return spec::FromJson(type, doc->root());
    }
    default: {
      JsonWriter json;
      json.String(text);
      FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json.str()));
      return spec::FromJson(type, doc->root());
    }
  }
}

Result<Literal> ParseTransformed(const spec::Type& source, const spec::Transform& transform,
                                 std::string_view text) {
  switch (transform.kind()) {
    case TransformKind::kIdentity:
    case TransformKind::kTruncate:
      return ParseSourceValue(source, text);
    case TransformKind::kBucket: {
      FLOE_ASSIGN_OR_RETURN(int64_t v, ParseInteger(text));
      return Literal::Int(static_cast<int32_t>(v));
    }
    case TransformKind::kYear: {
      FLOE_ASSIGN_OR_RETURN(int64_t year, ParseInteger(text));
      return Literal::Int(static_cast<int32_t>(year - 1970));
    }
    case TransformKind::kMonth: {
      if (text.size() < 6 || text[text.size() - 3] != '-') break;
      FLOE_ASSIGN_OR_RETURN(int64_t year, ParseInteger(text.substr(0, text.size() - 3)));
      FLOE_ASSIGN_OR_RETURN(int64_t month, ParseInteger(text.substr(text.size() - 2)));
      return Literal::Int(static_cast<int32_t>((year - 1970) * 12 + month - 1));
    }
    case TransformKind::kDay: {
      FLOE_ASSIGN_OR_RETURN(int32_t days, ParseDate(text));
      return Literal::Date(days);
    }
    case TransformKind::kHour: {
      if (text.size() < 4 || text[text.size() - 3] != '-') break;
      FLOE_ASSIGN_OR_RETURN(int32_t days, ParseDate(text.substr(0, text.size() - 3)));
      FLOE_ASSIGN_OR_RETURN(int64_t hour, ParseInteger(text.substr(text.size() - 2)));
      return Literal::Int(static_cast<int32_t>(int64_t{days} * 24 + hour));
    }
    case TransformKind::kVoid:
      return Literal::Null();
    case TransformKind::kUnknown:
      break;
  }
  return InvalidArgument("\"{}\" is not a {} value", text, transform.ToString());
}

// What the footer bounds say about one partition field.
struct StatisticsVerdict {
  std::optional<Literal> value;  // every row has this partition value
  bool spans = false;            // the rows certainly have several partition values
};

StatisticsVerdict FromStatistics(const spec::Type& source, const spec::Transform& transform,
                                 const table::FooterStatistics& stats, int32_t source_id) {
  const table::FooterColumn* c = stats.Find(source_id);
  if (c == nullptr || c->inside_list_or_map) return {};
  if (c->null_count && *c->null_count == stats.row_count && !c->lower && !c->upper) {
    return {Literal::Null(), false};  // only nulls
  }
  // A null beside values puts rows in the null partition too.
  bool has_null = !c->null_count || *c->null_count != 0;
  if (c->only_value) {
    if (has_null) return {std::nullopt, c->null_count.has_value()};
    Result<Literal> v = transform.Apply(source, *c->only_value);
    if (v.ok()) return {std::move(*v), false};
  }
  if (!c->lower || !c->upper || !c->exact_bounds) return {};
  Result<Literal> lower = transform.Apply(source, *c->lower);
  Result<Literal> upper = transform.Apply(source, *c->upper);
  if (!lower.ok() || !upper.ok()) return {};
  if (!(*lower == *upper)) {
    // Order-preserving transforms map the least and greatest values to different partitions
    // only when both are in the file; for bucket nothing follows.
    return {std::nullopt, transform.PreservesOrder()};
  }
  if (has_null) return {std::nullopt, c->null_count.has_value()};
  // Bucket of different values: equal ends say nothing about the rows between.
  if (!transform.PreservesOrder() && !(*c->lower == *c->upper)) return {};
  return {*lower, false};
}

// The text of the last `<name>=<value>` folder of `location`, or nullopt.
std::optional<std::string_view> PathValue(std::string_view location, std::string_view name) {
  std::optional<std::string_view> found;
  size_t start = 0;
  while (start < location.size()) {
    size_t end = location.find('/', start);
    if (end == std::string_view::npos) break;  // the last segment is the file's name
    std::string_view segment = location.substr(start, end - start);
    if (segment.size() > name.size() && segment.substr(0, name.size()) == name &&
        segment[name.size()] == '=') {
      found = segment.substr(name.size() + 1);
    }
    start = end + 1;
  }
  return found;
}

}  // namespace

Result<std::string> UrlDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out.push_back(' ');
    } else if (c == '%') {
      int value = 0;
      if (i + 2 >= text.size()) {
        return InvalidArgument("\"{}\": a % escape needs two hex digits", text);
      }
      auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
      if (ec != std::errc() || end != text.data() + i + 3) {
        return InvalidArgument("\"{}\": a % escape needs two hex digits", text);
      }
      out.push_back(static_cast<char>(value));
      i += 2;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

Result<Literal> ParsePartitionValue(const spec::Type& source, const spec::Transform& transform,
                                    std::string_view text) {
  if (text == "null") return Literal::Null();
  FLOE_ASSIGN_OR_RETURN(Literal v, ParseTransformed(source, transform, text));
  // Transforms to ints have one human form: "2024-1" or "007" are not their values. Source
  // values may be written in other forms ("09:15:20+00:00" without a fraction, as PyIceberg
  // does), which their JSON parsing checks.
  bool fixed_form =
      transform.kind() != TransformKind::kIdentity && transform.kind() != TransformKind::kTruncate;
  if (fixed_form && transform.ToHumanString(source, v) != text) {
    return InvalidArgument("\"{}\" is not a {} value (it reads as {})", text, transform.ToString(),
                           transform.ToHumanString(source, v));
  }
  return v;
}

Result<std::vector<Literal>> ExistingFilePartition(const spec::PartitionSpec& spec,
                                                   const spec::Schema& schema,
                                                   const table::FooterStatistics& stats,
                                                   std::string_view location) {
  std::vector<Literal> out;
  for (const spec::PartitionField& field : spec.fields) {
    const spec::NestedField* source = schema.FindFieldById(field.source_id);
    if (source == nullptr) {
      return InvalidArgument("{}: partition field {} has no source column {} in the schema",
                             location, field.name, field.source_id);
    }
    if (field.transform.is_void()) {
      out.push_back(Literal::Null());
      continue;
    }
    StatisticsVerdict verdict =
        FromStatistics(*source->type, field.transform, stats, field.source_id);
    if (verdict.value) {
      out.push_back(std::move(*verdict.value));
      continue;
    }
    if (verdict.spans) {
      return InvalidArgument(
          "{}: the file spans several partitions of partition field {} ({} of column {}): its "
          "statistics give different values for its least and greatest {} (or nulls beside "
          "values); split the file by partition, or append its rows with `floe append`",
          location, field.name, field.transform.ToString(), source->name, source->name);
    }
    if (auto text = PathValue(location, field.name)) {
      auto decoded = UrlDecode(*text);
      Result<Literal> v = decoded.ok()
                              ? ParsePartitionValue(*source->type, field.transform, *decoded)
                              : Result<Literal>(std::move(decoded).error());
      if (!v.ok()) {
        return InvalidArgument("{}: partition field {} from the path: {}", location, field.name,
                               v.error().message);
      }
      out.push_back(std::move(*v));
      continue;
    }
    return InvalidArgument(
        "{}: partition field {} ({} of column {}) is ambiguous: the file's statistics do not "
        "show one value for all its rows, and no folder of its path is named {}=<value>; split "
        "the file by partition, move it under such a folder, or append it with `floe append`",
        location, field.name, field.transform.ToString(), source->name, field.name);
  }
  return out;
}

}  // namespace floe::write
