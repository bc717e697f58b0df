// Rows of a metadata table appended value by value and handed on as record batches of a bounded
// size: the files table of a large table is never built whole. The Append* helpers write one
// value into a builder of the columnar type schema_conversion.h gives the Iceberg type (int →
// int32, long and timestamptz → int64, string and binary → BinaryBuilder, map → list of
// key/value structs); an absent optional value is a null.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/record_batch.h"
#include "floe/manifest/data_file.h"
#include "floe/spec/literal.h"
#include "floe/util/result.h"

namespace floe::inspect {

// Receives each batch of a metadata table in turn; an error stops the read and is returned.
using BatchCallback = std::function<Status(const columnar::RecordBatch&)>;

inline constexpr int64_t kMetadataBatchRows = 1024;

class RowBatchBuilder {
 public:
  // One builder per field of `schema`; batches of at most `batch_rows` rows go to `on_batch`.
  static Result<RowBatchBuilder> Make(columnar::SchemaPtr schema, BatchCallback on_batch,
                                      int64_t batch_rows = kMetadataBatchRows);

  const columnar::SchemaPtr& schema() const { return schema_; }
  columnar::ArrayBuilder* column(int i) { return columns_[static_cast<size_t>(i)].get(); }
  int num_columns() const { return static_cast<int>(columns_.size()); }

  // Ends the row whose values were appended to every column; a full batch is handed on.
  Status EndRow();
  // Hands on the rows not handed on yet (nothing when there are none).
  Status Finish();

 private:
  RowBatchBuilder() = default;

  columnar::SchemaPtr schema_;
  BatchCallback on_batch_;
  int64_t batch_rows_ = kMetadataBatchRows;
  int64_t rows_ = 0;
  std::vector<std::unique_ptr<columnar::ArrayBuilder>> columns_;
};

Status AppendInt32(columnar::ArrayBuilder* builder, std::optional<int32_t> value);
// long, timestamp (micros) and time columns.
Status AppendInt64(columnar::ArrayBuilder* builder, std::optional<int64_t> value);
Status AppendBoolean(columnar::ArrayBuilder* builder, std::optional<bool> value);
// string or binary columns.
Status AppendBytes(columnar::ArrayBuilder* builder, std::optional<std::string_view> value);
// map<string, string>; null when `map` is null.
Status AppendStringMap(columnar::ArrayBuilder* builder,
                       const std::vector<std::pair<std::string, std::string>>* map);
// map<int, long> of column metrics; an empty map is written as null (as Java reads a manifest
// without that metric).
Status AppendCountMap(columnar::ArrayBuilder* builder, const manifest::CountMap& map);
// map<int, binary> of column bounds; empty → null.
Status AppendBoundMap(columnar::ArrayBuilder* builder, const manifest::BoundMap& map);
Status AppendInt64List(columnar::ArrayBuilder* builder,
                       const std::optional<std::vector<int64_t>>& values);
Status AppendInt32List(columnar::ArrayBuilder* builder,
                       const std::optional<std::vector<int32_t>>& values);
// One value of any primitive type in its physical form (spec/literal.h); a null literal is a
// null. An int fills a long column and a float a double column (values from before a type
// promotion). InvalidArgument when the value does not fit the column.
Status AppendLiteral(columnar::ArrayBuilder* builder, const spec::Literal& value);
// A struct value whose fields are primitive: one literal per field, in order.
Status AppendLiteralStruct(columnar::ArrayBuilder* builder,
                           const std::vector<spec::Literal>& values);

}  // namespace floe::inspect
