#include "floe/sql/expression_binder.h"

#include <fmt/format.h>

#include <cstdlib>

#include "floe/expr/syntax/expression_parser.h"
#include "floe/spec/single_value.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/sql/exec/store_assignment.h"
#include "floe/sql/exec/variant_functions.h"
#include "floe/sql/type_syntax.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;
using syntax::Expr;
using syntax::ExprKind;

Error AtPosition(syntax::SourcePosition pos, Error error) {
  if (error.message.starts_with("line ")) return error;
  error.message = syntax::FormatPosition(pos) + ": " + error.message;
  return error;
}

std::string ColumnNameFor(const Expr& expr) {
  // Spark's generated names: string literals without quotes, other literals as written
  // (DATE '2026-03-05'), operators parenthesized, functions as name(args).
  if (const auto* lit = expr.As<syntax::Literal>()) {
    if (lit->kind == syntax::LiteralKind::kString) return lit->text;
    if (lit->kind == syntax::LiteralKind::kNull) return "NULL";
    return syntax::ToSql(expr);
  }
  if (const auto* ref = expr.As<syntax::ColumnRef>()) return ref->name.back();
  if (const auto* call = expr.As<syntax::FunctionCall>()) {
    if (call->star) {
      return AsciiLower(syntax::ToSql(call->name)) + "(1)" +
             (call->over ? " OVER (" + syntax::ToSql(*call->over) + ")" : "");
    }
    if (call->no_parentheses) return AsciiLower(syntax::ToSql(call->name)) + "()";
    std::string out = AsciiLower(syntax::ToSql(call->name)) + "(";
    if (call->distinct) out += "DISTINCT ";
    for (size_t i = 0; i < call->args.size(); ++i) {
      if (i > 0) out += ", ";
      out += ColumnNameFor(*call->args[i]);
    }
    out += ")";
    if (call->over) out += " OVER (" + syntax::ToSql(*call->over) + ")";
    return out;
  }
  if (const auto* cast = expr.As<syntax::CastExpr>()) {
    return fmt::format("CAST({} AS {})", ColumnNameFor(*cast->operand), syntax::ToSql(cast->type));
  }
  if (const auto* b = expr.As<syntax::BinaryExpr>()) {
    return fmt::format("({} {} {})", ColumnNameFor(*b->left), syntax::BinaryOpSymbol(b->op),
                       ColumnNameFor(*b->right));
  }
  if (const auto* u = expr.As<syntax::UnaryExpr>()) {
    switch (u->op) {
      case syntax::UnaryOp::kNegate:
        return "(- " + ColumnNameFor(*u->operand) + ")";
      case syntax::UnaryOp::kNot:
        return "(NOT " + ColumnNameFor(*u->operand) + ")";
      default:
        return syntax::ToSql(expr);
    }
  }
  if (const auto* is = expr.As<syntax::IsExpr>(); is && is->test == syntax::IsTest::kNull) {
    return "(" + ColumnNameFor(*is->operand) + (is->negated ? " IS NOT NULL)" : " IS NULL)");
  }
  if (const auto* s = expr.As<syntax::SubscriptExpr>()) {
    return ColumnNameFor(*s->base) + "[" + ColumnNameFor(*s->index) + "]";
  }
  if (const auto* access = expr.As<syntax::FieldAccess>()) return access->field;
  return syntax::ToSql(expr);
}

