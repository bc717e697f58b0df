#include "floe/sql/generator_binding.h"

#include <fmt/format.h>

#include "floe/sql/exec/sql_type.h"
#include "floe/sql/syntax_walk.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using syntax::Expr;

namespace {

// The generator call `e` is, or null.
const syntax::FunctionCall* AsGeneratorCall(const Expr& e) {
  const auto* call = e.As<syntax::FunctionCall>();
  if (call == nullptr || call->name.size() != 1 || !IsGeneratorFunction(call->name[0]))
    return nullptr;
  return call;
}

// The first generator call inside `root`, or null.
const Expr* FirstGeneratorIn(const Expr& root) {
  const Expr* found = nullptr;
  VisitExpressions(root, [&](const Expr& e) {
    if (found == nullptr && AsGeneratorCall(e) != nullptr) found = &e;
  });
  return found;
}

Error GeneratorOutsideSelect(const Expr& generator, std::string_view clause) {
  return AtPosition(
      generator.pos,
      InvalidArgument("the generator {} is not supported in {}, only in the select list",
                      syntax::ToSql(generator), clause));
}

}  // namespace

bool IsGeneratorFunction(std::string_view name) {
  std::string n = AsciiLower(name);
  return n == "explode" || n == "explode_outer" || n == "posexplode" || n == "posexplode_outer";
}

Result<std::optional<size_t>> FindGenerator(const syntax::Select& select,
                                            const std::vector<syntax::OrderItem>& order_by) {
  std::optional<size_t> found;
  for (size_t i = 0; i < select.items.size(); ++i) {
    const Expr& item = *select.items[i].expr;
    const Expr* generator = FirstGeneratorIn(item);
    if (generator == nullptr) continue;
    if (generator != &item) {
      return AtPosition(
          generator->pos,
          InvalidArgument("the generator {} is not supported nested in the expression {}",
                          syntax::ToSql(*generator), syntax::ToSql(item)));
    }
    for (const auto& arg : AsGeneratorCall(item)->args) {
      if (const Expr* inner = FirstGeneratorIn(*arg)) {
        return AtPosition(
            inner->pos,
            InvalidArgument("the generator {} is not supported nested in the expression {}",
                            syntax::ToSql(*inner), syntax::ToSql(item)));
      }
    }
    if (found) {
      return AtPosition(
          item.pos,
          InvalidArgument("only one generator is allowed per SELECT, found {} and {}",
                          syntax::ToSql(*select.items[*found].expr), syntax::ToSql(item)));
    }
    found = i;
  }
  if (select.where) {
    if (const Expr* g = FirstGeneratorIn(*select.where)) return GeneratorOutsideSelect(*g, "WHERE");
  }
  for (const auto& key : select.group_by) {
    if (const Expr* g = FirstGeneratorIn(*key)) return GeneratorOutsideSelect(*g, "GROUP BY");
  }
  if (select.having) {
    if (const Expr* g = FirstGeneratorIn(*select.having))
      return GeneratorOutsideSelect(*g, "HAVING");
  }
  for (const auto& o : order_by) {
    if (const Expr* g = FirstGeneratorIn(*o.expr)) return GeneratorOutsideSelect(*g, "ORDER BY");
  }
  return found;
}

Result<GeneratorSpec> BindGenerator(const syntax::SelectItem& item,
                                    const ExpressionBinder& binder) {
  const syntax::FunctionCall& call = *AsGeneratorCall(*item.expr);
  std::string name = AsciiLower(call.name[0]);
  auto located = [&](Error e) { return AtPosition(item.expr->pos, std::move(e)); };
  if (call.args.size() != 1 || call.star || call.distinct) {
    return located(InvalidArgument("{} takes one array or map", name));
  }
  GeneratorSpec spec;
  FLOE_ASSIGN_OR_RETURN(spec.container, binder.Bind(*call.args[0]));
  spec.with_position = name.starts_with("posexplode");
  spec.outer = name.ends_with("_outer");
  spec.description = syntax::ToSql(*item.expr);
  const columnar::DataType& type = *spec.container->type();
  if (type.id() != columnar::TypeId::kList && type.id() != columnar::TypeId::kMap) {
    return located(InvalidArgument("{} takes an array or a map, not {} ({})", name,
                                   SparkTypeName(type), syntax::ToSql(*call.args[0])));
  }
  if (spec.with_position) spec.names.push_back("pos");
  if (type.id() == columnar::TypeId::kList) {
    spec.names.push_back("col");
  } else {
    spec.names.push_back("key");
    spec.names.push_back("value");
  }
  std::vector<std::string> aliases = item.aliases;
  if (item.alias) aliases.push_back(*item.alias);
  if (!aliases.empty()) {
    if (aliases.size() != spec.names.size()) {
      std::string expected;
      for (const auto& n : spec.names) expected += (expected.empty() ? "" : ", ") + n;
      return located(InvalidArgument("{} makes {} columns ({}) but AS names {}", spec.description,
                                     spec.names.size(), expected, aliases.size()));
    }
    spec.names = std::move(aliases);
  }
  return spec;
}

}  // namespace floe::sql
