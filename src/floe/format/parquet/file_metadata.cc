#include "floe/format/parquet/file_metadata.h"

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet {

using thrift::CompactReader;
using thrift::CType;
using thrift::FieldHeader;
using thrift::ReadEnum;

namespace {

// Required fields are tracked in a bit set of field ids (all required ids here are below 64).
class Required {
 public:
  void Saw(int16_t id) {
    if (id >= 0 && id < 64) seen_ |= uint64_t{1} << id;
  }
  Status Check(CompactReader& r, std::string_view strct,
               std::initializer_list<std::pair<int, const char*>> fields) const {
    for (const auto& [id, name] : fields) {
      if ((seen_ & (uint64_t{1} << id)) == 0) {
        return r.Corrupt(fmt::format("{} is missing required field {} ({})", strct, name, id));
      }
    }
    return Ok();
  }

 private:
  uint64_t seen_ = 0;
};

Result<std::string> ReadString(CompactReader& r, CType type) { return r.ReadBinary(type); }

Status ReadStringList(CompactReader& r, CType type, std::vector<std::string>* out) {
  return thrift::ReadList(r, type, out, [&](CType t) { return r.ReadBinary(t); });
}

Status ReadI64List(CompactReader& r, CType type, std::vector<int64_t>* out) {
  return thrift::ReadList(r, type, out, [&](CType t) { return r.ReadI64(t); });
}

// An empty struct (the members of several unions): skipped, whatever a newer writer put in it.
Status SkipStruct(CompactReader& r, CType type) {
  FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, type));
  return r.Skip(type);
}

Status DecodeTimeUnit(CompactReader& r, TimeUnit* out) {
  bool set = false;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    if (f.id >= 1 && f.id <= 3) {
      *out = static_cast<TimeUnit>(f.id);
      set = true;
    }
    return r.Skip(f.type);
  }));
  if (!set) return r.Corrupt("TimeUnit has no known member");
  return Ok();
}

// TimeType and TimestampType share their layout.
Status DecodeTimeLike(CompactReader& r, LogicalType* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->is_adjusted_to_utc, r.ReadBool(f.type));
        return Ok();
      }
      case 2:
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        return DecodeTimeUnit(r, &out->unit);
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "TimestampType", {{1, "isAdjustedToUTC"}, {2, "unit"}});
}