bool ContainsAggregate(const Expr& expr) {
  bool found = false;
  std::function<void(const Expr&)> walk = [&](const Expr& e) {
    if (found) return;
    std::visit(
        [&](const auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, syntax::FunctionCall>) {
            // sum(x) OVER (…) is a window function, not an aggregate; what it is computed from
            // may hold aggregates (rank() OVER (ORDER BY sum(x))).
            if (node.name.size() == 1 && IsAggregateFunction(node.name[0]) && !node.over) {
              found = true;
              return;
            }
            for (const auto& a : node.args) walk(*a);
            if (node.over) {
              for (const auto& p : node.over->partition_by) walk(*p);
              for (const auto& o : node.over->order_by) walk(*o.expr);
            }
          } else if constexpr (std::is_same_v<T, syntax::UnaryExpr>) {
            walk(*node.operand);
          } else if constexpr (std::is_same_v<T, syntax::BinaryExpr>) {
            walk(*node.left);
            walk(*node.right);
          } else if constexpr (std::is_same_v<T, syntax::IsExpr>) {
            walk(*node.operand);
            if (node.other) walk(*node.other);
          } else if constexpr (std::is_same_v<T, syntax::LikeExpr>) {
            walk(*node.operand);
            walk(*node.pattern);
          } else if constexpr (std::is_same_v<T, syntax::InExpr>) {
            walk(*node.operand);
            for (const auto& a : node.list) walk(*a);
          } else if constexpr (std::is_same_v<T, syntax::BetweenExpr>) {
            walk(*node.operand);
            walk(*node.low);
            walk(*node.high);
          } else if constexpr (std::is_same_v<T, syntax::CaseExpr>) {
            if (node.operand) walk(*node.operand);
            for (const auto& w : node.whens) {
              walk(*w.when);
              walk(*w.then);
            }
            if (node.else_result) walk(*node.else_result);
          } else if constexpr (std::is_same_v<T, syntax::CastExpr>) {
            walk(*node.operand);
          } else if constexpr (std::is_same_v<T, syntax::SubscriptExpr>) {
            walk(*node.base);
            walk(*node.index);
          } else if constexpr (std::is_same_v<T, syntax::FieldAccess>) {
            walk(*node.base);
          }
        },
        e.node);
  };
  walk(expr);
  return found;
}

Result<PhysicalExprPtr> ExpressionBinder::Bind(const Expr& expr) const {
  if (replace_) {
    if (auto replaced = replace_(expr)) return std::move(*replaced);
  }
  auto bound = BindNode(expr);
  if (!bound.ok()) return AtPosition(expr.pos, std::move(bound).error());
  return bound;
}

namespace {

// A call whose arguments are all literals, evaluated once at binding (`1 - discount` then casts
// the 1 once, not on every row). Nested results and failures stay calls (the error then comes
// from running the query, where it belongs).
PhysicalExprPtr FoldConstant(PhysicalExprPtr call, bool constant) {
  if (!constant || call->type()->is_nested()) return call;
  auto value = EvaluateConstant(*call);
  if (!value.ok()) return call;
  return MakeLiteralExpr(std::move(*value), call->type());
}

}  // namespace

Result<PhysicalExprPtr> ExpressionBinder::CastTo(PhysicalExprPtr expr, const DataTypePtr& type,
                                                 bool try_cast) const {
  if (SameType(*expr->type(), *type)) return expr;
  if (!CanCast(*expr->type(), *type)) {
    return InvalidArgument("cannot cast {} to {}", SparkTypeName(*expr->type()),
                           SparkTypeName(*type));
  }
  EvalContextPtr ctx = context_;
  DataTypePtr to = type;
  Kernel kernel = [ctx, to, try_cast](const std::vector<columnar::ArrayPtr>& args, int64_t) {
    return try_cast ? TryCastArray(args[0], to, *ctx) : CastArray(args[0], to, *ctx);
  };
  return FoldConstant(
      MakeCallExpr(try_cast ? "try_cast" : "cast", std::move(kernel), {std::move(expr)}, type),
      true);
}

Result<PhysicalExprPtr> ExpressionBinder::Call(std::string_view name,
                                               std::vector<PhysicalExprPtr> args) const {
  std::vector<DataTypePtr> types;
  for (const auto& a : args) types.push_back(a->type());
  FLOE_ASSIGN_OR_RETURN(FunctionBinding binding, BindFunction(name, types, context_));
  return ApplyBinding(name, std::move(binding), std::move(args));
}

