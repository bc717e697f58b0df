// A single primitive value (spec: "Primitive Types"). The Literal holds the physical value; the
// Iceberg type it belongs to tells how to read it:
//   boolean → bool; int, date (days since 1970-01-01) → int32_t; long, time (micros since
//   midnight), timestamp[tz] (micros since epoch), timestamp[tz]_ns (nanos since epoch) → int64_t;
//   float → float; double → double; decimal(P,S) → Decimal; string → std::string (UTF-8);
//   uuid → Uuid; fixed[L], binary → Bytes. A default-constructed Literal is null.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "floe/util/uuid.h"

namespace floe::spec {

// A decimal: unscaled * 10^-scale.
struct Decimal {
  __int128 unscaled = 0;
  int32_t scale = 0;
  bool operator==(const Decimal&) const = default;
};

// Raw bytes of a fixed or binary value.
struct Bytes {
  std::vector<uint8_t> data;
  bool operator==(const Bytes&) const = default;
};

class Literal {
 public:
  using Value = std::variant<std::monostate, bool, int32_t, int64_t, float, double, Decimal,
                             std::string, Uuid, Bytes>;

  Literal() = default;
  explicit Literal(Value value) : value_(std::move(value)) {}

  static Literal Null() { return Literal(); }
  static Literal Boolean(bool v) { return Literal(Value(v)); }
  static Literal Int(int32_t v) { return Literal(Value(v)); }
  static Literal Long(int64_t v) { return Literal(Value(v)); }
  static Literal Float(float v) { return Literal(Value(v)); }
  static Literal Double(double v) { return Literal(Value(v)); }
  static Literal Date(int32_t days) { return Literal(Value(days)); }
  static Literal Time(int64_t micros) { return Literal(Value(micros)); }
  static Literal Timestamp(int64_t micros_or_nanos) { return Literal(Value(micros_or_nanos)); }
  static Literal MakeDecimal(__int128 unscaled, int32_t scale) {
    return Literal(Value(Decimal{unscaled, scale}));
  }
  static Literal String(std::string v) { return Literal(Value(std::move(v))); }
  static Literal MakeUuid(const Uuid& v) { return Literal(Value(v)); }
  static Literal Binary(std::vector<uint8_t> v) { return Literal(Value(Bytes{std::move(v)})); }

  bool is_null() const { return std::holds_alternative<std::monostate>(value_); }
  const Value& value() const { return value_; }

  template <typename T>
  bool holds() const {
    return std::holds_alternative<T>(value_);
  }
  template <typename T>
  const T& get() const {
    return std::get<T>(value_);
  }

  bool operator==(const Literal&) const = default;

 private:
  Value value_;
};

}  // namespace floe::spec
