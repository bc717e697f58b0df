// Test helpers for the evaluators: random rows kept as plain C++ values (the ground truth), the
// same rows as a columnar batch, random filter texts over them, and a straightforward per-row
// reference evaluation of an (unbound) expression with SQL three-valued logic.
#pragma once

#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/record_batch.h"
#include "floe/expr/expression.h"
#include "floe/util/time.h"

namespace floe::expr::testing {

struct Row {
  std::optional<int32_t> i;
  std::optional<int8_t> b;
  std::optional<uint64_t> u;
  std::optional<double> f;
  std::optional<float> g;
  std::optional<std::string> s;
  std::optional<int64_t> dec;  // unscaled, scale 2
  std::optional<bool> flag;
  std::optional<int64_t> ts;  // micros, UTC
  bool st_valid = true;
  std::optional<int32_t> st_x;
  std::optional<std::string> st_y;
  std::optional<std::vector<int32_t>> l;
};

inline const int64_t kDay = 20517LL * 86400000000LL;  // 2026-03-05 in micros

inline columnar::SchemaPtr RowSchema() {
  using namespace columnar;  // NOLINT
  return std::make_shared<Schema>(std::vector<Field>{
      Field("i", Int32()), Field("b", Int8()), Field("u", UInt64()), Field("f", Float64()),
      Field("g", Float32()), Field("s", Utf8()), Field("dec", Decimal128(5, 2)),
      Field("flag", Boolean()), Field("ts", Timestamp(TimeUnit::kMicro, "UTC")),
      Field("st", Struct({Field("x", Int32()), Field("y", Utf8())})),
      Field("l", List(Field("item", Int32()))),
      Field("m", Map(Field("k", Utf8()), Field("v", Int32())))});
}

inline std::vector<Row> RandomRows(std::mt19937& rng, int n) {
  auto pick = [&](int k) { return static_cast<int>(rng() % static_cast<unsigned>(k)); };
  auto maybe = [&](auto v) -> std::optional<decltype(v)> {
    if (pick(5) == 0) return std::nullopt;
    return v;
  };
  const double floats[] = {-1.5, -0.0, 0.0, 1.0, 2.5, NAN, INFINITY};
  const char* strings[] = {"", "a", "ab", "abc", "b", "\xff", "\xc3\xa9", "a'b"};
  const uint64_t us[] = {0, 1, uint64_t{1} << 63, UINT64_MAX};
  const int64_t decs[] = {-150, -25, 0, 75, 125, 250};
  std::vector<Row> rows(static_cast<size_t>(n));
  for (Row& r : rows) {
    r.i = maybe(static_cast<int32_t>(pick(13) - 6));
    r.b = maybe(static_cast<int8_t>(pick(7) - 3));
    r.u = maybe(us[pick(4)]);
    r.f = maybe(floats[pick(7)]);
    r.g = maybe(static_cast<float>(floats[pick(7)]));
    r.s = maybe(std::string(strings[pick(8)]));
    r.dec = maybe(decs[pick(6)]);
    r.flag = maybe(pick(2) == 0);
    r.ts = maybe(kDay + (pick(5) - 2) * 500000LL);
    r.st_valid = pick(6) != 0;
    r.st_x = maybe(static_cast<int32_t>(pick(5)));
    r.st_y = maybe(std::string(strings[pick(8)]));
    if (pick(4) != 0) {
      std::vector<int32_t> l;
      for (int k = pick(4); k > 0; --k) l.push_back(pick(100));
      r.l = l;
    }
  }
  return rows;
}

template <typename B, typename T>
void Put(B* b, const std::optional<T>& v) {
  if (v) {
    (void)b->Append(*v);
  } else {
    (void)b->AppendNull();
  }
}

inline columnar::RecordBatch BuildBatch(const std::vector<Row>& rows) {
  using namespace columnar;  // NOLINT
  SchemaPtr schema = RowSchema();
  std::vector<std::unique_ptr<ArrayBuilder>> bs;
  for (const Field& f : schema->fields()) bs.push_back(std::move(MakeBuilder(f.type).value()));
  for (const Row& r : rows) {
    Put(static_cast<Int32Builder*>(bs[0].get()), r.i);
    Put(static_cast<Int8Builder*>(bs[1].get()), r.b);
    Put(static_cast<UInt64Builder*>(bs[2].get()), r.u);
    Put(static_cast<DoubleBuilder*>(bs[3].get()), r.f);
    Put(static_cast<FloatBuilder*>(bs[4].get()), r.g);
    Put(static_cast<BinaryBuilder*>(bs[5].get()), r.s);
    auto* dec = static_cast<Decimal128Builder*>(bs[6].get());
    if (r.dec) {
      (void)dec->AppendInt64(*r.dec);
    } else {
      (void)dec->AppendNull();
    }
    Put(static_cast<BooleanBuilder*>(bs[7].get()), r.flag);
    Put(static_cast<Int64Builder*>(bs[8].get()), r.ts);
    auto* st = static_cast<StructBuilder*>(bs[9].get());
    (void)st->Append(r.st_valid);
    Put(static_cast<Int32Builder*>(st->child(0)), r.st_x);
    Put(static_cast<BinaryBuilder*>(st->child(1)), r.st_y);
    auto* l = static_cast<ListBuilder*>(bs[10].get());
    (void)l->Append(r.l.has_value());
    if (r.l) {
      for (int32_t x : *r.l) (void)static_cast<Int32Builder*>(l->value_builder())->Append(x);
    }
    auto* m = static_cast<ListBuilder*>(bs[11].get());
    (void)m->Append(true);
    if (r.l) {
      for (int32_t x : *r.l) {
        (void)m->entries_builder()->Append(true);
        (void)static_cast<BinaryBuilder*>(m->key_builder())->Append(std::to_string(x));
        Put(static_cast<Int32Builder*>(m->item_builder()),
            x % 3 == 0 ? std::nullopt : std::optional<int32_t>(x));
      }
    }
  }
  std::vector<ArrayPtr> cols;
  for (auto& b : bs) cols.push_back(b->Finish().value());
  return RecordBatch::Make(schema, static_cast<int64_t>(rows.size()), std::move(cols)).value();
}

// A random filter over RowSchema's columns, as text.
inline std::string RandomFilter(std::mt19937& rng, int depth) {
  auto pick = [&](int k) { return static_cast<int>(rng() % static_cast<unsigned>(k)); };
  auto one = [&](const std::vector<std::string>& v) {
    return v[static_cast<size_t>(pick(static_cast<int>(v.size())))];
  };
  if (depth > 0 && pick(5) < 2) {
    std::string a = RandomFilter(rng, depth - 1), b = RandomFilter(rng, depth - 1);
    switch (pick(3)) {
      case 0:
        return "(" + a + ") AND (" + b + ")";
      case 1:
        return "(" + a + ") OR (" + b + ")";
      default:
        return "NOT (" + a + ")";
    }
  }
  struct Col {
    std::string name;
    std::vector<std::string> values;
    bool floating = false, text = false;
  };
  static const std::vector<Col> cols = {
      {"i", {"-6", "-1", "0", "3", "6", "1.5", "-2.5", "1e1", "99999999999", "NULL"}},
      {"b", {"-200", "1000", "-3", "0", "2", "0.5", "NULL"}},
      {"u", {"0", "1", "9223372036854775808", "18446744073709551615", "-1"}},
      {"f", {"-1.5", "0", "-0.0", "1", "2.5", "1e300", "-1e400"}, true},
      {"g", {"-1.5", "0", "1", "2.5", "0.1"}, true},
      {"s", {"''", "'a'", "'ab'", "'b'", "'abc'", "'\xff'", "'a''b'", "NULL"}, false, true},
      {"dec", {"1.25", "-0.5", "3", "0.125", "1000000", "-1.255", "0"}},
      {"flag", {"TRUE", "FALSE"}},
      {"ts",
       {"'2026-03-05 00:00:01'", "DATE '2026-03-05'", "'2026-03-05 00:00:00.5+00:00'",
        "TIMESTAMP '2026-03-04T23:59:59.0000005Z'", "'2026-03-05 02:00:00+02:00'"}},
      {"st.x", {"0", "2", "4", "-1", "5"}},
      {"st.y", {"'a'", "'ab'", "''", "'b'"}, false, true},
  };
  const Col& c = cols[static_cast<size_t>(pick(static_cast<int>(cols.size())))];
  static const std::vector<std::string> cmps = {"=", "!=", "<", "<=", ">", ">="};
  switch (pick(10)) {
    case 0:
      return c.name + (pick(2) ? " IS NULL" : " IS NOT NULL");
    case 1:
      if (c.floating) return c.name + (pick(2) ? " IS NAN" : " IS NOT NAN");
      if (c.text)
        return std::string(pick(2) ? "starts_with(" : "not_starts_with(") + c.name + ", " +
               one({"''", "'a'", "'ab'", "'b'", "'\xc3'"}) + ")";
      return c.name + " = " + one(c.values);
    case 2:
    case 3: {
      std::string list = one(c.values);
      for (int k = pick(3); k > 0; --k) list += ", " + one(c.values);
      return c.name + (pick(2) ? " IN (" : " NOT IN (") + list + ")";
    }
    case 4:
      return c.name + (pick(3) == 0 ? " NOT" : "") + " BETWEEN " + one(c.values) + " AND " +
             one(c.values);
    case 5:
      if (pick(4) == 0) return one(c.values) + " " + one(cmps) + " " + c.name;
      [[fallthrough]];
    default:
      return c.name + " " + one(cmps) + " " + one(c.values);
  }
}

// Three-valued truth.
enum class Tri { kFalse, kUnknown, kTrue };

inline Tri Not(Tri a) {
  return a == Tri::kTrue ? Tri::kFalse : a == Tri::kFalse ? Tri::kTrue : Tri::kUnknown;
}

// A row's value of one column, in a comparable scalar form.
struct Scalar {
  enum Kind { kNull, kNumber, kFloat, kFloat32, kBytes, kBool, kTimestamp } kind = kNull;
  long double number = 0;  // ints, uint64, decimals (exact for the test's values)
  double f = 0;
  std::string bytes;
  bool b = false;
  __int128 nanos = 0;
};

inline Scalar ValueOf(const Row& r, const ColumnRef& c) {
  Scalar s;
  auto num = [&](auto v, long double scale = 1) {
    if (v) {
      s.kind = Scalar::kNumber;
      s.number = static_cast<long double>(*v) / scale;
    }
  };
  const std::string& n = c.path[0];
  if (n == "i") num(r.i);
  if (n == "b") num(r.b);
  if (n == "u") num(r.u);
  if (n == "dec") num(r.dec, 100);
  if ((n == "f" && r.f) || (n == "g" && r.g)) {
    s.kind = n == "f" ? Scalar::kFloat : Scalar::kFloat32;
    s.f = n == "f" ? *r.f : *r.g;
  }
  if (n == "s" && r.s) {
    s.kind = Scalar::kBytes;
    s.bytes = *r.s;
  }
  if (n == "flag" && r.flag) {
    s.kind = Scalar::kBool;
    s.b = *r.flag;
  }
  if (n == "ts" && r.ts) {
    s.kind = Scalar::kTimestamp;
    s.nanos = static_cast<__int128>(*r.ts) * 1000;
  }
  if (n == "st" && r.st_valid) {
    if (c.path[1] == "x") num(r.st_x);
    if (c.path[1] == "y" && r.st_y) {
      s.kind = Scalar::kBytes;
      s.bytes = *r.st_y;
    }
  }
  return s;
}

// -1/0/1, or nullopt for a comparison that is false whatever the operator but != (NaN).
inline std::optional<int> CompareScalar(const Scalar& row, const UnboundLiteral& lit) {
  auto order = [](auto a, auto b) { return a < b ? -1 : (b < a ? 1 : 0); };
  switch (row.kind) {
    case Scalar::kNumber:
      return order(row.number, std::strtold(lit.text.c_str(), nullptr));
    case Scalar::kFloat:
    case Scalar::kFloat32: {
      double l = std::strtod(lit.text.c_str(), nullptr);
      if (row.kind == Scalar::kFloat32) {
        l = std::fabs(l) > 3.5e38 ? (l > 0 ? INFINITY : -INFINITY) : static_cast<float>(l);
      }
      if (std::isnan(row.f)) return std::nullopt;
      return order(row.f, l);
    }
    case Scalar::kBytes: {
      int c = std::memcmp(row.bytes.data(), lit.text.data(),
                          std::min(row.bytes.size(), lit.text.size()));
      if (c == 0) return order(row.bytes.size(), lit.text.size());
      return c < 0 ? -1 : 1;
    }
    case Scalar::kBool:
      return order(row.b, lit.text == "true");
    case Scalar::kTimestamp: {
      auto ts = ParseTimestamp(lit.text);
      __int128 l = static_cast<__int128>(ts->micros) * 1000 + ts->nanos_of_micro;
      return order(row.nanos, l);
    }
    default:
      return std::nullopt;
  }
}

inline Tri Reference(const Expression& e, const Row& r) {
  auto tri = [](bool v) { return v ? Tri::kTrue : Tri::kFalse; };
  switch (e.op()) {
    case Operation::kTrue:
      return Tri::kTrue;
    case Operation::kFalse:
      return Tri::kFalse;
    case Operation::kNot:
      return Not(Reference(e.child(0), r));
    case Operation::kAnd: {
      Tri a = Reference(e.child(0), r), b = Reference(e.child(1), r);
      if (a == Tri::kFalse || b == Tri::kFalse) return Tri::kFalse;
      return a == Tri::kTrue && b == Tri::kTrue ? Tri::kTrue : Tri::kUnknown;
    }
    case Operation::kOr: {
      Tri a = Reference(e.child(0), r), b = Reference(e.child(1), r);
      if (a == Tri::kTrue || b == Tri::kTrue) return Tri::kTrue;
      return a == Tri::kFalse && b == Tri::kFalse ? Tri::kFalse : Tri::kUnknown;
    }
    default:
      break;
  }
  Scalar v = ValueOf(r, e.term());
  bool null = v.kind == Scalar::kNull;
  bool nan = (v.kind == Scalar::kFloat || v.kind == Scalar::kFloat32) && std::isnan(v.f);
  switch (e.op()) {
    case Operation::kIsNull:
      return tri(null);
    case Operation::kNotNull:
      return tri(!null);
    case Operation::kIsNan:
      return tri(nan);
    case Operation::kNotNan:
      return tri(!nan);
    case Operation::kStartsWith:
    case Operation::kNotStartsWith: {
      if (null) return Tri::kUnknown;
      bool sw = v.bytes.compare(0, e.value().text.size(), e.value().text) == 0 &&
                v.bytes.size() >= e.value().text.size();
      return tri(e.op() == Operation::kStartsWith ? sw : !sw);
    }
    case Operation::kIn:
    case Operation::kNotIn: {
      if (null) return Tri::kUnknown;
      bool found = false, list_null = false;
      for (const UnboundLiteral& l : e.values()) {
        if (l.kind == LiteralKind::kNull) {
          list_null = true;
          continue;
        }
        auto c = CompareScalar(v, l);
        if (c && *c == 0) found = true;
      }
      bool in = e.op() == Operation::kIn;
      if (found) return tri(in);
      if (list_null) return Tri::kUnknown;
      return tri(!in);
    }
    default: {
      if (null || e.value().kind == LiteralKind::kNull) return Tri::kUnknown;
      auto c = CompareScalar(v, e.value());
      if (!c) return tri(e.op() == Operation::kNotEq);  // NaN
      switch (e.op()) {
        case Operation::kLt:
          return tri(*c < 0);
        case Operation::kLtEq:
          return tri(*c <= 0);
        case Operation::kGt:
          return tri(*c > 0);
        case Operation::kGtEq:
          return tri(*c >= 0);
        case Operation::kEq:
          return tri(*c == 0);
        default:
          return tri(*c != 0);
      }
    }
  }
}

}  // namespace floe::expr::testing
