// Brute force for the pruners: random rows of typed columns in random "files" partitioned by
// many specs (identity, year/month/day/hour, bucket[4], truncate), each DataFile with the
// metrics computed from its rows (full, none, counts only, truncated string bounds), manifests
// with summaries computed over their files, and random filters. A file or manifest holding a
// row the row evaluator keeps is never pruned; AllRowsMatch true means every row is kept; and
// selective filters do prune.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/expr/row_evaluator.h"
#include "floe/manifest/partition_value.h"
#include "floe/scan/data_file_pruner.h"
#include "floe/scan/manifest_pruner.h"
#include "floe/scan/scan_filter.h"
#include "floe/spec/single_value.h"
#include "floe/util/time.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"

namespace floe::scan {
namespace {

using spec::Literal;
using spec::NestedField;
using spec::PartitionField;
using spec::PartitionSpec;
using spec::Transform;
using spec::Type;
using spec::TypeId;

constexpr int64_t kOneDayMicros = 86400LL * 1000000;

// Column order of a row: i, l, d, ts, s, f, st.x, tn (st itself is valid or null).
enum Col { kI, kL, kD, kTs, kS, kF, kX, kTn, kNumCols };
const int32_t kFieldIds[kNumCols] = {1, 2, 3, 4, 5, 6, 8, 9};

struct Row {
  Literal v[kNumCols];
  bool st_valid = true;
  // The value as the filter sees it (a null struct makes x null).
  const Literal& Get(int c) const {
    static const Literal kNull;
    return (c == kX && !st_valid) ? kNull : v[c];
  }
};

spec::Schema TestSchema() {
  spec::Schema s;
  s.fields = {
      NestedField{1, "i", false, Type::Int()},
      NestedField{2, "l", false, Type::Long()},
      NestedField{3, "d", false, Type::Date()},
      NestedField{4, "ts", false, Type::TimestampTz()},
      NestedField{5, "s", false, Type::String()},
      NestedField{6, "f", false, Type::Double()},
      NestedField{7, "st", false, Type::Struct({NestedField{8, "x", false, Type::Int()}})},
      NestedField{9, "tn", false, Type::Primitive(TypeId::kTimestampNs)},
  };
  return s;
}

spec::TypePtr ColType(int c) {
  static const spec::Schema schema = TestSchema();
  return schema.FindFieldById(kFieldIds[c])->type;
}

PartitionSpec Spec(int id, std::vector<std::pair<int, Transform>> fields) {
  PartitionSpec spec;
  spec.spec_id = id;
  int32_t field_id = 1000;
  for (auto& [col, t] : fields) {
    spec.fields.push_back(
        PartitionField{kFieldIds[col], {}, field_id, "p" + std::to_string(field_id), t});
    ++field_id;
  }
  return spec;
}

std::vector<PartitionSpec> TestSpecs() {
  return {
      Spec(0, {}),
      Spec(1, {{kTs, Transform::Day()}, {kI, Transform::Identity()}}),
      Spec(2, {{kD, Transform::Month()}, {kL, Transform::Bucket(4)}}),
      Spec(3, {{kI, Transform::Truncate(10)}, {kS, Transform::Truncate(2)}}),
      Spec(4, {{kS, Transform::Identity()}, {kD, Transform::Year()}}),
      Spec(5, {{kS, Transform::Bucket(4)}, {kTs, Transform::Hour()}}),
      Spec(6, {{kX, Transform::Identity()}, {kTn, Transform::Day()}}),
      Spec(7, {{kF, Transform::Identity()}, {kL, Transform::Truncate(10)}}),
      Spec(8, {{kTs, Transform::Day()}, {kTs, Transform::Month()}, {kD, Transform::Day()}}),
      Spec(9, {{kI, Transform::Bucket(4)}, {kI, Transform::Truncate(5)}}),
      Spec(10, {{kTn, Transform::Hour()}, {kD, Transform::Bucket(4)}}),
  };
}

class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  int Pick(int n) { return static_cast<int>(rng_() % static_cast<uint64_t>(n)); }
  int64_t Range(int64_t lo, int64_t hi) {  // inclusive
    return lo + static_cast<int64_t>(rng_() % static_cast<uint64_t>(hi - lo + 1));
  }

