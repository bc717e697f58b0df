#include "floe/format/parquet/page_header.h"

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet {

using thrift::CompactReader;
using thrift::CType;
using thrift::FieldHeader;
using thrift::ReadEnum;

namespace {

Status ReadStats(CompactReader& r, CType type, std::optional<Statistics>* out) {
  FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, type));
  Statistics s;
  FLOE_RETURN_IF_ERROR(DecodeStatistics(r, &s));
  *out = std::move(s);
  return Ok();
}

// Bit set of the field ids seen, to report missing required fields.
struct Seen {
  uint32_t bits = 0;
  void Add(int16_t id) {
    if (id > 0 && id < 32) bits |= 1u << id;
  }
  bool Has(int id) const { return (bits & (1u << id)) != 0; }
  Status Require(CompactReader& r, const char* strct, std::initializer_list<int> ids) const {
    for (int id : ids) {
      if (!Has(id)) return r.Corrupt(fmt::format("{} is missing required field {}", strct, id));
    }
    return Ok();
  }
};

Status DecodeDataPageHeader(CompactReader& r, DataPageHeader* out) {
  Seen seen;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    seen.Add(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->num_values, r.ReadI32(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->definition_level_encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->repetition_level_encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 5:
        return ReadStats(r, f.type, &out->statistics);
      default:
        return r.Skip(f.type);
    }
  }));
  return seen.Require(r, "DataPageHeader", {1, 2, 3, 4});
}

Status DecodeDictionaryPageHeader(CompactReader& r, DictionaryPageHeader* out) {
  Seen seen;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    seen.Add(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->num_values, r.ReadI32(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->is_sorted, r.ReadBool(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  return seen.Require(r, "DictionaryPageHeader", {1, 2});
}

Status DecodeDataPageHeaderV2(CompactReader& r, DataPageHeaderV2* out) {
  Seen seen;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    seen.Add(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->num_values, r.ReadI32(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->num_nulls, r.ReadI32(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->num_rows, r.ReadI32(f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->encoding, ReadEnum<Encoding>(r, f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->definition_levels_byte_length, r.ReadI32(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->repetition_levels_byte_length, r.ReadI32(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->is_compressed, r.ReadBool(f.type));
        return Ok();
      }
      case 8:
        return ReadStats(r, f.type, &out->statistics);
      default:
        return r.Skip(f.type);
    }
  }));
  FLOE_RETURN_IF_ERROR(seen.Require(r, "DataPageHeaderV2", {1, 2, 3, 4, 5, 6}));
  if (out->definition_levels_byte_length < 0 || out->repetition_levels_byte_length < 0 ||
      out->num_values < 0 || out->num_nulls < 0 || out->num_rows < 0) {
    return r.Corrupt("DataPageHeaderV2 has a negative count or length");
  }
  return Ok();
}

}  // namespace

Result<PageHeader> DecodePageHeader(const uint8_t* data, size_t size, size_t* header_size) {
  CompactReader r(data, size);
  PageHeader h;
  Seen seen;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    seen.Add(f.id);
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(h.type, ReadEnum<PageType>(r, f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(h.uncompressed_page_size, r.ReadI32(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(h.compressed_page_size, r.ReadI32(f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(h.crc, r.ReadI32(f.type));
        return Ok();
      }
      case 5: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        DataPageHeader d;
        FLOE_RETURN_IF_ERROR(DecodeDataPageHeader(r, &d));
        h.data_page_header = std::move(d);
        return Ok();
      }
      case 6:
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        h.index_page_header = IndexPageHeader{};
        return r.Skip(f.type);
      case 7: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        DictionaryPageHeader d;
        FLOE_RETURN_IF_ERROR(DecodeDictionaryPageHeader(r, &d));
        h.dictionary_page_header = std::move(d);
        return Ok();
      }
      case 8: {
        FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, f.type));
        DataPageHeaderV2 d;
        FLOE_RETURN_IF_ERROR(DecodeDataPageHeaderV2(r, &d));
        h.data_page_header_v2 = std::move(d);
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  }));
  FLOE_RETURN_IF_ERROR(seen.Require(r, "PageHeader", {1, 2, 3}));
  if (h.uncompressed_page_size < 0 || h.compressed_page_size < 0) {
    return r.Corrupt("PageHeader has a negative page size");
  }
  switch (h.type) {
    case PageType::kDataPage:
      if (!h.data_page_header) return r.Corrupt("DATA_PAGE without data_page_header");
      if (h.data_page_header->num_values < 0) return r.Corrupt("negative num_values");
      break;
    case PageType::kDataPageV2:
      if (!h.data_page_header_v2) return r.Corrupt("DATA_PAGE_V2 without data_page_header_v2");
      break;
    case PageType::kDictionaryPage:
      if (!h.dictionary_page_header) {
        return r.Corrupt("DICTIONARY_PAGE without dictionary_page_header");
      }
      if (h.dictionary_page_header->num_values < 0) return r.Corrupt("negative num_values");
      break;
    default:
      break;  // index pages and unknown page types are skipped by the page reader
  }
  *header_size = r.position();
  return h;
}

}  // namespace floe::parquet