Status DecodeSchemaElement(CompactReader& r, SchemaElement* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->type, ReadEnum<Type>(r, f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->type_length, r.ReadI32(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->repetition_type, ReadEnum<FieldRepetitionType>(r, f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->name, ReadString(r, f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->num_children, r.ReadI32(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->converted_type, ReadEnum<ConvertedType>(r, f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->scale, r.ReadI32(f.type));
        return Ok();
      }
      case 8: {
        FLOE_ASSIGN_OR_RETURN(out->precision, r.ReadI32(f.type));
        return Ok();
      }
      case 9: {
        FLOE_ASSIGN_OR_RETURN(out->field_id, r.ReadI32(f.type));
        return Ok();
      }
      case 10: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        LogicalType lt;
        FLOE_RETURN_IF_ERROR(DecodeLogicalType(r, &lt));
        out->logical_type = std::move(lt);
        return Ok();
      }
      case 11: {
        FLOE_ASSIGN_OR_RETURN(out->vector_length, r.ReadI32(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "SchemaElement", {{4, "name"}});
}

Status DecodeSortingColumn(CompactReader& r, SortingColumn* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->column_idx, r.ReadI32(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->descending, r.ReadBool(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->nulls_first, r.ReadBool(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "SortingColumn", {{1, "column_idx"}, {2, "descending"}, {3, "nulls_first"}});
}

Status DecodePageEncodingStats(CompactReader& r, PageEncodingStats* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->page_type, ReadEnum<PageType>(r, f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->count, r.ReadI32(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "PageEncodingStats", {{1, "page_type"}, {2, "encoding"}, {3, "count"}});
}

Status DecodeSizeStatistics(CompactReader& r, SizeStatistics* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->unencoded_byte_array_data_bytes, r.ReadI64(f.type));
        return Ok();
      }
      case 2: {
        std::vector<int64_t> v;
        FLOE_RETURN_IF_ERROR(ReadI64List(r, f.type, &v));
        out->repetition_level_histogram = std::move(v);
        return Ok();
      }
      case 3: {
        std::vector<int64_t> v;
        FLOE_RETURN_IF_ERROR(ReadI64List(r, f.type, &v));
        out->definition_level_histogram = std::move(v);
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  });
}

Status DecodeBoundingBox(CompactReader& r, BoundingBox* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->xmin, r.ReadDouble(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->xmax, r.ReadDouble(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->ymin, r.ReadDouble(f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->ymax, r.ReadDouble(f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->zmin, r.ReadDouble(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->zmax, r.ReadDouble(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->mmin, r.ReadDouble(f.type));
        return Ok();
      }
      case 8: {
        FLOE_ASSIGN_OR_RETURN(out->mmax, r.ReadDouble(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "BoundingBox", {{1, "xmin"}, {2, "xmax"}, {3, "ymin"}, {4, "ymax"}});
}

Status DecodeGeospatialStatistics(CompactReader& r, GeospatialStatistics* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        BoundingBox b;
        FLOE_RETURN_IF_ERROR(DecodeBoundingBox(r, &b));
        out->bbox = b;
        return Ok();
      }
      case 2: {
        std::vector<int32_t> v;
        FLOE_RETURN_IF_ERROR(
            thrift::ReadList(r, f.type, &v, [&](CType t) { return r.ReadI32(t); }));
        out->geospatial_types = std::move(v);
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  });
}

Status DecodeKeyValueList(CompactReader& r, CType type, std::optional<std::vector<KeyValue>>* out) {
  std::vector<KeyValue> v;
  FLOE_RETURN_IF_ERROR(thrift::ReadList(r, type, &v, [&](CType t) -> Result<KeyValue> {
    FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
    KeyValue kv;
    FLOE_RETURN_IF_ERROR(DecodeKeyValue(r, &kv));
    return kv;
  }));
  *out = std::move(v);
  return Ok();
}

Status DecodeColumnMetaData(CompactReader& r, ColumnMetaData* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->type, ReadEnum<Type>(r, f.type));
        return Ok();
      }
      case 2:
        return thrift::ReadList(r, f.type, &out->encodings,
                                [&](CType t) { return ReadEnum<Encoding>(r, t); });
      case 3:
        return ReadStringList(r, f.type, &out->path_in_schema);
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->codec, ReadEnum<CompressionCodec>(r, f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->num_values, r.ReadI64(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->total_uncompressed_size, r.ReadI64(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->total_compressed_size, r.ReadI64(f.type));
        return Ok();
      }
      case 8:
        return DecodeKeyValueList(r, f.type, &out->key_value_metadata);
      case 9: {
        FLOE_ASSIGN_OR_RETURN(out->data_page_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 10: {
        FLOE_ASSIGN_OR_RETURN(out->index_page_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 11: {
        FLOE_ASSIGN_OR_RETURN(out->dictionary_page_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 12: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        Statistics s;
        FLOE_RETURN_IF_ERROR(DecodeStatistics(r, &s));
        out->statistics = std::move(s);
        return Ok();
      }
      case 13: {
        std::vector<PageEncodingStats> v;
        FLOE_RETURN_IF_ERROR(
            thrift::ReadList(r, f.type, &v, [&](CType t) -> Result<PageEncodingStats> {
              FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
              PageEncodingStats s;
              FLOE_RETURN_IF_ERROR(DecodePageEncodingStats(r, &s));
              return s;
            }));
        out->encoding_stats = std::move(v);
        return Ok();
      }
      case 14: {
        FLOE_ASSIGN_OR_RETURN(out->bloom_filter_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 15: {
        FLOE_ASSIGN_OR_RETURN(out->bloom_filter_length, r.ReadI32(f.type));
        return Ok();
      }
      case 16: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        SizeStatistics s;
        FLOE_RETURN_IF_ERROR(DecodeSizeStatistics(r, &s));
        out->size_statistics = std::move(s);
        return Ok();
      }
      case 17: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        GeospatialStatistics s;
        FLOE_RETURN_IF_ERROR(DecodeGeospatialStatistics(r, &s));
        out->geospatial_statistics = std::move(s);
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "ColumnMetaData",
                   {{1, "type"},
                    {2, "encodings"},
                    {3, "path_in_schema"},
                    {4, "codec"},
                    {5, "num_values"},
                    {6, "total_uncompressed_size"},
                    {7, "total_compressed_size"},
                    {9, "data_page_offset"}});
}

Status DecodeColumnCryptoMetaData(CompactReader& r, ColumnCryptoMetaData* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1:
        out->with_footer_key = true;
        return SkipStruct(r, f.type);
      case 2:
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        return thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
          switch (g.id) {
            case 1:
              return ReadStringList(r, g.type, &out->path_in_schema);
            case 2: {
              FLOE_ASSIGN_OR_RETURN(out->key_metadata, r.ReadBinary(g.type));
              return Ok();
            }
            default:
              return r.Skip(g.type);
          }
        });
      default:
        return r.Skip(f.type);
    }
  });
}

Status DecodeColumnChunk(CompactReader& r, ColumnChunk* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->file_path, ReadString(r, f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->file_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 3: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        ColumnMetaData md;
        FLOE_RETURN_IF_ERROR(DecodeColumnMetaData(r, &md));
        out->meta_data = std::move(md);
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->offset_index_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->offset_index_length, r.ReadI32(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->column_index_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->column_index_length, r.ReadI32(f.type));
        return Ok();
      }
      case 8: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        ColumnCryptoMetaData c;
        FLOE_RETURN_IF_ERROR(DecodeColumnCryptoMetaData(r, &c));
        out->crypto_metadata = std::move(c);
        return Ok();
      }
      case 9: {
        FLOE_ASSIGN_OR_RETURN(out->encrypted_column_metadata, r.ReadBinary(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  // file_offset is required in the IDL, but some writers leave it out; it is deprecated and
  // unused, so its absence is accepted (as 0).
  return Ok();
}

Status DecodeRowGroup(CompactReader& r, RowGroup* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1:
        return thrift::ReadList(r, f.type, &out->columns, [&](CType t) -> Result<ColumnChunk> {
          FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
          ColumnChunk c;
          FLOE_RETURN_IF_ERROR(DecodeColumnChunk(r, &c));
          return c;
        });
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->total_byte_size, r.ReadI64(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->num_rows, r.ReadI64(f.type));
        return Ok();
      }
      case 4: {
        std::vector<SortingColumn> v;
        FLOE_RETURN_IF_ERROR(thrift::ReadList(r, f.type, &v, [&](CType t) -> Result<SortingColumn> {
          FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
          SortingColumn s;
          FLOE_RETURN_IF_ERROR(DecodeSortingColumn(r, &s));
          return s;
        }));
        out->sorting_columns = std::move(v);
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->file_offset, r.ReadI64(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->total_compressed_size, r.ReadI64(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->ordinal, r.ReadI16(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "RowGroup", {{1, "columns"}, {2, "total_byte_size"}, {3, "num_rows"}});
}

Status DecodeEncryptionAlgorithm(CompactReader& r, EncryptionAlgorithm* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    if (f.id != 1 && f.id != 2) return r.Skip(f.type);
    out->kind = f.id;
    FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
    return thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
      switch (g.id) {
        case 1: {
          FLOE_ASSIGN_OR_RETURN(out->aad_prefix, r.ReadBinary(g.type));
          return Ok();
        }
        case 2: {
          FLOE_ASSIGN_OR_RETURN(out->aad_file_unique, r.ReadBinary(g.type));
          return Ok();
        }
        case 3: {
          FLOE_ASSIGN_OR_RETURN(out->supply_aad_prefix, r.ReadBool(g.type));
          return Ok();
        }
        default:
          return r.Skip(g.type);
      }
    });
  });
}

Status DecodeFileMetaDataStruct(CompactReader& r, FileMetaData* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->version, r.ReadI32(f.type));
        return Ok();
      }
      case 2:
        return thrift::ReadList(r, f.type, &out->schema, [&](CType t) -> Result<SchemaElement> {
          FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
          SchemaElement e;
          FLOE_RETURN_IF_ERROR(DecodeSchemaElement(r, &e));
          return e;
        });
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->num_rows, r.ReadI64(f.type));
        return Ok();
      }
      case 4:
        return thrift::ReadList(r, f.type, &out->row_groups, [&](CType t) -> Result<RowGroup> {
          FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
          RowGroup g;
          FLOE_RETURN_IF_ERROR(DecodeRowGroup(r, &g));
          return g;
        });
      case 5:
        return DecodeKeyValueList(r, f.type, &out->key_value_metadata);
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->created_by, ReadString(r, f.type));
        return Ok();
      }
      case 7: {
        std::vector<ColumnOrder> v;
        FLOE_RETURN_IF_ERROR(thrift::ReadList(r, f.type, &v, [&](CType t) -> Result<ColumnOrder> {
          FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, t));
          ColumnOrder o;
          FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
            o.kind = g.id;
            return r.Skip(g.type);
          }));
          return o;
        }));
        out->column_orders = std::move(v);
        return Ok();
      }
      case 8: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        EncryptionAlgorithm a;
        FLOE_RETURN_IF_ERROR(DecodeEncryptionAlgorithm(r, &a));
        out->encryption_algorithm = std::move(a);
        return Ok();
      }
      case 9: {
        FLOE_ASSIGN_OR_RETURN(out->footer_signing_key_metadata, r.ReadBinary(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "FileMetaData",
                   {{1, "version"}, {2, "schema"}, {3, "num_rows"}, {4, "row_groups"}});
}

}  // namespace

