#include "floe/expr/binder.h"

#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "floe/expr/literal_conversion.h"
#include "floe/expr/variant_term.h"
#include "floe/util/ascii.h"
#include "floe/util/suggest.h"

namespace floe::expr {
namespace {

// A hash agreeing with Literal's ==, for dropping repeated IN values in linear time (an IN list
// of a million values binds in well under a second).
struct LiteralHash {
  size_t operator()(const spec::Literal& literal) const {
    size_t h = std::visit(
        [](const auto& v) -> size_t {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::monostate>) {
            return 0;
          } else if constexpr (std::is_same_v<T, spec::Decimal>) {
            auto u = static_cast<unsigned __int128>(v.unscaled);
            return std::hash<uint64_t>()(static_cast<uint64_t>(u) ^
                                         static_cast<uint64_t>(u >> 64) * 31) ^
                   static_cast<size_t>(v.scale);
          } else if constexpr (std::is_same_v<T, Uuid>) {
            return std::hash<std::string_view>()(
                std::string_view(reinterpret_cast<const char*>(v.bytes.data()), v.bytes.size()));
          } else if constexpr (std::is_same_v<T, spec::Bytes>) {
            return std::hash<std::string_view>()(
                std::string_view(reinterpret_cast<const char*>(v.data.data()), v.data.size()));
          } else {
            return std::hash<T>()(v);  // std::hash of +0.0 and -0.0 agree, as == does
          }
        },
        literal.value());
    return h * 11 + literal.value().index();
  }
};

using columnar::DataType;
using columnar::Field;
using columnar::TypeId;
using Position = ConvertedLiteral::Position;

std::string Quoted(std::string_view s) { return fmt::format("\"{}\"", s); }

Error UnknownField(const ColumnRef& column, size_t depth, const std::vector<Field>& fields) {
  std::string_view wanted = column.path[depth];
  std::vector<std::string> close;
  for (const Field& f : fields) {
    size_t limit = wanted.size() <= 3 ? 1 : 2;
    if (EditDistance(f.name, wanted) <= limit) close.push_back(Quoted(f.name));
  }
  std::string where;
  if (depth > 0) {
    ColumnRef parent{std::vector<std::string>(column.path.begin(),
                                              column.path.begin() + static_cast<long>(depth))};
    where = fmt::format(" (struct {} has no field {})", parent.ToString(), Quoted(wanted));
  }
  std::string hint;
  if (!close.empty()) {
    hint = fmt::format("; did you mean {}?", fmt::join(close, " or "));
  } else if (fields.size() <= 12) {
    std::vector<std::string> names;
    for (const Field& f : fields) names.push_back(Quoted(f.name));
    hint = fmt::format("; the {} are {}", depth > 0 ? "fields" : "columns", fmt::join(names, ", "));
  }
  return InvalidArgument("filter: no column {}{}{}", Quoted(column.ToString()), where, hint);
}

Result<int> FindField(const ColumnRef& column, size_t depth, const std::vector<Field>& fields,
                      const BindOptions& options) {
  std::string_view wanted = column.path[depth];
  int exact = -1;
  std::vector<int> folded;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == wanted && exact < 0) exact = static_cast<int>(i);
    if (!options.case_sensitive && AsciiEqualsIgnoreCase(fields[i].name, wanted)) {
      folded.push_back(static_cast<int>(i));
    }
  }
  if (exact >= 0) return exact;
  if (folded.size() == 1) return folded[0];
  if (folded.size() > 1) {
    return InvalidArgument(
        "filter: column {} is ambiguous: it matches {} and {} when case is "
        "ignored; bind case-sensitively",
        Quoted(column.ToString()), Quoted(fields[static_cast<size_t>(folded[0])].name),
        Quoted(fields[static_cast<size_t>(folded[1])].name));
  }
  return UnknownField(column, depth, fields);
}

// A predicate true for no non-null row / for every non-null row, in an ordered column.
BoundExpression Never(const BoundReference& ref, const ConvertedLiteral& c) {
  return BoundExpression::Predicate(Operation::kLt, ref, {c.min});
}
BoundExpression Always(const BoundReference& ref, const ConvertedLiteral& c) {
  return BoundExpression::Predicate(Operation::kGtEq, ref, {c.min});
}

BoundExpression BindComparison(Operation op, const BoundReference& ref, const ConvertedLiteral& c) {
  auto pred = [&](Operation o, const spec::Literal& v) {
    return BoundExpression::Predicate(o, ref, {v});
  };
  switch (c.position) {
    case Position::kNull:
    case Position::kExact:
      return pred(op, c.value);
    case Position::kBetween:  // value < literal < value + 1
      switch (op) {
        case Operation::kLt:
        case Operation::kLtEq:
          return pred(Operation::kLtEq, c.value);
        case Operation::kGt:
        case Operation::kGtEq:
          return pred(Operation::kGt, c.value);
        case Operation::kEq:
          return Never(ref, c);
        default:
          return Always(ref, c);
      }
    case Position::kAboveMax:
      if (op == Operation::kLt || op == Operation::kLtEq || op == Operation::kNotEq) {
        return pred(Operation::kLtEq, c.max);
      }
      return pred(Operation::kGt, c.max);
    case Position::kBelowMin:
      if (op == Operation::kGt || op == Operation::kGtEq || op == Operation::kNotEq) {
        return pred(Operation::kGtEq, c.min);
      }
      return pred(Operation::kLt, c.min);
  }
  return pred(op, c.value);
}

bool IsFloat(const DataType& t) { return t.id() == TypeId::kFloat32 || t.id() == TypeId::kFloat64; }