Result<PhysicalExprPtr> ExpressionBinder::ApplyBinding(std::string_view name,
                                                       FunctionBinding binding,
                                                       std::vector<PhysicalExprPtr> args) const {
  if (binding.arg_types.size() != args.size()) {
    std::vector<DataTypePtr> types;
    for (const auto& a : args) types.push_back(a->type());
    return InvalidArgument("{}: wrong number of arguments", FunctionSignature(name, types));
  }
  for (size_t i = 0; i < args.size(); ++i) {
    auto cast = CastTo(args[i], binding.arg_types[i]);
    if (!cast.ok()) {
      return InvalidArgument("{}: argument {} ({}) cannot be cast to {}", name, i + 1,
                             SparkTypeName(*args[i]->type()), SparkTypeName(*binding.arg_types[i]));
    }
    args[i] = *cast;
  }
  bool constant = !args.empty();
  for (const auto& a : args) constant = constant && a->literal() != nullptr;
  return FoldConstant(MakeCallExpr(std::string(name), std::move(binding.kernel), std::move(args),
                                   binding.result_type),
                      constant);
}

Result<PhysicalExprPtr> ExpressionBinder::RoundCall(std::vector<PhysicalExprPtr> args) const {
  auto scale = CastTo(args[1], columnar::Int32());
  if (!scale.ok() || (*scale)->literal() == nullptr) {
    return InvalidArgument("round: the scale (argument 2, {}) must be a constant int",
                           SparkTypeName(*args[1]->type()));
  }
  const Scalar& d = *(*scale)->literal();
  FLOE_ASSIGN_OR_RETURN(
      FunctionBinding binding,
      BindRound(args[0]->type(), d.is_null() ? std::nullopt : std::optional<int64_t>(d.as_int())));
  return ApplyBinding("round", std::move(binding), {args[0]});
}

// variant_get(v, path [, type]): the path and the type name are constant strings (Spark's
// VariantGet requires them foldable); no type means variant.
Result<PhysicalExprPtr> ExpressionBinder::VariantGetCall(const std::string& name,
                                                         std::vector<PhysicalExprPtr> args) const {
  if (args.size() != 2 && args.size() != 3) {
    return InvalidArgument(
        "{} takes a variant, a path and optionally a type name, not {} arguments", name,
        args.size());
  }
  auto constant_string = [&](size_t i, std::string_view what) -> Result<std::string> {
    const Scalar* literal = args[i]->literal();
    if (literal == nullptr || literal->is_null() || args[i]->type()->id() != TypeId::kString) {
      return InvalidArgument("{}: the {} (argument {}) must be a constant string", name, what,
                             i + 1);
    }
    return literal->as_string();
  };
  FLOE_ASSIGN_OR_RETURN(std::string path, constant_string(1, "path"));
  DataTypePtr target = columnar::Variant();
  DataTypePtr range_type;
  if (args.size() == 3) {
    FLOE_ASSIGN_OR_RETURN(std::string type_text, constant_string(2, "type"));
    auto type = expr::syntax::ParseType(type_text);
    if (!type.ok())
      return InvalidArgument("{}: type '{}': {}", name, type_text, type.error().message);
    FLOE_ASSIGN_OR_RETURN(target, TypeFromSyntax(*type));
    if (type->kind == syntax::TypeKind::kTinyInt) range_type = columnar::Int8();
    if (type->kind == syntax::TypeKind::kSmallInt) range_type = columnar::Int16();
  }
  FLOE_ASSIGN_OR_RETURN(
      FunctionBinding binding,
      BindVariantGet(args[0]->type(), path, target, name == "try_variant_get", range_type));
  return ApplyBinding(name, std::move(binding), {args[0]});
}

