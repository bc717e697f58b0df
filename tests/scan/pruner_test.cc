// Hand-made cases for ManifestPruner and DataFilePruner: hidden partitioning, bucket summaries,
// nested source columns, partition evolution, metrics, and what AllRowsMatch promises.
#include <gtest/gtest.h>

#include "floe/expr/binder.h"
#include "floe/expr/parser.h"
#include "floe/scan/data_file_pruner.h"
#include "floe/scan/manifest_pruner.h"
#include "floe/scan/scan_filter.h"
#include "floe/scan/strict_metrics_evaluator.h"
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

spec::Schema Schema() {
  spec::Schema s;
  s.fields = {
      NestedField{1, "id", true, Type::Long()},
      NestedField{2, "region", false, Type::String()},
      NestedField{3, "order_ts", false, Type::TimestampTz()},
      NestedField{4, "info", false, Type::Struct({NestedField{5, "code", false, Type::Int()}})},
      NestedField{6, "price", false, Type::Double()},
  };
  return s;
}

// spec 0: identity(region), day(order_ts); spec 1: bucket[4](id), identity(info.code).
std::vector<PartitionSpec> Specs() {
  PartitionSpec a;
  a.spec_id = 0;
  a.fields = {PartitionField{2, {}, 1000, "region", Transform::Identity()},
              PartitionField{3, {}, 1001, "order_ts_day", Transform::Day()}};
  PartitionSpec b;
  b.spec_id = 1;
  b.fields = {PartitionField{1, {}, 1002, "id_bucket", Transform::Bucket(4)},
              PartitionField{5, {}, 1003, "code", Transform::Identity()}};
  return {a, b};
}

ScanFilter Filter(std::string_view text) {
  Result<ScanFilter> f = ScanFilter::Bind(Schema(), testing::FilterOf(text));
  EXPECT_OK(f);
  return *f;
}

int32_t Day(int year, int month, int day) {
  return static_cast<int32_t>(DaysFromCivil(year, month, day));
}

manifest::DataFile RegionDayFile(std::string region, int32_t day, int64_t rows) {
  manifest::DataFile f;
  f.partition = {Literal::String(std::move(region)), Literal::Date(day)};
  f.record_count = rows;
  return f;
}

std::string Bin(const Type& type, const Literal& v) { return *spec::ToBinary(type, v); }

TEST(ScanFilterTest, FieldIdsOfNestedReferences) {
  ScanFilter f = Filter("info.code = 3 AND ID > 1");
  ASSERT_EQ(f.expr.op(), expr::Operation::kAnd);
  EXPECT_EQ(f.FieldId(f.expr.child(0).term()), 5);
  EXPECT_EQ(f.FieldId(f.expr.child(1).term()), 1);
  EXPECT_TRUE(Filter("  ").always_true());
  EXPECT_FALSE(ScanFilter::Bind(Schema(), testing::FilterOf("nope = 1")).ok());
  EXPECT_FALSE(
      ScanFilter::Bind(Schema(), testing::FilterOf("ID > 1"), /*case_sensitive=*/true).ok());
}

TEST(DataFilePrunerTest, HiddenDayPartitioning) {
  DataFilePruner p(Filter("order_ts >= TIMESTAMP '2024-02-29T00:00:00+00:00' AND "
                          "order_ts < TIMESTAMP '2024-03-01T00:00:00+00:00'"),
                   Specs()[0]);
  EXPECT_FALSE(p.MightMatch(RegionDayFile("eu", Day(2024, 2, 28), 10)));
  EXPECT_TRUE(p.MightMatch(RegionDayFile("eu", Day(2024, 2, 29), 10)));
  EXPECT_FALSE(p.MightMatch(RegionDayFile("eu", Day(2024, 3, 1), 10)));
  // The whole day is inside the range, with no nulls: every row matches.
  EXPECT_TRUE(p.AllRowsMatch(RegionDayFile("eu", Day(2024, 2, 29), 10)));
  // A null day: every order_ts is null, so no row matches.
  manifest::DataFile nulls = RegionDayFile("eu", 0, 10);
  nulls.partition[1] = Literal::Null();
  EXPECT_FALSE(p.MightMatch(nulls));
  EXPECT_FALSE(p.AllRowsMatch(nulls));
  // Half a day: might match, not all rows.
  DataFilePruner half(Filter("order_ts < TIMESTAMP '2024-02-29T12:00:00+00:00'"), Specs()[0]);
  EXPECT_TRUE(half.MightMatch(RegionDayFile("eu", Day(2024, 2, 29), 10)));
  EXPECT_FALSE(half.AllRowsMatch(RegionDayFile("eu", Day(2024, 2, 29), 10)));
}

