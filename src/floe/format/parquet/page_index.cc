#include "floe/format/parquet/page_index.h"

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet {

using thrift::CompactReader;
using thrift::CType;
using thrift::FieldHeader;

namespace {

Status ReadI64List(CompactReader& r, CType type, std::optional<std::vector<int64_t>>* out) {
  std::vector<int64_t> v;
  FLOE_RETURN_IF_ERROR(thrift::ReadList(r, type, &v, [&](CType t) { return r.ReadI64(t); }));
  *out = std::move(v);
  return Ok();
}

Result<PageLocation> DecodePageLocation(CompactReader& r, CType type) {
  FLOE_RETURN_IF_ERROR(thrift::ExpectStruct(r, type));
  PageLocation loc;
  int seen = 0;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1:
        seen |= 1;
        { FLOE_ASSIGN_OR_RETURN(loc.offset, r.ReadI64(f.type)); }
        return Ok();
      case 2:
        seen |= 2;
        { FLOE_ASSIGN_OR_RETURN(loc.compressed_page_size, r.ReadI32(f.type)); }
        return Ok();
      case 3:
        seen |= 4;
        { FLOE_ASSIGN_OR_RETURN(loc.first_row_index, r.ReadI64(f.type)); }
        return Ok();
      default:
        return r.Skip(f.type);
    }
  }));
  if (seen != 7) return r.Corrupt("PageLocation is missing a required field");
  if (loc.offset < 0 || loc.compressed_page_size < 0 || loc.first_row_index < 0) {
    return r.Corrupt("PageLocation has a negative offset, size or row index");
  }
  return loc;
}

}  // namespace

Result<ColumnIndex> DecodeColumnIndex(std::string_view bytes) {
  CompactReader r(bytes);
  ColumnIndex ci;
  int seen = 0;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1: {
        seen |= 1;
        std::vector<char> v;  // vector<bool> has no push_back of a moved Result value problem
        FLOE_RETURN_IF_ERROR(thrift::ReadList(r, f.type, &v, [&](CType t) -> Result<char> {
          FLOE_ASSIGN_OR_RETURN(bool b, r.ReadBool(t));
          return static_cast<char>(b);
        }));
        ci.null_pages.assign(v.begin(), v.end());
        return Ok();
      }
      case 2:
        seen |= 2;
        return thrift::ReadList(r, f.type, &ci.min_values,
                                [&](CType t) { return r.ReadBinary(t); });
      case 3:
        seen |= 4;
        return thrift::ReadList(r, f.type, &ci.max_values,
                                [&](CType t) { return r.ReadBinary(t); });
      case 4: {
        seen |= 8;
        FLOE_ASSIGN_OR_RETURN(int32_t v, r.ReadI32(f.type));
        ci.boundary_order = static_cast<BoundaryOrder>(v);
        return Ok();
      }
      case 5:
        return ReadI64List(r, f.type, &ci.null_counts);
      case 6:
        return ReadI64List(r, f.type, &ci.repetition_level_histograms);
      case 7:
        return ReadI64List(r, f.type, &ci.definition_level_histograms);
      case 8:
        return ReadI64List(r, f.type, &ci.nan_counts);
      default:
        return r.Skip(f.type);
    }
  }));
  if (seen != 15) return r.Corrupt("ColumnIndex is missing a required field");
  size_t pages = ci.null_pages.size();
  if (ci.min_values.size() != pages || ci.max_values.size() != pages ||
      (ci.null_counts && ci.null_counts->size() != pages)) {
    return r.Corrupt(
        fmt::format("ColumnIndex lists disagree on the page count (null_pages {}, min_values {}, "
                    "max_values {})",
                    pages, ci.min_values.size(), ci.max_values.size()));
  }
  return ci;
}

Result<OffsetIndex> DecodeOffsetIndex(std::string_view bytes) {
  CompactReader r(bytes);
  OffsetIndex oi;
  bool has_locations = false;
  FLOE_RETURN_IF_ERROR(thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1:
        has_locations = true;
        return thrift::ReadList(r, f.type, &oi.page_locations,
                                [&](CType t) { return DecodePageLocation(r, t); });
      case 2:
        return ReadI64List(r, f.type, &oi.unencoded_byte_array_data_bytes);
      default:
        return r.Skip(f.type);
    }
  }));
  if (!has_locations) return r.Corrupt("OffsetIndex is missing page_locations");
  return oi;
}

}  // namespace floe::parquet
