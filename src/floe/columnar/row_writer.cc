#include "floe/columnar/row_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "floe/columnar/value_text.h"
#include "floe/util/json_writer.h"

namespace floe::columnar {
namespace {

// Output is handed to the sink in pieces of about this size.
constexpr size_t kFlushBytes = 64 * 1024;

// NDJSON: {"name":value,...} per line.
class JsonRowWriter final : public RowWriter {
 protected:
  void OnBegin() override {
    for (const Field& field : schema_->fields()) {
      std::string key;
      if (!AppendJsonString(key, field.name)) replaced_invalid_utf8_ = true;
      key.push_back(':');
      keys_.push_back(std::move(key));
    }
  }

  void WriteRow(const RecordBatch& batch, int64_t row) override {
    pending_.push_back('{');
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c > 0) pending_.push_back(',');
      pending_.append(keys_[static_cast<size_t>(c)]);
      ValueTextOptions options;
      options.uuid = uuid_[static_cast<size_t>(c)];
      if (!AppendJsonValue(*batch.column(c), row, &pending_, options)) {
        replaced_invalid_utf8_ = true;
      }
    }
    pending_.append("}\n");
  }

  void OnFinish() override {}

 private:
  std::vector<std::string> keys_;  // `"name":`, escaped once
};

class CsvRowWriter final : public RowWriter {
 protected:
  void OnBegin() override {
    for (int c = 0; c < schema_->num_fields(); ++c) {
      if (c > 0) pending_.push_back(',');
      std::string name;
      if (!AppendValidUtf8(name, schema_->field(c).name)) replaced_invalid_utf8_ = true;
      AppendCsvText(name, &pending_);
    }
    pending_.push_back('\n');
  }

  void WriteRow(const RecordBatch& batch, int64_t row) override {
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c > 0) pending_.push_back(',');
      ValueTextOptions options;
      options.uuid = uuid_[static_cast<size_t>(c)];
      if (!AppendCsvField(*batch.column(c), row, &pending_, options)) {
        replaced_invalid_utf8_ = true;
      }
    }
    pending_.push_back('\n');
  }

  void OnFinish() override {}
};

// Characters as the terminal shows them: one per code point (valid UTF-8 is assumed: the cell
// texts have been repaired; wide East Asian characters are counted as one).
int DisplayWidth(std::string_view text) {
  int width = 0;
  for (char c : text) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return width;
}

// `text` with control characters escaped, cut to `max_width` characters ending in "…" when longer.
std::string CellText(std::string_view text, int max_width) {
  std::string out;
  int width = 0;
  size_t keep = 0;  // bytes of the longest prefix of whole pieces within max_width - 1
  char escape[8];
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::string_view piece;
    size_t n = 1;
    if (c < 0x20 || c == 0x7F) {
      const char* name = c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : nullptr;
      if (name != nullptr) {
        piece = name;
      } else {
        piece = std::string_view(
            escape, static_cast<size_t>(fmt::format_to(escape, "\\x{:02x}", c) - escape));
      }
    } else {
      while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
      piece = text.substr(i, n);
    }
    const int piece_width = DisplayWidth(piece);
    if (width + piece_width > max_width) {
      out.resize(keep);
      if (max_width > 0) out.append("\xE2\x80\xA6");
      return out;
    }
    out.append(piece);
    width += piece_width;
    if (width <= max_width - 1) keep = out.size();
    i += n;
  }
  return out;
}

class TableRowWriter final : public RowWriter {
 protected:
  void OnBegin() override {
    for (const Field& field : schema_->fields()) {
      std::string name;
      if (!AppendValidUtf8(name, field.name)) replaced_invalid_utf8_ = true;
      headers_.push_back(CellText(name, kMaxCellWidth));
      right_.push_back(IsNumericType(*field.type));
      widths_.push_back(DisplayWidth(headers_.back()));
    }
  }

  void WriteRow(const RecordBatch& batch, int64_t row) override {
    std::vector<std::string> cells;
    cells.reserve(static_cast<size_t>(batch.num_columns()));
    for (int c = 0; c < batch.num_columns(); ++c) {
      const auto col = static_cast<size_t>(c);
      const ArrayData& array = *batch.column(c);
      if (array.IsNull(row)) {
        cells.emplace_back("NULL");
        continue;
      }
      std::string text;
      ValueTextOptions options;
      options.uuid = uuid_[col];
      if (!AppendValueText(array, row, &text, options)) replaced_invalid_utf8_ = true;
      // Numbers are short and never cut; other text is cut to the widest a column may be.
      cells.push_back(right_[col] ? std::move(text) : CellText(text, kMaxCellWidth));
    }
    if (sized_) {
      AppendLine(cells);
      return;
    }
    for (size_t c = 0; c < cells.size(); ++c) {
      widths_[c] = std::max(widths_[c], DisplayWidth(cells[c]));
    }
    sample_.push_back(std::move(cells));
    if (static_cast<int64_t>(sample_.size()) >= kTableSampleRows) PrintSample();
  }