// Spark's names (CreateStruct, CreateNamedStruct): struct() names a field after its argument
// when that is a column (`struct(c1, t.c2, s.f)` → c1, c2, f) and colN otherwise;
// named_struct's names are constant strings at the odd positions.
Result<PhysicalExprPtr> ExpressionBinder::StructCall(const std::string& name,
                                                     const syntax::FunctionCall& call,
                                                     std::vector<PhysicalExprPtr> args) const {
  std::vector<std::string> names;
  std::vector<PhysicalExprPtr> values;
  if (name == "named_struct") {
    if (args.empty() || args.size() % 2 != 0) {
      return InvalidArgument("named_struct takes names and values in pairs, not {} arguments",
                             args.size());
    }
    for (size_t i = 0; i < args.size(); i += 2) {
      const Scalar* literal = args[i]->literal();
      if (literal == nullptr || literal->is_null() || args[i]->type()->id() != TypeId::kString) {
        return InvalidArgument(
            "named_struct: argument {} ({}) names field {}: it must be a constant string", i + 1,
            syntax::ToSql(*call.args[i]), i / 2 + 1);
      }
      names.push_back(literal->as_string());
      values.push_back(std::move(args[i + 1]));
    }
  } else {
    for (size_t i = 0; i < args.size(); ++i) {
      std::string field = fmt::format("col{}", i + 1);
      if (const auto* ref = call.args[i]->As<syntax::ColumnRef>()) {
        // A column keeps its own name; a nested field the name as written.
        FLOE_ASSIGN_OR_RETURN(std::optional<ResolvedName> resolved, Resolve(ref->name));
        if (resolved) {
          field = resolved->fields.empty()
                      ? scope_.columns[static_cast<size_t>(resolved->column)].name
                      : resolved->fields.back();
        }
      }
      names.push_back(std::move(field));
    }
    values = std::move(args);
  }
  std::vector<DataTypePtr> types;
  for (const auto& v : values) types.push_back(v->type());
  auto binding = BindStructConstructor(names, types);
  if (!binding.ok()) return InvalidArgument("{}: {}", name, binding.error().message);
  return ApplyBinding(name, std::move(*binding), std::move(values));
}

Result<std::optional<ExpressionBinder::ResolvedName>> ExpressionBinder::Resolve(
    const syntax::QualifiedName& name) const {
  auto find = [&](std::string_view qualifier, std::string_view column) -> Result<int> {
    int found = -1;
    for (size_t i = 0; i < scope_.columns.size(); ++i) {
      const ScopeColumn& c = scope_.columns[i];
      if (!AsciiEqualsIgnoreCase(c.name, column)) continue;
      if (qualifier.empty() && c.qualified_only) continue;
      if (!qualifier.empty() && !AsciiEqualsIgnoreCase(c.qualifier, qualifier)) continue;
      if (found >= 0) {
        return InvalidArgument("column \"{}\" is ambiguous: give its table ({}.{} or {}.{})",
                               column, scope_.columns[static_cast<size_t>(found)].qualifier, column,
                               c.qualifier, column);
      }
      found = static_cast<int>(i);
    }
    return found;
  };
  if (name.size() >= 2) {
    FLOE_ASSIGN_OR_RETURN(int qualified, find(name[0], name[1]));
    if (qualified >= 0) {
      return std::optional<ResolvedName>(ResolvedName{qualified, {name.begin() + 2, name.end()}});
    }
  }
  FLOE_ASSIGN_OR_RETURN(int plain, find("", name[0]));
  if (plain >= 0)
    return std::optional<ResolvedName>(ResolvedName{plain, {name.begin() + 1, name.end()}});
  return std::optional<ResolvedName>();
}

Result<PhysicalExprPtr> ExpressionBinder::BindColumn(const syntax::ColumnRef& ref,
                                                     syntax::SourcePosition) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<ResolvedName> resolved, Resolve(ref.name));
  if (!resolved) {
    std::string names;
    for (const auto& c : scope_.columns) {
      if (!names.empty()) names += ", ";
      names += c.qualifier.empty() ? c.name : c.qualifier + "." + c.name;
    }
    for (const auto& c : scope_.unread) names += (names.empty() ? "" : ", ") + c;
    return InvalidArgument("no column {} (columns: {})", syntax::ToSql(ref.name),
                           names.empty() ? "none" : names);
  }
  const ScopeColumn& column = scope_.columns[static_cast<size_t>(resolved->column)];
  PhysicalExprPtr out = MakeColumnExpr(resolved->column, column.type);
  for (const std::string& field : resolved->fields) {
    const columnar::DataType& t = *out->type();
    if (t.is_variant()) {
      return InvalidArgument(
          "{} is a variant: read its field {} with variant_get({}, '$.{}', type)",
          syntax::ToSql(ref.name), field, syntax::ToSql(ref.name), field);
    }
    if (t.id() != TypeId::kStruct) {
      return InvalidArgument("{} is {}, not a struct: it has no field {}", syntax::ToSql(ref.name),
                             SparkTypeName(t), field);
    }
    int child = -1;
    for (int k = 0; k < t.num_children(); ++k) {
      if (AsciiEqualsIgnoreCase(t.child(k).name, field)) child = k;
    }
    if (child < 0)
      return InvalidArgument("{}: no field {} in {}", syntax::ToSql(ref.name), field,
                             SparkTypeName(t));
    out = MakeFieldExpr(out, child);
  }
  return out;
}

