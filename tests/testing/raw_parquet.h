// Hand-built Parquet files for the odd layouts other writers produce and floe's writer never does
// (INT96 timestamps, decimals padded past 16 bytes): one row group, each column one PLAIN data
// page (v1, uncompressed), optional columns with RLE definition levels. The footer goes through
// floe's Thrift encoder (metadata_encoder.h); everything else is laid out here byte by byte, so
// DuckDB reading the same file is an independent check. Header-only: a test program using it
// links floe_parquet.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/metadata_encoder.h"
#include "floe/format/parquet/page_header.h"

namespace floe::testing {

struct RawColumn {
  // A leaf of the root: name, type, type_length, repetition, logical/converted type, field id.
  parquet::SchemaElement element;
  // Each row's value as its PLAIN bytes (BYTE_ARRAY without the length prefix); nullopt is a null
  // (an optional column only).
  std::vector<std::optional<std::string>> values;
};

// The 12 bytes of an INT96 timestamp: nanoseconds of the day (8 bytes) then the Julian day
// (4 bytes), little-endian.
inline std::string RawInt96(int64_t julian_day, uint64_t nanos_of_day) {
  std::string out(12, '\0');
  std::memcpy(out.data(), &nanos_of_day, 8);
  auto day = static_cast<uint32_t>(julian_day);
  std::memcpy(out.data() + 8, &day, 4);
  return out;
}

namespace raw_parquet_detail {

inline void AppendVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// Definition levels (bit width 1) as RLE runs, with the 4-byte length prefix of data page v1.
inline std::string DefinitionLevels(const std::vector<std::optional<std::string>>& values) {
  std::string runs;
  size_t i = 0;
  while (i < values.size()) {
    const bool defined = values[i].has_value();
    size_t j = i;
    while (j < values.size() && values[j].has_value() == defined) ++j;
    AppendVarint(static_cast<uint64_t>(j - i) << 1, &runs);
    runs.push_back(defined ? 1 : 0);
    i = j;
  }
  std::string out(4, '\0');
  auto n = static_cast<uint32_t>(runs.size());
  std::memcpy(out.data(), &n, 4);
  return out + runs;
}

}  // namespace raw_parquet_detail

inline std::string RawParquetFile(const std::vector<RawColumn>& columns) {
  using namespace parquet;
  std::string file = "PAR1";
  FileMetaData md;
  md.version = 1;
  md.created_by = "floe raw_parquet test helper";
  SchemaElement root;
  root.name = "schema";
  root.num_children = static_cast<int32_t>(columns.size());
  md.schema.push_back(root);
  RowGroup group;
  int64_t rows = columns.empty() ? 0 : static_cast<int64_t>(columns[0].values.size());
  for (const RawColumn& c : columns) {
    md.schema.push_back(c.element);
    const bool optional = c.element.repetition_type == FieldRepetitionType::kOptional;
    std::string data = optional ? raw_parquet_detail::DefinitionLevels(c.values) : "";
    for (const auto& v : c.values) {
      if (!v) continue;
      if (c.element.type == Type::kByteArray) {
        auto n = static_cast<uint32_t>(v->size());
        data.append(reinterpret_cast<const char*>(&n), 4);
      }
      data += *v;
    }
    PageHeader header;
    header.type = PageType::kDataPage;
    header.uncompressed_page_size = header.compressed_page_size = static_cast<int32_t>(data.size());
    DataPageHeader page;
    page.num_values = static_cast<int32_t>(c.values.size());
    header.data_page_header = page;
    std::string encoded;
    EncodePageHeader(header, &encoded);
    ColumnChunk chunk;
    ColumnMetaData meta;
    meta.type = *c.element.type;
    meta.encodings = {Encoding::kPlain, Encoding::kRle};
    meta.path_in_schema = {c.element.name};
    meta.num_values = static_cast<int64_t>(c.values.size());
    meta.total_uncompressed_size = meta.total_compressed_size =
        static_cast<int64_t>(encoded.size() + data.size());
    meta.data_page_offset = static_cast<int64_t>(file.size());
    chunk.file_offset = meta.data_page_offset;
    chunk.meta_data = meta;
    group.columns.push_back(chunk);
    group.total_byte_size += meta.total_uncompressed_size;
    file += encoded + data;
  }
  group.num_rows = rows;
  md.num_rows = rows;
  md.row_groups.push_back(group);
  std::string footer;
  EncodeFileMetaData(md, &footer);
  auto n = static_cast<uint32_t>(footer.size());
  file += footer;
  file.append(reinterpret_cast<const char*>(&n), 4);
  file += "PAR1";
  return file;
}

}  // namespace floe::testing