TEST(DataFilePrunerTest, IdentityEqualityAllRowsMatch) {
  DataFilePruner p(Filter("region = 'eu'"), Specs()[0]);
  EXPECT_TRUE(p.AllRowsMatch(RegionDayFile("eu", 1, 5)));
  EXPECT_FALSE(p.MightMatch(RegionDayFile("us", 1, 5)));
  EXPECT_FALSE(p.AllRowsMatch(RegionDayFile("us", 1, 5)));
  DataFilePruner q(Filter("region IN ('eu', 'us') AND NOT region = 'ap'"), Specs()[0]);
  EXPECT_TRUE(q.AllRowsMatch(RegionDayFile("us", 1, 5)));
  // A file whose partition tuple does not fit the spec tells nothing.
  manifest::DataFile odd = RegionDayFile("us", 1, 5);
  odd.partition.pop_back();
  EXPECT_TRUE(p.MightMatch(odd));
  EXPECT_FALSE(p.AllRowsMatch(odd));
}

TEST(DataFilePrunerTest, BucketAndNestedIdentity) {
  spec::TypePtr long_type = Type::Long();
  int32_t bucket7 = Transform::Bucket(4).Apply(*long_type, Literal::Long(7))->get<int32_t>();
  auto file = [&](int32_t bucket) {
    manifest::DataFile f;
    f.partition = {Literal::Int(bucket), Literal::Int(3)};
    f.record_count = 4;
    return f;
  };
  DataFilePruner p(Filter("id = 7"), Specs()[1]);
  for (int32_t b = 0; b < 4; ++b) EXPECT_EQ(p.MightMatch(file(b)), b == bucket7) << b;
  DataFilePruner in(Filter("id IN (7, 8) OR info.code = 4"), Specs()[1]);
  int32_t bucket8 = Transform::Bucket(4).Apply(*long_type, Literal::Long(8))->get<int32_t>();
  for (int32_t b = 0; b < 4; ++b) {
    EXPECT_EQ(in.MightMatch(file(b)), b == bucket7 || b == bucket8) << b;
  }
  DataFilePruner code(Filter("info.code = 3"), Specs()[1]);
  EXPECT_TRUE(code.AllRowsMatch(file(0)));
  DataFilePruner code4(Filter("info.code > 3"), Specs()[1]);
  EXPECT_FALSE(code4.MightMatch(file(0)));
}

TEST(DataFilePrunerTest, Metrics) {
  manifest::DataFile f = RegionDayFile("eu", Day(2024, 1, 1), 100);
  f.value_counts = {{1, 100}, {6, 100}};
  f.null_value_counts = {{1, 0}, {6, 100}};
  f.lower_bounds = {{1, Bin(*Type::Long(), Literal::Long(10))}};
  f.upper_bounds = {{1, Bin(*Type::Long(), Literal::Long(20))}};
  auto prune = [&](std::string_view text) {
    return !DataFilePruner(Filter(text), Specs()[0]).MightMatch(f);
  };
  auto all = [&](std::string_view text) {
    return DataFilePruner(Filter(text), Specs()[0]).AllRowsMatch(f);
  };
  EXPECT_TRUE(prune("id > 20"));
  EXPECT_FALSE(prune("id >= 20"));
  EXPECT_TRUE(prune("id IN (1, 21)"));
  EXPECT_TRUE(prune("price > 0"));  // all null
  EXPECT_TRUE(prune("price IS NOT NULL"));
  EXPECT_FALSE(prune("price IS NULL"));
  EXPECT_TRUE(all("id BETWEEN 10 AND 20"));
  EXPECT_FALSE(all("id BETWEEN 11 AND 20"));
  EXPECT_TRUE(all("price IS NULL AND id != 5"));
  EXPECT_TRUE(all("id > 5 OR price > 1"));
  // Delete files are pruned by partition only.
  DataFilePruner p(Filter("id > 20 AND region = 'eu'"), Specs()[0]);
  EXPECT_FALSE(p.MightMatch(f));
  EXPECT_TRUE(p.PartitionMightMatch(f));
  DataFilePruner us(Filter("region = 'us'"), Specs()[0]);
  EXPECT_FALSE(us.PartitionMightMatch(f));
}

TEST(DataFilePrunerTest, DateBoundsOfAPromotedTimestampAreIgnored) {
  // order_ts was a date when the file was written (v3 date → timestamp promotion): its 4-byte
  // bounds count days, which must not be read as microseconds.
  manifest::DataFile f;
  f.partition = {Literal::String("eu")};
  f.record_count = 100;
  f.lower_bounds = {{3, Bin(*Type::Date(), Literal::Date(Day(2024, 1, 1)))}};
  f.upper_bounds = {{3, Bin(*Type::Date(), Literal::Date(Day(2024, 1, 1)))}};
  PartitionSpec by_region = Specs()[0];
  by_region.fields.pop_back();
  DataFilePruner p(Filter("order_ts > TIMESTAMP '2024-01-01T10:00:00+00:00'"), by_region);
  EXPECT_TRUE(p.MightMatch(f));
}

