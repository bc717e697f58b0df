// A data file read whole through DataFileReader, its rows as text: what the Parquet and Avro
// data-file tests compare against expected rows.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/scan/data_file_reader.h"

namespace floe::scan {

// "v1|v2|..." per row, values in the JSON form of value_text.h.
inline std::vector<std::string> RowsOf(const columnar::RecordBatch& batch) {
  std::vector<std::string> rows;
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    std::string row;
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c) row += "|";
      columnar::ValueTextOptions options;
      options.uuid = columnar::IsUuidField(batch.schema()->field(c));
      columnar::AppendJsonValue(*batch.column(c), r, &row, options);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

struct ReadResult {
  std::vector<std::string> rows;
  std::vector<int64_t> batch_sizes;
  DataFileReadReport report;
  bool filters_rows = false;
};

// Every batch of `file`: each has the reader's schema, at least one row and valid columns.
inline Result<ReadResult> ReadAll(io::FileIO& io, const manifest::DataFile& file,
                                  DataFileReadOptions options) {
  FLOE_ASSIGN_OR_RETURN(auto reader, DataFileReader::Open(io, file, std::move(options)));
  ReadResult out;
  out.filters_rows = reader->filters_rows();
  while (true) {
    FLOE_ASSIGN_OR_RETURN(std::optional<columnar::RecordBatch> batch, reader->Next());
    if (!batch) break;
    EXPECT_TRUE(batch->schema()->Equals(*reader->schema()));
    EXPECT_GT(batch->num_rows(), 0);
    for (int c = 0; c < batch->num_columns(); ++c)
      FLOE_RETURN_IF_ERROR(batch->column(c)->Validate());
    out.batch_sizes.push_back(batch->num_rows());
    for (std::string& row : RowsOf(*batch)) out.rows.push_back(std::move(row));
  }
  out.report = reader->report();
  return out;
}

}  // namespace floe::scan