std::string LogicalTypeKindName(const LogicalType& t) {
  switch (t.kind) {
    case LogicalType::Kind::kUnrecognized:
      return fmt::format("UNRECOGNIZED({})", t.unrecognized_id);
    case LogicalType::Kind::kString:
      return "STRING";
    case LogicalType::Kind::kMap:
      return "MAP";
    case LogicalType::Kind::kList:
      return "LIST";
    case LogicalType::Kind::kEnum:
      return "ENUM";
    case LogicalType::Kind::kDecimal:
      return "DECIMAL";
    case LogicalType::Kind::kDate:
      return "DATE";
    case LogicalType::Kind::kTime:
      return "TIME";
    case LogicalType::Kind::kTimestamp:
      return "TIMESTAMP";
    case LogicalType::Kind::kInteger:
      return "INTEGER";
    case LogicalType::Kind::kUnknown:
      return "UNKNOWN";
    case LogicalType::Kind::kJson:
      return "JSON";
    case LogicalType::Kind::kBson:
      return "BSON";
    case LogicalType::Kind::kUuid:
      return "UUID";
    case LogicalType::Kind::kFloat16:
      return "FLOAT16";
    case LogicalType::Kind::kVariant:
      return "VARIANT";
    case LogicalType::Kind::kGeometry:
      return "GEOMETRY";
    case LogicalType::Kind::kGeography:
      return "GEOGRAPHY";
    case LogicalType::Kind::kVector:
      return "VECTOR";
  }
  return "UNRECOGNIZED";
}

