// Random columnar schemas and batches for writer round trips: every type floe writes, nested
// structs, lists and maps, nulls at every level, empty strings and lists, NaN, -0.0 and extremes.
// Field ids are assigned depth first from 1, as `floe parquet write` does.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/record_batch.h"
#include "floe/columnar/value_text.h"
#include "floe/util/result.h"

namespace floe::columnar::testing {

inline std::vector<DataTypePtr> PrimitiveTypes() {
  return {Boolean(),
          Int8(),
          Int16(),
          Int32(),
          Int64(),
          UInt8(),
          UInt16(),
          UInt32(),
          UInt64(),
          Float16(),
          Float32(),
          Float64(),
          Utf8(),
          Binary(),
          FixedSizeBinary(5),
          Uuid(),
          Decimal128(5, 2),
          Decimal128(15, 3),
          Decimal128(30, 5),
          Decimal128(38, 0),
          Date32(),
          Time32(TimeUnit::kMilli),
          Time64(TimeUnit::kMicro),
          Time64(TimeUnit::kNano),
          Timestamp(TimeUnit::kMilli, "UTC"),
          Timestamp(TimeUnit::kMicro),
          Timestamp(TimeUnit::kMicro, "UTC"),
          Timestamp(TimeUnit::kNano),
          Timestamp(TimeUnit::kNano, "UTC")};
}

class RandomData {
 public:
  explicit RandomData(uint64_t seed) : rng_(seed) {}
  std::mt19937_64& rng() { return rng_; }
  // For readers that need it (hyparquet): no maps (they may draw duplicate keys), timestamps
  // and dates from 1970 to about 80,000 years later (JavaScript dates, no rounding of negative
  // instants), no times (hyparquet gives their raw numbers).
  bool allow_maps = true;
  bool moderate_timestamps = false;
  bool allow_times = true;
  bool allow_uint64 = true;
  bool text_binary = false;  // binary values valid UTF-8 (hyparquet decodes binary as text)  //
                             // hyparquet prints 2^64 - 1 as a number no JSON parser takes
  uint64_t Next() { return rng_(); }
  bool OneIn(int n) { return rng_() % static_cast<uint64_t>(n) == 0; }

  // A random field; depth limits nesting.
  Field RandomField(const std::string& name, int depth) {
    uint64_t pick = rng_() % 10;
    bool nullable = !OneIn(4);
    if (depth > 0 && pick == 0) {
      std::vector<Field> fields;
      int n = 1 + static_cast<int>(rng_() % 3);
      for (int i = 0; i < n; ++i)
        fields.push_back(RandomField(name + "_f" + std::to_string(i), depth - 1));
      return Field(name, Struct(std::move(fields)), nullable);
    }
    if (depth > 0 && pick == 1)
      return Field(name, List(RandomField("element", depth - 1)), nullable);
    if (depth > 0 && pick == 2 && allow_maps) {
      std::vector<DataTypePtr> keys = {Int32(), Int64(), Utf8(), Date32(), Decimal128(20, 2)};
      Field key("key", keys[rng_() % keys.size()], false);
      return Field(name, Map(key, RandomField("value", depth - 1)), nullable);
    }
    std::vector<DataTypePtr> types = PrimitiveTypes();
    DataTypePtr t = types[rng_() % types.size()];
    while ((!allow_times && (t->id() == TypeId::kTime32 || t->id() == TypeId::kTime64)) ||
           (!allow_uint64 && t->id() == TypeId::kUInt64)) {
      t = types[rng_() % types.size()];
    }
    Field f(name, t, nullable);
    if (t->id() == TypeId::kFixedSizeBinary && t->byte_width() == 16) f = WithUuidExtension(f);
    return f;
  }

  // Fields with ids 1..n depth first.
  static Field AssignIds(Field f, int* next) {
    f = f.WithFieldId((*next)++);
    const DataType& t = *f.type;
    if (t.id() == TypeId::kStruct) {
      std::vector<Field> children;
      for (const Field& c : t.children()) children.push_back(AssignIds(c, next));
      f.type = Struct(std::move(children));
    } else if (t.id() == TypeId::kList) {
      f.type = List(AssignIds(t.value_field(), next));
    } else if (t.id() == TypeId::kMap) {
      Field k = AssignIds(t.key_field(), next);
      Field v = AssignIds(t.item_field(), next);
      f.type = Map(k, v);
    }
    return f;
  }

