#include "floe/sql/query_binder.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "floe/columnar/array_builder.h"
#include "floe/scan/snapshot_selection.h"
#include "floe/sql/aggregate_binding.h"
#include "floe/sql/exec/aggregate_node.h"
#include "floe/sql/exec/file_scan_node.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/hash_join_node.h"
#include "floe/sql/exec/sort_node.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/file_patterns.h"
#include "floe/sql/filter_pushdown.h"
#include "floe/sql/generator_binding.h"
#include "floe/sql/syntax_walk.h"
#include "floe/sql/window_binding.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::RecordBatch;
using columnar::SchemaPtr;
using syntax::Expr;

namespace {

struct PendingJoin;

// A FROM item bound: its node (or a table scan or join still open to pushdown) and its columns.
struct BoundFrom {
  PlanNodePtr node;
  std::optional<TableScanSpec> pending_scan;
  std::optional<FileScanSpec> pending_file;  // read_parquet and the like, open to pushdown
  std::shared_ptr<PendingJoin> pending_join;
  std::shared_ptr<Scope> scope = std::make_shared<Scope>();
  // The full schema of a pending scan's table (pushdown binds against it).
  std::shared_ptr<Scope> table_scope;
  std::optional<spec::Schema> table_schema_storage;
  // Conjuncts pushed here: filters of the pending scan, and conjuncts evaluated over this
  // item's rows by a Filter node (bound against `scope`).
  std::vector<PushedFilter> pushed;
  std::vector<const Expr*> filters;
};

// A join whose inputs may still take conjuncts (WHERE conjuncts pushed down from above, ON
// conjuncts over one input): its node is made when the FROM item is finished.
struct PendingJoin {
  BoundFrom left, right;  // the hash join's inputs (swapped for a RIGHT JOIN)
  HashJoinType type = HashJoinType::kInner;
  std::vector<PhysicalExprPtr> left_keys, right_keys;
  PhysicalExprPtr residual;  // over the left columns, then the right ones
  // The output columns as positions in the joined columns (left then right): the order of the
  // item's scope. Empty: the joined columns as they are.
  std::vector<int> order;
};

// The names a query mentions, and its `*`s: a table scan reads only the columns named. A name's
// first part may be a column (or a struct column); `t.col…` names col of the table t.
struct NamedColumns {
  std::set<std::string> first_parts;
  std::set<std::pair<std::string, std::string>> qualified;
  std::set<std::string> star_qualifiers;  // `t.*`
  bool star = false;                      // `*`

  // Whether the query may name column `column` of the FROM item called `alias` (lower case).
  bool Reads(const std::string& alias, const std::string& column) const {
    return star || star_qualifiers.count(alias) || star_qualifiers.count(column) ||
           first_parts.count(column) || qualified.count({alias, column});
  }
};

// `parts[begin] AND ... AND parts[end - 1]` as a balanced tree: a WHERE or ON of thousands of
// conjuncts must not become a tree as deep as it is long (evaluation recurses).
Result<PhysicalExprPtr> BalancedAnd(const ExpressionBinder& binder,
                                    const std::vector<PhysicalExprPtr>& parts, size_t begin,
                                    size_t end) {
  if (end - begin == 1) return parts[begin];
  size_t mid = begin + (end - begin) / 2;
  FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr left, BalancedAnd(binder, parts, begin, mid));
  FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr right, BalancedAnd(binder, parts, mid, end));
  return binder.Call("and", {std::move(left), std::move(right)});
}

expr::Expression BalancedAnd(std::vector<expr::Expression>& parts, size_t begin, size_t end) {
  if (end - begin == 1) return std::move(parts[begin]);
  size_t mid = begin + (end - begin) / 2;
  expr::Expression left = BalancedAnd(parts, begin, mid);
  return expr::Expression::And(std::move(left), BalancedAnd(parts, mid, end));
}

NamedColumns CollectNames(const syntax::Query& query) {
  NamedColumns out;
  auto add = [&out](const syntax::QualifiedName& name) {
    if (name.empty()) return;
    out.first_parts.insert(AsciiLower(name[0]));
    if (name.size() >= 2) out.qualified.emplace(AsciiLower(name[0]), AsciiLower(name[1]));
  };
  VisitQueryExpressions(query, [&](const Expr& e) {
    if (const auto* ref = e.As<syntax::ColumnRef>()) {
      add(ref->name);
    } else if (const auto* star = e.As<syntax::Star>()) {
      if (star->qualifier.empty()) {
        out.star = true;
      } else {
        out.star_qualifiers.insert(AsciiLower(star->qualifier.back()));
      }
    } else if (const auto* call = e.As<syntax::FunctionCall>(); call && call->no_parentheses) {
      add(call->name);
    }
  });
  return out;
}

Result<int64_t> ConstantCount(const Expr& e, const EvalContextPtr& ctx, const char* what) {
  DataTypePtr type;
  auto v = EvaluateConstantSyntax(e, ctx, &type);
  if (!v.ok()) return AtPosition(e.pos, std::move(v).error());
  if (v->is_null() || !IsIntegral(*type) || v->as_int() < 0) {
    return AtPosition(e.pos, InvalidArgument("{} must be a non-negative integer", what));
  }
  return v->as_int();
}

class QueryBinder {
 public:
  QueryBinder(RelationResolver& resolver, EvalContextPtr context, BindOptions options,
              std::vector<std::pair<std::string, const syntax::CommonTableExpr*>> ctes,
              NamedColumns named)
      : resolver_(resolver),
        context_(std::move(context)),
        options_(options),
        ctes_(std::move(ctes)),
        named_(std::move(named)) {}

  Result<BoundQuery> Bind(const syntax::Query& query) {
    for (const auto& cte : query.with) ctes_.emplace_back(AsciiLower(cte.name), &cte);
    std::optional<int64_t> limit;
    int64_t offset = 0;
    if (query.limit) {
      FLOE_ASSIGN_OR_RETURN(int64_t l, ConstantCount(*query.limit, context_, "LIMIT"));
      limit = l;
    }
    if (query.offset) {
      FLOE_ASSIGN_OR_RETURN(offset, ConstantCount(*query.offset, context_, "OFFSET"));
    }
    BoundQuery out;
    if (const auto* select = query.body->As<syntax::Select>()) {
      std::optional<int64_t> scan_limit;
      if (limit) scan_limit = *limit + offset;
      FLOE_ASSIGN_OR_RETURN(out, BindSelect(*select, query.order_by, scan_limit));
    } else {
      FLOE_ASSIGN_OR_RETURN(out, BindBody(*query.body));
      if (!query.order_by.empty()) {
        FLOE_ASSIGN_OR_RETURN(out.node, SortOutput(out, query.order_by));
      }
    }
    if (limit || offset > 0) out.node = MakeLimitNode(out.node, limit, offset);
    return out;
  }

 private:
  // ---- Bodies ----

