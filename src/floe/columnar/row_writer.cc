#include "floe/columnar/row_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "floe/columnar/table_row_writer.h"
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

std::unique_ptr<RowWriter> MakeFor(RowFormat format, const TableLayout& layout) {
  switch (format) {
    case RowFormat::kJson:
      return std::make_unique<JsonRowWriter>();
    case RowFormat::kCsv:
      return std::make_unique<CsvRowWriter>();
    case RowFormat::kTable:
      return MakeTableRowWriter(layout);
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

std::unique_ptr<RowWriter> RowWriter::Make(RowFormat format, std::FILE* file,
                                           const TableLayout& layout) {
  auto writer = MakeFor(format, layout);
  writer->file_ = file;
  return writer;
}

std::unique_ptr<RowWriter> RowWriter::Make(RowFormat format, std::string* out,
                                           const TableLayout& layout) {
  auto writer = MakeFor(format, layout);
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
