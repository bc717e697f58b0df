// hash(a, b, …): Spark's Murmur3Hash expression, bit-exact with Spark 3.5 (functions.h). The
// running hash starts at the seed 42 and each non-NULL argument is hashed with the running hash as
// its seed (a NULL leaves it unchanged); the result is an int.
//   boolean, tinyint, smallint, int, date   hashInt(v)        (booleans as 1 / 0)
//   bigint, timestamp, decimal(p <= 18)     hashLong(v)       (decimals by their unscaled value)
//   float, double                           the IEEE bits as hashInt / hashLong; -0.0 as 0.0
//   string, binary                          hashUnsafeBytes   (Spark's own tail handling: each
//                                           byte after the last whole word is mixed as a
//                                           sign-extended int, unlike standard MurmurHash3)
// Other types (wide decimals, nested values) are refused naming the type.
#include <cstring>

#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

constexpr uint32_t kC1 = 0xcc9e2d51;
constexpr uint32_t kC2 = 0x1b873593;

uint32_t Rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

uint32_t MixK1(uint32_t k1) { return Rotl(k1 * kC1, 15) * kC2; }

uint32_t MixH1(uint32_t h1, uint32_t k1) { return Rotl(h1 ^ k1, 13) * 5 + 0xe6546b64; }

uint32_t Fmix(uint32_t h1, uint32_t length) {
  h1 ^= length;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6b;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35;
  h1 ^= h1 >> 16;
  return h1;
}

uint32_t HashInt(uint32_t v, uint32_t seed) { return Fmix(MixH1(seed, MixK1(v)), 4); }

uint32_t HashLong(uint64_t v, uint32_t seed) {
  uint32_t h1 = MixH1(seed, MixK1(static_cast<uint32_t>(v)));
  h1 = MixH1(h1, MixK1(static_cast<uint32_t>(v >> 32)));
  return Fmix(h1, 8);
}

uint32_t HashBytes(std::string_view bytes, uint32_t seed) {
  const size_t aligned = bytes.size() - bytes.size() % 4;
  uint32_t h1 = seed;
  for (size_t i = 0; i < aligned; i += 4) {
    uint32_t word;  // little-endian, as Spark reads it on x86
    std::memcpy(&word, bytes.data() + i, 4);
    h1 = MixH1(h1, MixK1(word));
  }
  for (size_t i = aligned; i < bytes.size(); ++i) {
    const auto sign_extended = static_cast<int32_t>(static_cast<int8_t>(bytes[i]));
    h1 = MixH1(h1, MixK1(static_cast<uint32_t>(sign_extended)));
  }
  return Fmix(h1, static_cast<uint32_t>(bytes.size()));
}

bool Hashable(const columnar::DataType& t) {
  switch (t.id()) {
    case TypeId::kNull:
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kDate32:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kString:
    case TypeId::kBinary:
      return true;
    case TypeId::kDecimal128:
      return t.precision() <= 18;
    default:
      return IsTimestamp(t) && t.unit() == columnar::TimeUnit::kMicro;
  }
}

uint32_t HashValue(const columnar::DataType& t, const Scalar& v, uint32_t seed) {
  switch (t.id()) {
    case TypeId::kBool:
      return HashInt(v.as_bool() ? 1 : 0, seed);
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kDate32:
      return HashInt(static_cast<uint32_t>(v.as_int()), seed);
    case TypeId::kFloat32: {
      auto f = static_cast<float>(v.as_double());
      if (f == 0.0f) f = 0.0f;  // -0.0 hashes as 0.0
      uint32_t bits;
      if (f != f) {
        bits = 0x7fc00000;  // Java's floatToIntBits: one NaN
      } else {
        std::memcpy(&bits, &f, 4);
      }
      return HashInt(bits, seed);
    }
    case TypeId::kFloat64: {
      double d = v.as_double();
      if (d == 0.0) d = 0.0;
      uint64_t bits;
      if (d != d) {
        bits = 0x7ff8000000000000ULL;  // Java's doubleToLongBits: one NaN
      } else {
        std::memcpy(&bits, &d, 8);
      }
      return HashLong(bits, seed);
    }
    case TypeId::kString:
    case TypeId::kBinary:
      return HashBytes(v.as_string(), seed);
    case TypeId::kDecimal128:
      return HashLong(static_cast<uint64_t>(static_cast<int64_t>(v.as_decimal())), seed);
    default:  // bigint, timestamps (micros)
      return HashLong(static_cast<uint64_t>(v.as_int()), seed);
  }
}

}  // namespace

FamilyBinding BindHashFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                               const EvalContextPtr&) {
  if (name != "hash") return std::nullopt;
  if (args.empty()) return FamilyBinding(InvalidArgument("hash needs at least one argument"));
  std::vector<DataTypePtr> types = args;
  for (auto& t : types) {
    if (t->id() == TypeId::kFloat16) t = columnar::Float32();
    if (!Hashable(*t)) {
      return FamilyBinding(NotSupported("hash of {} is not supported yet ({})", SparkTypeName(*t),
                                        FunctionSignature(name, args)));
    }
  }
  return FamilyBinding(FunctionBinding{columnar::Int32(), types,
                                       MakeRowKernel(
                                           columnar::Int32(),
                                           [types](const std::vector<Scalar>& v) -> Result<Scalar> {
                                             uint32_t h = 42;
                                             for (size_t i = 0; i < v.size(); ++i) {
                                               if (!v[i].is_null())
                                                 h = HashValue(*types[i], v[i], h);
                                             }
                                             return Scalar::Int(static_cast<int32_t>(h));
                                           },
                                           /*propagate_nulls=*/false)});
}

}  // namespace floe::sql