  SchemaPtr RandomSchema(int num_fields, int depth) {
    std::vector<Field> fields;
    int next = 1;
    for (int i = 0; i < num_fields; ++i) {
      fields.push_back(AssignIds(RandomField("c" + std::to_string(i), depth), &next));
    }
    return std::make_shared<Schema>(std::move(fields));
  }

  Result<RecordBatch> RandomBatch(const SchemaPtr& schema, int64_t rows, int null_one_in = 5) {
    null_one_in_ = null_one_in;
    std::vector<ArrayPtr> columns;
    for (const Field& f : schema->fields()) {
      FLOE_ASSIGN_OR_RETURN(auto b, MakeBuilder(f.type));
      for (int64_t r = 0; r < rows; ++r) FLOE_RETURN_IF_ERROR(Append(b.get(), f));
      FLOE_ASSIGN_OR_RETURN(ArrayPtr a, b->Finish());
      columns.push_back(std::move(a));
    }
    return RecordBatch::Make(schema, rows, std::move(columns));
  }

  // Values drawn from a small set now and then, so dictionaries have repeats.
  int64_t RandomInt(int bits, bool is_signed) {
    uint64_t v = rng_();
    switch (rng_() % 6) {
      case 0:
        v = 0;
        break;
      case 1:
        v = is_signed ? (uint64_t{1} << (bits - 1)) : ~uint64_t{0};
        break;  // min / max
      case 2:
        v = is_signed ? (uint64_t{1} << (bits - 1)) - 1 : 0;
        break;
      case 3:
        v = rng_() % 7;
        break;
      default:
        break;
    }
    if (bits < 64) {
      v &= (uint64_t{1} << bits) - 1;
      if (is_signed && (v >> (bits - 1)) != 0) v |= ~((uint64_t{1} << bits) - 1);
    }
    return static_cast<int64_t>(v);
  }

  double RandomDouble() {
    switch (rng_() % 8) {
      case 0:
        return std::numeric_limits<double>::quiet_NaN();
      case 1:
        return -0.0;
      case 2:
        return 0.0;
      case 3:
        return std::numeric_limits<double>::infinity();
      case 4:
        return -std::numeric_limits<double>::max();
      case 5:
        return static_cast<double>(rng_() % 5);
      default:
        return std::ldexp(static_cast<double>(rng_() % 2000000) - 1e6,
                          static_cast<int>(rng_() % 40) - 20);
    }
  }

  // Text is valid UTF-8 (ASCII and two- and three-byte characters); binary any bytes.
  std::string RandomBytes(int max_len, bool text) {
    size_t n = rng_() % static_cast<uint64_t>(max_len + 1);
    std::string s;
    if (!text) {
      for (size_t i = 0; i < n; ++i) s.push_back(static_cast<char>(rng_()));
      return s;
    }
    const char* pieces[] = {"a", "b", "c", "d", "\xC3\xA9", "\xE2\x82\xAC", " "};
    for (size_t i = 0; i < n; ++i) s += pieces[rng_() % 7];
    return s;
  }

