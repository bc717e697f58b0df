#include "floe/sql/session.h"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/staged_table_operations.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/commit/metadata_file.h"
#include "floe/inspect/metadata_table.h"
#include "floe/io/file_io.h"
#include "floe/scan/snapshot_selection.h"
#include "floe/spec/partition_spec_text.h"
#include "floe/spec/schema.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/sql/exec/store_assignment.h"
#include "floe/sql/exec/uuid_text.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/statement_rows.h"
#include "floe/sql/type_syntax.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/append_files.h"
#include "floe/update/update_properties.h"
#include "floe/update/update_schema.h"
#include "floe/util/ascii.h"
#include "floe/util/clock.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::RecordBatch;
using columnar::SchemaPtr;

namespace {

template <typename T>
Status StatusOf(Result<T> result) {
  if (!result.ok()) return std::move(result).error();
  return Ok();
}

std::string JoinName(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
  return out;
}

// Rows of strings (SHOW and DESCRIBE output) to the statement output.
// A partition field as PARTITIONED BY writes it: `col` for identity, else `days(col)`, ...
std::string PartitionTerm(const spec::Schema& schema, const spec::PartitionField& field) {
  std::string source = schema.FindColumnName(field.source_id).value_or("?");
  std::string transform = field.transform.ToString();
  return transform == "identity" ? source : transform + "(" + source + ")";
}

// A metadata table (t.snapshots, t.files, ...) as a plan leaf.
class MetadataTableNode final : public PlanNode {
 public:
  MetadataTableNode(SchemaPtr schema, io::FileIO& io, catalog::LoadedTable table,
                    inspect::MetadataTableKind kind, std::optional<int64_t> snapshot_id)
      : PlanNode(std::move(schema)),
        io_(io),
        table_(std::move(table)),
        kind_(kind),
        snapshot_id_(snapshot_id) {}
  Status Run(const BatchSink& sink) override {
    return inspect::ReadMetadataTable(io_, table_.metadata, table_.metadata_location, kind_,
                                      snapshot_id_, sink);
  }
  std::string Describe() const override {
    return fmt::format("MetadataTable {}.{}", table_.id.ToString(),
                       inspect::MetadataTableName(kind_));
  }

 private:
  io::FileIO& io_;
  catalog::LoadedTable table_;
  inspect::MetadataTableKind kind_;
  std::optional<int64_t> snapshot_id_;
};

// The snapshot a metadata table reads under time travel (`t.files VERSION AS OF 'tag'`), as
// Iceberg's Spark catalog does (SparkCatalog.loadTable(ident, version) → the metadata table's
// scan uses that snapshot or ref): the tables of one snapshot (files, data_files, delete_files,
// entries, manifests, partitions) read the chosen one; the others describe the whole table or
// every snapshot, so time travel is refused for them. nullopt: the current snapshot.
Result<std::optional<int64_t>> MetadataTableSnapshotId(inspect::MetadataTableKind kind,
                                                       const spec::TableMetadata& metadata,
                                                       const scan::SnapshotSelector& selector,
                                                       const syntax::TableName& table) {
  if (selector.empty()) return std::optional<int64_t>();
  using inspect::MetadataTableKind;
  switch (kind) {
    case MetadataTableKind::kFiles:
    case MetadataTableKind::kDataFiles:
    case MetadataTableKind::kDeleteFiles:
    case MetadataTableKind::kEntries:
    case MetadataTableKind::kManifests:
    case MetadataTableKind::kPartitions:
      break;
    default:
      return AtPosition(
          table.time_travel->pos,
          NotSupported(
              "{} has no time travel (it describes the whole table); files, data_files, "
              "delete_files, entries, manifests and partitions take VERSION/TIMESTAMP AS OF",
              syntax::ToSql(table.name)));
  }
  FLOE_ASSIGN_OR_RETURN(scan::SnapshotChoice choice, scan::SelectSnapshot(metadata, selector));
  if (choice.snapshot == nullptr) return std::optional<int64_t>();
  return std::optional<int64_t>(choice.snapshot->snapshot_id);
}

// The Iceberg type of a columnar type (fresh nested ids: UpdateSchema reassigns them).
Result<spec::TypePtr> IcebergTypeOf(const columnar::Field& field) {
  columnar::Schema one({field});
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, table::ToIcebergSchema(table::WithFieldIds(one)));
  return schema.fields.at(0).type;
}

Result<spec::TypePtr> IcebergTypeOf(const DataTypePtr& type) {
  columnar::Schema one({columnar::Field("x", type, true)});
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema, table::ToIcebergSchema(table::WithFieldIds(one)));
  return schema.fields.at(0).type;
}

// Spark's store assignment (ANSI policy) for INSERT: a value may be written into a column when
// the cast is safe in kind. Numbers into numbers, anything atomic into strings, dates into
// timestamps, NULL into anything; timestamps with and without zone do not mix (as `floe append`).
// Nested values go field by field: a struct's fields by position (as many as the column's, as
// Spark's INSERT matches them), a list's elements, a map's keys and values. Returns why a `from`
// value cannot be written into `to` (empty when it can), naming the nested field at fault from
// `where` ("column s", then "column s.y", "column l.element").
std::string StoreAssignProblem(const columnar::DataType& from, const columnar::DataType& to,
                               const std::string& where) {
  using columnar::TypeId;
  auto cannot = [&](std::string why) {
    return fmt::format("cannot write {} into {} ({}){}", SparkTypeName(from), where,
                       SparkTypeName(to), why);
  };
  if (SameType(from, to) || from.id() == TypeId::kNull) return "";
  if (from.is_nested() || to.is_nested()) {
    if (from.id() != to.id()) return cannot("");
    if (to.id() == TypeId::kStruct) {
      if (from.num_children() != to.num_children()) {
        auto fields = [](int n) { return fmt::format("{} field{}", n, n == 1 ? "" : "s"); };
        return cannot(fmt::format(": the value has {}, the column's struct {}",
                                  fields(from.num_children()), fields(to.num_children())));
      }
      for (int k = 0; k < to.num_children(); ++k) {
        std::string problem = StoreAssignProblem(*from.child(k).type, *to.child(k).type,
                                                 where + "." + to.child(k).name);
        if (!problem.empty()) return problem;
      }
      return "";
    }
    if (to.id() == TypeId::kMap) {
      std::string problem =
          StoreAssignProblem(*from.key_field().type, *to.key_field().type, where + ".key");
      if (problem.empty())
        problem =
            StoreAssignProblem(*from.item_field().type, *to.item_field().type, where + ".value");
      return problem;
    }
    return StoreAssignProblem(*from.value_field().type, *to.value_field().type, where + ".element");
  }
  if (IsNumeric(from) && IsNumeric(to)) return "";
  if (to.id() == TypeId::kString) return "";
  if (from.id() == TypeId::kDate32 && IsTimestamp(to)) return "";
  if (IsTimestamp(from) && IsTimestamp(to) && from.timezone().empty() == to.timezone().empty())
    return "";
  if ((from.id() == TypeId::kBinary || from.id() == TypeId::kFixedSizeBinary) &&
      (to.id() == TypeId::kBinary || to.id() == TypeId::kFixedSizeBinary)) {
    return "";
  }
  return cannot("");
}

