#include "floe/format/parquet/file_metadata_json.h"

#include <cmath>
#include <cstring>

#include "floe/util/bytes.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::parquet {

namespace {

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 0xF]);
  }
  return out;
}

// The decimal text of an unscaled two's-complement big-endian integer of any width, with
// `scale` digits after the point ("-123.45").
std::string DecimalFromBigEndian(std::string_view bytes, int32_t scale) {
  std::vector<uint8_t> mag(bytes.begin(), bytes.end());
  bool negative = !mag.empty() && (mag[0] & 0x80) != 0;
  if (negative) {  // two's complement negate: invert and add one
    for (auto& b : mag) b = static_cast<uint8_t>(~b);
    for (size_t i = mag.size(); i-- > 0;) {
      if (++mag[i] != 0) break;
    }
  }
  // Repeated division by 10 of the big-endian magnitude.
  std::string digits;
  bool nonzero = true;
  while (nonzero) {
    nonzero = false;
    unsigned rem = 0;
    for (auto& b : mag) {
      unsigned cur = (rem << 8) | b;
      b = static_cast<uint8_t>(cur / 10);
      rem = cur % 10;
      if (b != 0) nonzero = true;
    }
    digits.push_back(static_cast<char>('0' + rem));
  }
  if (scale > 0) {
    while (digits.size() <= static_cast<size_t>(scale)) digits.push_back('0');
    digits.insert(static_cast<size_t>(scale), 1, '.');
  }
  std::string out(digits.rbegin(), digits.rend());
  if (scale < 0) out.append(static_cast<size_t>(-scale), '0');
  if (negative) out.insert(0, 1, '-');
  return out;
}

std::string DecimalFromInt(int64_t v, int32_t scale) {
  std::string be;
  AppendBigEndian(be, static_cast<uint64_t>(v), 8);
  return DecimalFromBigEndian(be, scale);
}

float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t mant = h & 0x3FF;
  float f;
  if (exp == 0) {
    f = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -f : f;
  }
  uint32_t bits;
  if (exp == 31) {
    bits = sign | 0x7F800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  }
  std::memcpy(&f, &bits, 4);
  return f;
}

bool IsStringAnnotated(const SchemaElement& e) {
  if (e.logical_type) {
    using K = LogicalType::Kind;
    K k = e.logical_type->kind;
    if (k == K::kString || k == K::kEnum || k == K::kJson) return true;
  }
  if (e.converted_type) {
    ConvertedType c = *e.converted_type;
    if (c == ConvertedType::kUtf8 || c == ConvertedType::kEnum || c == ConvertedType::kJson) {
      return true;
    }
  }
  return false;
}

bool HasLogical(const SchemaElement& e, LogicalType::Kind k) {
  return e.logical_type && e.logical_type->kind == k;
}

std::optional<std::pair<int32_t, int32_t>> DecimalScale(const SchemaElement& e) {
  if (HasLogical(e, LogicalType::Kind::kDecimal)) {
    return std::make_pair(e.logical_type->scale, e.logical_type->precision);
  }
  if (e.converted_type == ConvertedType::kDecimal) {
    return std::make_pair(e.scale.value_or(0), e.precision.value_or(0));
  }
  return std::nullopt;
}

bool IsUnsigned(const SchemaElement& e) {
  if (HasLogical(e, LogicalType::Kind::kInteger)) return !e.logical_type->is_signed;
  if (!e.converted_type) return false;
  ConvertedType c = *e.converted_type;
  return c == ConvertedType::kUint8 || c == ConvertedType::kUint16 || c == ConvertedType::kUint32 ||
         c == ConvertedType::kUint64;
}

// Timestamp or time unit of an INT64/INT32 column, from the logical or the converted type.
enum class Temporal { kNone, kDate, kTime, kTimestamp };
struct TemporalInfo {
  Temporal kind = Temporal::kNone;
  TimeUnit unit = TimeUnit::kMillis;
  bool utc = false;
};

