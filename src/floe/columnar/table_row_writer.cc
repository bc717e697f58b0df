#include "floe/columnar/table_row_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/util/json_writer.h"

namespace floe::columnar {
namespace {

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

// 2163 -> "2,163".
std::string Grouped(int64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

class TableRowWriter final : public RowWriter {
 public:
  explicit TableRowWriter(const TableLayout& layout) : layout_(layout) {}

 protected:
  void OnBegin() override {
    for (const Field& field : schema_->fields()) {
      std::string name;
      if (!AppendValidUtf8(name, field.name)) replaced_invalid_utf8_ = true;
      headers_.push_back(Cut(name));
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
      // Numbers are short and never cut; other text is escaped (and cut to the layout's width).
      cells.push_back(right_[col] ? std::move(text) : Cut(text));
    }
    if (layout_.max_rows > 0) {
      // A screenful: the first rows, and the last ones in a window that moves.
      if (static_cast<int64_t>(head_.size()) < (layout_.max_rows + 1) / 2) {
        head_.push_back(std::move(cells));
      } else if (layout_.max_rows / 2 > 0) {
        tail_.push_back(std::move(cells));
        if (static_cast<int64_t>(tail_.size()) > layout_.max_rows / 2) tail_.pop_front();
      }
      return;
    }
    if (sized_) {
      AppendLine(cells);
      return;
    }
    Measure(cells);
    head_.push_back(std::move(cells));
    if (static_cast<int64_t>(head_.size()) >= kTableSampleRows) PrintHeld();
  }

  void OnFinish() override {
    if (layout_.max_rows > 0) {
      for (const auto& cells : head_) Measure(cells);
      for (const auto& cells : tail_) Measure(cells);
    }
    const int64_t shown = static_cast<int64_t>(head_.size() + tail_.size());
    if (!sized_) PrintHeld();
    if (layout_.max_rows > 0 && rows_written_ > shown) {
      pending_.append(fmt::format("({} rows, {} shown)\n", Grouped(rows_written_), shown));
      return;
    }
    pending_.append(rows_written_ == 1 ? "(1 row)\n" : fmt::format("({} rows)\n", rows_written_));
  }

 private:
  std::string Cut(std::string_view text) const {
    return CellText(text, layout_.max_cell_width > 0 ? layout_.max_cell_width : kNoLimit);
  }

  void Measure(const std::vector<std::string>& cells) {
    for (size_t c = 0; c < cells.size(); ++c) {
      widths_[c] = std::max(widths_[c], DisplayWidth(cells[c]));
    }
  }

  // The line width: narrows the widest text column by one until the line fits (or every text
  // column is down to a few characters).
  void FitLine() {
    if (layout_.max_line_width <= 0 || widths_.empty()) return;
    int total = 3 * static_cast<int>(widths_.size() - 1);
    for (int w : widths_) total += w;
    constexpr int kNarrowest = 4;
    while (total > layout_.max_line_width) {
      size_t widest = widths_.size();
      for (size_t c = 0; c < widths_.size(); ++c) {
        if (right_[c] || widths_[c] <= kNarrowest) continue;
        if (widest == widths_.size() || widths_[c] > widths_[widest]) widest = c;
      }
      if (widest == widths_.size()) return;
      --widths_[widest];
      --total;
    }
  }

  // The widths are now fixed: header, separator and the rows held back (with a "…" line between
  // the first and the last rows of a screenful).
  void PrintHeld() {
    sized_ = true;
    FitLine();
    if (headers_.empty()) return;
    AppendLine(headers_);
    for (size_t c = 0; c < widths_.size(); ++c) {
      if (c > 0) pending_.append("-+-");
      pending_.append(static_cast<size_t>(widths_[c]), '-');
    }
    pending_.push_back('\n');
    for (const auto& cells : head_) AppendLine(cells);
    if (!tail_.empty() && rows_written_ > static_cast<int64_t>(head_.size() + tail_.size())) {
      AppendLine(std::vector<std::string>(widths_.size(), "\xE2\x80\xA6"));
    }
    for (const auto& cells : tail_) AppendLine(cells);
    head_.clear();
    head_.shrink_to_fit();
    tail_.clear();
  }

  void AppendLine(const std::vector<std::string>& cells) {
    if (cells.empty()) return;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) pending_.append(" | ");
      const int width = widths_[c];
      std::string_view text = cells[c];
      std::string cut;
      if (!right_[c] && sized_by_layout() && DisplayWidth(text) > width) {
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

  bool sized_by_layout() const { return layout_.max_line_width > 0 || layout_.max_cell_width > 0; }

  static constexpr int kNoLimit = 1 << 30;
  TableLayout layout_;
  std::vector<std::string> headers_;
  std::vector<bool> right_;  // numbers: right-aligned
  std::vector<int> widths_;
  std::vector<std::vector<std::string>> head_;  // held to size the columns; a screen's first rows
  std::deque<std::vector<std::string>> tail_;   // a screen's last rows
  bool sized_ = false;
};

}  // namespace

std::unique_ptr<RowWriter> MakeTableRowWriter(const TableLayout& layout) {
  return std::make_unique<TableRowWriter>(layout);
}

}  // namespace floe::columnar