// Whether a nested type has a part of no type (array() is array<void>): Iceberg has none.
bool HoldsNullType(const columnar::DataType& type) {
  if (type.id() == columnar::TypeId::kNull) return true;
  for (int k = 0; k < type.num_children(); ++k) {
    if (HoldsNullType(*type.child(k).type)) return true;
  }
  return false;
}

// The Spark type name of a table column: a uuid, nested or not, is a string (Spark has no uuid
// type, and queries read it as its text).
std::string ColumnTypeName(const spec::NestedField& field, const columnar::Field& column) {
  switch (field.type->id()) {
    case spec::TypeId::kUuid:
      return "string";
    case spec::TypeId::kGeometry:  // v3 types without a Spark twin: Iceberg's names, CRS kept
    case spec::TypeId::kGeography:
    case spec::TypeId::kUnknown:
      return field.type->ToString();
    default:
      return SparkTypeName(*UuidsAsStrings(column).type);
  }
}

// Strings written into a uuid column: each the text of a UUID (any case), else an error naming
// the statement (the call's name, which prefixes its errors), `where` and the value.
PhysicalExprPtr UuidFromTextExpr(PhysicalExprPtr text, std::string statement, std::string where) {
  Kernel kernel = [where](const std::vector<columnar::ArrayPtr>& args,
                          int64_t num_rows) -> Result<columnar::ArrayPtr> {
    const columnar::ArrayData& strings = *args[0];
    columnar::FixedSizeBinaryBuilder builder(columnar::Uuid());
    FLOE_RETURN_IF_ERROR(builder.Reserve(num_rows));
    for (int64_t i = 0; i < num_rows; ++i) {
      if (strings.IsNull(i)) {
        FLOE_RETURN_IF_ERROR(builder.AppendNull());
        continue;
      }
      std::optional<Uuid> uuid = Uuid::Parse(strings.GetView(i));
      if (!uuid)
        return InvalidArgument("{}: '{}' is not a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)",
                               where, strings.GetView(i));
      FLOE_RETURN_IF_ERROR(builder.Append(uuid->bytes.data()));
    }
    return builder.Finish();
  };
  return MakeCallExpr(std::move(statement), std::move(kernel), {std::move(text)}, columnar::Uuid());
}

// Values of a nested column written from their text form (UuidsAsStrings(target)): the uuids in
// them parsed, as UuidFromTextExpr does for a top-level one.
PhysicalExprPtr NestedUuidsFromTextExpr(PhysicalExprPtr text, const columnar::Field& target,
                                        std::string statement, std::string where) {
  Kernel kernel = [target, where](const std::vector<columnar::ArrayPtr>& args, int64_t) {
    return UuidsFromText(args[0], target, where);
  };
  return MakeCallExpr(std::move(statement), std::move(kernel), {std::move(text)}, target.type);
}

}  // namespace

Session::Session(SessionOptions options) : options_(std::move(options)) {}
Session::~Session() = default;

Result<std::unique_ptr<Session>> Session::Make(SessionOptions options) {
  auto context = std::make_shared<EvalContext>();
  FLOE_ASSIGN_OR_RETURN(context->time_zone, SessionTimeZone::Make(options.time_zone));
  std::unique_ptr<Session> session(new Session(std::move(options)));
  session->context_ = std::move(context);
  session->local_io_ = io::LocalFileIO();
  return session;
}

io::FileIO& Session::LocalIo() { return *local_io_; }

