#include "floe/format/parquet/page_index_json.h"

#include "floe/format/parquet/file_metadata_json.h"
#include "floe/util/json_writer.h"

namespace floe::parquet {

namespace {

void WriteIndexList(JsonWriter& w, std::string_view key, const std::vector<int64_t>& v) {
  w.Key(key);
  w.BeginArray();
  for (int64_t x : v) w.Int(x);
  w.EndArray();
}

}  // namespace

std::string ColumnIndexToJson(const ColumnIndex& index, const SchemaElement& leaf, bool pretty) {
  JsonWriter w(pretty);
  w.BeginObject();
  w.Key("null_pages");
  w.BeginArray();
  for (bool b : index.null_pages) w.Bool(b);
  w.EndArray();
  for (auto [key, values] :
       {std::pair{"min_values", &index.min_values}, std::pair{"max_values", &index.max_values}}) {
    w.Key(key);
    w.BeginArray();
    for (size_t i = 0; i < values->size(); ++i) {
      // A null page's bounds are empty placeholders.
      if (i < index.null_pages.size() && index.null_pages[i]) {
        w.Null();
      } else {
        w.Raw(StatisticsValueToJson(leaf, (*values)[i]));
      }
    }
    w.EndArray();
  }
  w.Member("boundary_order", BoundaryOrderName(index.boundary_order));
  if (index.null_counts) WriteIndexList(w, "null_counts", *index.null_counts);
  if (index.repetition_level_histograms) {
    WriteIndexList(w, "repetition_level_histograms", *index.repetition_level_histograms);
  }
  if (index.definition_level_histograms) {
    WriteIndexList(w, "definition_level_histograms", *index.definition_level_histograms);
  }
  if (index.nan_counts) WriteIndexList(w, "nan_counts", *index.nan_counts);
  w.EndObject();
  return w.Take();
}

std::string OffsetIndexToJson(const OffsetIndex& index, bool pretty) {
  JsonWriter w(pretty);
  w.BeginObject();
  w.Key("page_locations");
  w.BeginArray();
  for (const PageLocation& p : index.page_locations) {
    w.BeginObject();
    w.Member("offset", p.offset);
    w.Member("compressed_page_size", p.compressed_page_size);
    w.Member("first_row_index", p.first_row_index);
    w.EndObject();
  }
  w.EndArray();
  if (index.unencoded_byte_array_data_bytes) {
    WriteIndexList(w, "unencoded_byte_array_data_bytes", *index.unencoded_byte_array_data_bytes);
  }
  w.EndObject();
  return w.Take();
}

}  // namespace floe::parquet
