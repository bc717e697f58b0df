#include "floe/format/parquet/metadata_encoder.h"

#include "floe/format/parquet/thrift/compact_writer.h"

namespace floe::parquet {

using thrift::CompactWriter;
using thrift::CType;

namespace {

template <typename E>
int32_t Wire(E v) {
  return static_cast<int32_t>(v);
}

void BinaryList(CompactWriter& w, int16_t id, const std::vector<std::string>& values) {
  w.BeginListField(id, CType::kBinary, static_cast<uint32_t>(values.size()));
  for (const std::string& v : values) w.BinaryElement(v);
}

void I64List(CompactWriter& w, int16_t id, const std::vector<int64_t>& values) {
  w.BeginListField(id, CType::kI64, static_cast<uint32_t>(values.size()));
  for (int64_t v : values) w.I64Element(v);
}

// A union member that is an empty struct.
void EmptyStructField(CompactWriter& w, int16_t id) {
  w.BeginStructField(id);
  w.EndStruct();
}

void EncodeStatistics(CompactWriter& w, const Statistics& s) {
  if (s.max) w.FieldBinary(1, *s.max);
  if (s.min) w.FieldBinary(2, *s.min);
  if (s.null_count) w.FieldI64(3, *s.null_count);
  if (s.distinct_count) w.FieldI64(4, *s.distinct_count);
  if (s.max_value) w.FieldBinary(5, *s.max_value);
  if (s.min_value) w.FieldBinary(6, *s.min_value);
  if (s.is_max_value_exact) w.FieldBool(7, *s.is_max_value_exact);
  if (s.is_min_value_exact) w.FieldBool(8, *s.is_min_value_exact);
  if (s.nan_count) w.FieldI64(9, *s.nan_count);
}

void StatisticsField(CompactWriter& w, int16_t id, const Statistics& s) {
  w.BeginStructField(id);
  EncodeStatistics(w, s);
  w.EndStruct();
}

void EncodeTimeUnit(CompactWriter& w, TimeUnit unit) {
  w.BeginStructField(2);
  EmptyStructField(w, static_cast<int16_t>(unit));
  w.EndStruct();
}

void EncodeLogicalType(CompactWriter& w, const LogicalType& t) {
  using K = LogicalType::Kind;
  int16_t id = static_cast<int16_t>(t.kind);
  switch (t.kind) {
    case K::kUnrecognized:
      EmptyStructField(w, t.unrecognized_id);
      return;
    case K::kDecimal:
      w.BeginStructField(id);
      w.FieldI32(1, t.scale);
      w.FieldI32(2, t.precision);
      w.EndStruct();
      return;
    case K::kTime:
    case K::kTimestamp:
      w.BeginStructField(id);
      w.FieldBool(1, t.is_adjusted_to_utc);
      EncodeTimeUnit(w, t.unit);
      w.EndStruct();
      return;
    case K::kInteger:
      w.BeginStructField(id);
      w.FieldI8(1, t.bit_width);
      w.FieldBool(2, t.is_signed);
      w.EndStruct();
      return;
    case K::kVariant:
      w.BeginStructField(id);
      if (t.specification_version) w.FieldI8(1, *t.specification_version);
      w.EndStruct();
      return;
    case K::kGeometry:
    case K::kGeography:
      w.BeginStructField(id);
      if (t.crs) w.FieldBinary(1, *t.crs);
      if (t.algorithm && t.kind == K::kGeography) w.FieldI32(2, Wire(*t.algorithm));
      w.EndStruct();
      return;
    default:
      EmptyStructField(w, id);
      return;
  }
}

void EncodeSchemaElement(CompactWriter& w, const SchemaElement& e) {
  w.BeginStruct();
  if (e.type) w.FieldI32(1, Wire(*e.type));
  if (e.type_length) w.FieldI32(2, *e.type_length);
  if (e.repetition_type) w.FieldI32(3, Wire(*e.repetition_type));
  w.FieldBinary(4, e.name);
  if (e.num_children) w.FieldI32(5, *e.num_children);
  if (e.converted_type) w.FieldI32(6, Wire(*e.converted_type));
  if (e.scale) w.FieldI32(7, *e.scale);
  if (e.precision) w.FieldI32(8, *e.precision);
  if (e.field_id) w.FieldI32(9, *e.field_id);
  if (e.logical_type) {
    w.BeginStructField(10);
    EncodeLogicalType(w, *e.logical_type);
    w.EndStruct();
  }
  if (e.vector_length) w.FieldI32(11, *e.vector_length);
  w.EndStruct();
}

void KeyValueList(CompactWriter& w, int16_t id, const std::vector<KeyValue>& kvs) {
  w.BeginListField(id, CType::kStruct, static_cast<uint32_t>(kvs.size()));
  for (const KeyValue& kv : kvs) {
    w.BeginStruct();
    w.FieldBinary(1, kv.key);
    if (kv.value) w.FieldBinary(2, *kv.value);
    w.EndStruct();
  }
}

void EncodeColumnMetaData(CompactWriter& w, const ColumnMetaData& m) {
  w.FieldI32(1, Wire(m.type));
  w.BeginListField(2, CType::kI32, static_cast<uint32_t>(m.encodings.size()));
  for (Encoding e : m.encodings) w.I32Element(Wire(e));
  BinaryList(w, 3, m.path_in_schema);
  w.FieldI32(4, Wire(m.codec));
  w.FieldI64(5, m.num_values);
  w.FieldI64(6, m.total_uncompressed_size);
  w.FieldI64(7, m.total_compressed_size);
  if (m.key_value_metadata) KeyValueList(w, 8, *m.key_value_metadata);
  w.FieldI64(9, m.data_page_offset);
  if (m.index_page_offset) w.FieldI64(10, *m.index_page_offset);
  if (m.dictionary_page_offset) w.FieldI64(11, *m.dictionary_page_offset);
  if (m.statistics) StatisticsField(w, 12, *m.statistics);
  if (m.encoding_stats) {
    w.BeginListField(13, CType::kStruct, static_cast<uint32_t>(m.encoding_stats->size()));
    for (const PageEncodingStats& s : *m.encoding_stats) {
      w.BeginStruct();
      w.FieldI32(1, Wire(s.page_type));
      w.FieldI32(2, Wire(s.encoding));
      w.FieldI32(3, s.count);
      w.EndStruct();
    }
  }
  if (m.bloom_filter_offset) w.FieldI64(14, *m.bloom_filter_offset);
  if (m.bloom_filter_length) w.FieldI32(15, *m.bloom_filter_length);
  if (m.size_statistics) {
    const SizeStatistics& s = *m.size_statistics;
    w.BeginStructField(16);
    if (s.unencoded_byte_array_data_bytes) w.FieldI64(1, *s.unencoded_byte_array_data_bytes);
    if (s.repetition_level_histogram) I64List(w, 2, *s.repetition_level_histogram);
    if (s.definition_level_histogram) I64List(w, 3, *s.definition_level_histogram);
    w.EndStruct();
  }
}

void EncodeColumnChunk(CompactWriter& w, const ColumnChunk& c) {
  w.BeginStruct();
  if (c.file_path) w.FieldBinary(1, *c.file_path);
  w.FieldI64(2, c.file_offset);
  if (c.meta_data) {
    w.BeginStructField(3);
    EncodeColumnMetaData(w, *c.meta_data);
    w.EndStruct();
  }
  if (c.offset_index_offset) w.FieldI64(4, *c.offset_index_offset);
  if (c.offset_index_length) w.FieldI32(5, *c.offset_index_length);
  if (c.column_index_offset) w.FieldI64(6, *c.column_index_offset);
  if (c.column_index_length) w.FieldI32(7, *c.column_index_length);
  w.EndStruct();
}

void EncodeRowGroup(CompactWriter& w, const RowGroup& g) {
  w.BeginStruct();
  w.BeginListField(1, CType::kStruct, static_cast<uint32_t>(g.columns.size()));
  for (const ColumnChunk& c : g.columns) EncodeColumnChunk(w, c);
  w.FieldI64(2, g.total_byte_size);
  w.FieldI64(3, g.num_rows);
  if (g.sorting_columns) {
    w.BeginListField(4, CType::kStruct, static_cast<uint32_t>(g.sorting_columns->size()));
    for (const SortingColumn& s : *g.sorting_columns) {
      w.BeginStruct();
      w.FieldI32(1, s.column_idx);
      w.FieldBool(2, s.descending);
      w.FieldBool(3, s.nulls_first);
      w.EndStruct();
    }
  }
  if (g.file_offset) w.FieldI64(5, *g.file_offset);
  if (g.total_compressed_size) w.FieldI64(6, *g.total_compressed_size);
  if (g.ordinal) w.FieldI16(7, *g.ordinal);
  w.EndStruct();
}

}  // namespace

void EncodeFileMetaData(const FileMetaData& md, std::string* out) {
  CompactWriter w(out);
  w.BeginStruct();
  w.FieldI32(1, md.version);
  w.BeginListField(2, CType::kStruct, static_cast<uint32_t>(md.schema.size()));
  for (const SchemaElement& e : md.schema) EncodeSchemaElement(w, e);
  w.FieldI64(3, md.num_rows);
  w.BeginListField(4, CType::kStruct, static_cast<uint32_t>(md.row_groups.size()));
  for (const RowGroup& g : md.row_groups) EncodeRowGroup(w, g);
  if (md.key_value_metadata) KeyValueList(w, 5, *md.key_value_metadata);
  if (md.created_by) w.FieldBinary(6, *md.created_by);
  if (md.column_orders) {
    w.BeginListField(7, CType::kStruct, static_cast<uint32_t>(md.column_orders->size()));
    for (const ColumnOrder& o : *md.column_orders) {
      w.BeginStruct();
      EmptyStructField(w, o.kind);
      w.EndStruct();
    }
  }
  w.EndStruct();
}

void EncodePageHeader(const PageHeader& h, std::string* out) {
  CompactWriter w(out);
  w.BeginStruct();
  w.FieldI32(1, Wire(h.type));
  w.FieldI32(2, h.uncompressed_page_size);
  w.FieldI32(3, h.compressed_page_size);
  if (h.crc) w.FieldI32(4, *h.crc);
  if (h.data_page_header) {
    const DataPageHeader& d = *h.data_page_header;
    w.BeginStructField(5);
    w.FieldI32(1, d.num_values);
    w.FieldI32(2, Wire(d.encoding));
    w.FieldI32(3, Wire(d.definition_level_encoding));
    w.FieldI32(4, Wire(d.repetition_level_encoding));
    if (d.statistics) StatisticsField(w, 5, *d.statistics);
    w.EndStruct();
  }
  if (h.index_page_header) EmptyStructField(w, 6);
  if (h.dictionary_page_header) {
    const DictionaryPageHeader& d = *h.dictionary_page_header;
    w.BeginStructField(7);
    w.FieldI32(1, d.num_values);
    w.FieldI32(2, Wire(d.encoding));
    if (d.is_sorted) w.FieldBool(3, *d.is_sorted);
    w.EndStruct();
  }
  if (h.data_page_header_v2) {
    const DataPageHeaderV2& d = *h.data_page_header_v2;
    w.BeginStructField(8);
    w.FieldI32(1, d.num_values);
    w.FieldI32(2, d.num_nulls);
    w.FieldI32(3, d.num_rows);
    w.FieldI32(4, Wire(d.encoding));
    w.FieldI32(5, d.definition_levels_byte_length);
    w.FieldI32(6, d.repetition_levels_byte_length);
    w.FieldBool(7, d.is_compressed);
    if (d.statistics) StatisticsField(w, 8, *d.statistics);
    w.EndStruct();
  }
  w.EndStruct();
}

void EncodeColumnIndex(const ColumnIndex& ci, std::string* out) {
  CompactWriter w(out);
  w.BeginStruct();
  w.BeginListField(1, CType::kBoolTrue, static_cast<uint32_t>(ci.null_pages.size()));
  for (bool b : ci.null_pages) w.BoolElement(b);
  BinaryList(w, 2, ci.min_values);
  BinaryList(w, 3, ci.max_values);
  w.FieldI32(4, Wire(ci.boundary_order));
  if (ci.null_counts) I64List(w, 5, *ci.null_counts);
  if (ci.repetition_level_histograms) I64List(w, 6, *ci.repetition_level_histograms);
  if (ci.definition_level_histograms) I64List(w, 7, *ci.definition_level_histograms);
  if (ci.nan_counts) I64List(w, 8, *ci.nan_counts);
  w.EndStruct();
}

void EncodeOffsetIndex(const OffsetIndex& oi, std::string* out) {
  CompactWriter w(out);
  w.BeginStruct();
  w.BeginListField(1, CType::kStruct, static_cast<uint32_t>(oi.page_locations.size()));
  for (const PageLocation& loc : oi.page_locations) {
    w.BeginStruct();
    w.FieldI64(1, loc.offset);
    w.FieldI32(2, loc.compressed_page_size);
    w.FieldI64(3, loc.first_row_index);
    w.EndStruct();
  }
  if (oi.unencoded_byte_array_data_bytes) I64List(w, 2, *oi.unencoded_byte_array_data_bytes);
  w.EndStruct();
}

void EncodeBloomFilterHeader(const BloomFilterHeader& h, std::string* out) {
  CompactWriter w(out);
  w.BeginStruct();
  w.FieldI32(1, h.num_bytes);
  w.BeginStructField(2);
  EmptyStructField(w, h.algorithm);
  w.EndStruct();
  w.BeginStructField(3);
  EmptyStructField(w, h.hash);
  w.EndStruct();
  w.BeginStructField(4);
  EmptyStructField(w, h.compression);
  w.EndStruct();
  w.EndStruct();
}

}  // namespace floe::parquet