Result<RelationSource> Session::ResolveTable(const syntax::TableName& table,
                                             const EvalContextPtr& context) {
  scan::SnapshotSelector selector;
  if (table.time_travel) {
    const syntax::TimeTravel& tt = *table.time_travel;
    DataTypePtr type;
    auto value = EvaluateConstantSyntax(*tt.value, context, &type);
    if (!value.ok()) return AtPosition(tt.pos, std::move(value).error());
    if (value->is_null()) return AtPosition(tt.pos, InvalidArgument("time travel to NULL"));
    if (tt.kind == syntax::TimeTravelKind::kVersion) {
      if (IsIntegral(*type)) {
        selector.snapshot_id = value->as_int();
      } else if (type->id() == columnar::TypeId::kString) {
        // A snapshot id written as a string, or a branch/tag name.
        const std::string& s = value->as_string();
        bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        if (digits) {
          int64_t id = 0;
          auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
          if (ec != std::errc() || end != s.data() + s.size()) {
            return AtPosition(tt.pos,
                              InvalidArgument("VERSION AS OF '{}': not a snapshot id (snapshot "
                                              "ids are 64-bit integers)",
                                              s));
          }
          selector.snapshot_id = id;
        } else {
          selector.ref = s;
        }
      } else {
        return AtPosition(
            tt.pos, InvalidArgument("VERSION AS OF takes a snapshot id or a branch or tag name"));
      }
    } else {
      if (IsNumeric(*type)) {
        FLOE_ASSIGN_OR_RETURN(Scalar seconds,
                              CastScalar(*value, *type, *columnar::Float64(), *context));
        selector.as_of_ms = static_cast<int64_t>(seconds.as_double() * 1000);
      } else {
        FLOE_ASSIGN_OR_RETURN(Scalar ts, CastScalar(*value, *type, *TimestampType(), *context));
        if (ts.is_null()) {
          return AtPosition(tt.pos, InvalidArgument("TIMESTAMP AS OF: {} is not a timestamp",
                                                    syntax::ToSql(*tt.value)));
        }
        selector.as_of_ms = FloorDiv(ts.as_int(), 1000);
      }
    }
  }
  // The name as a table; else its last part may be a metadata table, a branch or a tag.
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(table.name));
  auto loaded = ref.catalog->LoadTable(ref.id);
  if (!loaded.ok() && loaded.error().kind == ErrorKind::kNotFound && table.name.size() >= 3) {
    std::string last = AsciiLower(table.name.back());
    syntax::QualifiedName base(table.name.begin(), table.name.end() - 1);
    auto kind = inspect::MetadataTableKindFromName(last);
    bool is_ref = last.starts_with("branch_") || last.starts_with("tag_");
    if (kind.ok() || is_ref) {
      FLOE_ASSIGN_OR_RETURN(TableRef base_ref, ResolveTableName(base));
      auto base_loaded = base_ref.catalog->LoadTable(base_ref.id);
      if (base_loaded.ok()) {
        if (kind.ok()) {
          FLOE_ASSIGN_OR_RETURN(
              std::optional<int64_t> snapshot_id,
              MetadataTableSnapshotId(*kind, base_loaded->metadata, selector, table));
          FLOE_ASSIGN_OR_RETURN(SchemaPtr schema,
                                inspect::MetadataTableSchema(*kind, base_loaded->metadata));
          RelationSource source;
          source.schema = schema;
          source.qualifier = table.name.back();
          source.node = std::make_shared<MetadataTableNode>(
              schema, base_ref.catalog->io(), std::move(*base_loaded), *kind, snapshot_id);
          return source;
        }
        selector.ref = table.name.back().substr(table.name.back().find('_') + 1);
        ref = base_ref;
        loaded = std::move(base_loaded);
      }
    }
  }
  if (!loaded.ok()) return std::move(loaded).error();
  RelationSource source;
  source.qualifier = table.name.back();
  TableScanSpec spec;
  spec.io = &ref.catalog->io();
  spec.metadata = std::make_shared<const spec::TableMetadata>(std::move(loaded->metadata));
  spec.table_name = ref.display;
  spec.snapshot = selector;
  FLOE_ASSIGN_OR_RETURN(source.schema, TableScanSchema(*spec.metadata, spec.snapshot));
  source.scan = std::move(spec);
  return source;
}

Result<RelationSource> Session::ResolveMetadataFile(const std::string& argument) {
  // A table folder (or its metadata folder) reads its current metadata file, as `floe scan
  // <folder>` does.
  std::string path = argument;
  std::error_code ec;
  if (std::filesystem::is_directory(argument, ec)) {
    FLOE_ASSIGN_OR_RETURN(path, commit::FindCurrentMetadataFile(*local_io_, argument));
  }
  FLOE_ASSIGN_OR_RETURN(spec::TableMetadata metadata, commit::ReadMetadataFile(*local_io_, path));
  RelationSource source;
  source.qualifier = "iceberg_scan";
  TableScanSpec spec;
  spec.io = local_io_.get();
  spec.metadata = std::make_shared<const spec::TableMetadata>(std::move(metadata));
  spec.table_name = path;
  FLOE_ASSIGN_OR_RETURN(source.schema, TableScanSchema(*spec.metadata, spec.snapshot));
  source.scan = std::move(spec);
  return source;
}

Result<std::string> Session::Execute(const syntax::Statement& statement,
                                     const StatementOutput& output) {
  context_->now_micros = options_.now_micros ? options_.now_micros() : NowMillis() * 1000;
  using syntax::StatementKind;
  may_create_catalog_ = statement.kind() == StatementKind::kCreateNamespace ||
                        statement.kind() == StatementKind::kCreateTable;
  Result<std::string> result = std::string();
  switch (statement.kind()) {
    case StatementKind::kQuery:
      result = RunQuery(*statement.As<syntax::QueryStatement>()->query, output);
      break;
    case StatementKind::kExplain:
      result = Explain(*statement.As<syntax::Explain>(), output);
      break;
    case StatementKind::kCreateNamespace:
      result = CreateNamespace(*statement.As<syntax::CreateNamespace>());
      break;
    case StatementKind::kDropNamespace:
      result = DropNamespace(*statement.As<syntax::DropNamespace>());
      break;
    case StatementKind::kCreateTable:
      result = CreateTable(*statement.As<syntax::CreateTable>());
      break;
    case StatementKind::kDropTable:
      result = DropTable(*statement.As<syntax::DropTable>());
      break;
    case StatementKind::kShowNamespaces:
      result = ShowNamespaces(*statement.As<syntax::ShowNamespaces>(), output);
      break;
    case StatementKind::kShowTables:
      result = ShowTables(*statement.As<syntax::ShowTables>(), output);
      break;
    case StatementKind::kDescribeTable:
      result = Describe(*statement.As<syntax::DescribeTable>(), output);
      break;
    case StatementKind::kShowCreateTable:
      result = ShowCreateTable(*statement.As<syntax::ShowCreateTable>(), output);
      break;
    case StatementKind::kShowTblProperties:
      result = ShowTblProperties(*statement.As<syntax::ShowTblProperties>(), output);
      break;
    case StatementKind::kAlterTable:
      result = AlterTable(*statement.As<syntax::AlterTable>());
      break;
    case StatementKind::kInsert:
      result = Insert(*statement.As<syntax::Insert>());
      break;
    case StatementKind::kSetTimeZone:
      result = SetTimeZone(statement.As<syntax::SetTimeZone>()->zone);
      break;
    case StatementKind::kSetConfig:
      result = SetConfig(*statement.As<syntax::SetConfig>(), output);
      break;
    case StatementKind::kShowColumns:
      result = ShowColumns(*statement.As<syntax::ShowColumns>(), output);
      break;
    case StatementKind::kShowPartitions:
      result = ShowPartitions(*statement.As<syntax::ShowPartitions>(), output);
      break;
    case StatementKind::kCall:
      result = Call(*statement.As<syntax::Call>(), output);
      break;
    case StatementKind::kUse: {
      // As Spark: USE <catalog> switches the catalog (a catalog name wins over a namespace of
      // the same name); USE [catalog.]namespace the namespace, and the catalog when named.
      const auto& use = *statement.As<syntax::Use>();
      const bool catalog_named =
          options_.config && !use.name.empty() && options_.config->catalogs.count(use.name[0]);
      if (catalog_named && use.name.size() == 1) {
        FLOE_RETURN_IF_ERROR(StatusOf(OpenCatalog(use.name[0])));
        current_catalog_ = use.name[0];
        current_namespace_.reset();
        result = "using catalog " + use.name[0];
        break;
      }
      FLOE_ASSIGN_OR_RETURN(auto ns, ResolveNamespace(use.name));
      FLOE_RETURN_IF_ERROR(StatusOf(ns.first->LoadNamespaceProperties(ns.second)));
      if (catalog_named) current_catalog_ = use.name[0];
      current_namespace_ = ns.second;
      result = "using namespace " + JoinName(ns.second);
      break;
    }
  }
  if (!result.ok()) return AtPosition(statement.pos, std::move(result).error());
  return result;
}