manifest::ManifestFile BucketManifest(std::optional<int32_t> lower, std::optional<int32_t> upper,
                                      bool contains_null) {
  manifest::ManifestFile m;
  m.partition_spec_id = 1;
  manifest::PartitionFieldSummary bucket, code;
  bucket.contains_null = contains_null;
  if (lower) bucket.lower_bound = Bin(*Type::Int(), Literal::Int(*lower));
  if (upper) bucket.upper_bound = Bin(*Type::Int(), Literal::Int(*upper));
  code.lower_bound = Bin(*Type::Int(), Literal::Int(3));
  code.upper_bound = Bin(*Type::Int(), Literal::Int(9));
  m.partitions = std::vector<manifest::PartitionFieldSummary>{bucket, code};
  return m;
}

TEST(ManifestPrunerTest, BucketSummaries) {
  spec::TypePtr long_type = Type::Long();
  for (int64_t id = 0; id < 12; ++id) {
    int32_t b = Transform::Bucket(4).Apply(*long_type, Literal::Long(id))->get<int32_t>();
    ManifestPruner p(Filter("id = " + std::to_string(id)), Specs());
    EXPECT_EQ(p.MightMatch(BucketManifest(1, 2, false)), b == 1 || b == 2) << id;
    EXPECT_TRUE(p.MightMatch(BucketManifest(std::nullopt, std::nullopt, false))) << id;
    EXPECT_FALSE(p.MightMatch(BucketManifest(std::nullopt, std::nullopt, true))) << id;
  }
}

TEST(ManifestPrunerTest, SummariesBySpec) {
  // Spec 0 manifest: regions "ap".."eu", days 2024-02-01..2024-02-29.
  manifest::ManifestFile m;
  m.partition_spec_id = 0;
  manifest::PartitionFieldSummary region, day;
  region.lower_bound = "ap";
  region.upper_bound = "eu";
  day.contains_null = true;
  day.lower_bound = Bin(*Type::Date(), Literal::Date(Day(2024, 2, 1)));
  day.upper_bound = Bin(*Type::Date(), Literal::Date(Day(2024, 2, 29)));
  m.partitions = std::vector<manifest::PartitionFieldSummary>{region, day};
  auto keep = [&](std::string_view text) {
    return ManifestPruner(Filter(text), Specs()).MightMatch(m);
  };
  EXPECT_TRUE(keep("region = 'eu'"));
  EXPECT_FALSE(keep("region = 'us'"));
  EXPECT_FALSE(keep("region IS NULL"));
  EXPECT_TRUE(keep("order_ts IS NULL"));
  EXPECT_FALSE(keep("order_ts > TIMESTAMP '2024-02-29T23:59:59.999999+00:00'"));
  EXPECT_TRUE(keep("order_ts > TIMESTAMP '2024-02-29T23:59:59.999998+00:00'"));
  EXPECT_FALSE(keep("order_ts < TIMESTAMP '2024-02-01T00:00:00+00:00'"));
  EXPECT_TRUE(keep("order_ts < TIMESTAMP '2024-02-01T00:00:00.000001+00:00'"));
  // A filter on a column spec 0 does not partition says nothing.
  EXPECT_TRUE(keep("id = 1"));
  // Unknown spec ids and missing summaries keep the manifest.
  manifest::ManifestFile unknown = m;
  unknown.partition_spec_id = 42;
  EXPECT_TRUE(ManifestPruner(Filter("region = 'us'"), Specs()).MightMatch(unknown));
  manifest::ManifestFile bare = m;
  bare.partitions.reset();
  EXPECT_TRUE(ManifestPruner(Filter("region = 'us'"), Specs()).MightMatch(bare));
}

// A variant_get term is never proved by statistics: metrics saying every value of the variant
// column is null (which prove `i IS NULL` for an int column) do not prove the term IS NULL.
TEST(StrictMetricsTest, VariantGetTermsAreNeverProved) {
  columnar::Schema schema(
      {columnar::Field("i", columnar::Int32()), columnar::Field("v", columnar::Variant())});
  expr::ColumnBounds all_null{std::nullopt, std::nullopt, 10, std::nullopt};
  expr::BoundsProvider p = [&](const expr::BoundReference&) { return all_null; };
  auto all = [&](std::string_view text) {
    auto e = expr::ParseFilter(text);
    EXPECT_OK(e) << text;
    auto b = expr::Bind(*e, schema);
    EXPECT_OK(b) << text;
    return AllRowsMatch(*b, 10, p);
  };
  EXPECT_TRUE(all("i IS NULL"));
  EXPECT_FALSE(all("variant_get(v, '$.a', 'int') IS NULL"));
  EXPECT_FALSE(all("try_variant_get(v, '$.a', 'int') IS NULL OR i IS NOT NULL"));
}

}  // namespace
}  // namespace floe::scan