Result<PhysicalExprPtr> ExpressionBinder::BindLiteral(const syntax::Literal& lit,
                                                      syntax::SourcePosition) const {
  using syntax::LiteralKind;
  switch (lit.kind) {
    case LiteralKind::kNull:
      return MakeLiteralExpr(Scalar::Null(), columnar::Null());
    case LiteralKind::kBoolean:
      return MakeLiteralExpr(Scalar::Bool(lit.bool_value), columnar::Boolean());
    case LiteralKind::kInteger:
    case LiteralKind::kTinyInt:
    case LiteralKind::kSmallInt:
    case LiteralKind::kBigInt: {
      if (!lit.int_value) {
        if (lit.kind != LiteralKind::kInteger)
          return InvalidArgument("{} is out of range", lit.text);
        // Too big for bigint: a decimal(p, 0).
        std::string digits = lit.text;
        size_t p = digits.size() - (digits[0] == '-' ? 1 : 0);
        if (p > 38) return InvalidArgument("{} has more than 38 digits", lit.text);
        FLOE_ASSIGN_OR_RETURN(__int128 v, spec::ParseDecimal(digits, 0));
        return MakeLiteralExpr(Scalar::Decimal(v), columnar::Decimal128(static_cast<int>(p), 0));
      }
      int64_t v = *lit.int_value;
      bool fits_int = v >= INT32_MIN && v <= INT32_MAX;
      if (lit.kind == LiteralKind::kBigInt || (lit.kind == LiteralKind::kInteger && !fits_int)) {
        return MakeLiteralExpr(Scalar::Int(v), columnar::Int64());
      }
      if (!fits_int) return InvalidArgument("{} is out of range", lit.text);
      return MakeLiteralExpr(Scalar::Int(v), columnar::Int32());
    }
    case LiteralKind::kDecimal: {
      std::string text = lit.text;
      bool negative = !text.empty() && text[0] == '-';
      std::string body = negative ? text.substr(1) : text;
      size_t dot = body.find('.');
      int scale = dot == std::string::npos ? 0 : static_cast<int>(body.size() - dot - 1);
      std::string digits;
      for (char c : body) {
        if (c != '.') digits.push_back(c);
      }
      while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
      int precision = std::max(static_cast<int>(digits.size()), scale);
      if (precision > 38) {
        // Spark reads such a literal as a double.
        return MakeLiteralExpr(Scalar::Double(std::strtod(text.c_str(), nullptr)),
                               columnar::Float64());
      }
      FLOE_ASSIGN_OR_RETURN(__int128 v, spec::ParseDecimal(text, scale));
      return MakeLiteralExpr(Scalar::Decimal(v),
                             columnar::Decimal128(std::max(precision, 1), scale));
    }
    case LiteralKind::kFloat:
      return MakeLiteralExpr(
          Scalar::Double(static_cast<float>(std::strtod(lit.text.c_str(), nullptr))),
          columnar::Float32());
    case LiteralKind::kDouble:
      return MakeLiteralExpr(Scalar::Double(std::strtod(lit.text.c_str(), nullptr)),
                             columnar::Float64());
    case LiteralKind::kString:
      return MakeLiteralExpr(Scalar::String(lit.text), columnar::Utf8());
    case LiteralKind::kBinary:
      return MakeLiteralExpr(Scalar::String(lit.text), columnar::Binary());
    case LiteralKind::kDate: {
      auto d = ParseDate(lit.text);
      if (!d) return InvalidArgument("DATE '{}': not a date (yyyy-mm-dd)", lit.text);
      return MakeLiteralExpr(Scalar::Int(*d), columnar::Date32());
    }
    case LiteralKind::kTime: {
      auto nanos = ParseTimeNanos(lit.text);
      if (!nanos) return InvalidArgument("TIME '{}': not a time (hh:mm:ss[.ffffff])", lit.text);
      return MakeLiteralExpr(Scalar::Int(*nanos / 1000),
                             columnar::Time64(columnar::TimeUnit::kMicro));
    }
    case LiteralKind::kTimestamp:
    case LiteralKind::kTimestampTz:
    case LiteralKind::kTimestampNtz: {
      bool ntz = lit.kind == LiteralKind::kTimestampNtz;
      auto ts = ParseTimestamp(lit.text);
      if (!ts)
        return InvalidArgument("{} '{}': not a timestamp", ntz ? "TIMESTAMP_NTZ" : "TIMESTAMP",
                               lit.text);
      if (ntz) {
        if (ts->has_offset)
          return InvalidArgument("TIMESTAMP_NTZ '{}' has a time zone offset", lit.text);
        return MakeLiteralExpr(Scalar::Int(ts->micros), TimestampNtzType());
      }
      // TIMESTAMP without an offset is in the session's zone; TIMESTAMPTZ in UTC.
      bool local = !ts->has_offset && lit.kind == LiteralKind::kTimestamp;
      int64_t micros = local ? context_->time_zone.ToUtc(ts->micros) : ts->micros;
      return MakeLiteralExpr(Scalar::Int(micros), TimestampType());
    }
  }
  return Internal("unknown literal");
}

