#include "floe/format/parquet/bloom_filter_header.h"

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet {

using thrift::CompactReader;
using thrift::FieldHeader;

namespace {

// Reads a union whose members are all empty structs: returns the id of the member set.
Result<int16_t> ReadEmptyUnion(CompactReader& r, thrift::CType type) {
  FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, type));
  int16_t member = 0;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    member = f.id;
    return r.Skip(f.type);
  }));
  if (member == 0) return r.Corrupt("empty union in BloomFilterHeader");
  return member;
}

}  // namespace

Result<BloomFilterHeader> DecodeBloomFilterHeader(const uint8_t* data, size_t size,
                                                  size_t* header_size) {
  CompactReader r(data, size);
  BloomFilterHeader h;
  int seen = 0;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1:
        seen |= 1;
        { FLOE_ASSIGN_OR_RETURN(h.num_bytes, r.ReadI32(f.type)); }
        return Ok();
      case 2:
        seen |= 2;
        { FLOE_ASSIGN_OR_RETURN(h.algorithm, ReadEmptyUnion(r, f.type)); }
        return Ok();
      case 3:
        seen |= 4;
        { FLOE_ASSIGN_OR_RETURN(h.hash, ReadEmptyUnion(r, f.type)); }
        return Ok();
      case 4:
        seen |= 8;
        { FLOE_ASSIGN_OR_RETURN(h.compression, ReadEmptyUnion(r, f.type)); }
        return Ok();
      default:
        return r.Skip(f.type);
    }
  }));
  if (seen != 15) return r.Corrupt("BloomFilterHeader is missing a required field");
  if (h.num_bytes < 0) return r.Corrupt("BloomFilterHeader has a negative numBytes");
  *header_size = r.position();
  return h;
}

}  // namespace floe::parquet