  // Rows in clusters of nearby values, so that files have narrow metrics.
  std::vector<std::vector<Row>> Clusters(int clusters, int rows_per_cluster) {
    std::vector<std::vector<Row>> out;
    const char* prefixes[] = {"", "a", "ab", "b", "ba", "c", "\xc3\xa9", "\xff"};
    for (int c = 0; c < clusters; ++c) {
      int64_t bi = Range(-100, 100), bl = Range(-1000000, 1000000), bd = Range(-500, 1500);
      int64_t bts = Range(-40, 40) * kOneDayMicros + Range(0, kOneDayMicros);
      int64_t btn = Range(-40, 40) * kOneDayMicros * 1000;
      double bf = static_cast<double>(Range(-100, 100)) / 4;
      std::string bs = prefixes[Pick(8)];
      int64_t bx = Range(-5, 20);
      std::vector<Row> rows;
      for (int r = 0; r < rows_per_cluster; ++r) {
        Row row;
        auto maybe = [&](Literal v) { return Pick(8) == 0 ? Literal::Null() : v; };
        row.v[kI] = maybe(Literal::Int(static_cast<int32_t>(bi + Range(0, 12))));
        row.v[kL] = maybe(Literal::Long(bl + Range(0, 2000)));
        row.v[kD] = maybe(Literal::Date(static_cast<int32_t>(bd + Range(0, 45))));
        row.v[kTs] = maybe(Literal::Timestamp(bts + Range(0, 2 * kOneDayMicros)));
        std::string s = bs;
        for (int k = Pick(4); k > 0; --k) {
          int ch = Pick(3);
          s += ch == 2 ? std::string("\xc3\xa9") : std::string(1, "ab"[ch]);
        }
        row.v[kS] = maybe(Literal::String(s));
        double f = Pick(10) == 0 ? NAN : bf + static_cast<double>(Range(0, 8)) / 2;
        row.v[kF] = maybe(Literal::Double(f));
        row.st_valid = Pick(10) != 0;
        row.v[kX] = maybe(Literal::Int(static_cast<int32_t>(bx + Range(0, 3))));
        row.v[kTn] =
            maybe(Literal::Timestamp(btn + Range(0, 3 * kOneDayMicros) * 1000 + Range(0, 999)));
        rows.push_back(row);
      }
      out.push_back(std::move(rows));
    }
    return out;
  }

