// ScanParquetFile against brute force: files written by DuckDB (several row groups; sorted and
// random columns of every orderable type, NaN and nulls, a struct, bloom filters on the
// dictionary-encoded columns), many random filters, and for each the rows of the pruned scan must
// equal a full read filtered row by row (expr::EvaluateRows) — pruning never changes a result
// (docs/cli.md). Filters that statistics or bloom filters clearly decide must also skip row groups.
#include "floe/table/parquet_scan.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "floe/columnar/row_writer.h"
#include "floe/columnar/value_text.h"
#include "floe/expr/binder.h"
#include "floe/expr/filter_batch.h"
#include "floe/expr/parser.h"
#include "floe/expr/row_evaluator.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/io/file_io.h"
#include "floe/table/parquet_pruning.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::table {
namespace {

using floe::testing::RunCommand;
using floe::testing::ShellQuote;
using floe::testing::SourceDir;
using floe::testing::TempDir;

// The columns of the generated files; the same SELECT feeds each file.
constexpr const char* kSelect = R"(
SELECT
  i::BIGINT AS id,
  (i // 100)::INTEGER AS k,
  (hash(i) % 1000)::INTEGER AS r,
  CASE WHEN i % 13 = 0 THEN NULL ELSE (hash(i * 7) % 2000000)::BIGINT - 1000000 END AS big,
  CASE WHEN i % 97 = 0 THEN 'NaN'::DOUBLE WHEN i % 89 = 0 THEN NULL
       ELSE ((hash(i * 3) % 20001)::DOUBLE - 10000) / 100 END AS d,
  CASE WHEN i BETWEEN 5000 AND 5010 THEN 'NaN'::DOUBLE ELSE i / 10.0 END::DOUBLE AS ds,
  (hash(i * 23) % 1000)::FLOAT / 8 AS f,
  'v' || (hash(i * 5) % 50)::VARCHAR AS s,
  lpad(i::VARCHAR, 6, '0') AS ss,
  DATE '2020-01-01' + (i // 10)::INTEGER AS dt,
  TIMESTAMP '2021-06-01 00:00:00' + to_seconds(i * 60) AS ts,
  TIMESTAMPTZ '2021-06-01 00:00:00+00' + to_seconds((hash(i * 11) % 1000000)::BIGINT) AS tstz,
  (((hash(i * 13) % 200001)::BIGINT - 100000) / 100)::DECIMAL(10,2) AS dec,
  (((hash(i * 17) % 2000001)::BIGINT - 1000000) / 10000)::DECIMAL(20,4) AS dec2,
  CASE WHEN i % 11 = 0 THEN NULL ELSE hash(i * 19) % 2 = 0 END AS b,
  CASE WHEN i < 4096 THEN NULL ELSE i END AS late,
  CASE WHEN i % 23 = 0 THEN NULL
       ELSE {'a': (hash(i * 29) % 100)::INTEGER,
             'b': CASE WHEN i % 7 = 0 THEN NULL ELSE 'w' || (i // 1000)::VARCHAR END} END AS st
FROM range(20000) t(i))";

std::string DuckDbScript() { return SourceDir() + "/tests/peers/duckdb.mjs"; }

bool HaveDuckDb() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

// Runs SQL through DuckDB; returns stdout (one JSON array per row).
std::string DuckDb(const TempDir& dir, const std::string& sql) {
  (void)dir;
  auto r = RunCommand("node " + ShellQuote(DuckDbScript()) + " " + ShellQuote(sql));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

// The generated files, written once for the whole suite.
class ParquetScanTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!HaveDuckDb()) return;
    dir_ = new TempDir();
    // Random order, 2048-row groups, bloom filters on dictionary-encoded columns.
    DuckDb(*dir_, fmt::format("COPY ({}) TO '{}' (FORMAT parquet, ROW_GROUP_SIZE 2048);", kSelect,
                              dir_->Join("v1.parquet")));
    // Data page v2 and the v2 encodings, sorted by s, larger row groups.
    DuckDb(*dir_, fmt::format("COPY (SELECT * FROM ({}) ORDER BY s, id) TO '{}' (FORMAT parquet, "
                              "ROW_GROUP_SIZE 4096, PARQUET_VERSION V2, COMPRESSION zstd);",
                              kSelect, dir_->Join("v2.parquet")));
    // v1.parquet rewritten by parquet-wasm (arrow-rs): a page index, pages of ~1 KB.
    auto r = RunCommand("node " + ShellQuote(SourceDir() + "/tests/peers/rewrite_parquet.mjs") +
                        " " + ShellQuote(dir_->Join("v1.parquet")) + " " +
                        ShellQuote(dir_->Join("paged.parquet")) + " 5000 1024");
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  void SetUp() override {
    if (!dir_) GTEST_SKIP() << "DuckDB is not installed (scripts/setup installs tests/peers)";
  }
  static std::string File(const char* name) { return dir_->Join(name); }

  static TempDir* dir_;
};
TempDir* ParquetScanTest::dir_ = nullptr;

// Every batch of a full read of `path`.
// Every row of a file, with each row's NDJSON line computed once: brute-force answers then only
// pick lines (formatting every row for each of hundreds of filters made the tests slow).
struct AllRows {
  std::vector<columnar::RecordBatch> batches;
  std::vector<std::vector<std::string>> lines;  // per batch, per row
  bool empty() const { return batches.empty(); }
};

AllRows ReadAll(const std::string& path) {
  auto file = parquet::FileReader::Open(*io::LocalFileIO(), path);
  EXPECT_OK(file);
  auto reader = parquet::BatchReader::Make(**file);
  EXPECT_OK(reader);
  AllRows out;
  while (true) {
    auto batch = (*reader)->Next();
    EXPECT_OK(batch);
    if (!batch.ok() || !*batch) break;
    std::string text;
    auto writer = columnar::RowWriter::Make(columnar::RowFormat::kJson, &text);
    EXPECT_OK(writer->Write(**batch));
    EXPECT_OK(writer->Finish());
    std::vector<std::string> lines;
    for (size_t pos = 0; pos < text.size();) {
      const size_t end = text.find('\n', pos);
      lines.push_back(text.substr(pos, end + 1 - pos));
      pos = end + 1;
    }
    EXPECT_EQ(static_cast<int64_t>(lines.size()), (*batch)->num_rows());
    out.lines.push_back(std::move(lines));
    out.batches.push_back(std::move(**batch));
  }
  return out;
}

// The brute-force answer: every row of `all` where `filter` is true, as NDJSON.
Result<std::string> BruteForce(const AllRows& all, const std::string& filter) {
  FLOE_ASSIGN_OR_RETURN(auto parsed, expr::ParseFilter(filter));
  FLOE_ASSIGN_OR_RETURN(auto bound, expr::Bind(parsed, *all.batches.at(0).schema()));
  std::string out;
  for (size_t b = 0; b < all.batches.size(); ++b) {
    FLOE_ASSIGN_OR_RETURN(auto selection, expr::EvaluateRows(bound, all.batches[b]));
    for (size_t row = 0; row < all.lines[b].size(); ++row) {
      if (selection.selected(static_cast<int64_t>(row))) out += all.lines[b][row];
    }
  }
  return out;
}

struct Scanned {
  std::string rows;  // NDJSON
  ParquetScanReport report;
};

Result<Scanned> Scan(const std::string& path, const ParquetScanOptions& options) {
  Scanned s;
  auto writer = columnar::RowWriter::Make(columnar::RowFormat::kJson, &s.rows);
  ParquetScanCallbacks callbacks;
  callbacks.on_batch = [&](const columnar::RecordBatch& b) { return writer->Write(b); };
  FLOE_ASSIGN_OR_RETURN(s.report, ScanParquetFile(*io::LocalFileIO(), path, options, callbacks));
  FLOE_RETURN_IF_ERROR(writer->Finish());
  return s;
}

// The first `n` lines of NDJSON text.
std::string FirstLines(const std::string& text, int64_t n) {
  size_t pos = 0;
  for (int64_t i = 0; i < n && pos < text.size(); ++i) pos = text.find('\n', pos) + 1;
  return text.substr(0, pos);
}

// Days since 1970-01-01 as "YYYY-MM-DD" (Howard Hinnant's civil_from_days).
std::string DateText(int64_t days) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t doe = days - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const int64_t m = mp < 10 ? mp + 3 : mp - 9;
  return fmt::format("{:04}-{:02}-{:02}", yoe + era * 400 + (m <= 2), m, d);
}

std::string TimestampText(int64_t seconds) {
  int64_t days = seconds / 86400, rest = seconds % 86400;
  if (rest < 0) rest += 86400, --days;
  return fmt::format("{} {:02}:{:02}:{:02}", DateText(days), rest / 3600, rest / 60 % 60,
                     rest % 60);
}

// Random filters over the generated columns, as filter text.
class FilterGenerator {
 public:
  explicit FilterGenerator(uint32_t seed) : rng_(seed) {}

  std::string Expr(int depth = 0) {
    int pick = Int(0, 9);
    if (depth >= 2 || pick < 5) return Predicate();
    if (pick < 7) return "(" + Expr(depth + 1) + " and " + Expr(depth + 1) + ")";
    if (pick < 9) return "(" + Expr(depth + 1) + " or " + Expr(depth + 1) + ")";
    return "not (" + Expr(depth + 1) + ")";
  }

 private:
  enum class Kind {
    kInt,
    kDouble,
    kFloat,
    kString,
    kDate,
    kTimestamp,
    kTimestampTz,
    kDecimal,
    kBool
  };
  struct Column {
    const char* name;
    Kind kind;
    int64_t lo, hi;  // the literal range (ints, days, seconds, hundredths...)
    const char* prefix = "";
  };

  int64_t Int(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }

  std::string Value(const Column& c) {
    const int64_t v = Int(c.lo, c.hi);
    switch (c.kind) {
      case Kind::kInt:
        return std::to_string(v);
      case Kind::kDouble:
      case Kind::kDecimal: {
        const int64_t a = v < 0 ? -v : v;
        return fmt::format("{}{}.{:02}", v < 0 ? "-" : "", a / 100, a % 100);
      }
      case Kind::kFloat:
        return fmt::format("{}", static_cast<double>(v) / 8);
      case Kind::kString:
        if (std::string_view(c.prefix) == "") return fmt::format("'{:06}'", v);
        return fmt::format("'{}{}'", c.prefix, v);
      case Kind::kDate:
        return "DATE '" + DateText(v) + "'";
      case Kind::kTimestamp:
        return "TIMESTAMP '" + TimestampText(v) + "'";
      case Kind::kTimestampTz:
        return "TIMESTAMP '" + TimestampText(v) + "+00:00'";
      case Kind::kBool:
        return v ? "true" : "false";
    }
    return "";
  }

  std::string Predicate() {
    static const int64_t k2021 = 1622505600;  // 2021-06-01T00:00:00Z
    static const std::vector<Column> columns = {
        {"id", Kind::kInt, -100, 20100},
        {"k", Kind::kInt, -5, 205},
        {"r", Kind::kInt, -10, 1010},
        {"big", Kind::kInt, -1100000, 1100000},
        {"d", Kind::kDouble, -11000, 11000},
        {"ds", Kind::kDouble, -1000, 210000},
        {"f", Kind::kFloat, -10, 1010},
        {"s", Kind::kString, 0, 60, "v"},
        {"ss", Kind::kString, -10, 20100},
        {"dt", Kind::kDate, 18262 - 10, 18262 + 2010},
        {"ts", Kind::kTimestamp, k2021 - 600, k2021 + 20100 * 60},
        {"tstz", Kind::kTimestampTz, k2021 - 600, k2021 + 1000600},
        {"dec", Kind::kDecimal, -110000, 110000},
        {"dec2", Kind::kDecimal, -11000, 11000},
        {"b", Kind::kBool, 0, 1},
        {"late", Kind::kInt, 3000, 20100},
        {"st.a", Kind::kInt, -5, 105},
        {"st.b", Kind::kString, 0, 22, "w"},
    };
    const Column& c =
        columns[static_cast<size_t>(Int(0, static_cast<int64_t>(columns.size()) - 1))];
    const std::string name = c.name;
    int op = Int(0, 15);
    if (c.kind == Kind::kBool && op < 12) op = Int(0, 1) ? 12 : 13;
    switch (op) {
      case 0:
        return name + " = " + Value(c);
      case 1:
        return name + " != " + Value(c);
      case 2:
        return name + " < " + Value(c);
      case 3:
        return name + " <= " + Value(c);
      case 4:
        return name + " > " + Value(c);
      case 5:
        return name + " >= " + Value(c);
      case 6:
      case 7: {
        std::string a = Value(c), b = Value(c);
        if (Int(0, 3) && c.kind != Kind::kString) {
          // Narrow ranges, the ones statistics decide.
          return fmt::format("{} {}between {} and {}", name, op == 7 ? "not " : "", a, a);
        }
        return fmt::format("{} {}between {} and {}", name, op == 7 ? "not " : "", a, b);
      }
      case 8:
      case 9: {
        std::string list = Value(c);
        for (int64_t i = Int(0, 3); i > 0; --i) list += ", " + (Int(0, 9) ? Value(c) : "NULL");
        return fmt::format("{} {}in ({})", name, op == 9 ? "not " : "", list);
      }
      case 10:
        return name + " is null";
      case 11:
        return name + " is not null";
      case 12:
        return c.kind == Kind::kBool ? name : name + " = " + Value(c);
      case 13:
        return c.kind == Kind::kBool ? "not " + name : name + " != " + Value(c);
      default:
        if (c.kind == Kind::kString) {
          std::string v = Value(c);
          std::string prefix =
              v.substr(0, static_cast<size_t>(Int(1, static_cast<int64_t>(v.size()) - 1)));
          const char* fn = Int(0, 2) ? "starts_with" : "not_starts_with";
          return fmt::format("{}({}, {}')", fn, name, prefix);
        }
        if (c.kind == Kind::kDouble || c.kind == Kind::kFloat) {
          return name + (Int(0, 1) ? " is nan" : " is not nan");
        }
        return name + " = " + Value(c);
    }
  }

  std::mt19937 rng_;
};

// Random filters for any file, from the values it holds: each orderable leaf reached through
// structs gets comparisons, IN lists, BETWEEN, IS [NOT] NULL and prefixes with values sampled
// from the full read.
class SampledFilterGenerator {
 public:
  SampledFilterGenerator(const std::vector<columnar::RecordBatch>& all, uint32_t seed)
      : rng_(seed) {
    const columnar::Schema& schema = *all.at(0).schema();
    for (int i = 0; i < schema.num_fields(); ++i) {
      std::vector<const columnar::ArrayData*> arrays;
      for (const auto& b : all) arrays.push_back(b.column(i).get());
      Collect(schema.field(i), "`" + schema.field(i).name + "`", arrays);
    }
  }
  bool empty() const { return columns_.empty(); }

  std::string Expr(int depth = 0) {
    int pick = Int(0, 9);
    if (depth >= 2 || pick < 5) return Predicate();
    if (pick < 7) return "(" + Expr(depth + 1) + " and " + Expr(depth + 1) + ")";
    if (pick < 9) return "(" + Expr(depth + 1) + " or " + Expr(depth + 1) + ")";
    return "not (" + Expr(depth + 1) + ")";
  }

 private:
  struct Column {
    std::string name;
    bool is_string = false, is_bool = false;
    std::vector<std::string> values;  // filter literals
  };

  int64_t Int(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }

  // The filter literal of a value's plain text, or "" when floe's grammar has none for the type.
  static std::string Literal(const columnar::DataType& type, const std::string& text) {
    using columnar::TypeId;
    switch (type.id()) {
      case TypeId::kInt8:
      case TypeId::kInt16:
      case TypeId::kInt32:
      case TypeId::kInt64:
      case TypeId::kUInt8:
      case TypeId::kUInt16:
      case TypeId::kUInt32:
      case TypeId::kUInt64:
      case TypeId::kDecimal128:
        return text;
      case TypeId::kFloat32:
      case TypeId::kFloat64:
        return text.find_first_of("NI") == std::string::npos ? text : "";
      case TypeId::kBool:
        return text;
      case TypeId::kString: {
        std::string out = "'";
        for (char c : text) {
          if (static_cast<unsigned char>(c) < 0x20) return "";
          out += c == '\'' ? "''" : std::string(1, c);
        }
        return out + "'";
      }
      case TypeId::kDate32:
        return "DATE '" + text + "'";
      case TypeId::kTimestamp:
        return (type.timezone().empty() ? "TIMESTAMP_NTZ '" : "TIMESTAMP '") + text + "'";
      default:
        return "";
    }
  }

  void Collect(const columnar::Field& field, const std::string& name,
               const std::vector<const columnar::ArrayData*>& arrays) {
    if (field.type->id() == columnar::TypeId::kStruct) {
      for (int c = 0; c < field.type->num_children(); ++c) {
        std::vector<const columnar::ArrayData*> children;
        for (const auto* a : arrays) children.push_back(a->children[static_cast<size_t>(c)].get());
        Collect(field.type->child(c), name + ".`" + field.type->child(c).name + "`", children);
      }
      return;
    }
    Column col{name,
               field.type->id() == columnar::TypeId::kString,
               field.type->id() == columnar::TypeId::kBool,
               {}};
    for (const auto* a : arrays) {
      for (int64_t row = 0; row < a->length; ++row) {
        if (Int(0, 49) != 0 && !col.values.empty()) continue;
        std::string text;
        if (!columnar::AppendValueText(*a, row, &text) || text.empty()) continue;
        std::string lit = Literal(*field.type, text);
        if (lit.empty()) return;  // a type the grammar has no literal for
        col.values.push_back(lit);
      }
    }
    if (!col.values.empty()) columns_.push_back(std::move(col));
  }

  std::string Value(const Column& c) {
    return c.values[static_cast<size_t>(Int(0, static_cast<int64_t>(c.values.size()) - 1))];
  }

  std::string Predicate() {
    const Column& c =
        columns_[static_cast<size_t>(Int(0, static_cast<int64_t>(columns_.size()) - 1))];
    const std::string& name = c.name;
    int op = Int(0, 13);
    if (c.is_bool && op < 12) op = 10 + static_cast<int>(Int(0, 1));
    switch (op) {
      case 0:
        return name + " = " + Value(c);
      case 1:
        return name + " != " + Value(c);
      case 2:
        return name + " < " + Value(c);
      case 3:
        return name + " <= " + Value(c);
      case 4:
        return name + " > " + Value(c);
      case 5:
        return name + " >= " + Value(c);
      case 6:
        return name + " between " + Value(c) + " and " + Value(c);
      case 7:
        return name + " not between " + Value(c) + " and " + Value(c);
      case 8:
      case 9: {
        std::string list = Value(c);
        for (int64_t i = Int(0, 3); i > 0; --i) list += ", " + Value(c);
        return fmt::format("{} {}in ({})", name, op == 9 ? "not " : "", list);
      }
      case 10:
        return name + " is null";
      case 11:
        return name + " is not null";
      default:
        if (c.is_string) {
          std::string v = Value(c);  // 'text'
          size_t cut = static_cast<size_t>(Int(1, static_cast<int64_t>(v.size()) - 1));
          std::string prefix = v.substr(0, cut);
          if (prefix.back() == '\'' && prefix.size() > 1 && prefix[prefix.size() - 2] != '\'') {
            prefix.pop_back();  // do not cut between the quotes of ''
          }
          return fmt::format("starts_with({}, {}')", name, prefix);
        }
        return name + " = " + Value(c);
    }
  }

  std::mt19937 rng_;
  std::vector<Column> columns_;
};

// Runs `count` sampled random filters on `path`, each scanned with and without pruning and
// compared with the brute force. Returns the report totals.
ParquetScanReport CheckSampledFilters(const std::string& path, int count, uint32_t seed) {
  ParquetScanReport total;
  const AllRows all = ReadAll(path);
  if (all.empty()) return total;
  SampledFilterGenerator gen(all.batches, seed);
  if (gen.empty()) return total;
  int bound = 0;
  for (int i = 0; i < count; ++i) {
    const std::string filter = gen.Expr();
    SCOPED_TRACE(filter);
    auto expected = BruteForce(all, filter);
    if (!expected.ok()) continue;  // a sampled literal that does not bind (e.g. nanoseconds)
    ++bound;
    ParquetScanOptions options;
    options.filter = testing::FilterOf(filter);
    options.batch_size = std::vector<int64_t>{97, 500, 64 * 1024}[static_cast<size_t>(i % 3)];
    auto scanned = Scan(path, options);
    if (!scanned.ok()) {
      ADD_FAILURE() << scanned.error().message;
      break;
    }
    if (scanned->rows != *expected) {
      ADD_FAILURE() << "pruned scan differs from brute force: " << scanned->report.rows_returned
                    << " rows";
      break;
    }
    const ParquetScanReport& r = scanned->report;
    total.row_groups += r.row_groups;
    total.row_groups_skipped_by_statistics += r.row_groups_skipped_by_statistics;
    total.row_groups_skipped_by_bloom_filter += r.row_groups_skipped_by_bloom_filter;
    total.row_groups_skipped_by_page_index += r.row_groups_skipped_by_page_index;
    total.rows_skipped_by_page_index += r.rows_skipped_by_page_index;
    total.rows_returned += r.rows_returned;
  }
  EXPECT_GT(bound, count / 2) << "most sampled filters should bind";
  return total;
}

// The rows of the pruned scan equal the brute force for many random filters, batch sizes and
// projections.
TEST_F(ParquetScanTest, PruningNeverChangesAResult) {
  int compared = 0, pruned = 0;
  for (const char* name : {"v1.parquet", "v2.parquet"}) {
    SCOPED_TRACE(name);
    const std::string path = File(name);
    const AllRows all = ReadAll(path);
    ASSERT_FALSE(all.empty());
    FilterGenerator gen(name[1] == '1' ? 1234 : 5678);
    std::mt19937 rng(42);
    for (int i = 0; i < 150; ++i) {
      const std::string filter = gen.Expr();
      SCOPED_TRACE(filter);
      auto expected = BruteForce(all, filter);
      ASSERT_OK(expected);
      ParquetScanOptions options;
      options.filter = testing::FilterOf(filter);
      options.batch_size = std::vector<int64_t>{100, 777, 64 * 1024}[rng() % 3];
      auto scanned = Scan(path, options);
      ASSERT_OK(scanned);
      ASSERT_EQ(scanned->rows, *expected);
      const auto& report = scanned->report;
      pruned += report.row_groups_skipped_by_statistics + report.row_groups_skipped_by_bloom_filter;
      // With a limit, the first rows of the same answer.
      if (i % 5 == 0) {
        options.limit = static_cast<int64_t>(rng() % 50);
        auto limited = Scan(path, options);
        ASSERT_OK(limited);
        EXPECT_EQ(limited->rows, FirstLines(*expected, *options.limit));
      }
      ++compared;
    }
  }
  EXPECT_EQ(compared, 300);
  EXPECT_GT(pruned, 50) << "random filters should skip some row groups";
}

// Filtering on columns that are not printed: the printed ids equal the brute force's.
TEST_F(ParquetScanTest, ProjectionWithFilterOnOtherColumns) {
  const std::string path = File("v1.parquet");
  const AllRows all = ReadAll(path);
  FilterGenerator gen(99);
  for (int i = 0; i < 60; ++i) {
    const std::string filter = gen.Expr();
    SCOPED_TRACE(filter);
    auto expected = BruteForce(all, filter);
    ASSERT_OK(expected);
    // Keep only "id" of each expected row: it is the first key of every line.
    std::string ids;
    for (size_t pos = 0; pos < expected->size();) {
      size_t end = expected->find('\n', pos);
      size_t comma = expected->find(',', pos);
      ids += expected->substr(pos, comma - pos) + "}\n";
      pos = end + 1;
    }
    ParquetScanOptions options;
    options.filter = testing::FilterOf(filter);
    options.columns = {"id"};
    auto scanned = Scan(path, options);
    ASSERT_OK(scanned);
    EXPECT_EQ(scanned->rows, ids);
  }
}

struct SkipCase {
  const char* filter;
  int by_statistics;
  int by_bloom_filter;
};

// Filters whose answer the statistics (or bloom filters) give: v1.parquet has 10 row groups of
// 2048 rows (the last 1568) in id order.
TEST_F(ParquetScanTest, SkipsRowGroupsTheStatisticsExclude) {
  const std::string path = File("v1.parquet");
  const AllRows all = ReadAll(path);
  const std::vector<SkipCase> cases = {
      {"id = 5000", 9, 0},
      {"id < 0 or k > 1000", 10, 0},
      {"not (id >= 2048)", 9, 0},
      {"id in (3, 19999)", 8, 0},
      {"k between 30 and 35", 9, 0},
      {"ss >= '019000'", 9, 0},
      {"starts_with(ss, '0190')", 9, 0},
      {"dt < DATE '2020-01-05'", 9, 0},
      {"ts between TIMESTAMP '2021-06-01 00:00:00' and TIMESTAMP '2021-06-01 01:00:00'", 9, 0},
      {"st.b = 'w0'", 9, 0},
      {"dec2 > 100", 10, 0},
      {"dec < -1000.01", 10, 0},
      {"big > 1000000", 10, 0},
      {"late is not null", 2, 0},
      {"late is null", 8, 0},
      {"late < 4000", 10, 0},
      {"id > 20000 and s = 'v1'", 10, 0},
      // 'v77' lies between the bounds 'v0' and 'v9': only the bloom filters exclude it.
      {"s = 'v77'", 0, 10},
      {"s in ('v77', 'v51')", 0, 10},
      // Statistics keep row groups 1-9 (s = 'v77' might match); bloom filters exclude both sides.
      {"k = 10 or s = 'v77'", 0, 9},
      {"st.a = 150", 10, 0},
  };
  for (const SkipCase& c : cases) {
    SCOPED_TRACE(c.filter);
    ParquetScanOptions options;
    options.filter = testing::FilterOf(c.filter);
    auto scanned = Scan(path, options);
    ASSERT_OK(scanned);
    EXPECT_EQ(scanned->report.row_groups, 10);
    EXPECT_EQ(scanned->report.row_groups_skipped_by_statistics, c.by_statistics);
    EXPECT_EQ(scanned->report.row_groups_skipped_by_bloom_filter, c.by_bloom_filter);
    auto expected = BruteForce(all, c.filter);
    ASSERT_OK(expected);
    EXPECT_EQ(scanned->rows, *expected);
  }
}

// The brute force itself agrees with DuckDB on filters where SQL and floe mean the same thing (no
// NaN columns: DuckDB orders NaN above every number and makes NaN = NaN).
TEST_F(ParquetScanTest, AgreesWithDuckDb) {
  const std::string path = File("v1.parquet");
  const std::vector<const char*> filters = {
      "k between 30 and 35 and s in ('v1', 'v2')",
      "starts_with(ss, '0123') or b",
      "dt >= DATE '2020-06-01' and not (big < 0)",
      "st.b is null and st.a > 50",
      "dec2 between -1.5 and 1.5",
      "late is null or late not in (5000, 6000)",
  };
  for (const char* filter : filters) {
    SCOPED_TRACE(filter);
    std::string ids;
    ParquetScanOptions options;
    options.filter = testing::FilterOf(filter);
    options.columns = {"id"};
    auto scanned = Scan(path, options);
    ASSERT_OK(scanned);
    std::string duck = DuckDb(*dir_, fmt::format("SELECT id FROM '{}' WHERE {};", path, filter));
    std::string expected;
    for (size_t pos = 0; pos < duck.size();) {
      size_t end = duck.find('\n', pos);
      // ["123"] → {"id":123}
      expected += "{\"id\":" + duck.substr(pos + 2, end - pos - 4) + "}\n";
      pos = end + 1;
    }
    EXPECT_EQ(scanned->rows, expected);
  }
}

// RowRanges (the page index's unit) against sets of row numbers: union, intersection, windows and
// slicing batches.
TEST(RowRangesTest, MatchesSetsOfRows) {
  std::mt19937 rng(3);
  auto random_ranges = [&](std::vector<bool>* rows) {
    std::vector<parquet::RowRange> list;
    for (int i = static_cast<int>(rng() % 5); i > 0; --i) {
      int64_t a = rng() % 60, b = rng() % 60;
      list.push_back({std::min(a, b), std::max(a, b)});
      for (int64_t r = std::min(a, b); r < std::max(a, b); ++r)
        (*rows)[static_cast<size_t>(r)] = true;
    }
    return parquet::RowRanges::Of(list);
  };
  auto check = [](const parquet::RowRanges& ranges, const std::vector<bool>& rows) {
    std::vector<bool> got(rows.size());
    int64_t previous_last = -1;
    for (const auto& r : ranges.ranges()) {
      EXPECT_LT(r.first, r.last);
      EXPECT_LT(previous_last, r.first) << "ranges sorted, disjoint and not touching";
      previous_last = r.last;
      for (int64_t i = r.first; i < r.last; ++i) got[static_cast<size_t>(i)] = true;
    }
    EXPECT_EQ(got, rows);
  };
  for (int iter = 0; iter < 500; ++iter) {
    std::vector<bool> a(60), b(60), both(60), either(60), window(60);
    auto x = random_ranges(&a), y = random_ranges(&b);
    for (size_t i = 0; i < 60; ++i) both[i] = a[i] && b[i], either[i] = a[i] || b[i];
    check(x, a);
    check(parquet::RowRanges::Intersection(x, y), both);
    check(parquet::RowRanges::Union(x, y), either);
    const int64_t first = rng() % 60, last = first + rng() % (61 - first);
    for (int64_t i = first; i < last; ++i)
      window[static_cast<size_t>(i)] = a[static_cast<size_t>(i)];
    check(x.Within(first, last), window);
  }
  EXPECT_EQ(parquet::RowRanges::All(10).row_count(), 10);
  EXPECT_TRUE(parquet::RowRanges::All(0).empty());
  parquet::OffsetIndex index;
  index.page_locations = {{4, 10, 0}, {14, 10, 3}, {24, 10, 3}, {34, 10, 8}};
  auto pages = parquet::PageRows(index, 10);
  ASSERT_OK(pages);
  EXPECT_EQ(*pages, (std::vector<parquet::RowRange>{{0, 3}, {3, 3}, {3, 8}, {8, 10}}));
  index.page_locations[2].first_row_index = 2;
  EXPECT_FALSE(parquet::PageRows(index, 10).ok());
  index.page_locations = {{4, 10, 1}};
  EXPECT_FALSE(parquet::PageRows(index, 10).ok());
  index.page_locations = {{4, 10, 0}, {14, 10, 11}};
  EXPECT_FALSE(parquet::PageRows(index, 10).ok());
}

// Files with a page index (parquet-wasm, i.e. arrow-rs, writes one for every column; tiny pages
// here): rows that the page index excludes are dropped, and the result is still the brute force's.
TEST_F(ParquetScanTest, PageIndexNeverChangesAResult) {
  // Few filters: each scan decodes ~2,000 small pages, slow under the sanitizers.
  ParquetScanReport total = CheckSampledFilters(File("paged.parquet"), 30, 7);
  EXPECT_GT(total.rows_skipped_by_page_index, 0);
  FilterGenerator gen(4321);
  const std::string path = File("paged.parquet");
  const AllRows all = ReadAll(path);
  for (int i = 0; i < 30; ++i) {
    const std::string filter = gen.Expr();
    SCOPED_TRACE(filter);
    auto expected = BruteForce(all, filter);
    ASSERT_OK(expected);
    ParquetScanOptions options;
    options.filter = testing::FilterOf(filter);
    options.batch_size = std::vector<int64_t>{97, 500, 64 * 1024}[static_cast<size_t>(i % 3)];
    auto scanned = Scan(path, options);
    ASSERT_OK(scanned);
    ASSERT_EQ(scanned->rows, *expected);
    total.rows_skipped_by_page_index += scanned->report.rows_skipped_by_page_index;
  }
  EXPECT_GT(total.rows_skipped_by_page_index, 5000);
}

// The corpus files with page indexes, and every DuckDB file, against sampled filters.
TEST_F(ParquetScanTest, SampledFiltersOnCorpusFiles) {
  std::vector<std::string> files = {
      floe::testing::CorpusPath("parquet-testing/data/alltypes_tiny_pages.parquet"),
      floe::testing::CorpusPath("parquet-testing/data/alltypes_tiny_pages_plain.parquet"),
      floe::testing::CorpusPath("parquet-testing/data/int32_with_null_pages.parquet"),
      floe::testing::CorpusPath("parquet-testing/data/data_index_bloom_encoding_stats.parquet"),
      floe::testing::CorpusPath("hyparquet/test/files/page_index.parquet"),
      File("v1.parquet"),
      File("v2.parquet"),
  };
  int64_t page_rows_skipped = 0;
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    ASSERT_TRUE(std::filesystem::exists(path));
    page_rows_skipped += CheckSampledFilters(path, 40, 11).rows_skipped_by_page_index;
  }
  EXPECT_GT(page_rows_skipped, 0);
}

// The page index skips where it clearly can: paged.parquet holds ids in order, 5000 rows per row
// group, in pages of a few hundred rows.
TEST_F(ParquetScanTest, PageIndexSkipsPages) {
  const std::string path = File("paged.parquet");
  const AllRows all = ReadAll(path);
  for (const char* filter : {"id = 5000", "id between 7000 and 7010", "ss = '012345'",
                             "dt = DATE '2020-02-01'", "id < 10 or id > 19990"}) {
    SCOPED_TRACE(filter);
    ParquetScanOptions options;
    options.filter = testing::FilterOf(filter);
    auto scanned = Scan(path, options);
    ASSERT_OK(scanned);
    auto expected = BruteForce(all, filter);
    ASSERT_OK(expected);
    EXPECT_EQ(scanned->rows, *expected);
    const ParquetScanReport& r = scanned->report;
    const int64_t rows_in_groups_read = r.rows_read;  // whole row groups are still decoded
    EXPECT_GT(r.rows_skipped_by_page_index, rows_in_groups_read * 7 / 10) << r.rows_read;
  }
  // The ranges themselves: id = 5000 is the first row of the second row group.
  auto file = parquet::FileReader::Open(*io::LocalFileIO(), path);
  ASSERT_OK(file);
  auto reader = parquet::BatchReader::Make(**file);
  ASSERT_OK(reader);
  auto parsed = expr::ParseFilter("id = 5000");
  ASSERT_OK(parsed);
  auto bound = expr::Bind(*parsed, *(*reader)->schema());
  ASSERT_OK(bound);
  auto ranges = PageIndexRowRanges(**file, (*reader)->read_tree(), *bound, 1);
  ASSERT_OK(ranges);
  ASSERT_EQ(ranges->ranges().size(), 1u);
  EXPECT_EQ(ranges->ranges()[0].first, 0);
  EXPECT_LT(ranges->ranges()[0].last, 2000);  // one page of ~1100 rows
  auto none = PageIndexRowRanges(**file, (*reader)->read_tree(), *bound, 0);
  ASSERT_OK(none);
  EXPECT_TRUE(none->empty());
}

}  // namespace
}  // namespace floe::table