TemporalInfo TemporalOf(const SchemaElement& e) {
  TemporalInfo t;
  if (e.logical_type) {
    switch (e.logical_type->kind) {
      case LogicalType::Kind::kDate:
        t.kind = Temporal::kDate;
        return t;
      case LogicalType::Kind::kTime:
        t.kind = Temporal::kTime;
        t.unit = e.logical_type->unit;
        t.utc = e.logical_type->is_adjusted_to_utc;
        return t;
      case LogicalType::Kind::kTimestamp:
        t.kind = Temporal::kTimestamp;
        t.unit = e.logical_type->unit;
        t.utc = e.logical_type->is_adjusted_to_utc;
        return t;
      default:
        break;
    }
  }
  if (!e.converted_type) return t;
  switch (*e.converted_type) {
    case ConvertedType::kDate:
      t.kind = Temporal::kDate;
      break;
    case ConvertedType::kTimeMillis:
      t.kind = Temporal::kTime;
      t.unit = TimeUnit::kMillis;
      break;
    case ConvertedType::kTimeMicros:
      t.kind = Temporal::kTime;
      t.unit = TimeUnit::kMicros;
      break;
    // The legacy converted types are UTC-adjusted instants (LogicalTypes.md).
    case ConvertedType::kTimestampMillis:
      t = {Temporal::kTimestamp, TimeUnit::kMillis, true};
      break;
    case ConvertedType::kTimestampMicros:
      t = {Temporal::kTimestamp, TimeUnit::kMicros, true};
      break;
    default:
      break;
  }
  return t;
}

std::string Quoted(std::string_view s) {
  std::string out;
  AppendJsonString(out, s);
  return out;
}

std::string TemporalJson(const TemporalInfo& t, int64_t v) {
  constexpr int64_t kMaxMillis = INT64_MAX / 1000;
  switch (t.kind) {
    case Temporal::kDate:
      return Quoted(FormatDate(v));
    case Temporal::kTime:
      if (t.unit == TimeUnit::kNanos) return Quoted(FormatTimeMicros(FloorDiv(v, 1000)));
      if (t.unit == TimeUnit::kMillis) return Quoted(FormatTimeMicros(v * 1000));
      return Quoted(FormatTimeMicros(v));
    case Temporal::kTimestamp:
      if (t.unit == TimeUnit::kNanos) return Quoted(FormatTimestampNanos(v, t.utc));
      if (t.unit == TimeUnit::kMillis) {
        if (v > kMaxMillis || v < -kMaxMillis) return std::to_string(v);
        return Quoted(FormatTimestampMicros(v * 1000, t.utc));
      }
      return Quoted(FormatTimestampMicros(v, t.utc));
    case Temporal::kNone:
      break;
  }
  return std::to_string(v);
}

void WriteKeyValues(JsonWriter& w, std::string_view key, const std::vector<KeyValue>& kvs) {
  w.Key(key);
  w.BeginArray();
  for (const KeyValue& kv : kvs) {
    w.BeginObject();
    w.Member("key", kv.key);
    if (kv.value) w.Member("value", *kv.value);
    w.EndObject();
  }
  w.EndArray();
}

void WriteLogicalType(JsonWriter& w, const LogicalType& t) {
  w.BeginObject();
  w.Member("type", LogicalTypeKindName(t));
  using K = LogicalType::Kind;
  switch (t.kind) {
    case K::kDecimal:
      w.Member("scale", t.scale);
      w.Member("precision", t.precision);
      break;
    case K::kTime:
    case K::kTimestamp:
      w.Member("isAdjustedToUTC", t.is_adjusted_to_utc);
      w.Member("unit", TimeUnitName(t.unit));
      break;
    case K::kInteger:
      w.Member("bitWidth", static_cast<int>(t.bit_width));
      w.Member("isSigned", t.is_signed);
      break;
    case K::kVariant:
      if (t.specification_version) {
        w.Member("specification_version", static_cast<int>(*t.specification_version));
      }
      break;
    case K::kGeometry:
    case K::kGeography:
      if (t.crs) w.Member("crs", *t.crs);
      if (t.algorithm) w.Member("algorithm", EdgeAlgorithmName(*t.algorithm));
      break;
    default:
      break;
  }
  w.EndObject();
}

