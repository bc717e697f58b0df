// Binding expressions: a syntax tree expression (syntax/ast.h) → a typed physical expression
// (exec/physical_expr.h) over the columns in scope. Names resolve as Spark resolves them:
// `col`, `t.col` (t a table alias or name in FROM), then `.field` into structs, ignoring ASCII
// case; a name found in two tables is ambiguous. Operators and functions go through
// exec/functions.h, with the implicit casts it asks for; literals take Spark's types (123 int,
// 1.50 decimal(3,2), 1e3 double, DATE '…' date, TIMESTAMP '…' timestamp in the session zone).
//
// Errors point at the expression: `line 1, column 8: no column "regoin" (columns: a, b)`.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "floe/sql/exec/cast.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/physical_expr.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

// One column a name can reach: the relation's qualifier (alias or table name; empty for none),
// its name and type; its position is the column's index in the batches.
struct ScopeColumn {
  std::string qualifier;
  std::string name;
  columnar::DataTypePtr type;
  // The other side's key of a JOIN … USING: reached only as `t.col`, never by a plain name
  // (which means the one merged key column) nor by `*`.
  bool qualified_only = false;
};

struct Scope {
  std::vector<ScopeColumn> columns;
  // Columns of the relations in FROM that the query does not use (a table scan reads only the
  // ones it names): listed in "no column" errors with the others.
  std::vector<std::string> unread;
};

class ExpressionBinder {
 public:
  // `replace` (optional) is tried on every sub-expression first: aggregated queries map group
  // keys and aggregate calls to the aggregate's output columns with it. Returning nullopt falls
  // through to normal binding; an error stops binding.
  using Replacer = std::function<std::optional<Result<PhysicalExprPtr>>(const syntax::Expr&)>;

  ExpressionBinder(const Scope& scope, EvalContextPtr context, Replacer replace = nullptr)
      : scope_(scope), context_(std::move(context)), replace_(std::move(replace)) {}

  Result<PhysicalExprPtr> Bind(const syntax::Expr& expr) const;

  // The scope column a name refers to, with the nested field path after it; nullopt when no
  // column has that name (an error for ambiguity).
  struct ResolvedName {
    int column = -1;
    std::vector<std::string> fields;  // nested fields after the column
  };
  Result<std::optional<ResolvedName>> Resolve(const syntax::QualifiedName& name) const;

  // A function call with the implicit casts BindFunction asks for.
  Result<PhysicalExprPtr> Call(std::string_view name, std::vector<PhysicalExprPtr> args) const;
  // `expr` cast to `type` (itself when already of that type): CAST (cast.h), or with `try_cast`
  // TRY_CAST, which gives NULL for a number out of the type's range (store_assignment.h).
  Result<PhysicalExprPtr> CastTo(PhysicalExprPtr expr, const columnar::DataTypePtr& type,
                                 bool try_cast = false) const;

 private:
  Result<PhysicalExprPtr> BindNode(const syntax::Expr& expr) const;
  Result<PhysicalExprPtr> BindLiteral(const syntax::Literal& literal,
                                      syntax::SourcePosition pos) const;
  Result<PhysicalExprPtr> BindColumn(const syntax::ColumnRef& ref,
                                     syntax::SourcePosition pos) const;
  // `bound` (bound from `written`) as Spark types an integer literal beside a decimal `other`.
  Result<PhysicalExprPtr> LiteralBesideDecimal(const syntax::Expr& written, PhysicalExprPtr bound,
                                               const PhysicalExprPtr& other) const;
  // round(x, d): d must be constant (Spark: foldable) and is read before binding.
  Result<PhysicalExprPtr> RoundCall(std::vector<PhysicalExprPtr> args) const;
  Result<PhysicalExprPtr> VariantGetCall(const std::string& name,
                                         std::vector<PhysicalExprPtr> args) const;
  // struct(a, b, …) and named_struct('x', a, …): the field names come from the call's syntax.
  Result<PhysicalExprPtr> StructCall(const std::string& name, const syntax::FunctionCall& call,
                                     std::vector<PhysicalExprPtr> args) const;
  // The call `binding` describes, its arguments cast as it asks; folded when all are literals.
  Result<PhysicalExprPtr> ApplyBinding(std::string_view name, FunctionBinding binding,
                                       std::vector<PhysicalExprPtr> args) const;

  const Scope& scope_;
  EvalContextPtr context_;
  Replacer replace_;
};

// An error located at `pos`: "line 1, column 8: <message>" (the kind kept).
Error AtPosition(syntax::SourcePosition pos, Error error);

// Spark's output column name for a select item without alias: the column's own name for a plain
// reference, else the expression's text (`sum(amount)`, `(a + 1)`, `count(1)` for count(*)).
std::string ColumnNameFor(const syntax::Expr& expr);

// The value of a constant expression (literals and functions of them; no columns).
Result<Scalar> EvaluateConstantSyntax(const syntax::Expr& expr, const EvalContextPtr& context,
                                      columnar::DataTypePtr* type = nullptr);

// Whether an expression contains an aggregate call (not looking into subqueries).
bool ContainsAggregate(const syntax::Expr& expr);

}  // namespace floe::sql