Result<std::string> Session::RunQuery(const syntax::Query& query, const StatementOutput& output) {
  BindOptions bind;
  bind.threads = options_.threads;
  FLOE_ASSIGN_OR_RETURN(BoundQuery bound, BindQuery(query, *this, context_, bind));
  if (output.on_schema) FLOE_RETURN_IF_ERROR(output.on_schema(bound.node->schema()));
  FLOE_RETURN_IF_ERROR(bound.node->Run([&](const RecordBatch& batch) -> Status {
    if (batch.num_rows() == 0 || !output.on_batch) return Ok();
    return output.on_batch(batch);
  }));
  return std::string();
}

Result<std::string> Session::Explain(const syntax::Explain& explain,
                                     const StatementOutput& output) {
  BindOptions bind;
  bind.threads = options_.threads;
  FLOE_ASSIGN_OR_RETURN(BoundQuery bound, BindQuery(*explain.query, *this, context_, bind));
  FLOE_ASSIGN_OR_RETURN(std::string text, ExplainPlanWithReports(*bound.node));
  std::vector<std::vector<std::optional<std::string>>> rows;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    rows.push_back({text.substr(start, end - start)});
    start = end + 1;
  }
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"plan"}, rows));
  return std::string();
}

Result<std::string> Session::CreateNamespace(const syntax::CreateNamespace& stmt) {
  FLOE_ASSIGN_OR_RETURN(auto ns, ResolveNamespace(stmt.name));
  std::map<std::string, std::string> properties;
  for (const auto& p : stmt.properties) properties[p.key] = p.value;
  if (stmt.comment) properties["comment"] = *stmt.comment;
  if (stmt.location) properties["location"] = *stmt.location;
  Status s = ns.first->CreateNamespace(ns.second, properties);
  if (!s.ok()) {
    if (s.error().kind == ErrorKind::kAlreadyExists && stmt.if_not_exists) {
      return "namespace " + JoinName(ns.second) + " exists";
    }
    return std::move(s).error();
  }
  return "created namespace " + JoinName(ns.second);
}

Result<std::string> Session::DropNamespace(const syntax::DropNamespace& stmt) {
  FLOE_ASSIGN_OR_RETURN(auto ns, ResolveNamespace(stmt.name));
  if (stmt.cascade) {
    FLOE_ASSIGN_OR_RETURN(auto tables, ns.first->ListTables(ns.second));
    for (const auto& t : tables) FLOE_RETURN_IF_ERROR(ns.first->DropTable(t, false));
  }
  Status s = ns.first->DropNamespace(ns.second);
  if (!s.ok()) {
    if (s.error().kind == ErrorKind::kNotFound && stmt.if_exists)
      return "no namespace " + JoinName(ns.second);
    return std::move(s).error();
  }
  return "dropped namespace " + JoinName(ns.second);
}

