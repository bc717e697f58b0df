// Brute force for pruning at the table level: random tables (a random schema of int, long, date,
// timestamptz, string and double columns with nulls and NaN; a random partition spec of identity,
// day, month, bucket[4] and truncate[10]) filled by several appends through a SQLite catalog, so
// that there are several manifests and many data files. For random filters, the rows of a
// pruned scan (PlanScan with the filter, then ReadTable) are exactly the rows of an unpruned full
// read filtered row by row with the row evaluator; and selective filters do skip files.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/expr/binder.h"
#include "floe/expr/parser.h"
#include "floe/expr/row_evaluator.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/table/schema_conversion.h"
#include "floe/update/append_files.h"
#include "floe/util/time.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

using spec::NestedField;
using spec::PartitionField;
using spec::Transform;
using spec::Type;
using spec::TypeId;

constexpr int64_t kDayInMicros = 86400LL * 1000000;
constexpr int32_t kFirstDay = 19700;  // 2023-12-09; values span about three months

const TypeId kTypes[] = {TypeId::kInt,         TypeId::kLong,   TypeId::kDate,
                         TypeId::kTimestampTz, TypeId::kString, TypeId::kDouble};
const char* const kStrings[] = {"a",      "ab",  "abc", "b", "ba", "banana",
                                "cherry", "x10", "x2",  "Z", "zz"};
const double kDoubles[] = {-1.5, -0.0, 0.0,   0.25,
                           2.0,  3.5,  100.0, std::numeric_limits<double>::quiet_NaN()};

// A value of one cell: null, or an integer (int, long, date days, timestamp micros), a string
// index or a double.
struct Cell {
  bool null = true;
  int64_t i = 0;
  double d = 0;
};

Cell RandomCell(std::mt19937& g, TypeId type) {
  Cell c;
  if (std::uniform_int_distribution<int>(0, 99)(g) < 15) return c;
  c.null = false;
  switch (type) {
    case TypeId::kInt:
      c.i = std::uniform_int_distribution<int64_t>(-25, 25)(g);
      break;
    case TypeId::kLong:
      c.i = std::uniform_int_distribution<int64_t>(-3, 3)(g) * 10000000000LL +
            std::uniform_int_distribution<int64_t>(0, 20)(g);
      break;
    case TypeId::kDate:
      c.i = kFirstDay + std::uniform_int_distribution<int64_t>(0, 90)(g);
      break;
    case TypeId::kTimestampTz:
      c.i = (kFirstDay + std::uniform_int_distribution<int64_t>(0, 90)(g)) * kDayInMicros +
            std::uniform_int_distribution<int64_t>(0, 23)(g) * 3600000000LL;
      break;
    case TypeId::kString:
      c.i = std::uniform_int_distribution<int64_t>(0, std::size(kStrings) - 1)(g);
      break;
    default:
      c.d = kDoubles[std::uniform_int_distribution<size_t>(0, std::size(kDoubles) - 1)(g)];
      break;
  }
  return c;
}

// A filter literal for a column of `type`, from a random cell (so usually a value some row has).
std::string LiteralText(std::mt19937& g, TypeId type) {
  Cell c;
  while (c.null) c = RandomCell(g, type);
  switch (type) {
    case TypeId::kInt:
    case TypeId::kLong:
      return std::to_string(c.i);
    case TypeId::kDate:
      return "'" + FormatDate(c.i) + "'";
    case TypeId::kTimestampTz:
      return "'" + FormatTimestampMicros(c.i, true) + "'";
    case TypeId::kString:
      return std::string("'") + kStrings[c.i] + "'";
    default:
      return std::isnan(c.d) ? "1.25" : fmt::format("{}", c.d);
  }
}

struct RandomTable {
  spec::Schema schema;
  spec::PartitionSpec spec;
};

RandomTable MakeRandomTable(std::mt19937& g) {
  RandomTable t;
  const int columns = std::uniform_int_distribution<int>(3, 6)(g);
  for (int c = 0; c < columns; ++c) {
    TypeId type = kTypes[std::uniform_int_distribution<size_t>(0, std::size(kTypes) - 1)(g)];
    t.schema.fields.push_back(
        NestedField{c + 1, fmt::format("c{}", c), false, Type::Primitive(type)});
  }
  const int fields = std::uniform_int_distribution<int>(1, 2)(g);
  for (int f = 0; f < fields; ++f) {
    const int c = std::uniform_int_distribution<int>(0, columns - 1)(g);
    const TypeId type = t.schema.fields[c].type->id();
    std::vector<Transform> options = {Transform::Bucket(4)};
    if (type != TypeId::kDouble) options.push_back(Transform::Identity());
    if (type == TypeId::kDate || type == TypeId::kTimestampTz) {
      options.push_back(Transform::Day());
      options.push_back(Transform::Month());
    }
    if (type == TypeId::kInt || type == TypeId::kLong || type == TypeId::kString) {
      options.push_back(Transform::Truncate(10));
    }
    if (type == TypeId::kDouble) options = {Transform::Void()};
    const Transform transform =
        options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(g)];
    if (transform.kind() == spec::TransformKind::kVoid) continue;
    const bool repeated =
        std::any_of(t.spec.fields.begin(), t.spec.fields.end(), [&](const PartitionField& p) {
          return p.source_id ==
                 c + 1;  // one transform per column: day and month of one column are redundant
        });
    if (repeated) continue;
    const std::string name = fmt::format("p{}_{}", f, t.schema.fields[c].name);
    t.spec.fields.push_back(PartitionField{c + 1, {}, 1000 + f, name, transform});
  }
  return t;
}