std::string ColumnOrderName(const ColumnOrder& order) {
  switch (order.kind) {
    case 1:
      return "TYPE_ORDER";
    case 2:
      return "IEEE_754_TOTAL_ORDER";
    case 3:
      return "INT96_TIMESTAMP_ORDER";
    default:
      return fmt::format("UNRECOGNIZED({})", order.kind);
  }
}

Status DecodeKeyValue(CompactReader& r, KeyValue* out) {
  Required req;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    req.Saw(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->key, ReadString(r, f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->value, ReadString(r, f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return req.Check(r, "KeyValue", {{1, "key"}});
}

Status DecodeLogicalType(CompactReader& r, LogicalType* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    using K = LogicalType::Kind;
    switch (f.id) {
      case 1:
      case 2:
      case 3:
      case 4:
      case 6:
      case 11:
      case 12:
      case 13:
      case 14:
      case 15:
      case 19:
        out->kind = static_cast<K>(f.id);
        return SkipStruct(r, f.type);
      case 5: {
        out->kind = K::kDecimal;
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        Required req;
        FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
          req.Saw(g.id);
          switch (g.id) {
            case 1: {
              FLOE_ASSIGN_OR_RETURN(out->scale, r.ReadI32(g.type));
              return Ok();
            }
            case 2: {
              FLOE_ASSIGN_OR_RETURN(out->precision, r.ReadI32(g.type));
              return Ok();
            }
            default:
              return r.Skip(g.type);
          }
        }));
        return req.Check(r, "DecimalType", {{1, "scale"}, {2, "precision"}});
      }
      case 7:
      case 8:
        out->kind = static_cast<K>(f.id);
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        return DecodeTimeLike(r, out);
      case 10: {
        out->kind = K::kInteger;
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        Required req;
        FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
          req.Saw(g.id);
          switch (g.id) {
            case 1: {
              FLOE_ASSIGN_OR_RETURN(out->bit_width, r.ReadI8(g.type));
              return Ok();
            }
            case 2: {
              FLOE_ASSIGN_OR_RETURN(out->is_signed, r.ReadBool(g.type));
              return Ok();
            }
            default:
              return r.Skip(g.type);
          }
        }));
        return req.Check(r, "IntType", {{1, "bitWidth"}, {2, "isSigned"}});
      }
      case 16:
        out->kind = K::kVariant;
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        return thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
          if (g.id == 1) {
            FLOE_ASSIGN_OR_RETURN(out->specification_version, r.ReadI8(g.type));
            return Ok();
          }
          return r.Skip(g.type);
        });
      case 17:
      case 18:
        out->kind = static_cast<K>(f.id);
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        return thrift::ReadStruct(r, [&](const FieldHeader& g) -> Status {
          if (g.id == 1) {
            FLOE_ASSIGN_OR_RETURN(out->crs, ReadString(r, g.type));
            return Ok();
          }
          if (g.id == 2 && f.id == 18) {
            FLOE_ASSIGN_OR_RETURN(out->algorithm, ReadEnum<EdgeInterpolationAlgorithm>(r, g.type));
            return Ok();
          }
          return r.Skip(g.type);
        });
      default:
        out->kind = K::kUnrecognized;
        out->unrecognized_id = f.id;
        return r.Skip(f.type);
    }
  });
}

Result<FileMetaData> DecodeFileMetaData(std::string_view bytes) {
  CompactReader r(bytes);
  FileMetaData md;
  FLOE_RETURN_IF_ERROR(DecodeFileMetaDataStruct(r, &md));
  return md;
}

}  // namespace floe::parquet
