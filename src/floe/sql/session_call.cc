// CALL [catalog.]system.<name>(…): the procedure found, its arguments bound by name or position and
// evaluated as constants (map(…) and array(…) element by element), its rows printed as a query's.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "floe/columnar/array_builder.h"
#include "floe/expr/syntax/expression_parser.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/procedures.h"
#include "floe/sql/session.h"
#include "floe/util/ascii.h"
#include "floe/util/suggest.h"

namespace floe::sql {

namespace {

// A constant argument; map(…) and array(…) are taken apart, since nested values are not Scalars.
Result<ProcedureValue> EvaluateArgument(const syntax::Expr& expr, const EvalContextPtr& context) {
  ProcedureValue out;
  const auto* call = expr.As<syntax::FunctionCall>();
  if (call && call->name.size() == 1 &&
      (AsciiEqualsIgnoreCase(call->name[0], "map") ||
       AsciiEqualsIgnoreCase(call->name[0], "array"))) {
    const bool map = AsciiEqualsIgnoreCase(call->name[0], "map");
    if (map && call->args.size() % 2 != 0) {
      return AtPosition(expr.pos, InvalidArgument("map(…) needs key, value pairs"));
    }
    std::vector<Scalar> values;
    for (const auto& arg : call->args) {
      FLOE_ASSIGN_OR_RETURN(Scalar v, EvaluateConstantSyntax(*arg, context));
      values.push_back(std::move(v));
    }
    if (map) {
      out.kind = ProcedureValue::Kind::kMap;
      for (size_t i = 0; i < values.size(); i += 2)
        out.entries.emplace_back(values[i], values[i + 1]);
    } else {
      out.kind = ProcedureValue::Kind::kArray;
      out.elements = std::move(values);
    }
    return out;
  }
  FLOE_ASSIGN_OR_RETURN(out.scalar, EvaluateConstantSyntax(expr, context, &out.type));
  return out;
}

Status EmitResult(const StatementOutput& output, const ProcedureResult& result) {
  std::vector<columnar::Field> fields;
  for (size_t i = 0; i < result.names.size(); ++i) {
    fields.emplace_back(result.names[i], result.types[i]);
  }
  auto schema = std::make_shared<columnar::Schema>(std::move(fields));
  if (output.on_schema) FLOE_RETURN_IF_ERROR(output.on_schema(schema));
  std::vector<columnar::ArrayPtr> columns;
  for (size_t c = 0; c < result.names.size(); ++c) {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(result.types[c]));
    for (const auto& row : result.rows) FLOE_RETURN_IF_ERROR(AppendScalar(*builder, row[c]));
    FLOE_ASSIGN_OR_RETURN(auto column, builder->Finish());
    columns.push_back(std::move(column));
  }
  FLOE_ASSIGN_OR_RETURN(
      auto batch, columnar::RecordBatch::Make(schema, static_cast<int64_t>(result.rows.size()),
                                              std::move(columns)));
  if (result.rows.empty() || !output.on_batch) return Ok();
  return output.on_batch(batch);
}

}  // namespace

Result<std::string> Session::Call(const syntax::Call& stmt, const StatementOutput& output) {
  // [catalog.]system.name, as Spark.
  const syntax::QualifiedName& parts = stmt.procedure;
  const bool catalog_named =
      parts.size() == 3 && options_.config && options_.config->catalogs.count(parts[0]);
  if (parts.size() < 2 || parts.size() > 3 || (parts.size() == 3 && !catalog_named) ||
      !AsciiEqualsIgnoreCase(parts[parts.size() - 2], "system")) {
    return InvalidArgument("CALL {}: procedures are called as [catalog.]system.<name>(…)",
                           fmt::join(parts, "."));
  }
  const std::string& name = parts.back();
  const Procedure* procedure = FindProcedure(name);
  if (procedure == nullptr) {
    return NotFound("unknown procedure system.{} (the procedures are {}){}", name,
                    fmt::join(ProcedureNames(), ", "), DidYouMean(name, ProcedureNames()));
  }
  std::vector<std::string> parameter_names;
  for (const auto& p : procedure->parameters) parameter_names.push_back(p.name);

  // Bind: by name (any order) or by position.
  std::map<std::string, ProcedureValue> values;
  for (size_t i = 0; i < stmt.args.size(); ++i) {
    const syntax::CallArgument& arg = stmt.args[i];
    std::string parameter;
    if (arg.name) {
      for (const auto& p : procedure->parameters) {
        if (AsciiEqualsIgnoreCase(p.name, *arg.name)) parameter = p.name;
      }
      if (parameter.empty()) {
        return AtPosition(
            arg.pos, InvalidArgument("{} has no argument {} (its arguments are {}){}",
                                     procedure->name, *arg.name, fmt::join(parameter_names, ", "),
                                     DidYouMean(*arg.name, parameter_names)));
      }
    } else {
      if (i >= procedure->parameters.size()) {
        return AtPosition(arg.pos, InvalidArgument("{} takes at most {} arguments ({})",
                                                   procedure->name, procedure->parameters.size(),
                                                   fmt::join(parameter_names, ", ")));
      }
      parameter = procedure->parameters[i].name;
    }
    if (values.count(parameter)) {
      return AtPosition(
          arg.pos, InvalidArgument("{}: argument {} is given twice", procedure->name, parameter));
    }
    auto value = EvaluateArgument(*arg.value, context_);
    if (!value.ok()) return AtPosition(arg.pos, std::move(value).error());
    values.emplace(parameter, std::move(*value));
  }
  for (const auto& p : procedure->parameters) {
    if (p.required && !values.count(p.name)) {
      return InvalidArgument("{}: argument {} is missing (arguments: {})", procedure->name, p.name,
                             fmt::join(parameter_names, ", "));
    }
  }

  // The procedure's catalog, and its table names resolved in it.
  std::string catalog_name;
  if (catalog_named) {
    catalog_name = parts[0];
  } else {
    FLOE_ASSIGN_OR_RETURN(catalog_name, DefaultCatalogName());
  }
  ProcedureContext context;
  FLOE_ASSIGN_OR_RETURN(context.catalog, OpenCatalog(catalog_name));
  context.resolve_table = [&](const std::string& text) -> Result<catalog::TableIdentifier> {
    auto parsed = expr::syntax::ParseExpression(text);
    const auto* column = parsed.ok() ? (*parsed)->As<syntax::ColumnRef>() : nullptr;
    if (column == nullptr) {
      return InvalidArgument("{}: table {}: not a table name (namespace.table)", procedure->name,
                             text);
    }
    syntax::QualifiedName qualified = column->name;
    if (!(qualified.size() >= 2 && options_.config->catalogs.count(qualified[0]))) {
      qualified.insert(qualified.begin(), catalog_name);
    }
    FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(qualified));
    if (ref.catalog != context.catalog) {
      return InvalidArgument("{}: table {} is in another catalog than the procedure's ({})",
                             procedure->name, text, catalog_name);
    }
    return ref.id;
  };
  FLOE_ASSIGN_OR_RETURN(ProcedureResult result,
                        procedure->run(context, ProcedureArguments(procedure->name, values)));
  FLOE_RETURN_IF_ERROR(EmitResult(output, result));
  return std::string();
}

}  // namespace floe::sql
