#include "floe/expr/bound_expression.h"

#include <cmath>

#include "floe/spec/single_value.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::expr {
namespace {

using columnar::TimeUnit;
using columnar::TypeId;

int64_t NanosPer(TimeUnit u) {
  switch (u) {
    case TimeUnit::kSecond:
      return 1000000000;
    case TimeUnit::kMilli:
      return 1000000;
    case TimeUnit::kMicro:
      return 1000;
    case TimeUnit::kNano:
      return 1;
  }
  return 1;
}

template <typename F>
std::string FloatText(F v) {
  if (std::isinf(v)) return v > 0 ? "1e999" : "-1e999";  // reads back as infinity
  return fmt::format("{}", v);
}

std::string TimeText(int64_t v, TimeUnit unit) {
  int64_t nanos = v * NanosPer(unit);
  int64_t s = nanos / 1000000000;
  return fmt::format("{:02d}:{:02d}:{:02d}.{:09d}", s / 3600, (s / 60) % 60, s % 60,
                     nanos % 1000000000);
}

std::string TimestampText(int64_t v, const columnar::DataType& t) {
  bool zone = !t.timezone().empty();
  if (t.unit() == TimeUnit::kNano) return FormatTimestampNanos(v, zone);
  __int128 micros = static_cast<__int128>(v) * (NanosPer(t.unit()) / 1000);
  if (micros > INT64_MAX) micros = INT64_MAX;
  if (micros < INT64_MIN) micros = INT64_MIN;
  return FormatTimestampMicros(static_cast<int64_t>(micros), zone);
}

}  // namespace

UnboundLiteral ToUnboundLiteral(const columnar::DataType& t, const spec::Literal& value) {
  using spec::Literal;
  const Literal::Value& v = value.value();
  if (value.is_null()) return UnboundLiteral::Null();
  if (auto* b = std::get_if<bool>(&v)) return UnboundLiteral::Bool(*b);
  if (auto* i = std::get_if<int32_t>(&v)) {
    if (t.id() == TypeId::kDate32) return {LiteralKind::kDate, FormatDate(*i)};
    return UnboundLiteral::Number(fmt::format("{}", *i));
  }
  if (auto* l = std::get_if<int64_t>(&v)) {
    switch (t.id()) {
      case TypeId::kUInt64:
        return UnboundLiteral::Number(fmt::format("{}", static_cast<uint64_t>(*l)));
      case TypeId::kTime32:
      case TypeId::kTime64:
        return {LiteralKind::kTime, TimeText(*l, t.unit())};
      case TypeId::kTimestamp:
        return {LiteralKind::kTimestamp, TimestampText(*l, t)};
      default:
        return UnboundLiteral::Number(fmt::format("{}", *l));
    }
  }
  if (auto* f = std::get_if<float>(&v)) return UnboundLiteral::Number(FloatText(*f));
  if (auto* d = std::get_if<double>(&v)) return UnboundLiteral::Number(FloatText(*d));
  if (auto* dec = std::get_if<spec::Decimal>(&v)) {
    return UnboundLiteral::Number(spec::DecimalToString(dec->unscaled, dec->scale));
  }
  if (auto* s = std::get_if<std::string>(&v)) return UnboundLiteral::String(*s);
  if (auto* u = std::get_if<Uuid>(&v)) return UnboundLiteral::String(u->ToString());
  const auto& bytes = std::get<spec::Bytes>(v);
  if (t.id() == TypeId::kFixedSizeBinary && bytes.data.size() == 16) {
    Uuid u;
    std::copy(bytes.data.begin(), bytes.data.end(), u.bytes.begin());
    return UnboundLiteral::String(u.ToString());
  }
  return {LiteralKind::kBinary, std::string(bytes.data.begin(), bytes.data.end())};
}

std::string ValueToString(const columnar::DataType& t, const spec::Literal& value) {
  return ToUnboundLiteral(t, value).ToString();
}

std::string ToString(const BoundExpression& e) {
  return PrintExpression(
      e, [](const BoundReference& r) { return r.name(); },
      [](const BoundReference& r, const spec::Literal& v) { return ValueToString(*r.type, v); });
}

Expression Unbind(const BoundExpression& e) {
  switch (e.op()) {
    case Operation::kTrue:
      return Expression::True();
    case Operation::kFalse:
      return Expression::False();
    case Operation::kAnd:
      return Expression::And(Unbind(e.child(0)), Unbind(e.child(1)));
    case Operation::kOr:
      return Expression::Or(Unbind(e.child(0)), Unbind(e.child(1)));
    case Operation::kNot:
      return Expression::Not(Unbind(e.child(0)));
    default:
      break;
  }
  std::vector<UnboundLiteral> values;
  values.reserve(e.values().size());
  for (const spec::Literal& v : e.values()) values.push_back(ToUnboundLiteral(*e.term().type, v));
  return Expression::Predicate(e.op(), e.term().column, std::move(values));
}

}  // namespace floe::expr