// Writes `rows` rows of random cells as a Parquet file in the table's columnar form.
void WriteParquet(std::mt19937& g, const spec::Schema& schema, int rows, const std::string& path) {
  auto arrow_schema = table::ToColumnarSchema(schema);
  ASSERT_OK(arrow_schema);
  std::vector<columnar::ArrayPtr> arrays;
  for (const NestedField& field : schema.fields) {
    const TypeId type = field.type->id();
    auto converted = table::ToColumnarType(*field.type);
    ASSERT_OK(converted);
    auto builder = columnar::MakeBuilder(*converted);
    ASSERT_OK(builder);
    for (int r = 0; r < rows; ++r) {
      Cell c = RandomCell(g, type);
      Status st = Ok();
      if (c.null) {
        st = (*builder)->AppendNull();
      } else if (type == TypeId::kInt || type == TypeId::kDate) {
        st = static_cast<columnar::PrimitiveBuilder<int32_t>&>(**builder).Append(
            static_cast<int32_t>(c.i));
      } else if (type == TypeId::kLong || type == TypeId::kTimestampTz) {
        st = static_cast<columnar::PrimitiveBuilder<int64_t>&>(**builder).Append(c.i);
      } else if (type == TypeId::kString) {
        st = static_cast<columnar::BinaryBuilder&>(**builder).Append(
            std::string_view(kStrings[c.i]));
      } else {
        st = static_cast<columnar::PrimitiveBuilder<double>&>(**builder).Append(c.d);
      }
      ASSERT_OK(st);
    }
    auto array = (*builder)->Finish();
    ASSERT_OK(array);
    arrays.push_back(*array);
  }
  auto batch = columnar::RecordBatch::Make(*arrow_schema, rows, arrays);
  ASSERT_OK(batch);
  auto local = io::LocalFileIO();
  auto file = local->Create(path, false);
  ASSERT_OK(file);
  auto writer = parquet::ParquetWriter::Make(std::move(*file), *arrow_schema);
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  ASSERT_OK((*writer)->Close());
}

// A random filter over the table's columns: comparisons, IN, IS [NOT] NULL, IS NAN, starts_with,
// combined with AND, OR and NOT.
std::string TablePruningRandomFilter(std::mt19937& g, const spec::Schema& schema, int depth) {
  const int pick = std::uniform_int_distribution<int>(0, 9)(g);
  if (depth > 0 && pick < 3) {
    std::string a = TablePruningRandomFilter(g, schema, depth - 1);
    std::string b = TablePruningRandomFilter(g, schema, depth - 1);
    if (pick == 0) return fmt::format("({}) and ({})", a, b);
    if (pick == 1) return fmt::format("({}) or ({})", a, b);
    return fmt::format("not ({}) and ({})", a, b);
  }
  const NestedField& field =
      schema.fields[std::uniform_int_distribution<size_t>(0, schema.fields.size() - 1)(g)];
  const TypeId type = field.type->id();
  const std::string& name = field.name;
  const int kind = std::uniform_int_distribution<int>(0, 9)(g);
  if (kind == 0)
    return name + (std::uniform_int_distribution<int>(0, 1)(g) ? " is null" : " is not null");
  if (kind == 1) {
    return fmt::format("{} {}in ({}, {}, {})", name,
                       std::uniform_int_distribution<int>(0, 3)(g) ? "" : "not ",
                       LiteralText(g, type), LiteralText(g, type), LiteralText(g, type));
  }
  if (kind == 2 && type == TypeId::kDouble) {
    return name + (std::uniform_int_distribution<int>(0, 1)(g) ? " is nan" : " is not nan");
  }
  if (kind == 2 && type == TypeId::kString) {
    const char* prefix =
        kStrings[std::uniform_int_distribution<size_t>(0, std::size(kStrings) - 1)(g)];
    return fmt::format("{}starts_with({}, '{}')",
                       std::uniform_int_distribution<int>(0, 3)(g) ? "" : "not_", name, prefix);
  }
  const char* const ops[] = {"=", "!=", "<", "<=", ">", ">="};
  return fmt::format("{} {} {}", name, ops[std::uniform_int_distribution<size_t>(0, 5)(g)],
                     LiteralText(g, type));
}