  void OnFinish() override {
    if (!sized_) PrintSample();
    pending_.append(rows_written_ == 1 ? "(1 row)\n" : fmt::format("({} rows)\n", rows_written_));
  }

 private:
  // The widths are now fixed: header, separator and the rows held back.
  void PrintSample() {
    sized_ = true;
    if (headers_.empty()) return;
    AppendLine(headers_);
    for (size_t c = 0; c < widths_.size(); ++c) {
      if (c > 0) pending_.append("-+-");
      pending_.append(static_cast<size_t>(widths_[c]), '-');
    }
    pending_.push_back('\n');
    for (const auto& cells : sample_) AppendLine(cells);
    sample_.clear();
    sample_.shrink_to_fit();
  }

  void AppendLine(const std::vector<std::string>& cells) {
    if (cells.empty()) return;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) pending_.append(" | ");
      const int width = widths_[c];
      std::string_view text = cells[c];
      std::string cut;
      if (!right_[c] && DisplayWidth(text) > width) {
        cut = CellText(text, width);
        text = cut;
      }
      const auto pad = static_cast<size_t>(std::max(width - DisplayWidth(text), 0));
      if (right_[c]) pending_.append(pad, ' ');
      pending_.append(text);
      // No trailing blanks after the last column.
      if (!right_[c] && c + 1 < cells.size()) pending_.append(pad, ' ');
    }
    pending_.push_back('\n');
  }

  std::vector<std::string> headers_;
  std::vector<bool> right_;  // numbers: right-aligned
  std::vector<int> widths_;
  std::vector<std::vector<std::string>> sample_;
  bool sized_ = false;
};

std::unique_ptr<RowWriter> MakeFor(RowFormat format) {
  switch (format) {
    case RowFormat::kJson:
      return std::make_unique<JsonRowWriter>();
    case RowFormat::kCsv:
      return std::make_unique<CsvRowWriter>();
    case RowFormat::kTable:
      return std::make_unique<TableRowWriter>();
  }
  return nullptr;
}

}  // namespace

Result<RowFormat> ParseRowFormat(std::string_view text) {
  if (text == "table") return RowFormat::kTable;
  if (text == "csv") return RowFormat::kCsv;
  if (text == "json") return RowFormat::kJson;
  return InvalidArgument("unknown output format \"{}\": use table, csv or json", text);
}

std::string_view RowFormatName(RowFormat format) {
  switch (format) {
    case RowFormat::kTable:
      return "table";
    case RowFormat::kCsv:
      return "csv";
    case RowFormat::kJson:
      return "json";
  }
  return "?";
}

std::unique_ptr<RowWriter> RowWriter::Make(RowFormat format, std::FILE* file) {
  auto writer = MakeFor(format);
  writer->file_ = file;
  return writer;
}

std::unique_ptr<RowWriter> RowWriter::Make(RowFormat format, std::string* out) {
  auto writer = MakeFor(format);
  writer->out_ = out;
  return writer;
}

Status RowWriter::Begin(SchemaPtr schema) {
  if (schema_ != nullptr) return InvalidArgument("row writer: Begin called twice");
  schema_ = std::move(schema);
  for (const Field& field : schema_->fields()) uuid_.push_back(IsUuidField(field));
  OnBegin();
  return Ok();
}

Status RowWriter::Write(const RecordBatch& batch) {
  if (finished_) return InvalidArgument("row writer: Write after Finish");
  if (schema_ == nullptr) {
    FLOE_RETURN_IF_ERROR(Begin(batch.schema()));
  } else if (batch.schema() != schema_ &&
             !batch.schema()->Equals(*schema_, /*check_metadata=*/false)) {
    return InvalidArgument("row writer: batch schema {} differs from the first batch's {}",
                           batch.schema()->ToString(), schema_->ToString());
  }
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    WriteRow(batch, row);
    ++rows_written_;
    if (pending_.size() >= kFlushBytes) FLOE_RETURN_IF_ERROR(Flush());
  }
  return Flush();
}

Status RowWriter::Finish() {
  if (finished_) return InvalidArgument("row writer: Finish called twice");
  finished_ = true;
  OnFinish();
  FLOE_RETURN_IF_ERROR(Flush());
  if (file_ != nullptr && std::fflush(file_) != 0) {
    return IoError("writing rows: {}", std::strerror(errno));
  }
  return Ok();
}

Status RowWriter::Flush() {
  if (pending_.empty()) return Ok();
  if (out_ != nullptr) {
    out_->append(pending_);
  } else if (std::fwrite(pending_.data(), 1, pending_.size(), file_) != pending_.size()) {
    return IoError("writing rows: {}", std::strerror(errno));
  }
  pending_.clear();
  return Ok();
}

}  // namespace floe::columnar
