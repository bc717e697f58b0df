// A SQL session: runs floe SQL statements (syntax/parser.h) against the catalogs of a floe
// configuration (catalog/config/catalog_config.h), one statement at a time, each DDL/DML statement
// one commit. It keeps what Spark keeps per session: the session time zone (SET TIME ZONE), the
// current namespace (USE) and the statement clock (current_timestamp is the statement's start).
//
// Names follow docs/cli.md and Spark: `lake.eng.orders` is catalog `lake` when a catalog of that
// name is configured, else namespace `lake.eng` in the default catalog; `t.snapshots`, `t.files`, …
// are metadata tables (inspect/metadata_table.h); `t.branch_dev` / `t.tag_v1` read a ref.
//
// Statement results: queries, SHOW, DESCRIBE and EXPLAIN produce rows (to StatementOutput);
// the others return a one-line status ("created table lake.eng.orders", "inserted 3 rows").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "floe/catalog/catalog.h"
#include "floe/catalog/config/catalog_config.h"
#include "floe/commit/table_operations.h"
#include "floe/sql/query_binder.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

struct SessionOptions {
  // The catalogs; nullopt: none configured — statements that name a table fail with
  // `no_catalog_message` (docs/cli.md: say how to give one).
  std::optional<catalog::FloeConfig> config;
  std::string no_catalog_message = "no catalog configured";
  std::string time_zone = "UTC";
  int threads = 0;  // table scans' reader threads (0: all cores)
  // Microseconds since the epoch; the statement clock (tests fix it).
  std::function<int64_t()> now_micros;
  // The summary's app-id of commits (INSERT, CTAS); empty: generated per commit.
  std::string app_id;
};

struct StatementOutput {
  std::function<Status(const columnar::SchemaPtr&)> on_schema;
  std::function<Status(const columnar::RecordBatch&)> on_batch;
};

class Session final : public RelationResolver {
 public:
  // InvalidArgument / NotFound for a bad time zone.
  static Result<std::unique_ptr<Session>> Make(SessionOptions options);
  ~Session() override;

  // Runs one statement. Rows go to `output` (on_schema once, then the batches); the result is
  // the status line of statements without rows ("" for those with rows). Errors point at the
  // statement's line and column where they can.
  Result<std::string> Execute(const syntax::Statement& statement, const StatementOutput& output);

  const SessionTimeZone& time_zone() const { return context_->time_zone; }

  // RelationResolver
  Result<RelationSource> ResolveTable(const syntax::TableName& table,
                                      const EvalContextPtr& context) override;
  io::FileIO& LocalIo() override;
  Result<RelationSource> ResolveMetadataFile(const std::string& path) override;

  // Every table of the current catalog, below USE's namespace when one is set ("ns.t", sorted).
  Result<std::vector<std::string>> AllTableNames();

 private:
  explicit Session(SessionOptions options);

  struct TableRef {
    catalog::Catalog* catalog = nullptr;
    catalog::TableIdentifier id;
    std::string display;  // "lake.eng.orders"
  };
  Result<catalog::Catalog*> OpenCatalog(const std::string& name);
  Result<std::string> DefaultCatalogName();
  Result<TableRef> ResolveTableName(const syntax::QualifiedName& name);
  Result<std::pair<catalog::Catalog*, catalog::Namespace>> ResolveNamespace(
      const syntax::QualifiedName& name);

  Result<std::string> RunQuery(const syntax::Query& query, const StatementOutput& output);
  Result<std::string> Explain(const syntax::Explain& explain, const StatementOutput& output);
  Result<std::string> CreateNamespace(const syntax::CreateNamespace& stmt);
  Result<std::string> DropNamespace(const syntax::DropNamespace& stmt);
  Result<std::string> CreateTable(const syntax::CreateTable& stmt);
  Result<std::string> DropTable(const syntax::DropTable& stmt);
  Result<std::string> ShowNamespaces(const syntax::ShowNamespaces& stmt,
                                     const StatementOutput& output);
  Result<std::string> ShowTables(const syntax::ShowTables& stmt, const StatementOutput& output);
  Result<std::string> Describe(const syntax::DescribeTable& stmt, const StatementOutput& output);
  Result<std::string> ShowCreateTable(const syntax::ShowCreateTable& stmt,
                                      const StatementOutput& output);
  Result<std::string> ShowTblProperties(const syntax::ShowTblProperties& stmt,
                                        const StatementOutput& output);
  Result<std::string> AlterTable(const syntax::AlterTable& stmt);
  Result<std::string> Insert(const syntax::Insert& stmt);
  Result<std::string> SetTimeZone(std::optional<std::string> zone);
  Result<std::string> SetConfig(const syntax::SetConfig& stmt, const StatementOutput& output);
  Result<std::string> CreateTableLike(const syntax::CreateTable& stmt, const TableRef& ref);
  // session_replace.cc: `create` as CreateTable made it, for a table that exists.
  Result<std::string> ReplaceTable(const TableRef& ref, const catalog::CreateTableOptions& create,
                                   std::optional<BoundQuery> query);
  // session_show.cc
  Result<std::string> ShowColumns(const syntax::ShowColumns& stmt, const StatementOutput& output);
  Result<std::string> ShowPartitions(const syntax::ShowPartitions& stmt,
                                     const StatementOutput& output);
  // session_call.cc
  Result<std::string> Call(const syntax::Call& stmt, const StatementOutput& output);

  // Appends the rows of a bound query to a table through `ops` (INSERT: the catalog's table;
  // CTAS: a staged create) in one commit: columns by position, cast to the table's types where
  // Spark's store assignment allows.
  Result<int64_t> AppendQuery(const TableRef& table, commit::TableOperations& ops, BoundQuery query,
                              const std::vector<std::string>& columns);

  SessionOptions options_;
  std::shared_ptr<EvalContext> context_;
  bool may_create_catalog_ = false;  // the statement running creates something (see OpenCatalog)
  std::map<std::string, std::unique_ptr<catalog::Catalog>> catalogs_;
  std::optional<std::string> current_catalog_;  // USE <catalog>; else the configured default
  std::optional<catalog::Namespace> current_namespace_;
  std::shared_ptr<io::FileIO> local_io_;
};

}  // namespace floe::sql