void WriteSchemaElement(JsonWriter& w, const SchemaElement& e) {
  w.BeginObject();
  if (e.type) w.Member("type", TypeName(*e.type));
  if (e.type_length) w.Member("type_length", *e.type_length);
  if (e.repetition_type) w.Member("repetition_type", RepetitionName(*e.repetition_type));
  w.Member("name", e.name);
  if (e.num_children) w.Member("num_children", *e.num_children);
  if (e.converted_type) w.Member("converted_type", ConvertedTypeName(*e.converted_type));
  if (e.scale) w.Member("scale", *e.scale);
  if (e.precision) w.Member("precision", *e.precision);
  if (e.field_id) w.Member("field_id", *e.field_id);
  if (e.logical_type) {
    w.Key("logical_type");
    WriteLogicalType(w, *e.logical_type);
  }
  if (e.vector_length) w.Member("vector_length", *e.vector_length);
  w.EndObject();
}

void WriteStatistics(JsonWriter& w, const Statistics& s, const SchemaElement* leaf) {
  auto value = [&](std::string_view key, const std::optional<std::string>& v) {
    if (!v) return;
    w.Key(key);
    if (leaf) {
      w.Raw(StatisticsValueToJson(*leaf, *v));
    } else {
      w.String(Hex(*v));
    }
  };
  w.BeginObject();
  value("max", s.max);
  value("min", s.min);
  if (s.null_count) w.Member("null_count", *s.null_count);
  if (s.distinct_count) w.Member("distinct_count", *s.distinct_count);
  value("max_value", s.max_value);
  value("min_value", s.min_value);
  if (s.is_max_value_exact) w.Member("is_max_value_exact", *s.is_max_value_exact);
  if (s.is_min_value_exact) w.Member("is_min_value_exact", *s.is_min_value_exact);
  if (s.nan_count) w.Member("nan_count", *s.nan_count);
  w.EndObject();
}

void WriteI64List(JsonWriter& w, std::string_view key, const std::vector<int64_t>& v) {
  w.Key(key);
  w.BeginArray();
  for (int64_t x : v) w.Int(x);
  w.EndArray();
}

void WriteColumnMetaData(JsonWriter& w, const ColumnMetaData& m, const SchemaElement* leaf) {
  w.BeginObject();
  w.Member("type", TypeName(m.type));
  w.Key("encodings");
  w.BeginArray();
  for (Encoding e : m.encodings) w.String(EncodingName(e));
  w.EndArray();
  w.Key("path_in_schema");
  w.BeginArray();
  for (const auto& p : m.path_in_schema) w.String(p);
  w.EndArray();
  w.Member("codec", CodecName(m.codec));
  w.Member("num_values", m.num_values);
  w.Member("total_uncompressed_size", m.total_uncompressed_size);
  w.Member("total_compressed_size", m.total_compressed_size);
  if (m.key_value_metadata) WriteKeyValues(w, "key_value_metadata", *m.key_value_metadata);
  w.Member("data_page_offset", m.data_page_offset);
  if (m.index_page_offset) w.Member("index_page_offset", *m.index_page_offset);
  if (m.dictionary_page_offset) w.Member("dictionary_page_offset", *m.dictionary_page_offset);
  if (m.statistics) {
    w.Key("statistics");
    WriteStatistics(w, *m.statistics, leaf);
  }
  if (m.encoding_stats) {
    w.Key("encoding_stats");
    w.BeginArray();
    for (const PageEncodingStats& s : *m.encoding_stats) {
      w.BeginObject();
      w.Member("page_type", PageTypeName(s.page_type));
      w.Member("encoding", EncodingName(s.encoding));
      w.Member("count", s.count);
      w.EndObject();
    }
    w.EndArray();
  }
  if (m.bloom_filter_offset) w.Member("bloom_filter_offset", *m.bloom_filter_offset);
  if (m.bloom_filter_length) w.Member("bloom_filter_length", *m.bloom_filter_length);
  if (m.size_statistics) {
    const SizeStatistics& s = *m.size_statistics;
    w.Key("size_statistics");
    w.BeginObject();
    if (s.unencoded_byte_array_data_bytes) {
      w.Member("unencoded_byte_array_data_bytes", *s.unencoded_byte_array_data_bytes);
    }
    if (s.repetition_level_histogram) {
      WriteI64List(w, "repetition_level_histogram", *s.repetition_level_histogram);
    }
    if (s.definition_level_histogram) {
      WriteI64List(w, "definition_level_histogram", *s.definition_level_histogram);
    }
    w.EndObject();
  }
  if (m.geospatial_statistics) {
    const GeospatialStatistics& g = *m.geospatial_statistics;
    w.Key("geospatial_statistics");
    w.BeginObject();
    if (g.bbox) {
      const BoundingBox& b = *g.bbox;
      w.Key("bbox");
      w.BeginObject();
      w.Key("xmin");
      w.Double(b.xmin);
      w.Key("xmax");
      w.Double(b.xmax);
      w.Key("ymin");
      w.Double(b.ymin);
      w.Key("ymax");
      w.Double(b.ymax);
      if (b.zmin) {
        w.Key("zmin");
        w.Double(*b.zmin);
      }
      if (b.zmax) {
        w.Key("zmax");
        w.Double(*b.zmax);
      }
      if (b.mmin) {
        w.Key("mmin");
        w.Double(*b.mmin);
      }
      if (b.mmax) {
        w.Key("mmax");
        w.Double(*b.mmax);
      }
      w.EndObject();
    }
    if (g.geospatial_types) {
      w.Key("geospatial_types");
      w.BeginArray();
      for (int32_t t : *g.geospatial_types) w.Int(t);
      w.EndArray();
    }
    w.EndObject();
  }
  w.EndObject();
}