  Result<BoundQuery> BindBody(const syntax::QueryBody& body) {
    switch (body.kind()) {
      case syntax::QueryBodyKind::kSelect:
        return BindSelect(*body.As<syntax::Select>(), {}, std::nullopt);
      case syntax::QueryBodyKind::kValues:
        return BindValues(*body.As<syntax::Values>(), body.pos);
      case syntax::QueryBodyKind::kNested:
        return Subquery(*body.As<syntax::NestedQuery>()->query);
      case syntax::QueryBodyKind::kSetOperation: {
        const auto& set = *body.As<syntax::SetOperation>();
        if (set.op != syntax::SetOpKind::kUnionAll && set.op != syntax::SetOpKind::kUnion) {
          return AtPosition(body.pos, NotSupported("INTERSECT and EXCEPT are not supported yet"));
        }
        FLOE_ASSIGN_OR_RETURN(BoundQuery left, BindBody(*set.left));
        FLOE_ASSIGN_OR_RETURN(BoundQuery right, BindBody(*set.right));
        if (left.names.size() != right.names.size()) {
          return AtPosition(body.pos,
                            InvalidArgument("UNION: the left side has {} columns, the right {}",
                                            left.names.size(), right.names.size()));
        }
        std::vector<DataTypePtr> types;
        for (size_t i = 0; i < left.names.size(); ++i) {
          auto common = CommonType(left.node->schema()->field(static_cast<int>(i)).type,
                                   right.node->schema()->field(static_cast<int>(i)).type);
          if (!common.ok()) {
            return AtPosition(body.pos, InvalidArgument("UNION: column {} ({}): {}", i + 1,
                                                        left.names[i], common.error().message));
          }
          types.push_back(NormalizeType(*common));
        }
        FLOE_ASSIGN_OR_RETURN(PlanNodePtr l, CastColumns(left.node, types, left.names));
        FLOE_ASSIGN_OR_RETURN(PlanNodePtr r, CastColumns(right.node, types, left.names));
        BoundQuery out{MakeUnionAllNode({l, r}), left.names};
        if (set.op == syntax::SetOpKind::kUnion) out.node = Distinct(out.node);
        return out;
      }
    }
    return Internal("unknown query body");
  }

  Result<BoundQuery> Subquery(const syntax::Query& query) {
    QueryBinder inner(resolver_, context_, options_, ctes_, named_);
    return inner.Bind(query);
  }

