#include "floe/format/text/text_batch_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "floe/columnar/array_builder.h"
#include "floe/format/csv/csv_reader.h"
#include "floe/format/csv/text_values.h"
#include "floe/format/ndjson/ndjson_reader.h"
#include "floe/util/ascii.h"
#include "floe/util/utf8.h"

namespace floe::textformat {

// The rows of a file, one at a time, read from it a block at a time.
class TextBatchReader::Records {
 public:
  static Result<std::unique_ptr<Records>> Open(io::FileIO& io, const std::string& location,
                                               TextFormat format,
                                               const TextBatchReaderOptions& options) {
    auto records = std::unique_ptr<Records>(new Records());
    records->replace_invalid_utf8_ = options.replace_invalid_utf8;
    records->allow_missing_columns_ = options.allow_missing_columns;
    int64_t block_bytes = options.block_bytes;
    FLOE_ASSIGN_OR_RETURN(records->file_, io.OpenInput(location));
    FLOE_ASSIGN_OR_RETURN(records->size_, records->file_->Size());
    records->format_ = format;
    records->block_bytes_ = std::max<int64_t>(block_bytes, 1);
    if (records->size_ >= 3) {  // a UTF-8 byte order mark is skipped
      char start[3];
      FLOE_RETURN_IF_ERROR(records->file_->ReadAt(0, 3, reinterpret_cast<uint8_t*>(start)));
      if (std::string_view(start, 3) == "\xEF\xBB\xBF") records->offset_ = 3;
    }
    return records;  // the first block is read by the first Next: an opened file holds no buffer
  }

  // The next row's cells by column index into `names`. A column the file names for the first
  // time (every CSV column at the header; NDJSON keys as they appear) is added to `names` when
  // `add_names`, and is an error otherwise. False after the last row.
  Result<bool> Next(std::vector<std::string>* names, bool add_names,
                    std::vector<std::pair<int, TextCell>>* row) {
    row->clear();
    return format_ == TextFormat::kCsv ? NextCsv(names, add_names, row)
                                       : NextNdjson(names, add_names, row);
  }
  // The line the last row starts on (1 = the first line).
  int64_t line() const { return format_ == TextFormat::kCsv ? record_line_ : line_; }
  int64_t size() const { return size_; }

 private:
  Records() = default;

  bool at_end() const { return offset_ >= size_; }

  // Text that becomes a string (a value or a column name) must be UTF-8 without NUL bytes:
  // repaired with U+FFFD when asked, else an error at `where` ("line 3, column note").
  Status CheckText(std::string* text, const std::function<std::string()>& where) const {
    size_t bad = FindInvalidUtf8OrNul(*text);
    if (bad == std::string_view::npos) return Ok();
    if (replace_invalid_utf8_) {
      *text = ReplaceInvalidUtf8OrNul(*text);
      return Ok();
    }
    // After NDJSON's own UTF-8 check, only a NUL from the \u0000 escape is left.
    std::string what = format_ == TextFormat::kNdjson && (*text)[bad] == '\0'
                           ? "an escaped NUL (\\u0000)"
                           : DescribeInvalidUtf8(*text, bad);
    return Corrupt("{}: {} (strings must be UTF-8; --replace-invalid-utf8 stores U+FFFD instead)",
                   where(), what);
  }

  // Drops the text already read and appends the next block of the file.
  Status Refill() {
    buffer_.erase(0, pos_);
    pos_ = 0;
    int64_t n = std::min(block_bytes_, size_ - offset_);
    size_t old = buffer_.size();
    buffer_.resize(old + static_cast<size_t>(n));
    FLOE_RETURN_IF_ERROR(
        file_->ReadAt(offset_, n, reinterpret_cast<uint8_t*>(buffer_.data() + old)));
    offset_ += n;
    return Ok();
  }

  Result<bool> NextCsv(std::vector<std::string>* names, bool add_names,
                       std::vector<std::pair<int, TextCell>>* row) {
    while (true) {
      RecordRead read = RecordRead::kNeedMore;
      size_t start = pos_;
      while (true) {
        start = pos_;
        FLOE_ASSIGN_OR_RETURN(read, NextCsvRecord(buffer_, &pos_, at_end(), next_line_, &fields_));
        if (read != RecordRead::kNeedMore) break;
        FLOE_RETURN_IF_ERROR(Refill());
      }
      // Errors name the line the record starts on: a quoted field may hold line ends.
      record_line_ = next_line_;
      next_line_ += std::count(buffer_.begin() + static_cast<std::ptrdiff_t>(start),
                               buffer_.begin() + static_cast<std::ptrdiff_t>(pos_), '\n');
      if (read == RecordRead::kEnd) {
        if (line_ == 0) return InvalidArgument("the CSV input is empty: a header line is needed");
        return false;
      }
      ++line_;
      if (line_ == 1) {
        for (size_t i = 0; i < fields_.size(); ++i) {
          FLOE_RETURN_IF_ERROR(CheckText(&fields_[i].text, [&] {
            return fmt::format("line 1, the name of column {}", i + 1);
          }));
        }
        FLOE_ASSIGN_OR_RETURN(std::vector<std::string> header, CsvHeaderNames(fields_));
        if (add_names) {
          *names = std::move(header);
        } else if (header != *names) {
          return Corrupt("line 1: the header changed while the file was read");
        }
        continue;
      }
      if (fields_.size() == 1 && fields_[0].is_null) continue;  // an empty line
      if (fields_.size() > names->size()) {
        return Corrupt("line {}: {} fields, the header names {}", record_line_, fields_.size(),
                       names->size());
      }
      if (fields_.size() < names->size() && !allow_missing_columns_) {
        return Corrupt(
            "line {}: {} fields, the header names {} (--allow-missing-columns reads the missing "
            "trailing fields as nulls)",
            record_line_, fields_.size(), names->size());
      }
      for (size_t i = 0; i < fields_.size(); ++i) {
        if (!fields_[i].is_null) {
          FLOE_RETURN_IF_ERROR(CheckText(&fields_[i].text, [&] {
            return fmt::format("line {}, column {}", record_line_, (*names)[i]);
          }));
        }
        row->emplace_back(static_cast<int>(i), std::move(fields_[i]));
      }
      return true;
    }
  }