namespace {

const char* BinaryFunctionName(syntax::BinaryOp op) {
  using syntax::BinaryOp;
  switch (op) {
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSubtract:
      return "-";
    case BinaryOp::kMultiply:
      return "*";
    case BinaryOp::kDivide:
      return "/";
    case BinaryOp::kIntDivide:
      return "div";
    case BinaryOp::kModulo:
      return "%";
    case BinaryOp::kConcat:
      return "concat";
    case BinaryOp::kEq:
      return "=";
    case BinaryOp::kNotEq:
      return "!=";
    case BinaryOp::kLt:
      return "<";
    case BinaryOp::kLtEq:
      return "<=";
    case BinaryOp::kGt:
      return ">";
    case BinaryOp::kGtEq:
      return ">=";
    case BinaryOp::kNullSafeEq:
      return "<=>";
    case BinaryOp::kAnd:
      return "and";
    case BinaryOp::kOr:
      return "or";
    default:
      return nullptr;
  }
}

}  // namespace

// Spark's DecimalPrecision (spark.sql.legacy.literal.pickMinimumPrecision, default true): an
// integer literal beside a decimal in a binary operator is a decimal of just its digits (3 is
// decimal(1,0), not int's decimal(10,0)), so `1.00 / 3` is decimal(7,6) = 0.333333. A tinyint
// literal (3Y) takes tinyint's decimal(3,0) (DataTypeUtils.fromLiteral).
Result<PhysicalExprPtr> ExpressionBinder::LiteralBesideDecimal(const Expr& written,
                                                               PhysicalExprPtr bound,
                                                               const PhysicalExprPtr& other) const {
  const auto* lit = written.As<syntax::Literal>();
  if (lit == nullptr || !lit->int_value || !IsIntegral(*bound->type()) ||
      other->type()->id() != TypeId::kDecimal128) {
    return bound;
  }
  int digits = 1;
  if (lit->kind == syntax::LiteralKind::kTinyInt) {
    digits = 3;
  } else {
    const int64_t v = *lit->int_value;
    uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    while (magnitude >= 10) {
      magnitude /= 10;
      ++digits;
    }
  }
  return CastTo(std::move(bound), columnar::Decimal128(digits, 0));
}