Result<std::string> Session::CreateTable(const syntax::CreateTable& stmt) {
  if ((stmt.or_replace || stmt.replace) && stmt.if_not_exists) {
    return InvalidArgument("CREATE OR REPLACE TABLE cannot take IF NOT EXISTS");
  }
  if (stmt.provider && !AsciiEqualsIgnoreCase(*stmt.provider, "iceberg")) {
    return NotSupported("USING {}: floe creates Iceberg tables only (USING iceberg)",
                        *stmt.provider);
  }
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  if (!stmt.like.empty()) {
    if (stmt.or_replace || stmt.replace) {
      return NotSupported("REPLACE TABLE … LIKE is not supported (drop the table first)");
    }
    return CreateTableLike(stmt, ref);
  }
  // CTAS binds its query first: a bad query leaves no table behind.
  std::optional<BoundQuery> query;
  std::vector<columnar::Field> fields;
  std::map<std::string, std::string> docs;
  if (stmt.as_query) {
    if (!stmt.columns.empty())
      return InvalidArgument("CREATE TABLE AS SELECT takes its columns from the query");
    BindOptions bind;
    bind.threads = options_.threads;
    FLOE_ASSIGN_OR_RETURN(BoundQuery bound, BindQuery(*stmt.as_query, *this, context_, bind));
    for (int i = 0; i < bound.node->schema()->num_fields(); ++i) {
      DataTypePtr t = bound.node->schema()->field(i).type;
      if (t->id() == columnar::TypeId::kNull) {
        return InvalidArgument("column {} of the query is NULL without a type: CAST it",
                               bound.names[static_cast<size_t>(i)]);
      }
      if (HoldsNullType(*t)) {
        return InvalidArgument(
            "column {} of the query ({}) holds a NULL without a type (array(), map(), a NULL "
            "field): CAST it",
            bound.names[static_cast<size_t>(i)], SparkTypeName(*t));
      }
      fields.emplace_back(bound.names[static_cast<size_t>(i)], t, true);
    }
    query = std::move(bound);
  } else {
    if (stmt.columns.empty()) return InvalidArgument("CREATE TABLE needs columns (or AS SELECT)");
    for (const auto& c : stmt.columns) {
      // UUID is Iceberg's uuid, not fixed(16), and GEOMETRY keeps its CRS: marks on the field.
      auto field = FieldFromSyntax(c.name, c.type, !c.not_null);
      if (!field.ok()) return AtPosition(c.pos, std::move(field).error());
      fields.push_back(std::move(*field));
      if (c.comment) docs[c.name] = *c.comment;
    }
  }
  FLOE_ASSIGN_OR_RETURN(spec::Schema schema,
                        table::ToIcebergSchema(table::WithFieldIds(columnar::Schema(fields))));
  for (auto& f : schema.fields) {
    if (auto it = docs.find(f.name); it != docs.end()) f.doc = it->second;
  }
  // PARTITIONED BY's terms as the parser read them; messages point into the statement.
  std::vector<spec::TransformTerm> partition_terms;
  for (const auto& p : stmt.partitioned_by) {
    spec::TransformTerm& term = partition_terms.emplace_back();
    term.transform = p.transform;
    term.argument = p.argument;
    term.column = JoinName(p.column);
    term.position = term.column_position = p.pos.column;
  }
  catalog::CreateTableOptions create;
  FLOE_ASSIGN_OR_RETURN(create.table.spec, spec::MakePartitionSpec(partition_terms, schema));
  create.table.schema = std::move(schema);
  for (const auto& p : stmt.properties) create.table.properties[p.key] = p.value;
  if (stmt.comment) create.table.properties["comment"] = *stmt.comment;
  if (stmt.location) create.table.location = *stmt.location;
  if (stmt.or_replace || stmt.replace) {
    auto loaded = ref.catalog->LoadTable(ref.id);
    if (loaded.ok()) return ReplaceTable(ref, create, std::move(query));
    if (loaded.error().kind != ErrorKind::kNotFound) return std::move(loaded).error();
    if (stmt.replace) {
      return NotFound("REPLACE TABLE {}: there is no such table (CREATE OR REPLACE creates it)",
                      ref.display);
    }
  }
  auto exists = [&](const Error& e) {
    return e.kind == ErrorKind::kAlreadyExists && stmt.if_not_exists;
  };
  if (!query) {
    auto created = ref.catalog->CreateTable(ref.id, create);
    if (!created.ok()) {
      if (exists(created.error())) return "table " + ref.display + " exists";
      return std::move(created).error();
    }
    return "created table " + ref.display;
  }
  // As Spark's atomic CTAS, in one commit: the create is staged, the rows are written under its
  // location and the table appears with its first snapshot. Until then nobody sees it, and a
  // failed query or write leaves no table (the append deletes the files it wrote).
  auto staged = catalog::StagedTableOperations::Stage(*ref.catalog, ref.id, create);
  if (!staged.ok()) {
    if (exists(staged.error())) return "table " + ref.display + " exists";
    return std::move(staged).error();
  }
  auto rows = AppendQuery(ref, **staged, std::move(*query), {});
  if (!rows.ok()) {
    (void)(*staged)->Discard();
    if (exists(rows.error())) return "table " + ref.display + " exists";  // created meanwhile
    return std::move(rows).error();
  }
  return fmt::format("created table {} with {} rows", ref.display, *rows);
}

// CREATE TABLE t LIKE source: the source's current columns (with their docs), partition spec,
// sort order and format version; not its data, location or properties (TBLPROPERTIES,
// LOCATION and COMMENT of the statement apply).
Result<std::string> Session::CreateTableLike(const syntax::CreateTable& stmt, const TableRef& ref) {
  if (!stmt.columns.empty() || stmt.as_query || !stmt.partitioned_by.empty()) {
    return InvalidArgument(
        "CREATE TABLE … LIKE takes the columns and partitioning of the table it copies");
  }
  FLOE_ASSIGN_OR_RETURN(TableRef source_ref, ResolveTableName(stmt.like));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable source, source_ref.catalog->LoadTable(source_ref.id));
  const spec::TableMetadata& m = source.metadata;
  const spec::Schema* schema = m.CurrentSchema();
  const spec::PartitionSpec* spec = m.DefaultSpec();
  if (schema == nullptr || spec == nullptr) {
    return Corrupt("{}: no current schema or default partition spec", source.metadata_location);
  }
  catalog::CreateTableOptions create;
  create.table.schema = *schema;
  create.table.spec = *spec;
  if (const spec::SortOrder* order = m.DefaultSortOrder()) create.table.sort_order = *order;
  create.table.format_version = m.format_version;
  create.table.properties["format-version"] = std::to_string(m.format_version);
  for (const auto& p : stmt.properties) create.table.properties[p.key] = p.value;
  if (stmt.comment) create.table.properties["comment"] = *stmt.comment;
  if (stmt.location) create.table.location = *stmt.location;
  auto created = ref.catalog->CreateTable(ref.id, create);
  if (!created.ok()) {
    if (created.error().kind == ErrorKind::kAlreadyExists && stmt.if_not_exists) {
      return "table " + ref.display + " exists";
    }
    return std::move(created).error();
  }
  return "created table " + ref.display + " like " + source_ref.display;
}

Result<std::string> Session::DropTable(const syntax::DropTable& stmt) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  catalog::DropTableOptions options;
  options.purge = stmt.purge;
  auto dropped = ref.catalog->DropTable(ref.id, options);
  if (!dropped.ok()) {
    if (dropped.error().kind == ErrorKind::kNotFound && stmt.if_exists) {
      return "no table " + ref.display;
    }
    return std::move(dropped).error();
  }
  std::string out = (stmt.purge ? "dropped table (purged) " : "dropped table ") + ref.display;
  if (dropped->purge && !dropped->purge->outside.empty()) {
    // Another's files (add-files sources): `floe drop table --purge --include-outside-location`.
    out += fmt::format(" ({} files outside its location {} kept)", dropped->purge->outside.size(),
                       dropped->purge->table_location);
  }
  return out;
}