  std::mt19937_64 rng_;
};

// The binary bytes of a value, for keys.
std::string Key(const Type& type, const Literal& v) {
  if (v.is_null()) return "N;";
  std::string b = *spec::ToBinary(type, v);
  return "V" + std::to_string(b.size()) + ":" + b;
}

bool IsNaNLiteral(const Literal& v) { return v.holds<double>() && std::isnan(v.get<double>()); }

int Compare(const Literal& a, const Literal& b) { return manifest::ComparePartitionValues(a, b); }

struct TestFile {
  manifest::DataFile file;
  std::vector<int64_t> rows;  // indices into the spec's rows
};

// Metrics of one file as a writer computes them: full, none, counts only, or string bounds
// truncated to 2 bytes (the upper bound raised so it still bounds).
void AddMetrics(const std::vector<Row>& all, TestFile& tf, int mode) {
  manifest::DataFile& f = tf.file;
  if (mode == 1) return;
  for (int c = 0; c < kNumCols; ++c) {
    int32_t id = kFieldIds[c];
    const Type& type = *ColType(c);
    int64_t nulls = 0, nans = 0;
    std::optional<Literal> lo, hi;
    for (int64_t r : tf.rows) {
      const Literal& v = all[static_cast<size_t>(r)].Get(c);
      if (v.is_null()) {
        ++nulls;
      } else if (IsNaNLiteral(v)) {
        ++nans;
      } else {
        if (!lo || Compare(v, *lo) < 0) lo = v;
        if (!hi || Compare(v, *hi) > 0) hi = v;
      }
    }
    f.value_counts.push_back({id, f.record_count});
    f.null_value_counts.push_back({id, nulls});
    if (c == kF) f.nan_value_counts.push_back({id, nans});
    if (mode == 2) continue;
    if (lo && hi) {
      std::string lower = *spec::ToBinary(type, *lo), upper = *spec::ToBinary(type, *hi);
      if (mode == 3 && c == kS) {
        if (lower.size() > 2) lower.resize(2);
        if (upper.size() > 2) {
          upper.resize(2);
          while (!upper.empty() && static_cast<unsigned char>(upper.back()) == 0xFF) {
            upper.pop_back();
          }
          if (upper.empty()) {
            f.lower_bounds.push_back({id, lower});
            continue;
          }
          upper.back() = static_cast<char>(static_cast<unsigned char>(upper.back()) + 1);
        }
      }
      f.lower_bounds.push_back({id, lower});
      f.upper_bounds.push_back({id, upper});
    }
  }
}

// Files of one spec: each cluster's rows grouped by partition tuple, cut into files of at most
// 8 rows.
std::vector<TestFile> MakeFiles(Generator& g, const std::vector<std::vector<Row>>& clusters,
                                const PartitionSpec& spec, std::vector<Row>* all) {
  std::vector<TestFile> files;
  for (const std::vector<Row>& cluster : clusters) {
    std::map<std::string, std::vector<int64_t>> groups;
    std::map<std::string, std::vector<Literal>> tuples;
    for (const Row& row : cluster) {
      int64_t index = static_cast<int64_t>(all->size());
      all->push_back(row);
      std::string key;
      std::vector<Literal> tuple;
      for (const PartitionField& pf : spec.fields) {
        int c = 0;
        while (kFieldIds[c] != pf.source_id) ++c;
        Literal v = *pf.transform.Apply(*ColType(c), row.Get(c));
        key += Key(**pf.transform.ResultType(*ColType(c)), v);
        tuple.push_back(v);
      }
      groups[key].push_back(index);
      tuples[key] = tuple;
    }
    for (auto& [key, rows] : groups) {
      for (size_t start = 0; start < rows.size(); start += 8) {
        TestFile tf;
        tf.rows.assign(rows.begin() + static_cast<long>(start),
                       rows.begin() + static_cast<long>(std::min(rows.size(), start + 8)));
        tf.file.file_path = "f" + std::to_string(files.size());
        tf.file.partition = tuples[key];
        tf.file.record_count = static_cast<int64_t>(tf.rows.size());
        tf.file.spec_id = spec.spec_id;
        AddMetrics(*all, tf, g.Pick(4));
        files.push_back(std::move(tf));
      }
    }
  }
  return files;
}

// Summaries over the files' partition tuples, as a manifest writer computes them.
std::vector<manifest::PartitionFieldSummary> Summaries(const PartitionSpec& spec,
                                                       const std::vector<TestFile>& files,
                                                       size_t begin, size_t end) {
  std::vector<manifest::PartitionFieldSummary> out;
  for (size_t k = 0; k < spec.fields.size(); ++k) {
    const PartitionField& pf = spec.fields[k];
    int c = 0;
    while (kFieldIds[c] != pf.source_id) ++c;
    spec::TypePtr type = *pf.transform.ResultType(*ColType(c));
    manifest::PartitionFieldSummary s;
    if (type->id() == TypeId::kDouble) s.contains_nan = false;
    std::optional<Literal> lo, hi;
    for (size_t i = begin; i < end; ++i) {
      const Literal& v = files[i].file.partition[k];
      if (v.is_null()) {
        s.contains_null = true;
      } else if (IsNaNLiteral(v)) {
        s.contains_nan = true;
      } else {
        if (!lo || Compare(v, *lo) < 0) lo = v;
        if (!hi || Compare(v, *hi) > 0) hi = v;
      }
    }
    if (lo) s.lower_bound = *spec::ToBinary(*type, *lo);
    if (hi) s.upper_bound = *spec::ToBinary(*type, *hi);
    out.push_back(s);
  }
  return out;
}

columnar::RecordBatch BuildBatch(const columnar::SchemaPtr& schema, const std::vector<Row>& rows) {
  using namespace columnar;  // NOLINT
  std::vector<std::unique_ptr<ArrayBuilder>> bs;
  for (const Field& f : schema->fields()) bs.push_back(std::move(MakeBuilder(f.type).value()));
  auto put32 = [](ArrayBuilder* b, const Literal& v) {
    if (v.is_null()) return (void)b->AppendNull();
    (void)static_cast<Int32Builder*>(b)->Append(v.get<int32_t>());
  };
  auto put64 = [](ArrayBuilder* b, const Literal& v) {
    if (v.is_null()) return (void)b->AppendNull();
    (void)static_cast<Int64Builder*>(b)->Append(v.get<int64_t>());
  };
  for (const Row& r : rows) {
    put32(bs[0].get(), r.v[kI]);
    put64(bs[1].get(), r.v[kL]);
    put32(bs[2].get(), r.v[kD]);
    put64(bs[3].get(), r.v[kTs]);
    if (r.v[kS].is_null()) {
      (void)bs[4]->AppendNull();
    } else {
      (void)static_cast<BinaryBuilder*>(bs[4].get())->Append(r.v[kS].get<std::string>());
    }
    if (r.v[kF].is_null()) {
      (void)bs[5]->AppendNull();
    } else {
      (void)static_cast<DoubleBuilder*>(bs[5].get())->Append(r.v[kF].get<double>());
    }
    auto* st = static_cast<StructBuilder*>(bs[6].get());
    (void)st->Append(r.st_valid);
    put32(st->child(0), r.v[kX]);
    put64(bs[7].get(), r.v[kTn]);
  }
  std::vector<ArrayPtr> cols;
  for (auto& b : bs) cols.push_back(b->Finish().value());
  return RecordBatch::Make(schema, static_cast<int64_t>(rows.size()), std::move(cols)).value();
}

// A value of column c as filter text, usually one a row has (selective), sometimes near one.
std::string ValueText(Generator& g, const std::vector<Row>& rows, int c) {
  Literal v;
  for (int tries = 0; tries < 20 && (v.is_null() || IsNaNLiteral(v)); ++tries) {
    v = rows[static_cast<size_t>(g.Pick(static_cast<int>(rows.size())))].Get(c);
  }
  if (v.is_null() || IsNaNLiteral(v)) return "NULL";
  int64_t nudge = g.Pick(3) == 0 ? g.Range(-2, 2) : 0;
  switch (c) {
    case kI:
    case kX:
      return std::to_string(v.get<int32_t>() + nudge);
    case kL:
      return std::to_string(v.get<int64_t>() + nudge);
    case kD:
      return "DATE '" + FormatDate(v.get<int32_t>() + nudge) + "'";
    case kTs: {
      int64_t t = v.get<int64_t>();
      if (g.Pick(3) == 0) t = FloorDiv(t, kOneDayMicros) * kOneDayMicros;  // a day boundary
      return "TIMESTAMP '" + FormatTimestampMicros(t + nudge, true) + "'";
    }
    case kTn: {
      int64_t t = v.get<int64_t>();
      if (g.Pick(3) == 0) t = FloorDiv(t, kOneDayMicros * 1000) * kOneDayMicros * 1000;
      return "TIMESTAMP '" + FormatTimestampNanos(t + nudge, false) + "'";
    }
    case kS: {
      std::string s = v.get<std::string>();
      if (nudge != 0 && !s.empty()) s.pop_back();
      return expr::QuoteString(s);
    }
    case kF: {
      char buf[64];
      std::snprintf(buf, sizeof(buf), "%.17g", v.get<double>() + static_cast<double>(nudge) / 4);
      return buf;
    }
  }
  return "NULL";
}

// Mostly on the columns in `preferred` (the spec's partition sources), where projection works.
std::string RandomFilter(Generator& g, const std::vector<Row>& rows,
                         const std::vector<int>& preferred, int depth) {
  if (depth > 0 && g.Pick(5) < 2) {
    std::string a = RandomFilter(g, rows, preferred, depth - 1);
    std::string b = RandomFilter(g, rows, preferred, depth - 1);
    switch (g.Pick(3)) {
      case 0:
        return "(" + a + ") AND (" + b + ")";
      case 1:
        return "(" + a + ") OR (" + b + ")";
      default:
        return "NOT (" + a + ")";
    }
  }
  static const char* names[kNumCols] = {"i", "l", "d", "ts", "s", "f", "st.x", "tn"};
  int c = g.Pick(kNumCols);
  if (!preferred.empty() && g.Pick(3) != 0) {
    c = preferred[static_cast<size_t>(g.Pick(static_cast<int>(preferred.size())))];
  }
  std::string name = names[c];
  static const char* cmps[] = {"=", "!=", "<", "<=", ">", ">="};
  switch (g.Pick(12)) {
    case 0:
      return name + (g.Pick(2) ? " IS NULL" : " IS NOT NULL");
    case 1:
      if (c == kF) return name + (g.Pick(2) ? " IS NAN" : " IS NOT NAN");
      if (c == kS) {
        std::string p = ValueText(g, rows, c);
        if (p == "NULL") p = "'a'";
        return std::string(g.Pick(2) ? "starts_with(" : "not_starts_with(") + name + ", " + p + ")";
      }
      return name + " = " + ValueText(g, rows, c);
    case 2:
    case 3: {
      std::string list = ValueText(g, rows, c);
      for (int k = g.Pick(3); k > 0; --k) list += ", " + ValueText(g, rows, c);
      return name + (g.Pick(3) ? " IN (" : " NOT IN (") + list + ")";
    }
    case 4:
      return name + " BETWEEN " + ValueText(g, rows, c) + " AND " + ValueText(g, rows, c);
    case 5:
      if (c == kTs) {  // one whole day, as users ask for it
        const Literal& v = rows[static_cast<size_t>(g.Pick(static_cast<int>(rows.size())))].Get(c);
        if (v.is_null()) return "ts IS NULL";
        int64_t day = FloorDiv(v.get<int64_t>(), kOneDayMicros) * kOneDayMicros;
        return "ts >= TIMESTAMP '" + FormatTimestampMicros(day, true) + "' AND ts < TIMESTAMP '" +
               FormatTimestampMicros(day + kOneDayMicros, true) + "'";
      }
      [[fallthrough]];
    default:
      return name + " " + cmps[g.Pick(6)] + " " + ValueText(g, rows, c);
  }
}

TEST(PrunerBruteForceTest, NeverPrunesAMatchingFileAndDoesPrune) {
  spec::Schema schema = TestSchema();
  std::vector<PartitionSpec> specs = TestSpecs();
  Generator g(20261129);
  int64_t files_checked = 0, files_pruned = 0, files_all_match = 0;
  int64_t manifests_checked = 0, manifests_pruned = 0;
  for (const PartitionSpec& spec : specs) {
    std::vector<Row> rows;
    std::vector<TestFile> files = MakeFiles(g, g.Clusters(8, 12), spec, &rows);
    // Manifests: runs of 1..6 files; a few without summaries.
    std::vector<std::pair<size_t, size_t>> runs;
    std::vector<manifest::ManifestFile> manifests;
    for (size_t start = 0; start < files.size();) {
      size_t end = std::min(files.size(), start + 1 + static_cast<size_t>(g.Pick(6)));
      manifest::ManifestFile m;
      m.partition_spec_id = spec.spec_id;
      if (g.Pick(10) != 0) m.partitions = Summaries(spec, files, start, end);
      manifests.push_back(m);
      runs.push_back({start, end});
      start = end;
    }
    ScanFilter base = *ScanFilter::Bind(schema, expr::Expression::True());
    std::vector<int> sources;
    for (const PartitionField& pf : spec.fields) {
      for (int c = 0; c < kNumCols; ++c) {
        if (kFieldIds[c] == pf.source_id) sources.push_back(c);
      }
    }
    columnar::RecordBatch batch = BuildBatch(base.columnar_schema, rows);
    for (int n = 0; n < 30; ++n) {
      std::string text = RandomFilter(g, rows, sources, 2);
      Result<ScanFilter> filter = ScanFilter::Bind(schema, testing::FilterOf(text));
      ASSERT_OK(filter) << text;
      Result<expr::Selection> selection = expr::EvaluateRows(filter->expr, batch);
      ASSERT_OK(selection);
      DataFilePruner pruner(*filter, spec);
      ManifestPruner manifest_pruner(*filter, specs);
      std::vector<bool> file_matches(files.size());
      for (size_t i = 0; i < files.size(); ++i) {
        const TestFile& tf = files[i];
        int64_t kept = 0;
        for (int64_t r : tf.rows) kept += selection->selected(r) ? 1 : 0;
        file_matches[i] = kept > 0;
        bool might = pruner.MightMatch(tf.file);
        ++files_checked;
        if (!might) ++files_pruned;
        if (kept > 0) {
          ASSERT_TRUE(might) << "spec " << spec.spec_id << " file " << i << " filter: " << text;
          ASSERT_TRUE(pruner.PartitionMightMatch(tf.file))
              << "spec " << spec.spec_id << " file " << i << " filter: " << text;
        }
        if (pruner.AllRowsMatch(tf.file)) {
          ++files_all_match;
          ASSERT_EQ(kept, tf.file.record_count)
              << "spec " << spec.spec_id << " file " << i << " filter: " << text;
        }
      }
      for (size_t k = 0; k < manifests.size(); ++k) {
        bool any = false;
        for (size_t i = runs[k].first; i < runs[k].second; ++i) any = any || file_matches[i];
        bool might = manifest_pruner.MightMatch(manifests[k]);
        ++manifests_checked;
        if (!might) ++manifests_pruned;
        if (any) {
          ASSERT_TRUE(might) << "spec " << spec.spec_id << " manifest " << k << " filter: " << text;
        }
      }
    }
  }
  // Selective filters prune most files; some files are known to match entirely.
  EXPECT_GT(files_pruned, files_checked / 4) << files_pruned << " of " << files_checked;
  EXPECT_GT(manifests_pruned, manifests_checked / 20)
      << manifests_pruned << " of " << manifests_checked;
  EXPECT_GT(files_all_match, 0);
}

}  // namespace
}  // namespace floe::scan