  Result<PlanNodePtr> CastColumns(const PlanNodePtr& node, const std::vector<DataTypePtr>& types,
                                  const std::vector<std::string>& names) {
    Scope scope = ScopeOf(*node->schema(), "");
    ExpressionBinder binder(scope, context_);
    std::vector<PhysicalExprPtr> exprs;
    bool same = true;
    for (size_t i = 0; i < types.size(); ++i) {
      PhysicalExprPtr col =
          MakeColumnExpr(static_cast<int>(i), node->schema()->field(static_cast<int>(i)).type);
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr cast, binder.CastTo(col, types[i]));
      same = same && cast == col;
      exprs.push_back(cast);
    }
    if (same) return node;
    return MakeProjectNode(node, std::move(exprs), names);
  }

  PlanNodePtr Distinct(const PlanNodePtr& node) {
    std::vector<PhysicalExprPtr> keys;
    std::vector<std::string> names;
    for (int i = 0; i < node->schema()->num_fields(); ++i) {
      keys.push_back(MakeColumnExpr(i, node->schema()->field(i).type));
      names.push_back(node->schema()->field(i).name);
    }
    return MakeAggregateNode(node, std::move(keys), std::move(names), {});
  }

  // Each value is a constant expression of any type (nested ones: array(…), map(…), struct(…));
  // a column takes the common type of its rows, as Spark's inline tables do.
  Result<BoundQuery> BindValues(const syntax::Values& values, syntax::SourcePosition pos) {
    if (values.rows.empty()) return AtPosition(pos, InvalidArgument("VALUES needs a row"));
    size_t width = values.rows[0].size();
    Scope empty;
    ExpressionBinder binder(empty, context_);
    std::vector<std::vector<PhysicalExprPtr>> rows;
    std::vector<DataTypePtr> types(width, columnar::Null());
    for (const auto& row : values.rows) {
      if (row.size() != width) {
        return AtPosition(
            row.empty() ? pos : row[0]->pos,
            InvalidArgument("VALUES rows differ in length ({} and {})", width, row.size()));
      }
      std::vector<PhysicalExprPtr> out;
      for (size_t c = 0; c < width; ++c) {
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr v, binder.Bind(*row[c]));
        auto common = CommonType(types[c], v->type());
        if (!common.ok()) return AtPosition(row[c]->pos, std::move(common).error());
        types[c] = *common;
        out.push_back(std::move(v));
      }
      rows.push_back(std::move(out));
    }
    std::vector<std::string> names;
    std::vector<std::unique_ptr<columnar::ArrayBuilder>> builders;
    for (size_t c = 0; c < width; ++c) {
      types[c] = NormalizeType(types[c]);
      names.push_back(fmt::format("col{}", c + 1));
      FLOE_ASSIGN_OR_RETURN(auto b, columnar::MakeBuilder(types[c]));
      builders.push_back(std::move(b));
    }
    for (size_t r = 0; r < rows.size(); ++r) {
      for (size_t c = 0; c < width; ++c) {
        const syntax::Expr& written = *values.rows[r][c];
        auto cast = binder.CastTo(rows[r][c], types[c]);
        if (!cast.ok()) return AtPosition(written.pos, std::move(cast).error());
        if (const Scalar* v = (*cast)->literal()) {
          FLOE_RETURN_IF_ERROR(AppendScalar(*builders[c], *v));
          continue;
        }
        auto value = EvaluateConstantArray(**cast);
        if (!value.ok()) return AtPosition(written.pos, std::move(value).error());
        FLOE_RETURN_IF_ERROR(CopyValue(**value, 0, *builders[c]));
      }
    }
    std::vector<columnar::ArrayPtr> columns;
    for (auto& b : builders) {
      FLOE_ASSIGN_OR_RETURN(auto a, b->Finish());
      columns.push_back(std::move(a));
    }
    SchemaPtr schema = MakeSchema(names, types);
    FLOE_ASSIGN_OR_RETURN(
        RecordBatch batch,
        RecordBatch::Make(schema, static_cast<int64_t>(rows.size()), std::move(columns)));
    return BoundQuery{
        MakeValuesNode(schema, {std::move(batch)}, fmt::format("Values ({} rows)", rows.size())),
        names};
  }

  // ---- FROM ----

  static Scope ScopeOf(const columnar::Schema& schema, const std::string& qualifier) {
    Scope scope;
    for (const auto& f : schema.fields()) scope.columns.push_back({qualifier, f.name, f.type});
    return scope;
  }

  Result<BoundFrom> BindFrom(const syntax::FromItem& from) {
    auto located = BindFromItem(from);
    if (!located.ok()) return AtPosition(from.pos, std::move(located).error());
    return located;
  }

  Result<BoundFrom> BindFromItem(const syntax::FromItem& from) {
    BoundFrom out;
    switch (from.kind()) {
      case syntax::FromKind::kTable: {
        const auto& table = *from.As<syntax::TableName>();
        // A WITH name?
        if (table.name.size() == 1 && !table.time_travel) {
          for (auto it = ctes_.rbegin(); it != ctes_.rend(); ++it) {
            if (it->first != AsciiLower(table.name[0])) continue;
            const syntax::CommonTableExpr& cte = *it->second;
            // Bind the WITH query with the names visible where it was defined (the ones before it).
            std::vector<std::pair<std::string, const syntax::CommonTableExpr*>> visible(
                ctes_.begin(), std::prev(it.base()));
            QueryBinder inner(resolver_, context_, options_, std::move(visible), named_);
            FLOE_ASSIGN_OR_RETURN(BoundQuery q, inner.Bind(*cte.query));
            return FromSubquery(std::move(q), from.alias.value_or(cte.name),
                                from.column_aliases.empty() ? cte.columns : from.column_aliases);
          }
        }
        FLOE_ASSIGN_OR_RETURN(RelationSource source, resolver_.ResolveTable(table, context_));
        return FromSource(std::move(source), from.alias.value_or(source.qualifier));
      }
      case syntax::FromKind::kTableFunction: {
        const auto& fn = *from.As<syntax::TableFunction>();
        std::string name = AsciiLower(syntax::ToSql(fn.name));
        std::string alias = from.alias.value_or(name);
        std::optional<FileFormatKind> format;
        if (name == "read_parquet") format = FileFormatKind::kParquet;
        if (name == "read_csv") format = FileFormatKind::kCsv;
        if (name == "read_json") format = FileFormatKind::kNdjson;
        if (!format && name != "iceberg_scan") {
          return NotFound(
              "unknown table function {} (read_parquet, read_csv, read_json, iceberg_scan)", name);
        }
        if (fn.args.size() != 1) {
          if (!format) return InvalidArgument("{} takes one path", name);
          return InvalidArgument("{} takes one path, a glob or a list of them ([…])", name);
        }
        // A list ['a', 'b'] is parsed as array('a', 'b').
        std::vector<const Expr*> items;
        const auto* list = fn.args[0]->As<syntax::FunctionCall>();
        if (format && list && list->name.size() == 1 && AsciiLower(list->name[0]) == "array") {
          for (const auto& item : list->args) items.push_back(item.get());
          if (items.empty()) return InvalidArgument("{} takes a list of at least one path", name);
        } else {
          items.push_back(fn.args[0].get());
        }
        std::vector<std::string> patterns;
        for (const Expr* item : items) {
          FLOE_ASSIGN_OR_RETURN(Scalar path, EvaluateConstantSyntax(*item, context_));
          if (path.is_null() || !std::holds_alternative<std::string>(path.value)) {
            return InvalidArgument("{} takes a path string", name);
          }
          patterns.push_back(path.as_string());
        }
        if (!format) {
          FLOE_ASSIGN_OR_RETURN(RelationSource source, resolver_.ResolveMetadataFile(patterns[0]));
          return FromSource(std::move(source), alias);
        }
        FLOE_ASSIGN_OR_RETURN(std::vector<std::string> paths, ExpandFilePatterns(patterns, name));
        std::string source_text = syntax::ToSql(*fn.args[0]);
        FLOE_ASSIGN_OR_RETURN(
            FileScanSpec spec,
            OpenFileScan(resolver_.LocalIo(), *format, std::move(source_text), std::move(paths)));
        return FromFile(std::move(spec), alias);
      }
      case syntax::FromKind::kSubquery: {
        const auto& sub = *from.As<syntax::SubqueryRef>();
        FLOE_ASSIGN_OR_RETURN(BoundQuery q, Subquery(*sub.query));
        return FromSubquery(std::move(q), from.alias.value_or(""), from.column_aliases);
      }
      case syntax::FromKind::kJoin:
        return BindJoin(*from.As<syntax::Join>());
    }
    return Internal("unknown FROM item");
  }

  Result<BoundFrom> FromSubquery(BoundQuery q, const std::string& alias,
                                 const std::vector<std::string>& column_aliases) {
    BoundFrom out;
    if (!column_aliases.empty()) {
      if (column_aliases.size() != q.names.size()) {
        return InvalidArgument("{} names {} columns, its query has {}", alias,
                               column_aliases.size(), q.names.size());
      }
      std::vector<PhysicalExprPtr> exprs;
      for (int i = 0; i < q.node->schema()->num_fields(); ++i) {
        exprs.push_back(MakeColumnExpr(i, q.node->schema()->field(i).type));
      }
      q.node = MakeProjectNode(q.node, std::move(exprs), column_aliases);
      q.names = column_aliases;
    }
    out.node = q.node;
    *out.scope = ScopeOf(*q.node->schema(), alias);
    return out;
  }

  // A file scan reading only the columns the query names, open to pushdown.
  Result<BoundFrom> FromFile(FileScanSpec spec, const std::string& alias) {
    BoundFrom out;
    std::vector<columnar::Field> fields;
    const std::string lower_alias = AsciiLower(alias);
    spec.columns.clear();
    for (const auto& f : spec.schema->fields()) {
      if (named_.Reads(lower_alias, AsciiLower(f.name))) {
        spec.columns.push_back(f.name);
        fields.push_back(f);
      } else {
        out.scope->unread.push_back(alias + "." + f.name);
      }
    }
    out.table_scope = std::make_shared<Scope>(ScopeOf(*spec.schema, alias));
    out.scope->columns = ScopeOf(columnar::Schema(fields), alias).columns;
    out.table_schema_storage = spec.pushdown_schema;
    spec.threads = options_.threads;
    out.pending_file = std::move(spec);
    return out;
  }

  Result<BoundFrom> FromSource(RelationSource source, const std::string& alias) {
    BoundFrom out;
    if (source.node) {
      out.node = source.node;
      *out.scope = ScopeOf(*source.node->schema(), alias);
      return out;
    }
    // An Iceberg table: read only the columns the query names.
    TableScanSpec spec = std::move(*source.scan);
    spec.threads = options_.threads;
    std::vector<columnar::Field> fields;
    const std::string lower_alias = AsciiLower(alias);
    for (const auto& f : source.schema->fields()) {
      if (named_.Reads(lower_alias, AsciiLower(f.name))) {
        spec.columns.push_back(f.name);
        fields.push_back(f);
      } else {
        out.scope->unread.push_back(alias + "." + f.name);
      }
    }
    out.table_scope = std::make_shared<Scope>(ScopeOf(*source.schema, alias));
    out.scope->columns = ScopeOf(columnar::Schema(fields), alias).columns;
    FLOE_ASSIGN_OR_RETURN(scan::SnapshotChoice choice,
                          scan::SelectSnapshot(*spec.metadata, spec.snapshot));
    out.table_schema_storage = *choice.schema;
    out.pending_scan = std::move(spec);
    return out;
  }

  // The node of a FROM item: a pending table scan or join is made as it is now, with the
  // conjuncts pushed into it.
  Result<PlanNodePtr> Finish(BoundFrom& from) {
    if (from.pending_scan) {
      // The scan's filter AND each pushed conjunct, in the order they were pushed.
      TableScanSpec& scan = *from.pending_scan;
      std::vector<expr::Expression> parts;
      if (!scan.filter_text.empty()) parts.push_back(std::move(scan.filter));
      for (PushedFilter& pushed : from.pushed) {
        scan.filter_text += (scan.filter_text.empty() ? "" : " AND ") + pushed.text;
        parts.push_back(std::move(pushed.filter));
      }
      if (!parts.empty()) scan.filter = BalancedAnd(parts, 0, parts.size());
      from.pushed.clear();
      FLOE_ASSIGN_OR_RETURN(from.node, MakeTableScanNode(std::move(*from.pending_scan)));
      from.pending_scan.reset();
    } else if (from.pending_file) {
      FileScanSpec& scan = *from.pending_file;
      std::vector<expr::Expression> parts;
      for (PushedFilter& pushed : from.pushed) {
        scan.filter_text += (scan.filter_text.empty() ? "" : " AND ") + pushed.text;
        parts.push_back(std::move(pushed.filter));
      }
      if (!parts.empty()) scan.filter = BalancedAnd(parts, 0, parts.size());
      from.pushed.clear();
      FLOE_ASSIGN_OR_RETURN(from.node, MakeFileScanNode(std::move(*from.pending_file)));
      from.pending_file.reset();
    } else if (from.pending_join) {
      PendingJoin& join = *from.pending_join;
      FLOE_ASSIGN_OR_RETURN(PlanNodePtr left, Finish(join.left));
      FLOE_ASSIGN_OR_RETURN(PlanNodePtr right, Finish(join.right));
      std::vector<columnar::Field> fields = left->schema()->fields();
      for (const auto& f : right->schema()->fields()) fields.push_back(f);
      for (auto& f : fields) f.nullable = true;
      auto joined_schema = std::make_shared<const columnar::Schema>(std::move(fields));
      PlanNodePtr node =
          MakeHashJoinNode(left, right, join.type, std::move(join.left_keys),
                           std::move(join.right_keys), std::move(join.residual), joined_schema);
      if (!join.order.empty()) {
        std::vector<PhysicalExprPtr> exprs;
        std::vector<std::string> names;
        for (int i : join.order) {
          exprs.push_back(MakeColumnExpr(i, joined_schema->field(i).type));
          names.push_back(joined_schema->field(i).name);
        }
        node = MakeProjectNode(node, std::move(exprs), std::move(names));
      }
      from.node = node;
      from.pending_join.reset();
    }
    if (!from.filters.empty()) {
      FLOE_ASSIGN_OR_RETURN(from.node, FilterBy(from.node, *from.scope, from.filters, "WHERE"));
      from.filters.clear();
    }
    return from.node;
  }

  // A Filter node keeping the rows of `node` (columns `scope`) where every conjunct is true.
  Result<PlanNodePtr> FilterBy(const PlanNodePtr& node, const Scope& scope,
                               const std::vector<const Expr*>& conjuncts, const char* clause) {
    ExpressionBinder binder(scope, context_);
    std::vector<PhysicalExprPtr> parts;
    std::string description;
    for (const Expr* c : conjuncts) {
      auto bound = binder.Bind(*c);
      if (!bound.ok()) return AtPosition(c->pos, std::move(bound).error());
      PhysicalExprPtr p = *bound;
      if (p->type()->id() != columnar::TypeId::kBool) {
        auto cast = binder.CastTo(p, columnar::Boolean());
        if (!cast.ok()) {
          return AtPosition(c->pos, InvalidArgument("{} needs a boolean, not {}", clause,
                                                    SparkTypeName(*p->type())));
        }
        p = *cast;
      }
      description += (description.empty() ? "" : " AND ") + syntax::ToSql(*c);
      parts.push_back(std::move(p));
    }
    FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr predicate, BalancedAnd(binder, parts, 0, parts.size()));
    return MakeFilterNode(node, predicate, description);
  }

  // ---- Pushdown ----

  // Places a conjunct over the rows of `from` as deep as it means the same: into a table scan's
  // filter when the filter language says it, into a join's input when the join lets it through,
  // else (`may_filter_here`: `from` is the input of a join that let it through) a Filter node
  // over `from`. False when it stays with the caller.
  //
  // An inner join lets a conjunct over one input's columns through to that input. A left join
  // lets one over its left input through (the left rows are kept whatever the right side
  // holds), never one over its right input: that would drop the NULL-extended rows it is
  // evaluated on above the join (`WHERE r.x IS NULL` keeps the left rows without a match).
  bool PushDown(BoundFrom& from, const Expr* conjunct, bool may_filter_here) {
    if (from.pending_scan || (from.pending_file && from.table_schema_storage)) {
      ExpressionBinder table_binder(*from.table_scope, context_);
      auto pushed = PushableFilter(*conjunct, table_binder, *from.table_scope,
                                   *from.table_schema_storage, context_->time_zone.is_utc());
      if (pushed) {
        from.pushed.push_back(std::move(*pushed));
        return true;
      }
    } else if (from.pending_join) {
      PendingJoin& join = *from.pending_join;
      std::optional<int> input = InputOf(*conjunct, *from.scope, join);
      if (input && (*input == 0 || join.type == HashJoinType::kInner)) {
        if (PushDown(*input == 0 ? join.left : join.right, conjunct, true)) return true;
      }
    }
    if (may_filter_here) {
      from.filters.push_back(conjunct);
      return true;
    }
    return false;
  }

  // The join input (0 left, 1 right) all of a conjunct's columns come from, when they come from
  // one and name the same columns there; nullopt otherwise (or when it names no column).
  // `scope` is the join's output.
  std::optional<int> InputOf(const Expr& conjunct, const Scope& scope, const PendingJoin& join) {
    const int left_width = static_cast<int>(join.left.scope->columns.size());
    ExpressionBinder output(scope, context_), left(*join.left.scope, context_),
        right(*join.right.scope, context_);
    int input = -1;
    bool ok = true;
    auto name = [&](const syntax::QualifiedName& parts, bool function_if_unresolved) {
      auto resolved = output.Resolve(parts);
      if (!resolved.ok() || (!*resolved && !function_if_unresolved)) {
        ok = false;
        return;
      }
      if (!*resolved) {
        // current_date and the like (no column has the name on either input).
        for (const ExpressionBinder* b : {&left, &right}) {
          auto there = b->Resolve(parts);
          if (!there.ok() || *there) ok = false;
        }
        return;
      }
      int joined = (*resolved)->column;
      if (!join.order.empty()) joined = join.order[static_cast<size_t>(joined)];
      const int side = joined < left_width ? 0 : 1;
      const int position = side == 0 ? joined : joined - left_width;
      if (input >= 0 && input != side) ok = false;
      input = side;
      // The input's own scope must read the name as the same column (it has no USING merge).
      auto there = (side == 0 ? left : right).Resolve(parts);
      if (!there.ok() || !*there || (*there)->column != position ||
          (*there)->fields != (*resolved)->fields)
        ok = false;
    };
    VisitExpressions(conjunct, [&](const Expr& e) {
      if (!ok) return;
      if (const auto* ref = e.As<syntax::ColumnRef>()) {
        name(ref->name, false);
      } else if (const auto* call = e.As<syntax::FunctionCall>(); call && call->no_parentheses) {
        name(call->name, true);
      } else if (e.As<syntax::Star>()) {
        ok = false;
      }
    });
    if (!ok || input < 0) return std::nullopt;
    return input;
  }

  Result<BoundFrom> BindJoin(const syntax::Join& join) {
    if (join.type == syntax::JoinType::kFull)
      return NotSupported("FULL OUTER JOIN is not supported yet");
    auto pending = std::make_shared<PendingJoin>();
    FLOE_ASSIGN_OR_RETURN(pending->left, BindFrom(*join.left));
    FLOE_ASSIGN_OR_RETURN(pending->right, BindFrom(*join.right));
    BoundFrom& left = pending->left;
    BoundFrom& right = pending->right;
    bool right_join = join.type == syntax::JoinType::kRight;
    if (right_join) std::swap(left, right);
    pending->type = join.type == syntax::JoinType::kLeft || right_join ? HashJoinType::kLeft
                                                                       : HashJoinType::kInner;
    Scope joined;
    joined.columns = left.scope->columns;
    joined.columns.insert(joined.columns.end(), right.scope->columns.begin(),
                          right.scope->columns.end());
    joined.unread = left.scope->unread;
    joined.unread.insert(joined.unread.end(), right.scope->unread.begin(),
                         right.scope->unread.end());

    ExpressionBinder left_binder(*left.scope, context_), right_binder(*right.scope, context_),
        joined_binder(joined, context_);
    auto add_key = [&](PhysicalExprPtr l, PhysicalExprPtr r) -> Status {
      FLOE_ASSIGN_OR_RETURN(DataTypePtr common, CommonType(l->type(), r->type()));
      common = NormalizeType(common);
      FLOE_ASSIGN_OR_RETURN(l, left_binder.CastTo(l, common));
      FLOE_ASSIGN_OR_RETURN(r, right_binder.CastTo(r, common));
      pending->left_keys.push_back(l);
      pending->right_keys.push_back(r);
      return Ok();
    };
    if (!join.using_columns.empty()) {
      for (const auto& name : join.using_columns) {
        syntax::ColumnRef ref{{name}};
        auto l = left_binder.Bind(*syntax::MakeExpr(syntax::SourcePosition{}, ref));
        auto r = right_binder.Bind(*syntax::MakeExpr(syntax::SourcePosition{}, ref));
        if (!l.ok() || !r.ok())
          return InvalidArgument("USING column {} is not on both sides", name);
        FLOE_RETURN_IF_ERROR(add_key(*l, *r));
      }
    }
    if (join.on) {
      std::vector<const Expr*> conjuncts;
      SplitConjuncts(*join.on, &conjuncts);
      std::vector<PhysicalExprPtr> residual_parts;
      for (const Expr* c : conjuncts) {
        // A part of ON over one input filters that input for an inner join. For a left join only
        // a part over the right input does: the left input keeps its rows whatever ON says.
        std::optional<int> input = InputOf(*c, joined, *pending);
        if (input && (*input == 1 || pending->type == HashJoinType::kInner)) {
          PushDown(*input == 0 ? left : right, c, true);
          continue;
        }
        const auto* eq = c->As<syntax::BinaryExpr>();
        if (eq && eq->op == syntax::BinaryOp::kEq) {
          auto ll = left_binder.Bind(*eq->left), rr = right_binder.Bind(*eq->right);
          if (ll.ok() && rr.ok() && CommonType((*ll)->type(), (*rr)->type()).ok()) {
            FLOE_RETURN_IF_ERROR(add_key(*ll, *rr));
            continue;
          }
          auto lr = left_binder.Bind(*eq->right), rl = right_binder.Bind(*eq->left);
          if (lr.ok() && rl.ok() && CommonType((*lr)->type(), (*rl)->type()).ok()) {
            FLOE_RETURN_IF_ERROR(add_key(*lr, *rl));
            continue;
          }
        }
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr bound, joined_binder.Bind(*c));
        residual_parts.push_back(std::move(bound));
      }
      if (!residual_parts.empty()) {
        FLOE_ASSIGN_OR_RETURN(pending->residual,
                              BalancedAnd(joined_binder, residual_parts, 0, residual_parts.size()));
      }
    }
    if (pending->residual && pending->residual->type()->id() != columnar::TypeId::kBool) {
      FLOE_ASSIGN_OR_RETURN(pending->residual,
                            joined_binder.CastTo(pending->residual, columnar::Boolean()));
    }
    BoundFrom out;
    *out.scope = joined;
    if (!join.using_columns.empty()) {
      FLOE_RETURN_IF_ERROR(
          MergeUsingColumns(join, *left.scope, *right.scope, right_join, *pending, *out.scope));
    } else if (right_join) {
      // Back to the written order: the (written) left columns first.
      const int nl = static_cast<int>(left.scope->columns.size()),
                nr = static_cast<int>(right.scope->columns.size());
      Scope reordered;
      reordered.unread = joined.unread;
      for (int i = nl; i < nl + nr; ++i) pending->order.push_back(i);
      for (int i = 0; i < nl; ++i) pending->order.push_back(i);
      for (int i : pending->order)
        reordered.columns.push_back(joined.columns[static_cast<size_t>(i)]);
      *out.scope = std::move(reordered);
    }
    out.pending_join = std::move(pending);
    return out;
  }

  // JOIN … USING (k): Spark's output is the USING columns once (from the left side; from the
  // right for a RIGHT JOIN), then the written left side's other columns, then the written right
  // side's. The other side's keys stay reachable as `t.k` only (qualified_only), after those.
  // `left` and `right` are the join node's inputs (swapped for a RIGHT JOIN); `scope` is the
  // joined columns (left then right), made the output's; `join.order` is set to match.
  Status MergeUsingColumns(const syntax::Join& join, const Scope& left, const Scope& right,
                           bool right_join, PendingJoin& pending, Scope& scope) {
    const Scope joined = scope;
    const int nl = static_cast<int>(left.columns.size());
    ExpressionBinder left_binder(left, context_), right_binder(right, context_);
    std::vector<int> key_of_left, key_of_right;  // joined positions
    for (const auto& name : join.using_columns) {
      FLOE_ASSIGN_OR_RETURN(auto l, left_binder.Resolve({name}));
      FLOE_ASSIGN_OR_RETURN(auto r, right_binder.Resolve({name}));
      if (!l || !r) return InvalidArgument("USING column {} is not on both sides", name);
      key_of_left.push_back(l->column);
      key_of_right.push_back(nl + r->column);
    }
    auto is_key = [](const std::vector<int>& keys, int i) {
      return std::find(keys.begin(), keys.end(), i) != keys.end();
    };
    std::vector<int> order = key_of_left;
    // The written left side's columns, then the written right side's.
    std::vector<std::pair<int, int>> sides = {{0, nl},
                                              {nl, static_cast<int>(joined.columns.size())}};
    if (right_join) std::swap(sides[0], sides[1]);
    for (const auto& [begin, end] : sides) {
      for (int i = begin; i < end; ++i) {
        if (!is_key(key_of_left, i) && !is_key(key_of_right, i)) order.push_back(i);
      }
    }
    size_t visible = order.size();
    order.insert(order.end(), key_of_right.begin(), key_of_right.end());
    Scope merged;
    merged.unread = joined.unread;
    for (size_t k = 0; k < order.size(); ++k) {
      const ScopeColumn& c = joined.columns[static_cast<size_t>(order[k])];
      merged.columns.push_back(c);
      merged.columns.back().qualified_only = c.qualified_only || k >= visible;
    }
    pending.order = std::move(order);
    scope = std::move(merged);
    return Ok();
  }

  // ---- SELECT ----

  Result<BoundQuery> BindSelect(const syntax::Select& select,
                                const std::vector<syntax::OrderItem>& order_by,
                                std::optional<int64_t> scan_limit) {
    BoundFrom from;
    if (select.from) {
      FLOE_ASSIGN_OR_RETURN(from, BindFrom(*select.from));
    } else {
      auto empty = std::make_shared<const columnar::Schema>(std::vector<columnar::Field>{});
      FLOE_ASSIGN_OR_RETURN(RecordBatch one, RecordBatch::Make(empty, 1, {}));
      from.node = MakeValuesNode(empty, {one}, "OneRow");
    }

    FLOE_ASSIGN_OR_RETURN(std::optional<size_t> generator_item, FindGenerator(select, order_by));
    for (const auto& item : select.items) {
      if (!item.aliases.empty() && (!generator_item || &item != &select.items[*generator_item])) {
        return AtPosition(
            item.pos, InvalidArgument("AS (…) names the columns of a generator such as explode; "
                                      "{} is one column",
                                      syntax::ToSql(*item.expr)));
      }
    }

    // WHERE: push each conjunct as deep as it means the same (into table scans, below joins),
    // filter the rest.
    std::vector<const Expr*> residual;
    if (select.where) {
      if (ContainsWindow(*select.where)) {
        return AtPosition(select.where->pos,
                          InvalidArgument("window functions are not allowed in WHERE: compute "
                                          "them in a subquery and filter its rows (SELECT * FROM "
                                          "(SELECT *, row_number() OVER (…) AS rn FROM t) WHERE "
                                          "rn = 1)"));
      }
      if (ContainsAggregate(*select.where)) {
        return AtPosition(select.where->pos,
                          InvalidArgument("aggregates are not allowed in WHERE (use HAVING)"));
      }
      std::vector<const Expr*> conjuncts;
      SplitConjuncts(*select.where, &conjuncts);
      for (const Expr* c : conjuncts) {
        if (!PushDown(from, c, false)) residual.push_back(c);
      }
    }
    bool aggregated = !select.group_by.empty() || (select.having != nullptr);
    for (const auto& item : select.items) aggregated = aggregated || ContainsAggregate(*item.expr);
    for (const auto& o : order_by) aggregated = aggregated || ContainsAggregate(*o.expr);
    if (generator_item && aggregated) {
      const Expr& g = *select.items[*generator_item].expr;
      return AtPosition(
          g.pos, NotSupported("{} with GROUP BY or aggregates in the same SELECT is not supported: "
                              "explode in a FROM subquery and group its rows",
                              syntax::ToSql(g)));
    }
    bool windowed = false;  // a window sees every row: no LIMIT into the scan
    for (const auto& item : select.items) windowed = windowed || ContainsWindow(*item.expr);
    for (const auto& o : order_by) windowed = windowed || ContainsWindow(*o.expr);
    if (from.pending_scan && residual.empty() && !aggregated && !select.distinct &&
        order_by.empty() && scan_limit && !generator_item && !windowed) {
      from.pending_scan->limit = scan_limit;
    }
    FLOE_ASSIGN_OR_RETURN(PlanNodePtr node, Finish(from));
    const Scope& scope = *from.scope;
    ExpressionBinder input_binder(scope, context_);
    if (!residual.empty()) {
      FLOE_ASSIGN_OR_RETURN(node, FilterBy(node, scope, residual, "WHERE"));
    }

    // Aggregation.
    std::optional<ExpressionBinder> post_binder;
    ExpressionBinder::Replacer post_replace;
    Scope post_scope;
    std::vector<std::string> key_texts, agg_texts;
    std::vector<std::pair<int, std::vector<std::string>>> key_columns;  // plain column keys
    if (aggregated) {
      std::vector<PhysicalExprPtr> keys;
      std::vector<std::string> key_names;
      for (const auto& g : select.group_by) {
        const Expr* key = g.get();
        if (const auto* lit = g->As<syntax::Literal>();
            lit && lit->kind == syntax::LiteralKind::kInteger) {
          int64_t ordinal = lit->int_value.value_or(0);
          if (ordinal < 1 || ordinal > static_cast<int64_t>(select.items.size())) {
            return AtPosition(
                g->pos, InvalidArgument("GROUP BY position {} is not in the select list (1..{})",
                                        ordinal, select.items.size()));
          }
          key = select.items[static_cast<size_t>(ordinal - 1)].expr.get();
        } else if (const auto* ref = g->As<syntax::ColumnRef>(); ref && ref->name.size() == 1) {
          FLOE_ASSIGN_OR_RETURN(auto resolved, input_binder.Resolve(ref->name));
          if (!resolved) {
            for (const auto& item : select.items) {
              if (item.alias && AsciiEqualsIgnoreCase(*item.alias, ref->name[0]))
                key = item.expr.get();
            }
          }
        }
        if (ContainsWindow(*key)) {
          return AtPosition(g->pos, InvalidArgument("window functions are not allowed in GROUP "
                                                    "BY: {}",
                                                    syntax::ToSql(*key)));
        }
        if (key->As<syntax::Star>() || ContainsAggregate(*key)) {
          return AtPosition(g->pos, InvalidArgument("cannot group by {}", syntax::ToSql(*key)));
        }
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr bound, input_binder.Bind(*key));
        if (bound->type()->is_variant()) {
          return AtPosition(g->pos, InvalidArgument("cannot group by {}: variants are not "
                                                    "comparable; group by a field extracted "
                                                    "with variant_get",
                                                    syntax::ToSql(*key)));
        }
        keys.push_back(bound);
        key_names.push_back(ColumnNameFor(*key));
        key_texts.push_back(syntax::ToSql(*key));
        if (const auto* ref = key->As<syntax::ColumnRef>()) {
          FLOE_ASSIGN_OR_RETURN(auto resolved, input_binder.Resolve(ref->name));
          if (resolved)
            key_columns.emplace_back(static_cast<int>(keys.size() - 1), std::vector<std::string>{});
          if (resolved) {
            key_columns.back().second.push_back(std::to_string(resolved->column));
            for (const auto& f : resolved->fields)
              key_columns.back().second.push_back(AsciiLower(f));
          }
        }
      }
      // Aggregate calls anywhere in the select list, HAVING and ORDER BY.
      std::vector<AggregateCall> calls;
      auto collect = [&](const Expr& root) -> Status {
        Status status = Ok();
        VisitExpressions(root, [&](const Expr& e) {
          const auto* call = e.As<syntax::FunctionCall>();
          if (!status.ok() || !call || call->name.size() != 1 || call->over ||
              !IsAggregateFunction(call->name[0]))
            return;
          std::string text = syntax::ToSql(e);
          for (const auto& t : agg_texts) {
            if (t == text) return;
          }
          auto bound = BindAggregate(e, *call, input_binder);
          if (!bound.ok()) {
            status = AtPosition(e.pos, std::move(bound).error());
            return;
          }
          calls.push_back(std::move(*bound));
          agg_texts.push_back(text);
        });
        return status;
      };
      for (const auto& item : select.items) FLOE_RETURN_IF_ERROR(collect(*item.expr));
      if (select.having) FLOE_RETURN_IF_ERROR(collect(*select.having));
      for (const auto& o : order_by) FLOE_RETURN_IF_ERROR(collect(*o.expr));
      for (size_t i = 0; i < keys.size(); ++i)
        post_scope.columns.push_back({"", key_names[i], keys[i]->type()});
      for (const auto& c : calls) {
        auto t = AggregateResultType(c);
        post_scope.columns.push_back({"", c.name, *t});
      }
      node = MakeAggregateNode(node, std::move(keys), std::move(key_names), std::move(calls));
      post_replace = [&input_binder, &key_texts, &agg_texts, &key_columns,
                      &post_scope](const Expr& e) -> std::optional<Result<PhysicalExprPtr>> {
        std::string text = syntax::ToSql(e);
        for (size_t i = 0; i < key_texts.size(); ++i) {
          if (key_texts[i] == text)
            return Result<PhysicalExprPtr>(
                MakeColumnExpr(static_cast<int>(i), post_scope.columns[i].type));
        }
        for (size_t j = 0; j < agg_texts.size(); ++j) {
          if (agg_texts[j] == text) {
            size_t index = key_texts.size() + j;
            return Result<PhysicalExprPtr>(
                MakeColumnExpr(static_cast<int>(index), post_scope.columns[index].type));
          }
        }
        if (const auto* ref = e.As<syntax::ColumnRef>()) {
          auto resolved = input_binder.Resolve(ref->name);
          if (!resolved.ok())
            return Result<PhysicalExprPtr>(AtPosition(e.pos, std::move(resolved).error()));
          if (*resolved) {
            std::vector<std::string> path{std::to_string((*resolved)->column)};
            for (const auto& f : (*resolved)->fields) path.push_back(AsciiLower(f));
            for (const auto& [key_index, key_path] : key_columns) {
              if (key_path == path) {
                return Result<PhysicalExprPtr>(MakeColumnExpr(
                    key_index, post_scope.columns[static_cast<size_t>(key_index)].type));
              }
            }
            return Result<PhysicalExprPtr>(AtPosition(
                e.pos,
                InvalidArgument("column {} is neither in GROUP BY nor inside an aggregate function",
                                syntax::ToSql(ref->name))));
          }
        }
        return std::nullopt;
      };
      post_binder.emplace(post_scope, context_, post_replace);
      if (select.having) {
        if (ContainsWindow(*select.having)) {
          return AtPosition(select.having->pos,
                            InvalidArgument("window functions are not allowed in HAVING: compute "
                                            "them in a subquery and filter its rows"));
        }
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr having, post_binder->Bind(*select.having));
        node = MakeFilterNode(node, having, syntax::ToSql(*select.having));
      }
    }
    const ExpressionBinder* base_binder = aggregated ? &*post_binder : &input_binder;

    // Window functions: WindowNodes append their columns after the rows the select list reads;
    // the select list and ORDER BY find each call's column by its text.
    std::unique_ptr<WindowedRows> windows;
    if (windowed) {
      if (generator_item) {
        const Expr& g = *select.items[*generator_item].expr;
        return AtPosition(g.pos, NotSupported("{} with window functions in the same SELECT is not "
                                              "supported: explode in a FROM subquery",
                                              syntax::ToSql(g)));
      }
      std::vector<const Expr*> roots;
      for (const auto& item : select.items) roots.push_back(item.expr.get());
      for (const auto& o : order_by) roots.push_back(o.expr.get());
      FLOE_ASSIGN_OR_RETURN(windows,
                            BindWindows(node, roots, *base_binder, aggregated ? post_scope : scope,
                                        post_replace, context_));
      node = windows->node;
    }
    const ExpressionBinder& item_binder = windows ? *windows->binder : *base_binder;

    // A generator appends its columns after the input's, which keep their positions.
    std::vector<PhysicalExprPtr> generated;
    std::vector<std::string> generated_names;
    if (generator_item) {
      FLOE_ASSIGN_OR_RETURN(GeneratorSpec spec,
                            BindGenerator(select.items[*generator_item], input_binder));
      FLOE_ASSIGN_OR_RETURN(auto types,
                            GeneratedColumnTypes(*spec.container->type(), spec.with_position));
      for (size_t k = 0; k < types.size(); ++k) {
        generated.push_back(MakeColumnExpr(static_cast<int>(scope.columns.size() + k), types[k]));
      }
      generated_names = spec.names;
      node = MakeGenerateNode(node, std::move(spec));
    }

    // Select list.
    std::vector<PhysicalExprPtr> exprs;
    std::vector<std::string> names;
    for (const auto& item : select.items) {
      if (generator_item && &item == &select.items[*generator_item]) {
        exprs.insert(exprs.end(), generated.begin(), generated.end());
        names.insert(names.end(), generated_names.begin(), generated_names.end());
        continue;
      }
      if (const auto* star = item.expr->As<syntax::Star>()) {
        if (aggregated)
          return AtPosition(item.pos,
                            InvalidArgument("* cannot be used with GROUP BY or aggregates"));
        bool any = false;
        for (size_t i = 0; i < scope.columns.size(); ++i) {
          const ScopeColumn& c = scope.columns[i];
          if (star->qualifier.empty() && c.qualified_only) continue;
          if (!star->qualifier.empty() &&
              !AsciiEqualsIgnoreCase(c.qualifier, star->qualifier.back()))
            continue;
          exprs.push_back(MakeColumnExpr(static_cast<int>(i), c.type));
          names.push_back(c.name);
          any = true;
        }
        if (!any && !star->qualifier.empty()) {
          return AtPosition(
              item.pos, InvalidArgument("{}.*: no table {} in FROM", syntax::ToSql(star->qualifier),
                                        syntax::ToSql(star->qualifier)));
        }
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr e, item_binder.Bind(*item.expr));
      exprs.push_back(e);
      names.push_back(item.alias.value_or(ColumnNameFor(*item.expr)));
    }
    size_t visible = exprs.size();

    // ORDER BY: output columns by ordinal or name, else expressions of the input as hidden columns.
    std::vector<SortKey> sort_keys;
    std::string sort_description;
    for (const auto& o : order_by) {
      int index = -1;
      if (const auto* lit = o.expr->As<syntax::Literal>();
          lit && lit->kind == syntax::LiteralKind::kInteger) {
        int64_t ordinal = lit->int_value.value_or(0);
        if (ordinal < 1 || ordinal > static_cast<int64_t>(visible)) {
          return AtPosition(
              o.pos, InvalidArgument("ORDER BY position {} is not in the select list (1..{})",
                                     ordinal, visible));
        }
        index = static_cast<int>(ordinal - 1);
      } else if (const auto* ref = o.expr->As<syntax::ColumnRef>(); ref && ref->name.size() == 1) {
        for (size_t i = 0; i < visible; ++i) {
          if (AsciiEqualsIgnoreCase(names[i], ref->name[0])) {
            index = static_cast<int>(i);
            break;
          }
        }
      }
      if (index < 0) {
        std::string text = syntax::ToSql(*o.expr);
        for (size_t i = 0; i < visible && index < 0; ++i) {
          const auto& item = select.items[std::min(i, select.items.size() - 1)];
          if (select.items.size() == visible && syntax::ToSql(*item.expr) == text)
            index = static_cast<int>(i);
        }
      }
      if (index < 0) {
        if (select.distinct) {
          return AtPosition(
              o.pos, InvalidArgument("with SELECT DISTINCT, ORDER BY {} must be in the select list",
                                     syntax::ToSql(*o.expr)));
        }
        FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr e, item_binder.Bind(*o.expr));
        exprs.push_back(e);
        names.push_back(fmt::format("__order{}", exprs.size()));
        index = static_cast<int>(exprs.size() - 1);
      }
      bool nulls_first = o.nulls == syntax::NullOrder::kDefault
                             ? !o.descending
                             : o.nulls == syntax::NullOrder::kFirst;
      if (exprs[static_cast<size_t>(index)]->type()->is_variant()) {
        return AtPosition(o.pos,
                          InvalidArgument("ORDER BY {}: variants cannot be ordered; order by "
                                          "a field extracted with variant_get",
                                          syntax::ToSql(*o.expr)));
      }
      sort_keys.push_back({nullptr, o.descending, nulls_first});
      sort_keys.back().expr = MakeColumnExpr(index, exprs[static_cast<size_t>(index)]->type());
      sort_description += (sort_description.empty() ? "" : ", ") + syntax::ToSql(*o.expr) +
                          (o.descending ? " DESC" : " ASC") +
                          (nulls_first ? " NULLS FIRST" : " NULLS LAST");
    }
    node = MakeProjectNode(node, exprs, names);
    if (select.distinct) node = Distinct(node);
    if (!sort_keys.empty()) node = MakeSortNode(node, std::move(sort_keys), sort_description);
    if (exprs.size() > visible) {
      std::vector<PhysicalExprPtr> keep;
      for (size_t i = 0; i < visible; ++i)
        keep.push_back(MakeColumnExpr(static_cast<int>(i), exprs[i]->type()));
      names.resize(visible);
      node = MakeProjectNode(node, std::move(keep), names);
    }
    return BoundQuery{node, names};
  }

  Result<AggregateCall> BindAggregate(const Expr& e, const syntax::FunctionCall& call,
                                      const ExpressionBinder& binder) {
    std::string name = AsciiLower(call.name[0]);
    FLOE_ASSIGN_OR_RETURN(AggregateKind kind, AggregateKindFromName(name, call.star));
    AggregateCall out;
    out.kind = kind;
    out.distinct = call.distinct;
    out.name = ColumnNameFor(e);
    if (kind == AggregateKind::kCountStar) return out;
    FLOE_RETURN_IF_ERROR(BindAggregateArguments(call, binder, out));
    return out;
  }

  // ORDER BY over a query's output only (VALUES, UNION).
  Result<PlanNodePtr> SortOutput(const BoundQuery& q,
                                 const std::vector<syntax::OrderItem>& order_by) {
    Scope scope = ScopeOf(*q.node->schema(), "");
    ExpressionBinder binder(scope, context_);
    std::vector<SortKey> keys;
    std::string description;
    for (const auto& o : order_by) {
      PhysicalExprPtr e;
      if (const auto* lit = o.expr->As<syntax::Literal>();
          lit && lit->kind == syntax::LiteralKind::kInteger) {
        int64_t ordinal = lit->int_value.value_or(0);
        if (ordinal < 1 || ordinal > static_cast<int64_t>(q.names.size())) {
          return AtPosition(
              o.pos, InvalidArgument("ORDER BY position {} is not in the select list", ordinal));
        }
        e = MakeColumnExpr(static_cast<int>(ordinal - 1),
                           q.node->schema()->field(static_cast<int>(ordinal - 1)).type);
      } else {
        FLOE_ASSIGN_OR_RETURN(e, binder.Bind(*o.expr));
      }
      bool nulls_first = o.nulls == syntax::NullOrder::kDefault
                             ? !o.descending
                             : o.nulls == syntax::NullOrder::kFirst;
      keys.push_back({e, o.descending, nulls_first});
      description += (description.empty() ? "" : ", ") + syntax::ToSql(*o.expr);
    }
    return MakeSortNode(q.node, std::move(keys), description);
  }

  RelationResolver& resolver_;
  EvalContextPtr context_;
  BindOptions options_;
  std::vector<std::pair<std::string, const syntax::CommonTableExpr*>> ctes_;
  NamedColumns named_;
};

}  // namespace

Result<BoundQuery> BindQuery(const syntax::Query& query, RelationResolver& resolver,
                             const EvalContextPtr& context, const BindOptions& options) {
  QueryBinder binder(resolver, context, options, {}, CollectNames(query));
  return binder.Bind(query);
}

}  // namespace floe::sql