  Status Append(ArrayBuilder* b, const Field& f) {
    if (f.nullable && OneIn(null_one_in_)) return b->AppendNull();
    const DataType& t = *f.type;
    switch (t.id()) {
      case TypeId::kBool:
        return static_cast<BooleanBuilder*>(b)->Append(OneIn(2));
      case TypeId::kInt8:
        return static_cast<Int8Builder*>(b)->Append(static_cast<int8_t>(RandomInt(8, true)));
      case TypeId::kInt16:
        return static_cast<Int16Builder*>(b)->Append(static_cast<int16_t>(RandomInt(16, true)));
      case TypeId::kInt32:
        return static_cast<Int32Builder*>(b)->Append(static_cast<int32_t>(RandomInt(32, true)));
      case TypeId::kDate32: {
        int32_t v = static_cast<int32_t>(RandomInt(32, true));
        if (moderate_timestamps) v = static_cast<int32_t>(static_cast<uint32_t>(v) % 30000000u);
        return static_cast<Int32Builder*>(b)->Append(v);
      }
      case TypeId::kTime32:
        return static_cast<Int32Builder*>(b)->Append(static_cast<int32_t>(rng_() % 86400000));
      case TypeId::kInt64:
        return static_cast<Int64Builder*>(b)->Append(RandomInt(64, true));
      case TypeId::kTimestamp: {
        int64_t v = RandomInt(64, true);
        if (moderate_timestamps) {
          v = static_cast<int64_t>(static_cast<uint64_t>(v) %
                                   3000000000000000ULL);  // ~95,000 years of micros
        }
        return static_cast<Int64Builder*>(b)->Append(v);
      }
      case TypeId::kTime64:
        return static_cast<Int64Builder*>(b)->Append(static_cast<int64_t>(rng_() % 86400000000ULL));
      case TypeId::kUInt8:
        return static_cast<UInt8Builder*>(b)->Append(static_cast<uint8_t>(RandomInt(8, false)));
      case TypeId::kUInt16:
        return static_cast<UInt16Builder*>(b)->Append(static_cast<uint16_t>(RandomInt(16, false)));
      case TypeId::kUInt32:
        return static_cast<UInt32Builder*>(b)->Append(static_cast<uint32_t>(RandomInt(32, false)));
      case TypeId::kUInt64:
        return static_cast<UInt64Builder*>(b)->Append(static_cast<uint64_t>(RandomInt(64, false)));
      case TypeId::kFloat16: {
        uint16_t choices[] = {
            0x7E00, 0x8000, 0x0000, 0x7C00, 0xFBFF, 0x3C00, static_cast<uint16_t>(rng_())};
        return static_cast<UInt16Builder*>(b)->Append(choices[rng_() % 7]);
      }
      case TypeId::kFloat32:
        return static_cast<FloatBuilder*>(b)->Append(static_cast<float>(RandomDouble()));
      case TypeId::kFloat64:
        return static_cast<DoubleBuilder*>(b)->Append(RandomDouble());
      case TypeId::kString:
      case TypeId::kBinary:
        return static_cast<BinaryBuilder*>(b)->Append(
            RandomBytes(12, t.id() == TypeId::kString || text_binary));
      case TypeId::kFixedSizeBinary: {
        std::string s(static_cast<size_t>(t.byte_width()), '\0');
        for (char& c : s) c = static_cast<char>(OneIn(2) ? rng_() : 0);
        return static_cast<FixedSizeBinaryBuilder*>(b)->Append(
            reinterpret_cast<const uint8_t*>(s.data()));
      }
      case TypeId::kDecimal128: {
        // A value within the precision: up to precision digits, either sign.
        __int128 limit = 1;
        for (int i = 0; i < t.precision(); ++i) limit *= 10;
        __int128 v = 0;
        switch (rng_() % 4) {
          case 0:
            v = limit - 1;
            break;
          case 1:
            v = -(limit - 1);
            break;
          case 2:
            v = static_cast<__int128>(rng_() % 100) - 50;
            break;
          default:
            v = ((static_cast<__int128>(rng_()) << 64) | rng_()) % limit;
            if (OneIn(2)) v = -v;
            break;
        }
        uint8_t le[16];
        std::memcpy(le, &v, 16);
        return static_cast<FixedSizeBinaryBuilder*>(b)->Append(le);
      }
      case TypeId::kStruct: {
        auto* sb = static_cast<StructBuilder*>(b);
        FLOE_RETURN_IF_ERROR(sb->Append(true));
        for (int i = 0; i < t.num_children(); ++i)
          FLOE_RETURN_IF_ERROR(Append(sb->child(i), t.child(i)));
        return Ok();
      }
      case TypeId::kList: {
        auto* lb = static_cast<ListBuilder*>(b);
        FLOE_RETURN_IF_ERROR(lb->Append(true));
        int n = static_cast<int>(rng_() % 4);
        for (int i = 0; i < n; ++i)
          FLOE_RETURN_IF_ERROR(Append(lb->value_builder(), t.value_field()));
        return Ok();
      }
      case TypeId::kMap: {
        auto* mb = static_cast<ListBuilder*>(b);
        FLOE_RETURN_IF_ERROR(mb->Append(true));
        int n = static_cast<int>(rng_() % 4);
        for (int i = 0; i < n; ++i) {
          FLOE_RETURN_IF_ERROR(mb->entries_builder()->Append(true));
          FLOE_RETURN_IF_ERROR(Append(mb->key_builder(), t.key_field()));
          FLOE_RETURN_IF_ERROR(Append(mb->item_builder(), t.item_field()));
        }
        return Ok();
      }
      default:
        return b->AppendNull();
    }
  }

 private:
  std::mt19937_64 rng_;
  int null_one_in_ = 5;
};

}  // namespace floe::columnar::testing