  Result<bool> NextNdjson(std::vector<std::string>* names, bool add_names,
                          std::vector<std::pair<int, TextCell>>* row) {
    if (index_.size() != names->size()) {  // names known before this pass: their indices
      index_.clear();
      for (size_t i = 0; i < names->size(); ++i) index_.emplace((*names)[i], static_cast<int>(i));
    }
    while (true) {
      size_t end = buffer_.find('\n', pos_);
      if (end == std::string::npos && !at_end()) {
        FLOE_RETURN_IF_ERROR(Refill());
        continue;
      }
      if (end == std::string::npos) {
        if (pos_ >= buffer_.size()) return false;
        end = buffer_.size();
      }
      std::string_view line(buffer_.data() + pos_, end - pos_);
      pos_ = std::min(end + 1, buffer_.size());
      ++line_;
      if (IsBlankLine(line)) continue;
      // simdjson refuses invalid UTF-8 in the line, but without saying where.
      if (size_t bad = FindInvalidUtf8OrNul(line); bad != std::string_view::npos) {
        if (!replace_invalid_utf8_) {
          return Corrupt(
              "line {}, column {}: {} (strings must be UTF-8; --replace-invalid-utf8 stores "
              "U+FFFD instead)",
              line_, bad + 1, DescribeInvalidUtf8(line, bad));
        }
        repaired_ = ReplaceInvalidUtf8OrNul(line);
        line = repaired_;
      }
      FLOE_RETURN_IF_ERROR(ndjson_.Parse(line, line_, &keyed_));
      for (auto& [key, cell] : keyed_) {
        // JSON's \u0000 escape decodes to a NUL byte, in keys (column names) and strings.
        FLOE_RETURN_IF_ERROR(CheckText(&key, [&] { return fmt::format("line {}, a key", line_); }));
        if (!cell.is_null && cell.quoted_json) {
          const std::string& name = key;  // (a lambda may not capture a structured binding)
          FLOE_RETURN_IF_ERROR(
              CheckText(&cell.text, [&] { return fmt::format("line {}, key {}", line_, name); }));
        }
        auto [it, added] = index_.try_emplace(key, static_cast<int>(index_.size()));
        if (added) {
          if (!add_names) {
            return Corrupt("line {}: key \"{}\" is new: the file changed while it was read", line_,
                           key);
          }
          names->push_back(key);
        }
        // A key given twice in one object: its last value counts (as TextColumns::AddRow).
        auto column = static_cast<size_t>(it->second);
        if (seen_.size() <= column) seen_.resize(column + 1, {0, 0});
        if (seen_[column].first == line_) {
          (*row)[seen_[column].second].second = std::move(cell);
          continue;
        }
        seen_[column] = {line_, row->size()};
        row->emplace_back(it->second, std::move(cell));
      }
      return true;
    }
  }