// Each row as the JSON texts of its values, "|"-separated.
std::vector<std::string> RowTexts(const columnar::RecordBatch& batch,
                                  const expr::Selection* selection) {
  std::vector<std::string> rows;
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    if (selection && !selection->selected(r)) continue;
    std::string row;
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c > 0) row += '|';
      columnar::AppendJsonValue(*batch.column(c), r, &row);
    }
    rows.push_back(row);
  }
  return rows;
}

struct ScanResult {
  std::vector<columnar::RecordBatch> batches;
  PlanReport report;
  int64_t tasks = 0;
};

Result<ScanResult> Scan(io::FileIO& io, const spec::TableMetadata& metadata,
                        const std::string& filter, bool prune) {
  ScanOptions options;
  options.filter = testing::FilterOf(filter);
  options.prune = prune;
  FLOE_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(io, metadata, options));
  ScanResult result;
  result.report = plan.report;
  result.tasks = static_cast<int64_t>(plan.tasks.size());
  TableReadOptions read;
  read.batch_size = 37;  // several batches per file
  TableReadCallbacks callbacks;
  callbacks.on_schema = [](const columnar::SchemaPtr&) { return Ok(); };
  callbacks.on_batch = [&](const columnar::RecordBatch& b) {
    result.batches.push_back(b);
    return Ok();
  };
  FLOE_ASSIGN_OR_RETURN(TableReadReport report, ReadTable(io, metadata, plan, read, callbacks));
  (void)report;
  return result;
}

TEST(TablePruningTest, PrunedScansReturnExactlyTheRowsThatMatch) {
  testing::TempDir dir;
  auto local = io::LocalFileIO();
  catalog::sql::SqlCatalogOptions options{"default", dir.Join("catalog.db"), dir.Join("wh"), local};
  auto catalog = catalog::sql::SqlCatalog::Open(options);
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));

  std::mt19937 g(20261130);
  int64_t skipped_total = 0, filters_total = 0, nonempty = 0;
  for (int t = 0; t < 3; ++t) {  // up to 45 data files per table: a few seconds under ASan
    RandomTable random = MakeRandomTable(g);
    catalog::TableIdentifier id{{"db"}, fmt::format("t{}", t)};
    catalog::CreateTableOptions create;
    create.table.schema = random.schema;
    create.table.spec = random.spec;
    create.table.properties["commit.manifest-merge.enabled"] = "false";
    auto created = (*catalog)->CreateTable(id, create);
    ASSERT_OK(created);
    catalog::CatalogTableOperations ops(**catalog, id);
    const int appends = std::uniform_int_distribution<int>(2, 3)(g);
    for (int a = 0; a < appends; ++a) {
      const std::string input = dir.Join(fmt::format("t{}_{}.parquet", t, a));
      // The table's schema as created (fresh ids are assigned in order, so they are the same).
      WriteParquet(g, random.schema, std::uniform_int_distribution<int>(6, 15)(g), input);
      auto appended = update::AppendFiles(ops, *local, {input});
      ASSERT_OK(appended);
    }
    auto loaded = (*catalog)->LoadTable(id);
    ASSERT_OK(loaded);
    const spec::TableMetadata& metadata = loaded->metadata;
    std::string description = fmt::format("table {}:", t);
    for (const NestedField& field : random.schema.fields) {
      description += fmt::format(" {} {},", field.name, field.type->ToString());
    }
    for (const PartitionField& field : random.spec.fields) {
      description += fmt::format(" partition {}({}),", field.transform.ToString(), field.source_id);
    }
    SCOPED_TRACE(description);

    auto everything = Scan(*local, metadata, "", /*prune=*/false);
    ASSERT_OK(everything);
    for (int f = 0; f < 20; ++f) {  // a plan and a read cost about 0.1 s under ASan
      const std::string filter = TablePruningRandomFilter(g, random.schema, 2);
      SCOPED_TRACE(filter);
      auto pruned = Scan(*local, metadata, filter, /*prune=*/true);
      ASSERT_OK(pruned);
      std::vector<std::string> got;
      for (const auto& b : pruned->batches) {
        for (std::string& row : RowTexts(b, nullptr)) got.push_back(std::move(row));
      }
      auto parsed = expr::ParseFilter(filter);
      ASSERT_OK(parsed);
      std::vector<std::string> want;
      for (const auto& b : everything->batches) {
        auto bound = expr::Bind(*parsed, *b.schema());
        ASSERT_OK(bound);
        auto selection = expr::EvaluateRows(*bound, b);
        ASSERT_OK(selection);
        for (std::string& row : RowTexts(b, &*selection)) want.push_back(std::move(row));
      }
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want);
      const PlanReport& r = pruned->report;
      EXPECT_EQ(r.data_files + r.data_files_in_skipped_manifests, everything->report.data_files);
      skipped_total += r.data_files_skipped + r.data_files_in_skipped_manifests;
      ++filters_total;
      nonempty += !want.empty();
    }
  }
  EXPECT_GT(skipped_total, 0);
  std::cout << filters_total << " filters, " << nonempty << " with rows; " << skipped_total
            << " data files skipped in all\n";
  EXPECT_GT(nonempty, filters_total / 4);
}

}  // namespace
}  // namespace floe::scan
