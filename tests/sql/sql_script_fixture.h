// A Session on a temporary SQLite warehouse for golden SQL tests: Run(script, format) runs the
// statements in order and returns each query's rows as `floe sql --format <format>` prints them
// (table and CSV with timestamptz values in the session time zone, JSON in UTC), then the
// status lines as "-- <status>", or "error: <message>" for the first failing statement.
// OpenSession(threads) reopens it on the same warehouse (aggregate_node_test compares thread
// counts). session_test.cc keeps its own copy of this fixture (CSV only).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "floe/catalog/config/catalog_config.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/row_writer.h"
#include "floe/sql/local_timestamps.h"
#include "floe/sql/session.h"
#include "floe/sql/syntax/parser.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::sql {

class SqlScriptTest : public ::testing::Test {
 protected:
  void SetUp() override { OpenSession(2); }

  // A new session on the same warehouse whose table scans read with `threads` threads.
  void OpenSession(int threads) {
    SessionOptions options;
    catalog::FloeConfig config;
    config.catalogs["default"] = catalog::WarehouseCatalogSettings(dir_.path());
    config.default_catalog = "default";
    config_ = config;
    options.config = config;
    options.threads = threads;
    options.now_micros = [] { return int64_t{1772704800} * 1000000; };  // 2026-03-05T10:00:00Z
    auto session = Session::Make(options);
    ASSERT_OK(session);
    session_ = std::move(*session);
  }

  std::string Run(const std::string& script,
                  columnar::RowFormat format = columnar::RowFormat::kCsv) {
    auto pieces = syntax::SplitScript(script);
    if (!pieces.ok()) return "error: " + pieces.error().message;
    std::string out;
    for (const auto& piece : *pieces) {
      auto statement = syntax::ParseStatement(piece.text, piece.pos);
      if (!statement.ok()) return out + "error: " + statement.error().message;
      std::unique_ptr<columnar::RowWriter> writer;
      std::string rows;
      const bool local = format != columnar::RowFormat::kJson;
      StatementOutput output;
      output.on_schema = [&](const columnar::SchemaPtr& schema) -> Status {
        writer = columnar::RowWriter::Make(format, &rows);
        if (!local) return writer->Begin(schema);
        std::vector<columnar::ArrayPtr> columns;
        for (const auto& f : schema->fields()) {
          FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(f.type));
          FLOE_ASSIGN_OR_RETURN(auto empty, builder->Finish());
          columns.push_back(std::move(empty));
        }
        FLOE_ASSIGN_OR_RETURN(auto empty,
                              columnar::RecordBatch::Make(schema, 0, std::move(columns)));
        FLOE_ASSIGN_OR_RETURN(auto localized, LocalizeTimestamps(empty, session_->time_zone()));
        return writer->Begin(localized.schema());
      };
      output.on_batch = [&](const columnar::RecordBatch& b) -> Status {
        if (!local) return writer->Write(b);
        FLOE_ASSIGN_OR_RETURN(auto localized, LocalizeTimestamps(b, session_->time_zone()));
        return writer->Write(localized);
      };
      auto status = session_->Execute(*statement, output);
      if (!status.ok()) return out + "error: " + status.error().message;
      if (writer) {
        EXPECT_OK(writer->Finish());
        out += rows;
      }
      if (!status->empty()) out += "-- " + *status + "\n";
    }
    return out;
  }

  // The rows of a query without its header line (CSV).
  std::string Rows(const std::string& query) {
    std::string out = Run(query);
    size_t newline = out.find('\n');
    return newline == std::string::npos ? out : out.substr(newline + 1);
  }

  testing::TempDir dir_;
  catalog::FloeConfig config_;  // the session's: tests reach the catalog through it
  std::unique_ptr<Session> session_;
};

}  // namespace floe::sql