  std::unique_ptr<io::InputFile> file_;
  int64_t size_ = 0;
  int64_t offset_ = 0;
  int64_t block_bytes_ = 0;
  std::string buffer_;
  size_t pos_ = 0;
  TextFormat format_ = TextFormat::kCsv;
  int64_t line_ = 0;         // records read (NDJSON: lines read)
  int64_t next_line_ = 1;    // CSV: the line the next record starts on
  int64_t record_line_ = 0;  // CSV: the line the last record started on
  bool replace_invalid_utf8_ = false;
  bool allow_missing_columns_ = false;
  std::string repaired_;  // an NDJSON line with U+FFFD for its invalid bytes
  std::vector<TextCell> fields_;
  NdjsonLineParser ndjson_;
  std::vector<std::pair<std::string, TextCell>> keyed_;
  std::unordered_map<std::string, int> index_;
  std::vector<std::pair<int64_t, size_t>>
      seen_;  // per column: the line it was last in, where in the row
};

TextBatchReader::~TextBatchReader() = default;

Result<std::unique_ptr<TextBatchReader>> TextBatchReader::Open(io::FileIO& io,
                                                               const std::string& location,
                                                               TextFormat format,
                                                               TextBatchReaderOptions options) {
  auto reader = std::unique_ptr<TextBatchReader>(new TextBatchReader());
  reader->location_ = location;
  reader->options_ = std::move(options);
  reader->options_.batch_rows = std::max<int64_t>(reader->options_.batch_rows, 1);
  auto first_pass = [&]() -> Status {
    FLOE_ASSIGN_OR_RETURN(auto records, Records::Open(io, location, format, reader->options_));
    std::vector<std::pair<int, TextCell>> row;
    // Declared columns' values are read as their types here too, so that a value that does not
    // read is found before any batch is returned (as when the file is read whole).
    const std::vector<columnar::Field>& declared = reader->options_.declared;
    // Per column: its declared field (null: inferred) and a builder its values are read into.
    std::vector<const columnar::Field*> fields;
    std::vector<std::unique_ptr<columnar::ArrayBuilder>> checks;
    while (true) {
      FLOE_ASSIGN_OR_RETURN(bool more, records->Next(&reader->names_, true, &row));
      reader->kinds_.resize(reader->names_.size(), TextKind::kNull);
      while (checks.size() < reader->names_.size()) {
        const columnar::Field* field = DeclaredField(declared, reader->names_[checks.size()]);
        std::unique_ptr<columnar::ArrayBuilder> builder;
        if (field != nullptr) {
          FLOE_ASSIGN_OR_RETURN(builder, columnar::MakeBuilder(field->type));
        }
        fields.push_back(field);
        checks.push_back(std::move(builder));
      }
      if (!more) break;
      ++reader->num_rows_;
      for (const auto& [column, cell] : row) {
        if (cell.is_null) continue;
        auto c = static_cast<size_t>(column);
        if (fields[c] != nullptr) {
          if (ReadsAsNull(*fields[c], cell.text, reader->options_.values)) continue;
          Status st = AppendTextAs(*fields[c], cell.text, checks[c].get(), reader->options_.values);
          if (!st.ok()) {
            return std::move(st).error().WithContext(
                fmt::format("line {}, column {}", records->line(), reader->names_[c]));
          }
          continue;
        }
        TextKind& kind = reader->kinds_[c];
        if (kind != TextKind::kString)
          kind = CombineKinds(kind, ClassifyText(cell.text, cell.quoted_json));
      }
      if (reader->num_rows_ % reader->options_.batch_rows == 0) {  // the values read are not kept
        for (size_t c = 0; c < checks.size(); ++c) {
          if (fields[c] != nullptr) {
            FLOE_ASSIGN_OR_RETURN(checks[c], columnar::MakeBuilder(fields[c]->type));
          }
        }
      }
    }
    // The schema: that of a batch without rows.
    TextColumns empty;
    for (const std::string& name : reader->names_) empty.Column(name);
    FLOE_ASSIGN_OR_RETURN(
        columnar::RecordBatch batch,
        empty.ToBatch(reader->options_.declared, &reader->kinds_, 0, reader->options_.values));
    reader->schema_ = batch.schema();
    FLOE_ASSIGN_OR_RETURN(reader->records_, Records::Open(io, location, format, reader->options_));
    return Ok();
  };
  if (Status s = first_pass(); !s.ok()) return std::move(s).error().WithContext(location);
  return reader;
}

int64_t TextBatchReader::file_size() const { return records_->size(); }

Result<std::optional<columnar::RecordBatch>> TextBatchReader::Next() {
  if (rows_read_ >= num_rows_) {
    records_.reset();  // its buffer and file
    return std::optional<columnar::RecordBatch>();
  }
  TextColumns columns;
  for (const std::string& name : names_) columns.Column(name);
  std::vector<std::string> names = names_;
  std::vector<std::pair<int, TextCell>> row;
  while (columns.num_rows() < options_.batch_rows && rows_read_ + columns.num_rows() < num_rows_) {
    auto more = records_->Next(&names, false, &row);
    if (!more.ok()) return std::move(more).error().WithContext(location_);
    if (!*more) return Corrupt("{}: the file became shorter while it was read", location_);
    columns.AddRow(std::move(row));
  }
  auto batch = columns.ToBatch(options_.declared, &kinds_, rows_read_, options_.values);
  if (!batch.ok()) return std::move(batch).error().WithContext(location_);
  rows_read_ += columns.num_rows();
  return std::optional<columnar::RecordBatch>(std::move(*batch));
}

std::optional<TextFormat> TextFormatOf(std::string_view location) {
  if (AsciiEndsWithIgnoreCase(location, ".csv")) return TextFormat::kCsv;
  if (AsciiEndsWithIgnoreCase(location, ".json") || AsciiEndsWithIgnoreCase(location, ".ndjson") ||
      AsciiEndsWithIgnoreCase(location, ".jsonl")) {
    return TextFormat::kNdjson;
  }
  return std::nullopt;
}

}  // namespace floe::textformat
