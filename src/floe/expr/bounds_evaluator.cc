#include "floe/expr/bounds_evaluator.h"

#include <cmath>
#include <cstring>
#include <string_view>

#include "floe/expr/like_pattern.h"
#include "floe/expr/rewrite_not.h"

namespace floe::expr {
namespace {

using columnar::TypeId;
using spec::Literal;

std::optional<double> FloatOf(const Literal& v) {
  if (v.holds<float>()) return v.get<float>();
  if (v.holds<double>()) return v.get<double>();
  return std::nullopt;
}

std::optional<int64_t> IntOf(const Literal& v) {
  if (v.holds<int32_t>()) return v.get<int32_t>();
  if (v.holds<int64_t>()) return v.get<int64_t>();
  return std::nullopt;
}

template <typename T>
int Order(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

class Evaluator {
 public:
  Evaluator(int64_t row_count, const BoundsProvider& bounds) : rows_(row_count), bounds_(bounds) {}

  bool Eval(const BoundExpression& e) const {
    switch (e.op()) {
      case Operation::kTrue:
        return true;
      case Operation::kFalse:
        return false;
      case Operation::kAnd:
        return Eval(e.child(0)) && Eval(e.child(1));
      case Operation::kOr:
        return Eval(e.child(0)) || Eval(e.child(1));
      case Operation::kNot:
        return true;  // not reached after RewriteNot
      default:
        return Predicate(e);
    }
  }

 private:
  bool Predicate(const BoundExpression& e) const {
    // A variant_get term is a residual: the variant column's statistics say nothing of it.
    if (e.term().column.variant_get) return true;
    std::optional<ColumnBounds> b = bounds_(e.term());
    if (!b) return true;
    const columnar::DataType& type = *e.term().type;
    bool is_float = type.id() == TypeId::kFloat32 || type.id() == TypeId::kFloat64;
    int64_t nulls = b->null_count.value_or(-1);
    int64_t nans = is_float ? b->nan_count.value_or(-1) : 0;
    bool all_null = nulls == rows_;
    bool all_nan = nans == rows_;
    bool may_have_nan = is_float && nans != 0;
    // No value that compares (neither null nor NaN).
    bool no_values = nulls >= 0 && nans >= 0 && nulls + nans >= rows_;
    // Bounds that are NaN bound nothing (old writers).
    std::optional<Literal> min = b->min, max = b->max;
    auto drop_nan = [](std::optional<Literal>& v) {
      if (v && (v->is_null() || (FloatOf(*v) && std::isnan(*FloatOf(*v))))) v.reset();
    };
    drop_nan(min);
    drop_nan(max);
    // cmp(bound, value): the order, or nullopt when unknown.
    auto cmp = [&](const std::optional<Literal>& bound, const Literal& v) -> std::optional<int> {
      if (!bound) return std::nullopt;
      return CompareValues(type, *bound, v);
    };

    Operation op = e.op();
    switch (op) {
      case Operation::kIsNull:
        return nulls != 0;
      case Operation::kNotNull:
        return !all_null;
      case Operation::kIsNan:
        return may_have_nan && !all_null;
      case Operation::kNotNan:
        return !all_nan;
      default:
        break;
    }
    if (IsComparison(op) || op == Operation::kStartsWith || op == Operation::kNotStartsWith ||
        op == Operation::kLike || op == Operation::kNotLike) {
      if (e.value().is_null()) return false;  // unknown for every row
    }
    if (all_null) return false;
    const Literal* v = e.values().empty() ? nullptr : &e.values()[0];
    switch (op) {
      case Operation::kLt: {
        if (no_values) return false;
        auto c = cmp(min, *v);
        return !(c && *c >= 0);
      }
      case Operation::kLtEq: {
        if (no_values) return false;
        auto c = cmp(min, *v);
        return !(c && *c > 0);
      }
      case Operation::kGt: {
        if (no_values) return false;
        auto c = cmp(max, *v);
        return !(c && *c <= 0);
      }
      case Operation::kGtEq: {
        if (no_values) return false;
        auto c = cmp(max, *v);
        return !(c && *c < 0);
      }
      case Operation::kEq: {
        if (no_values) return false;
        auto lo = cmp(min, *v), hi = cmp(max, *v);
        return !((lo && *lo > 0) || (hi && *hi < 0));
      }
      case Operation::kNotEq: {
        if (may_have_nan) return true;  // NaN != v
        if (no_values) return false;
        auto lo = cmp(min, *v), hi = cmp(max, *v);
        return !(lo && hi && *lo == 0 && *hi == 0);
      }
      case Operation::kIn: {
        if (no_values) return false;
        for (const Literal& x : e.values()) {
          if (x.is_null()) continue;  // never true
          auto lo = cmp(min, x), hi = cmp(max, x);
          if (!((lo && *lo > 0) || (hi && *hi < 0))) return true;
        }
        return false;
      }
      case Operation::kNotIn: {
        for (const Literal& x : e.values()) {
          if (x.is_null()) return false;  // NOT IN a list holding NULL is never true
        }
        if (may_have_nan) return true;
        if (no_values) return false;
        auto same = cmp(min, max ? *max : Literal());
        if (!max || !same || *same != 0) return true;
        for (const Literal& x : e.values()) {
          auto c = cmp(min, x);
          if (c && *c == 0) return false;  // every value is min = max = x
        }
        return true;
      }
      case Operation::kStartsWith:
      case Operation::kNotStartsWith: {
        std::optional<std::string_view> p = LiteralBytes(*v);
        std::optional<std::string_view> lo = min ? LiteralBytes(*min) : std::nullopt;
        std::optional<std::string_view> hi = max ? LiteralBytes(*max) : std::nullopt;
        if (!p) return true;
        if (op == Operation::kNotStartsWith) {
          return !(lo && hi && StartsWith(*lo, *p) && StartsWith(*hi, *p));
        }
        // Every value's first |p| bytes lie between min's and max's.
        if (lo && lo->substr(0, p->size()) > *p) return false;
        if (hi && hi->substr(0, p->size()) < *p) return false;
        return true;
      }
      case Operation::kLike: {
        // Every match starts with the pattern's literal prefix (as starts_with).
        std::optional<std::string_view> text = LiteralBytes(*v);
        if (!text) return true;
        LikePattern pattern(*text);
        std::string_view p = pattern.literal_prefix();
        std::optional<std::string_view> lo = min ? LiteralBytes(*min) : std::nullopt;
        std::optional<std::string_view> hi = max ? LiteralBytes(*max) : std::nullopt;
        if (lo && lo->substr(0, p.size()) > p) return false;
        if (hi && hi->substr(0, p.size()) < p) return false;
        return true;
      }
      default:
        return true;
    }
  }

  int64_t rows_;
  const BoundsProvider& bounds_;
};

}  // namespace

std::optional<int> CompareValues(const columnar::DataType& type, const Literal& a,
                                 const Literal& b) {
  if (a.is_null() || b.is_null()) return std::nullopt;
  if (a.holds<bool>() && b.holds<bool>()) return Order(a.get<bool>(), b.get<bool>());
  if (auto x = IntOf(a), y = IntOf(b); x && y) {
    if (type.id() == TypeId::kUInt64) {
      return Order(static_cast<uint64_t>(*x), static_cast<uint64_t>(*y));
    }
    return Order(*x, *y);
  }
  if (auto x = FloatOf(a), y = FloatOf(b); x && y) {
    if (std::isnan(*x) || std::isnan(*y)) return std::nullopt;
    return Order(*x, *y);
  }
  if (a.holds<spec::Decimal>() && b.holds<spec::Decimal>()) {
    const auto& x = a.get<spec::Decimal>();
    const auto& y = b.get<spec::Decimal>();
    if (x.scale != y.scale) return std::nullopt;
    return Order(x.unscaled, y.unscaled);
  }
  if (auto x = LiteralBytes(a), y = LiteralBytes(b); x && y) {
    int c = x->compare(*y);  // char_traits<char> compares as unsigned bytes
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return std::nullopt;
}

std::optional<std::string_view> LiteralBytes(const spec::Literal& v) {
  if (v.holds<std::string>()) return std::string_view(v.get<std::string>());
  if (v.holds<spec::Bytes>()) {
    const auto& d = v.get<spec::Bytes>().data;
    return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
  }
  if (v.holds<Uuid>()) {
    const auto& b = v.get<Uuid>().bytes;
    return std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
  }
  return std::nullopt;
}

bool MightMatch(const BoundExpression& expr, int64_t row_count, const BoundsProvider& bounds) {
  if (row_count == 0) return false;
  return Evaluator(row_count, bounds).Eval(RewriteNot(expr));
}

}  // namespace floe::expr