Result<std::string> Session::ShowNamespaces(const syntax::ShowNamespaces& stmt,
                                            const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(auto ns, ResolveNamespace(stmt.in));
  FLOE_ASSIGN_OR_RETURN(auto list, ns.first->ListNamespaces(ns.second));
  std::vector<std::vector<std::optional<std::string>>> rows;
  for (const auto& n : list) rows.push_back({JoinName(n)});
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"namespace"}, rows));
  return std::string();
}

Result<std::string> Session::ShowTables(const syntax::ShowTables& stmt,
                                        const StatementOutput& output) {
  syntax::QualifiedName in = stmt.in;
  if (in.empty() && current_namespace_) in = *current_namespace_;
  if (in.empty())
    return InvalidArgument("SHOW TABLES needs a namespace: SHOW TABLES IN ns (or USE ns)");
  FLOE_ASSIGN_OR_RETURN(auto ns, ResolveNamespace(in));
  FLOE_ASSIGN_OR_RETURN(auto tables, ns.first->ListTables(ns.second));
  std::vector<std::vector<std::optional<std::string>>> rows;
  for (const auto& t : tables) rows.push_back({JoinName(t.ns), t.name});
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"namespace", "tableName"}, rows));
  return std::string();
}

Result<std::string> Session::Describe(const syntax::DescribeTable& stmt,
                                      const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, ref.catalog->LoadTable(ref.id));
  const spec::Schema* schema = table.metadata.CurrentSchema();
  if (!schema) return Corrupt("{}: no current schema", table.metadata_location);
  FLOE_ASSIGN_OR_RETURN(SchemaPtr columns, table::ToColumnarSchema(*schema));
  std::vector<std::vector<std::optional<std::string>>> rows;
  for (size_t i = 0; i < schema->fields.size(); ++i) {
    const auto& f = schema->fields[i];
    std::optional<std::string> doc;
    if (!f.doc.empty()) doc = f.doc;
    rows.push_back({f.name, ColumnTypeName(f, columns->field(static_cast<int>(i))), doc});
  }
  const spec::PartitionSpec* spec = table.metadata.DefaultSpec();
  if (spec && !spec->fields.empty()) {
    rows.push_back({"", "", std::nullopt});
    rows.push_back({"# Partitioning", "", std::nullopt});
    for (size_t i = 0; i < spec->fields.size(); ++i) {
      rows.push_back(
          {fmt::format("Part {}", i), PartitionTerm(*schema, spec->fields[i]), std::nullopt});
    }
  }
  if (stmt.extended) {
    rows.push_back({"", "", std::nullopt});
    rows.push_back({"# Metadata", "", std::nullopt});
    rows.push_back({"Name", ref.display, std::nullopt});
    rows.push_back({"Location", table.metadata.location, std::nullopt});
    rows.push_back({"Metadata file", table.metadata_location, std::nullopt});
    rows.push_back({"Format version", std::to_string(table.metadata.format_version), std::nullopt});
    const spec::Snapshot* current = table.metadata.CurrentSnapshot();
    rows.push_back({"Current snapshot", current ? std::to_string(current->snapshot_id) : "none",
                    std::nullopt});
  }
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"col_name", "data_type", "comment"}, rows));
  return std::string();
}

Result<std::string> Session::ShowCreateTable(const syntax::ShowCreateTable& stmt,
                                             const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, ref.catalog->LoadTable(ref.id));
  const spec::Schema* schema = table.metadata.CurrentSchema();
  if (!schema) return Corrupt("{}: no current schema", table.metadata_location);
  FLOE_ASSIGN_OR_RETURN(SchemaPtr columns, table::ToColumnarSchema(*schema));
  std::string ddl = "CREATE TABLE " + ref.display + " (\n";
  for (size_t i = 0; i < schema->fields.size(); ++i) {
    const auto& f = schema->fields[i];
    ddl += "  " + syntax::QuoteIdentifier(f.name) + " " +
           AsciiLower(ColumnTypeName(f, columns->field(static_cast<int>(i))));
    if (f.required) ddl += " NOT NULL";
    if (!f.doc.empty()) ddl += " COMMENT '" + f.doc + "'";
    ddl += i + 1 < schema->fields.size() ? ",\n" : ")\n";
  }
  ddl += "USING iceberg\n";
  const spec::PartitionSpec* spec = table.metadata.DefaultSpec();
  if (spec && !spec->fields.empty()) {
    std::string terms;
    for (const auto& pf : spec->fields)
      terms += (terms.empty() ? "" : ", ") + PartitionTerm(*schema, pf);
    ddl += "PARTITIONED BY (" + terms + ")\n";
  }
  ddl += "LOCATION '" + table.metadata.location + "'\n";
  std::string props;
  for (const auto& [k, v] : table.metadata.properties) {
    props += (props.empty() ? "" : ",\n") + fmt::format("  '{}' = '{}'", k, v);
  }
  props += (props.empty() ? "" : ",\n") +
           fmt::format("  'format-version' = '{}'", table.metadata.format_version);
  ddl += "TBLPROPERTIES (\n" + props + ")\n";
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"createtab_stmt"}, {{ddl}}));
  return std::string();
}

Result<std::string> Session::ShowTblProperties(const syntax::ShowTblProperties& stmt,
                                               const StatementOutput& output) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, ref.catalog->LoadTable(ref.id));
  std::vector<std::vector<std::optional<std::string>>> rows;
  std::map<std::string, std::string> props = table.metadata.properties;
  props["format-version"] = std::to_string(table.metadata.format_version);
  for (const auto& [k, v] : props) {
    if (stmt.key && *stmt.key != k) continue;
    rows.push_back({k, v});
  }
  FLOE_RETURN_IF_ERROR(EmitTextRows(output, {"key", "value"}, rows));
  return std::string();
}

