#include "floe/format/csv/text_columns.h"

#include <charconv>
#include <cmath>

#include "floe/columnar/array_builder.h"
#include "floe/format/csv/text_values.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::textformat {

namespace {

std::optional<double> ParseDouble(std::string_view s) {
  double v = 0;
  const char* begin = s.data();
  if (!s.empty() && s[0] == '+') ++begin;
  if (begin == s.data() + s.size() ||
      !(std::isdigit(static_cast<unsigned char>(*begin)) || *begin == '-' || *begin == '.')) {
    return std::nullopt;  // no "inf", "nan" or hex words
  }
  auto [end, ec] = std::from_chars(begin, s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

columnar::DataTypePtr TypeOf(TextKind kind) {
  switch (kind) {
    case TextKind::kLong:
      return columnar::Int64();
    case TextKind::kDouble:
      return columnar::Float64();
    case TextKind::kBoolean:
      return columnar::Boolean();
    case TextKind::kTimestampTz:
      return columnar::Timestamp(columnar::TimeUnit::kMicro, "UTC");
    case TextKind::kTimestamp:
      return columnar::Timestamp(columnar::TimeUnit::kMicro);
    case TextKind::kDate:
      return columnar::Date32();
    default:
      return columnar::Utf8();
  }
}

// Appends a value of `kind`'s column. Values of a column whose kind was inferred from them always
// read; a column given its kind (a file read in batches) checks them: a file that changed between
// the reads gives an error, never a wrong value.
Status AppendCell(columnar::ArrayBuilder* b, TextKind kind, const TextCell& cell) {
  if (cell.is_null) return b->AppendNull();
  auto changed = [&] {
    return Corrupt("\"{}\" is not a {} value as before: the file changed while it was read",
                   cell.text, TypeOf(kind)->ToString());
  };
  switch (kind) {
    case TextKind::kLong: {
      auto v = cell.quoted_json ? std::nullopt : ReadLongText(cell.text);
      if (!v) return changed();
      return static_cast<columnar::Int64Builder*>(b)->Append(*v);
    }
    case TextKind::kDouble: {
      auto v = cell.quoted_json ? std::nullopt : ParseDouble(cell.text);
      if (!v) return changed();
      return static_cast<columnar::DoubleBuilder*>(b)->Append(*v);
    }
    case TextKind::kBoolean: {
      auto v = cell.quoted_json ? std::nullopt : ReadBooleanText(cell.text);
      if (!v) return changed();
      return static_cast<columnar::BooleanBuilder*>(b)->Append(*v);
    }
    case TextKind::kTimestampTz:
    case TextKind::kTimestamp: {
      auto v = ParseTimestamp(cell.text);
      if (!v || v->has_offset != (kind == TextKind::kTimestampTz)) return changed();
      return static_cast<columnar::Int64Builder*>(b)->Append(v->micros);
    }
    case TextKind::kDate: {
      auto v = ParseDate(cell.text);
      if (!v || *v < INT32_MIN || *v > INT32_MAX) return changed();
      return static_cast<columnar::Int32Builder*>(b)->Append(static_cast<int32_t>(*v));
    }
    default:
      return static_cast<columnar::BinaryBuilder*>(b)->Append(cell.text);
  }
}

}  // namespace

const columnar::Field* DeclaredField(const std::vector<columnar::Field>& declared,
                                     const std::string& name) {
  for (const columnar::Field& f : declared) {
    if (AsciiEqualsIgnoreCase(f.name, name) && CanReadTextAs(f)) return &f;
  }
  return nullptr;
}

TextKind ClassifyText(std::string_view text, bool quoted_json) {
  if (!quoted_json) {
    if (ReadLongText(text)) return TextKind::kLong;
    if (ParseDouble(text)) return TextKind::kDouble;
    if (ReadBooleanText(text)) return TextKind::kBoolean;
  }
  if (auto d = ParseDate(text); d && *d >= INT32_MIN && *d <= INT32_MAX) return TextKind::kDate;
  if (text.size() > 10) {
    if (auto ts = ParseTimestamp(text)) {
      return ts->has_offset ? TextKind::kTimestampTz : TextKind::kTimestamp;
    }
  }
  return TextKind::kString;
}

TextKind CombineKinds(TextKind a, TextKind b) {
  if (a == TextKind::kNull) return b;
  if (b == TextKind::kNull || a == b) return a;
  bool a_number = a == TextKind::kLong || a == TextKind::kDouble;
  bool b_number = b == TextKind::kLong || b == TextKind::kDouble;
  if (a_number && b_number) return TextKind::kDouble;
  return TextKind::kString;
}

int TextColumns::Column(const std::string& name) {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return static_cast<int>(i);
  }
  names_.push_back(name);
  columns_.emplace_back(static_cast<size_t>(rows_));
  return static_cast<int>(names_.size() - 1);
}

void TextColumns::AddRow(std::vector<std::pair<int, TextCell>> cells) {
  for (auto& column : columns_) column.emplace_back();
  for (auto& [index, cell] : cells) columns_[static_cast<size_t>(index)].back() = std::move(cell);
  ++rows_;
}

Result<columnar::RecordBatch> TextColumns::ToBatch(const std::vector<columnar::Field>& declared,
                                                   const std::vector<TextKind>* kinds,
                                                   int64_t first_row,
                                                   const TextReadOptions& options) const {
  std::vector<columnar::Field> fields;
  std::vector<columnar::ArrayPtr> arrays;
  for (size_t c = 0; c < columns_.size(); ++c) {
    if (const columnar::Field* field = DeclaredField(declared, names_[c])) {
      FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(field->type));
      for (size_t r = 0; r < columns_[c].size(); ++r) {
        const TextCell& cell = columns_[c][r];
        Status st = cell.is_null || ReadsAsNull(*field, cell.text, options)
                        ? builder->AppendNull()
                        : AppendTextAs(*field, cell.text, builder.get(), options);
        if (!st.ok())
          return std::move(st).error().WithContext(
              fmt::format("column {}, row {}", names_[c], first_row + static_cast<int64_t>(r) + 1));
      }
      FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr array, builder->Finish());
      columnar::Field read = *field;  // its metadata too (a uuid's extension name)
      read.name = names_[c];
      read.nullable = true;
      fields.push_back(std::move(read));
      arrays.push_back(std::move(array));
      continue;
    }
    TextKind kind = kinds ? (*kinds)[c] : TextKind::kNull;
    if (!kinds) {
      for (const TextCell& cell : columns_[c]) {
        if (!cell.is_null) kind = CombineKinds(kind, ClassifyText(cell.text, cell.quoted_json));
      }
    }
    columnar::DataTypePtr type = TypeOf(kind);
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(type));
    for (size_t r = 0; r < columns_[c].size(); ++r) {
      Status st = AppendCell(builder.get(), kind, columns_[c][r]);
      if (!st.ok())
        return std::move(st).error().WithContext(
            fmt::format("column {}, row {}", names_[c], first_row + static_cast<int64_t>(r) + 1));
    }
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr array, builder->Finish());
    fields.emplace_back(names_[c], type, true);
    arrays.push_back(std::move(array));
  }
  auto schema = std::make_shared<const columnar::Schema>(std::move(fields));
  return columnar::RecordBatch::Make(schema, rows_, std::move(arrays));
}

}  // namespace floe::textformat