Result<PhysicalExprPtr> ExpressionBinder::BindNode(const Expr& expr) const {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      return BindLiteral(*expr.As<syntax::Literal>(), expr.pos);
    case ExprKind::kColumnRef:
      return BindColumn(*expr.As<syntax::ColumnRef>(), expr.pos);
    case ExprKind::kStar:
      return InvalidArgument("* is only allowed in a select list or count(*)");
    case ExprKind::kUnary: {
      const auto& u = *expr.As<syntax::UnaryExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*u.operand));
      switch (u.op) {
        case syntax::UnaryOp::kNegate:
          return Call("negate", {operand});
        case syntax::UnaryOp::kPlus:
          return Call("positive", {operand});
        case syntax::UnaryOp::kNot:
          return Call("not", {operand});
        case syntax::UnaryOp::kBitNot:
          return NotSupported("~ (bitwise not) is not supported");
      }
      break;
    }
    case ExprKind::kBinary: {
      const auto& b = *expr.As<syntax::BinaryExpr>();
      const char* name = BinaryFunctionName(b.op);
      if (!name) return NotSupported("operator {} is not supported", syntax::BinaryOpSymbol(b.op));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr left, Bind(*b.left));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr right, Bind(*b.right));
      if (b.op != syntax::BinaryOp::kConcat && b.op != syntax::BinaryOp::kAnd &&
          b.op != syntax::BinaryOp::kOr) {
        FLOE_ASSIGN_OR_RETURN(left, LiteralBesideDecimal(*b.left, left, right));
        FLOE_ASSIGN_OR_RETURN(right, LiteralBesideDecimal(*b.right, right, left));
      }
      return Call(name, {left, right});
    }
    case ExprKind::kIs: {
      const auto& is = *expr.As<syntax::IsExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*is.operand));
      switch (is.test) {
        case syntax::IsTest::kNull:
          return Call(is.negated ? "is_not_null" : "is_null", {operand});
        case syntax::IsTest::kTrue:
          return Call(is.negated ? "is_not_true" : "is_true", {operand});
        case syntax::IsTest::kFalse:
          return Call(is.negated ? "is_not_false" : "is_false", {operand});
        case syntax::IsTest::kNan:
          return Call(is.negated ? "is_not_nan" : "is_nan", {operand});
        case syntax::IsTest::kDistinctFrom: {
          FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr other, Bind(*is.other));
          FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr same, Call("<=>", {operand, other}));
          return is.negated ? same : Call("not", {same});
        }
      }
      break;
    }
    case ExprKind::kLike: {
      const auto& like = *expr.As<syntax::LikeExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*like.operand));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr pattern, Bind(*like.pattern));
      std::vector<PhysicalExprPtr> args{operand, pattern};
      const char* name = like.kind == syntax::LikeKind::kLike    ? "like"
                         : like.kind == syntax::LikeKind::kILike ? "ilike"
                                                                 : "rlike";
      if (like.escape)
        args.push_back(MakeLiteralExpr(Scalar::String(*like.escape), columnar::Utf8()));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr out, Call(name, std::move(args)));
      return like.negated ? Call("not", {out}) : out;
    }
    case ExprKind::kIn: {
      const auto& in = *expr.As<syntax::InExpr>();
      std::vector<PhysicalExprPtr> args;
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*in.operand));
      args.push_back(operand);
      for (const auto& item : in.list) {
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr v, Bind(*item));
        args.push_back(v);
      }
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr out, Call("in", std::move(args)));
      return in.negated ? Call("not", {out}) : out;
    }
    case ExprKind::kBetween: {
      const auto& between = *expr.As<syntax::BetweenExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*between.operand));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr low, Bind(*between.low));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr high, Bind(*between.high));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr ge, Call(">=", {operand, low}));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr le, Call("<=", {operand, high}));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr both, Call("and", {ge, le}));
      return between.negated ? Call("not", {both}) : both;
    }
    case ExprKind::kCase: {
      const auto& c = *expr.As<syntax::CaseExpr>();
      std::vector<PhysicalExprPtr> args;
      PhysicalExprPtr operand;
      if (c.operand) {
        FLOE_ASSIGN_OR_RETURN(operand, Bind(*c.operand));
      }
      for (const auto& w : c.whens) {
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr when, Bind(*w.when));
        if (operand) {
          FLOE_ASSIGN_OR_RETURN(when, Call("=", {operand, when}));
        }
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr then, Bind(*w.then));
        args.push_back(when);
        args.push_back(then);
      }
      if (c.else_result) {
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr otherwise, Bind(*c.else_result));
        args.push_back(otherwise);
      }
      return Call("case", std::move(args));
    }
    case ExprKind::kCast: {
      const auto& cast = *expr.As<syntax::CastExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr operand, Bind(*cast.operand));
      FLOE_ASSIGN_OR_RETURN(DataTypePtr type, TypeFromSyntax(cast.type));
      return CastTo(operand, type, cast.try_cast);
    }
    case ExprKind::kFunctionCall: {
      const auto& call = *expr.As<syntax::FunctionCall>();
      // One-part names as written: rlike and left are functions though RLIKE and LEFT are
      // keywords (ToSql would quote them).
      std::string name =
          AsciiLower(call.name.size() == 1 ? call.name[0] : syntax::ToSql(call.name));
      if (call.no_parentheses) {
        // current_date etc. unless a column has that name.
        syntax::QualifiedName as_name = call.name;
        FLOE_ASSIGN_OR_RETURN(auto column, Resolve(as_name));
        if (column) return BindColumn(syntax::ColumnRef{as_name}, expr.pos);
      }
      if (call.over) {
        return InvalidArgument(
            "window function {} is not allowed here (only in the select list or ORDER BY of a "
            "query; not in WHERE, GROUP BY, HAVING, JOIN … ON or inside another window function)",
            syntax::ToSql(expr));
      }
      if (IsAggregateFunction(name)) {
        return InvalidArgument(
            "aggregate {} is not allowed here (only in the select list, HAVING or "
            "ORDER BY of a query)",
            ColumnNameFor(expr));
      }
      if (call.star) return InvalidArgument("{}(*) is not a function call", name);
      if (call.distinct) return InvalidArgument("DISTINCT is only for aggregates, not {}", name);
      std::vector<PhysicalExprPtr> args;
      for (const auto& a : call.args) {
        auto v = Bind(*a);
        // An unknown function is the error to report, not its arguments' (median(amount) in a
        // GROUP BY query would say amount is not grouped).
        if (!v.ok() && !IsKnownFunctionName(name)) return UnknownFunction(name, name);
        if (!v.ok()) return std::move(v).error();
        args.push_back(std::move(*v));
      }
      if (name == "round" && args.size() == 2) return RoundCall(std::move(args));
      if (name == "variant_get" || name == "try_variant_get") {
        return VariantGetCall(name, std::move(args));
      }
      if (name == "struct" || name == "named_struct")
        return StructCall(name, call, std::move(args));
      return Call(name, std::move(args));
    }
    case ExprKind::kSubscript: {
      const auto& s = *expr.As<syntax::SubscriptExpr>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr base, Bind(*s.base));
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr index, Bind(*s.index));
      return Call("subscript", {base, index});
    }
    case ExprKind::kFieldAccess: {
      const auto& f = *expr.As<syntax::FieldAccess>();
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr base, Bind(*f.base));
      const columnar::DataType& t = *base->type();
      if (t.id() != TypeId::kStruct || t.is_variant())
        return InvalidArgument("{} is not a struct: no field {}", SparkTypeName(t), f.field);
      for (int k = 0; k < t.num_children(); ++k) {
        if (AsciiEqualsIgnoreCase(t.child(k).name, f.field)) return MakeFieldExpr(base, k);
      }
      return InvalidArgument("no field {} in {}", f.field, SparkTypeName(t));
    }
  }
  return Internal("unknown expression");
}

Result<Scalar> EvaluateConstantSyntax(const Expr& expr, const EvalContextPtr& context,
                                      DataTypePtr* type) {
  Scope empty;
  ExpressionBinder binder(empty, context);
  FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr bound, binder.Bind(expr));
  if (type) *type = bound->type();
  return EvaluateConstant(*bound);
}

}  // namespace floe::sql