Result<std::string> Session::AlterTable(const syntax::AlterTable& stmt) {
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.name));
  catalog::CatalogTableOperations ops(*ref.catalog, ref.id);
  using syntax::AlterTableKind;
  switch (stmt.kind()) {
    case AlterTableKind::kSetTblProperties: {
      std::map<std::string, std::string> updates;
      for (const auto& p : std::get<syntax::SetTblProperties>(stmt.action).properties)
        updates[p.key] = p.value;
      update::UpdateProperties change(ops);
      for (const auto& [key, value] : updates) change.Set(key, value);
      FLOE_RETURN_IF_ERROR(StatusOf(change.Commit()));
      return fmt::format("set {} properties on {}", updates.size(), ref.display);
    }
    case AlterTableKind::kUnsetTblProperties: {
      const auto& unset = std::get<syntax::UnsetTblProperties>(stmt.action);
      FLOE_ASSIGN_OR_RETURN(auto base, ops.Refresh());
      for (const auto& k : unset.keys) {
        if (!unset.if_exists && !base.metadata.properties.count(k)) {
          return NotFound(
              "{} has no property {} (UNSET TBLPROPERTIES IF EXISTS ignores missing ones)",
              ref.display, k);
        }
      }
      update::UpdateProperties change(ops);
      for (const auto& k : unset.keys) change.Remove(k);
      FLOE_RETURN_IF_ERROR(StatusOf(change.Commit()));
      return fmt::format("unset {} properties on {}", unset.keys.size(), ref.display);
    }
    case AlterTableKind::kRenameTable: {
      const auto& rename = std::get<syntax::RenameTable>(stmt.action);
      FLOE_ASSIGN_OR_RETURN(TableRef to, ResolveTableName(rename.new_name));
      if (to.catalog != ref.catalog)
        return InvalidArgument("RENAME TO cannot move a table to another catalog");
      FLOE_RETURN_IF_ERROR(ref.catalog->RenameTable(ref.id, to.id));
      return "renamed table " + ref.display + " to " + to.display;
    }
    default:
      break;
  }
  // Schema changes.
  update::UpdateSchema change(ops);
  change.CaseSensitive(false);
  std::string what;
  switch (stmt.kind()) {
    case AlterTableKind::kAddColumns:
      for (const auto& c : std::get<syntax::AddColumns>(stmt.action).columns) {
        auto field = FieldFromSyntax("x", c.type, true);
        if (!field.ok()) return AtPosition(c.pos, std::move(field).error());
        FLOE_ASSIGN_OR_RETURN(spec::TypePtr iceberg, IcebergTypeOf(*field));
        update::NewColumn column;
        column.parent = JoinName(std::vector<std::string>(c.name.begin(), c.name.end() - 1));
        column.name = c.name.back();
        column.type = iceberg;
        column.required = c.not_null;
        if (c.comment) column.doc = *c.comment;
        if (c.position) {
          std::string prefix = column.parent.empty() ? "" : column.parent + ".";
          column.position = c.position->first
                                ? update::ColumnPosition::First()
                                : update::ColumnPosition::After(prefix + c.position->after);
        }
        change.AddColumn(std::move(column));
      }
      what = "added columns to ";
      break;
    case AlterTableKind::kRenameColumn: {
      const auto& r = std::get<syntax::RenameColumn>(stmt.action);
      change.RenameColumn(JoinName(r.name), r.new_name);
      what = "renamed column " + JoinName(r.name) + " to " + r.new_name + " in ";
      break;
    }
    case AlterTableKind::kDropColumns: {
      const auto& d = std::get<syntax::DropColumns>(stmt.action);
      FLOE_ASSIGN_OR_RETURN(auto base, ops.Refresh());
      const spec::Schema* current = base.metadata.CurrentSchema();
      for (const auto& n : d.names) {
        if (d.if_exists && current && !current->FindFieldByName(JoinName(n), false)) continue;
        change.DeleteColumn(JoinName(n));
      }
      what = "dropped columns from ";
      break;
    }
    case AlterTableKind::kAlterColumn: {
      const auto& a = std::get<syntax::AlterColumn>(stmt.action);
      std::string name = JoinName(a.name);
      switch (a.action) {
        case syntax::AlterColumnAction::kType: {
          FLOE_ASSIGN_OR_RETURN(DataTypePtr type, TypeFromSyntax(*a.type));
          FLOE_ASSIGN_OR_RETURN(spec::TypePtr iceberg, IcebergTypeOf(type));
          change.UpdateColumnType(name, iceberg);
          break;
        }
        case syntax::AlterColumnAction::kDropNotNull:
          change.MakeColumnOptional(name);
          break;
        case syntax::AlterColumnAction::kSetNotNull:
          change.RequireColumn(name);
          break;
        case syntax::AlterColumnAction::kComment:
          change.UpdateColumnDoc(name, a.comment.value_or(""));
          break;
        case syntax::AlterColumnAction::kPosition:
          if (a.position->first) {
            change.MoveFirst(name);
          } else {
            std::string parent =
                a.name.size() > 1
                    ? JoinName(std::vector<std::string>(a.name.begin(), a.name.end() - 1)) + "."
                    : "";
            change.MoveAfter(name, parent + a.position->after);
          }
          break;
      }
      what = "altered column " + name + " of ";
      break;
    }
    default:
      return Internal("unknown ALTER TABLE");
  }
  FLOE_ASSIGN_OR_RETURN(update::SchemaCommitResult committed, change.Commit());
  (void)committed;
  return what + ref.display;
}

