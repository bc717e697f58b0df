#include "floe/manifest/partition_value.h"

#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

#include "floe/manifest/manifest_schema.h"
#include "floe/spec/single_value.h"
#include "floe/util/bytes.h"

namespace floe::manifest {
namespace {

using spec::Literal;
using spec::TypeId;

Result<__int128> BigEndianToInt128(std::string_view bytes) {
  if (bytes.empty()) return __int128{0};
  if (bytes.size() > 16) return Corrupt("decimal of {} bytes does not fit 128 bits", bytes.size());
  return LoadBigEndianInt128(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

template <typename T>
int Cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

}  // namespace

Result<Literal> DecodePartitionValue(const spec::Type& type, const avro::ReadPlan& plan,
                                     avro::Decoder& d) {
  switch (type.id()) {
    case TypeId::kBoolean: {
      FLOE_ASSIGN_OR_RETURN(bool v, avro::ReadBoolean(plan, d));
      return Literal::Boolean(v);
    }
    case TypeId::kInt:
    case TypeId::kDate: {
      FLOE_ASSIGN_OR_RETURN(int32_t v, avro::ReadIntValue(plan, d));
      return Literal::Int(v);
    }
    case TypeId::kLong:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs: {
      FLOE_ASSIGN_OR_RETURN(int64_t v, avro::ReadLongValue(plan, d));
      return Literal::Long(v);
    }
    case TypeId::kFloat: {
      FLOE_ASSIGN_OR_RETURN(float v, avro::ReadFloatValue(plan, d));
      return Literal::Float(v);
    }
    case TypeId::kDouble: {
      FLOE_ASSIGN_OR_RETURN(double v, avro::ReadDoubleValue(plan, d));
      return Literal::Double(v);
    }
    case TypeId::kString: {
      FLOE_ASSIGN_OR_RETURN(std::string_view v, avro::ReadBytesValue(plan, d));
      return Literal::String(std::string(v));
    }
    case TypeId::kUuid: {
      FLOE_ASSIGN_OR_RETURN(std::string_view v, avro::ReadBytesValue(plan, d));
      Uuid u;
      if (v.size() == 16) {
        std::memcpy(u.bytes.data(), v.data(), 16);
      } else if (auto parsed = Uuid::Parse(v)) {  // some writers use a string
        u = *parsed;
      } else {
        return d.Error("a uuid partition value is neither 16 bytes nor a UUID string");
      }
      return Literal::MakeUuid(u);
    }
    case TypeId::kFixed:
    case TypeId::kBinary: {
      FLOE_ASSIGN_OR_RETURN(std::string_view v, avro::ReadBytesValue(plan, d));
      if (type.id() == TypeId::kFixed && static_cast<int>(v.size()) != type.length()) {
        return d.Error(fmt::format("a {} partition value has {} bytes", type.ToString(), v.size()));
      }
      return Literal::Binary(std::vector<uint8_t>(v.begin(), v.end()));
    }
    case TypeId::kDecimal: {
      FLOE_ASSIGN_OR_RETURN(std::string_view v, avro::ReadBytesValue(plan, d));
      FLOE_ASSIGN_OR_RETURN(__int128 unscaled, BigEndianToInt128(v));
      return Literal::MakeDecimal(unscaled, type.scale());
    }
    default:
      return NotSupported("partition values of type {}", type.ToString());
  }
}

Status EncodePartitionValue(const spec::Type& type, const Literal& value, avro::Encoder& e) {
  auto wrong = [&]() -> Status {
    return InvalidArgument("partition value does not fit its type {}", type.ToString());
  };
  switch (type.id()) {
    case TypeId::kBoolean:
      if (!value.holds<bool>()) return wrong();
      e.WriteBool(value.get<bool>());
      return Ok();
    case TypeId::kInt:
    case TypeId::kDate:
      if (!value.holds<int32_t>()) return wrong();
      e.WriteInt(value.get<int32_t>());
      return Ok();
    case TypeId::kLong:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      if (value.holds<int32_t>()) {
        e.WriteLong(value.get<int32_t>());
        return Ok();
      }
      if (!value.holds<int64_t>()) return wrong();
      e.WriteLong(value.get<int64_t>());
      return Ok();
    case TypeId::kFloat:
      if (!value.holds<float>()) return wrong();
      e.WriteFloat(value.get<float>());
      return Ok();
    case TypeId::kDouble:
      if (!value.holds<double>()) return wrong();
      e.WriteDouble(value.get<double>());
      return Ok();
    case TypeId::kString:
      if (!value.holds<std::string>()) return wrong();
      e.WriteBytes(value.get<std::string>());
      return Ok();
    case TypeId::kUuid: {
      if (!value.holds<Uuid>()) return wrong();
      const auto& b = value.get<Uuid>().bytes;
      e.WriteFixed(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
      return Ok();
    }
    case TypeId::kFixed:
    case TypeId::kBinary: {
      if (!value.holds<spec::Bytes>()) return wrong();
      const auto& b = value.get<spec::Bytes>().data;
      std::string_view s(reinterpret_cast<const char*>(b.data()), b.size());
      if (type.id() == TypeId::kFixed) {
        if (static_cast<int>(b.size()) != type.length()) return wrong();
        e.WriteFixed(s);
      } else {
        e.WriteBytes(s);
      }
      return Ok();
    }
    case TypeId::kDecimal: {
      if (!value.holds<spec::Decimal>()) return wrong();
      // Fixed of DecimalRequiredBytes(precision), sign-extended.
      std::string be = spec::DecimalToBigEndian(value.get<spec::Decimal>().unscaled);
      size_t size = static_cast<size_t>(DecimalRequiredBytes(type.precision()));
      if (be.size() > size) {
        return InvalidArgument("decimal value does not fit {}", type.ToString());
      }
      char pad = !be.empty() && (static_cast<uint8_t>(be[0]) & 0x80) ? '\xff' : '\0';
      e.WriteFixed(std::string(size - be.size(), pad) + be);
      return Ok();
    }
    default:
      return NotSupported("partition values of type {}", type.ToString());
  }
}

bool IsNaN(const Literal& value) {
  if (value.holds<float>()) return std::isnan(value.get<float>());
  if (value.holds<double>()) return std::isnan(value.get<double>());
  return false;
}

int ComparePartitionValues(const Literal& a, const Literal& b) {
  return std::visit(
      [&](const auto& x) -> int {
        using T = std::decay_t<decltype(x)>;
        if (!std::holds_alternative<T>(b.value())) return 0;
        const T& y = std::get<T>(b.value());
        if constexpr (std::is_same_v<T, std::monostate>) {
          return 0;
        } else if constexpr (std::is_same_v<T, spec::Decimal>) {
          return Cmp(x.unscaled, y.unscaled);
        } else if constexpr (std::is_same_v<T, std::string>) {
          int c = std::string_view(x).compare(std::string_view(y));  // char_traits: unsigned
          return c < 0 ? -1 : (c > 0 ? 1 : 0);
        } else if constexpr (std::is_same_v<T, Uuid>) {
          return Cmp(x.bytes, y.bytes);
        } else if constexpr (std::is_same_v<T, spec::Bytes>) {
          return Cmp(x.data, y.data);
        } else {
          return Cmp(x, y);
        }
      },
      a.value());
}

}  // namespace floe::manifest