void WriteColumnChunk(JsonWriter& w, const ColumnChunk& c, const SchemaElement* leaf) {
  w.BeginObject();
  if (c.file_path) w.Member("file_path", *c.file_path);
  w.Member("file_offset", c.file_offset);
  if (c.meta_data) {
    w.Key("meta_data");
    WriteColumnMetaData(w, *c.meta_data, leaf);
  }
  if (c.offset_index_offset) w.Member("offset_index_offset", *c.offset_index_offset);
  if (c.offset_index_length) w.Member("offset_index_length", *c.offset_index_length);
  if (c.column_index_offset) w.Member("column_index_offset", *c.column_index_offset);
  if (c.column_index_length) w.Member("column_index_length", *c.column_index_length);
  if (c.crypto_metadata) {
    const ColumnCryptoMetaData& cm = *c.crypto_metadata;
    w.Key("crypto_metadata");
    w.BeginObject();
    if (cm.with_footer_key) {
      w.Member("type", "ENCRYPTION_WITH_FOOTER_KEY");
    } else {
      w.Member("type", "ENCRYPTION_WITH_COLUMN_KEY");
      w.Key("path_in_schema");
      w.BeginArray();
      for (const auto& p : cm.path_in_schema) w.String(p);
      w.EndArray();
      if (cm.key_metadata) w.Member("key_metadata", Hex(*cm.key_metadata));
    }
    w.EndObject();
  }
  if (c.encrypted_column_metadata) {
    w.Member("encrypted_column_metadata", Hex(*c.encrypted_column_metadata));
  }
  w.EndObject();
}

}  // namespace

std::string StatisticsValueToJson(const SchemaElement& leaf, const std::string& bytes) {
  if (!leaf.type) return Quoted(Hex(bytes));
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  auto decimal = DecimalScale(leaf);
  switch (*leaf.type) {
    case Type::kBoolean:
      if (bytes.size() != 1) break;
      return p[0] == 1 ? "true" : "false";
    case Type::kInt32: {
      if (bytes.size() != 4) break;
      int32_t v = LoadLittleEndian<int32_t>(p);
      if (decimal) return Quoted(DecimalFromInt(v, decimal->first));
      TemporalInfo t = TemporalOf(leaf);
      if (t.kind != Temporal::kNone) return TemporalJson(t, v);
      if (IsUnsigned(leaf)) return std::to_string(static_cast<uint32_t>(v));
      return std::to_string(v);
    }
    case Type::kInt64: {
      if (bytes.size() != 8) break;
      int64_t v = LoadLittleEndian<int64_t>(p);
      if (decimal) return Quoted(DecimalFromInt(v, decimal->first));
      TemporalInfo t = TemporalOf(leaf);
      if (t.kind != Temporal::kNone) return TemporalJson(t, v);
      if (IsUnsigned(leaf)) return std::to_string(static_cast<uint64_t>(v));
      return std::to_string(v);
    }
    case Type::kFloat: {
      if (bytes.size() != 4) break;
      JsonWriter w;
      w.Float(LoadLittleEndian<float>(p));
      return w.Take();
    }
    case Type::kDouble: {
      if (bytes.size() != 8) break;
      JsonWriter w;
      w.Double(LoadLittleEndian<double>(p));
      return w.Take();
    }
    case Type::kByteArray:
    case Type::kFixedLenByteArray:
      if (decimal) return Quoted(DecimalFromBigEndian(bytes, decimal->first));
      if (IsStringAnnotated(leaf)) return Quoted(bytes);
      if (HasLogical(leaf, LogicalType::Kind::kUuid) && bytes.size() == 16) {
        Uuid u;
        std::memcpy(u.bytes.data(), p, 16);
        return Quoted(u.ToString());
      }
      if (HasLogical(leaf, LogicalType::Kind::kFloat16) && bytes.size() == 2) {
        JsonWriter w;
        w.Float(HalfToFloat(LoadLittleEndian<uint16_t>(p)));
        return w.Take();
      }
      break;
    default:
      break;  // INT96 and unknown types: hex
  }
  return Quoted(Hex(bytes));
}