// A variant_get term: the variant column, and the type its values are cast to as `type`.
Result<BoundReference> BindVariantGet(const ColumnRef& term, const columnar::Schema& schema,
                                      const BindOptions& options) {
  FLOE_ASSIGN_OR_RETURN(BoundReference ref, BindReference(term, schema, options));
  if (!ref.type->is_variant()) {
    return InvalidArgument("filter: {}: column {} is {}, not a variant", term.ToString(),
                           ref.name(), ref.type->ToString());
  }
  FLOE_ASSIGN_OR_RETURN(columnar::variant::VariantGetSpec spec, VariantGetSpecOf(term));
  ref.column.variant_get = term.variant_get;
  ref.type = spec.target;
  ref.nullable = true;  // a missing path or a variant null is NULL
  return ref;
}

Result<BoundExpression> BindPredicate(const Expression& e, const columnar::Schema& schema,
                                      const BindOptions& options) {
  FLOE_ASSIGN_OR_RETURN(BoundReference ref, e.term().variant_get
                                                ? BindVariantGet(e.term(), schema, options)
                                                : BindReference(e.term(), schema, options));
  const DataType& t = *ref.type;
  std::string name = e.term().ToString();
  Operation op = e.op();
  if (op == Operation::kIsNull || op == Operation::kNotNull) {
    return BoundExpression::Predicate(op, std::move(ref));
  }
  if (op == Operation::kIsNan || op == Operation::kNotNan) {
    if (!IsFloat(t)) {
      return InvalidArgument("filter: IS NAN needs a float or double column; {} is {}", name,
                             t.ToString());
    }
    return BoundExpression::Predicate(op, std::move(ref));
  }
  if (op == Operation::kStartsWith || op == Operation::kNotStartsWith || op == Operation::kLike ||
      op == Operation::kNotLike) {
    if (!t.is_binary_like()) {
      return InvalidArgument("filter: {} needs a string or binary column; {} is {}",
                             OperationSymbol(op), name, t.ToString());
    }
  }
  std::vector<ConvertedLiteral> converted;
  for (const UnboundLiteral& v : e.values()) {
    FLOE_ASSIGN_OR_RETURN(ConvertedLiteral c, ConvertLiteral(v, t, name));
    if (IsFloat(t) && c.position == Position::kExact) {
      bool nan = c.value.holds<float>() ? std::isnan(c.value.get<float>())
                                        : std::isnan(c.value.get<double>());
      if (nan) {
        return InvalidArgument("filter: {} compared with NaN; use {} IS NAN", name, name);
      }
    }
    converted.push_back(std::move(c));
  }
  if (IsComparison(op) || op == Operation::kStartsWith || op == Operation::kNotStartsWith ||
      op == Operation::kLike || op == Operation::kNotLike) {
    if (converted.size() != 1) return Internal("filter: {} takes one value", OperationSymbol(op));
    return BindComparison(op, ref, converted[0]);
  }
  // [NOT] IN: values no row can equal are dropped.
  std::vector<spec::Literal> values;
  std::unordered_set<spec::Literal, LiteralHash> seen;
  for (const ConvertedLiteral& c : converted) {
    if (c.position == Position::kExact || c.position == Position::kNull) {
      if (seen.insert(c.value).second) values.push_back(c.value);
    }
  }
  if (values.empty()) {
    return op == Operation::kIn ? Never(ref, converted[0]) : Always(ref, converted[0]);
  }
  return BoundExpression::Predicate(op, std::move(ref), std::move(values));
}

}  // namespace

Result<BoundReference> BindReference(const ColumnRef& column, const columnar::Schema& schema,
                                     const BindOptions& options) {
  if (column.path.empty()) return InvalidArgument("filter: empty column name");
  BoundReference ref;
  ref.nullable = false;
  const std::vector<Field>* fields = &schema.fields();
  for (size_t depth = 0; depth < column.path.size(); ++depth) {
    if (depth > 0) {
      const DataType& parent = *ref.type;
      if (parent.id() != TypeId::kStruct) {
        return InvalidArgument(
            "filter: column {}: {} is {}, not a struct; filters reach "
            "fields of structs only",
            Quoted(column.ToString()), Quoted(ref.column.ToString()), parent.ToString());
      }
      fields = &parent.children();
    }
    FLOE_ASSIGN_OR_RETURN(int index, FindField(column, depth, *fields, options));
    const Field& f = (*fields)[static_cast<size_t>(index)];
    ref.path.push_back(index);
    ref.column.path.push_back(f.name);
    ref.type = f.type;
    ref.nullable = ref.nullable || f.nullable;
  }
  return ref;
}

Result<BoundExpression> Bind(const Expression& e, const columnar::Schema& schema,
                             const BindOptions& options) {
  switch (e.op()) {
    case Operation::kTrue:
      return BoundExpression::True();
    case Operation::kFalse:
      return BoundExpression::False();
    case Operation::kNot: {
      FLOE_ASSIGN_OR_RETURN(BoundExpression c, Bind(e.child(0), schema, options));
      return BoundExpression::Not(std::move(c));
    }
    case Operation::kAnd:
    case Operation::kOr: {
      FLOE_ASSIGN_OR_RETURN(BoundExpression a, Bind(e.child(0), schema, options));
      FLOE_ASSIGN_OR_RETURN(BoundExpression b, Bind(e.child(1), schema, options));
      return e.op() == Operation::kAnd ? BoundExpression::And(std::move(a), std::move(b))
                                       : BoundExpression::Or(std::move(a), std::move(b));
    }
    default:
      return BindPredicate(e, schema, options);
  }
}

}  // namespace floe::expr