Result<int64_t> Session::AppendQuery(const TableRef& ref, commit::TableOperations& ops,
                                     BoundQuery query, const std::vector<std::string>& columns) {
  FLOE_ASSIGN_OR_RETURN(auto base, ops.Refresh());
  const spec::Schema* schema = base.metadata.CurrentSchema();
  if (!schema) return Corrupt("{}: no current schema", base.metadata_location);
  FLOE_ASSIGN_OR_RETURN(SchemaPtr table_columns, table::ToColumnarSchema(*schema));
  const columnar::Schema& produced = *query.node->schema();
  // Which query column feeds each table column (-1: NULL).
  std::vector<int> source(static_cast<size_t>(table_columns->num_fields()), -1);
  if (columns.empty()) {
    if (produced.num_fields() != table_columns->num_fields()) {
      return InvalidArgument("INSERT INTO {}: the table has {} columns, the query gives {}",
                             ref.display, table_columns->num_fields(), produced.num_fields());
    }
    for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<int>(i);
  } else {
    if (static_cast<int>(columns.size()) != produced.num_fields()) {
      return InvalidArgument("INSERT INTO {}: {} columns named, the query gives {}", ref.display,
                             columns.size(), produced.num_fields());
    }
    for (size_t k = 0; k < columns.size(); ++k) {
      int index = -1;
      for (int i = 0; i < table_columns->num_fields(); ++i) {
        if (AsciiEqualsIgnoreCase(table_columns->field(i).name, columns[k])) index = i;
      }
      if (index < 0) return NotFound("INSERT INTO {}: no column {}", ref.display, columns[k]);
      if (source[static_cast<size_t>(index)] >= 0)
        return InvalidArgument("INSERT INTO {}: column {} named twice", ref.display, columns[k]);
      source[static_cast<size_t>(index)] = static_cast<int>(k);
    }
  }
  Scope scope;
  for (const auto& f : produced.fields()) scope.columns.push_back({"", f.name, f.type});
  ExpressionBinder binder(scope, context_);
  std::vector<PhysicalExprPtr> exprs;
  std::vector<std::string> names;
  for (int i = 0; i < table_columns->num_fields(); ++i) {
    const columnar::Field& target = table_columns->field(i);
    int from = source[static_cast<size_t>(i)];
    PhysicalExprPtr e;
    if (from < 0) {
      if (!target.nullable)
        return InvalidArgument("INSERT INTO {}: required column {} has no value", ref.display,
                               target.name);
      e = MakeLiteralExpr(Scalar::Null(), target.type);
    } else {
      const columnar::Field& given = produced.field(from);
      if (columnar::IsUuidField(target) && given.type->id() == columnar::TypeId::kString) {
        // Spark shows a uuid column as a string and writes strings into it.
        e = UuidFromTextExpr(MakeColumnExpr(from, given.type), "INSERT INTO " + ref.display,
                             "column " + target.name);
      } else if (HoldsUuids(target)) {
        // uuids nested in a struct, list or map: written as their text, as top-level ones.
        const columnar::Field text = UuidsAsStrings(target);
        std::string problem = StoreAssignProblem(*given.type, *text.type, "column " + target.name);
        if (!problem.empty()) return InvalidArgument("INSERT INTO {}: {}", ref.display, problem);
        FLOE_ASSIGN_OR_RETURN(
            e, binder.CastTo(MakeColumnExpr(from, given.type), NormalizeType(text.type)));
        if (!SameType(*e->type(), *text.type)) {
          FLOE_ASSIGN_OR_RETURN(e, binder.CastTo(e, text.type));
        }
        e = NestedUuidsFromTextExpr(e, target, "INSERT INTO " + ref.display,
                                    "column " + target.name);
      } else if (std::string problem =
                     StoreAssignProblem(*given.type, *target.type, "column " + target.name);
                 !problem.empty()) {
        return InvalidArgument("INSERT INTO {}: {}", ref.display, problem);
      } else {
        PhysicalExprPtr value = MakeColumnExpr(from, given.type);
        FLOE_ASSIGN_OR_RETURN(e, binder.CastTo(value, NormalizeType(target.type)));
        if (e != value) {  // numbers that do not fit are errors, not NULL or wrapped
          e = StoreAssignExpr(value, e->type(), "INSERT INTO " + ref.display,
                              "column " + target.name, context_);
        }
        if (!SameType(*e->type(), *target.type)) {
          FLOE_ASSIGN_OR_RETURN(e, binder.CastTo(e, target.type));
        }
      }
    }
    exprs.push_back(e);
    names.push_back(target.name);
  }
  PlanNodePtr node = MakeProjectNode(query.node, std::move(exprs), std::move(names));
  update::AppendFilesOptions append;
  if (!options_.app_id.empty()) append.app_id = options_.app_id;
  FLOE_ASSIGN_OR_RETURN(
      update::AppendFilesResult result,
      update::AppendBatches(
          ops, *node->schema(), [&](const update::BatchWriter& write) { return node->Run(write); },
          append));
  return result.added_records;
}

Result<std::string> Session::Insert(const syntax::Insert& stmt) {
  if (stmt.overwrite)
    return NotSupported("INSERT OVERWRITE is not supported yet (use INSERT INTO)");
  FLOE_ASSIGN_OR_RETURN(TableRef ref, ResolveTableName(stmt.table));
  BindOptions bind;
  bind.threads = options_.threads;
  FLOE_ASSIGN_OR_RETURN(BoundQuery bound, BindQuery(*stmt.query, *this, context_, bind));
  catalog::CatalogTableOperations ops(*ref.catalog, ref.id);
  FLOE_ASSIGN_OR_RETURN(int64_t rows, AppendQuery(ref, ops, std::move(bound), stmt.columns));
  return fmt::format("inserted {} rows into {}", rows, ref.display);
}

Result<std::string> Session::SetTimeZone(std::optional<std::string> zone) {
  std::string name = zone.value_or("UTC");
  FLOE_ASSIGN_OR_RETURN(context_->time_zone, SessionTimeZone::Make(name));
  return "time zone " + name;
}

Result<std::string> Session::SetConfig(const syntax::SetConfig& stmt,
                                       const StatementOutput& output) {
  if (AsciiEqualsIgnoreCase(stmt.key, "spark.sql.session.timeZone")) {
    if (!stmt.value) {
      FLOE_RETURN_IF_ERROR(
          EmitTextRows(output, {"key", "value"}, {{stmt.key, context_->time_zone.name()}}));
      return std::string();
    }
    std::string v = *stmt.value;
    if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"')) v = v.substr(1, v.size() - 2);
    return SetTimeZone(v);
  }
  if (stmt.key.empty()) {
    FLOE_RETURN_IF_ERROR(EmitTextRows(
        output, {"key", "value"}, {{"spark.sql.session.timeZone", context_->time_zone.name()}}));
    return std::string();
  }
  return NotSupported("SET {}: floe knows spark.sql.session.timeZone only", stmt.key);
}

}  // namespace floe::sql