std::string FileMetaDataToJson(const FileMetaData& md, const MetadataJsonOptions& options) {
  // Column chunks pair with the schema's leaves by position.
  std::vector<const SchemaElement*> leaves;
  for (const SchemaElement& e : md.schema) {
    if (e.type) leaves.push_back(&e);
  }
  JsonWriter w(options.pretty);
  w.BeginObject();
  w.Member("version", md.version);
  w.Key("schema");
  w.BeginArray();
  for (const SchemaElement& e : md.schema) WriteSchemaElement(w, e);
  w.EndArray();
  w.Member("num_rows", md.num_rows);
  w.Key("row_groups");
  w.BeginArray();
  for (const RowGroup& g : md.row_groups) {
    w.BeginObject();
    w.Key("columns");
    w.BeginArray();
    for (size_t i = 0; i < g.columns.size(); ++i) {
      WriteColumnChunk(w, g.columns[i], i < leaves.size() ? leaves[i] : nullptr);
    }
    w.EndArray();
    w.Member("total_byte_size", g.total_byte_size);
    w.Member("num_rows", g.num_rows);
    if (g.sorting_columns) {
      w.Key("sorting_columns");
      w.BeginArray();
      for (const SortingColumn& s : *g.sorting_columns) {
        w.BeginObject();
        w.Member("column_idx", s.column_idx);
        w.Member("descending", s.descending);
        w.Member("nulls_first", s.nulls_first);
        w.EndObject();
      }
      w.EndArray();
    }
    if (g.file_offset) w.Member("file_offset", *g.file_offset);
    if (g.total_compressed_size) w.Member("total_compressed_size", *g.total_compressed_size);
    if (g.ordinal) w.Member("ordinal", static_cast<int>(*g.ordinal));
    w.EndObject();
  }
  w.EndArray();
  if (md.key_value_metadata) WriteKeyValues(w, "key_value_metadata", *md.key_value_metadata);
  if (md.created_by) w.Member("created_by", *md.created_by);
  if (md.column_orders) {
    w.Key("column_orders");
    w.BeginArray();
    for (const ColumnOrder& o : *md.column_orders) w.String(ColumnOrderName(o));
    w.EndArray();
  }
  if (md.encryption_algorithm) {
    const EncryptionAlgorithm& a = *md.encryption_algorithm;
    w.Key("encryption_algorithm");
    w.BeginObject();
    w.Member("type", a.kind == 1   ? std::string("AES_GCM_V1")
                     : a.kind == 2 ? std::string("AES_GCM_CTR_V1")
                                   : fmt::format("UNRECOGNIZED({})", a.kind));
    if (a.aad_prefix) w.Member("aad_prefix", Hex(*a.aad_prefix));
    if (a.aad_file_unique) w.Member("aad_file_unique", Hex(*a.aad_file_unique));
    if (a.supply_aad_prefix) w.Member("supply_aad_prefix", *a.supply_aad_prefix);
    w.EndObject();
  }
  if (md.footer_signing_key_metadata) {
    w.Member("footer_signing_key_metadata", Hex(*md.footer_signing_key_metadata));
  }
  if (options.metadata_length) w.Member("metadata_length", *options.metadata_length);
  w.EndObject();
  return w.Take();
}

}  // namespace floe::parquet
