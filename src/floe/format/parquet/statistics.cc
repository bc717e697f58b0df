#include "floe/format/parquet/statistics.h"

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet {

using thrift::CType;
using thrift::FieldHeader;

Status DecodeStatistics(thrift::CompactReader& r, Statistics* out) {
  return thrift::ReadStruct(r, [&](const FieldHeader& f) -> Status {
    switch (f.id) {
      case 1: {
        FLOE_ASSIGN_OR_RETURN(out->max, r.ReadBinary(f.type));
        return Ok();
      }
      case 2: {
        FLOE_ASSIGN_OR_RETURN(out->min, r.ReadBinary(f.type));
        return Ok();
      }
      case 3: {
        FLOE_ASSIGN_OR_RETURN(out->null_count, r.ReadI64(f.type));
        return Ok();
      }
      case 4: {
        FLOE_ASSIGN_OR_RETURN(out->distinct_count, r.ReadI64(f.type));
        return Ok();
      }
      case 5: {
        FLOE_ASSIGN_OR_RETURN(out->max_value, r.ReadBinary(f.type));
        return Ok();
      }
      case 6: {
        FLOE_ASSIGN_OR_RETURN(out->min_value, r.ReadBinary(f.type));
        return Ok();
      }
      case 7: {
        FLOE_ASSIGN_OR_RETURN(out->is_max_value_exact, r.ReadBool(f.type));
        return Ok();
      }
      case 8: {
        FLOE_ASSIGN_OR_RETURN(out->is_min_value_exact, r.ReadBool(f.type));
        return Ok();
      }
      case 9: {
        FLOE_ASSIGN_OR_RETURN(out->nan_count, r.ReadI64(f.type));
        return Ok();
      }
      default:
        return r.Skip(f.type);
    }
  });
}

}  // namespace floe::parquet
