// Metrics modes and bound truncation: truncated bounds stay bounds (UTF-8 code points for strings,
// bytes for binary), impossible upper bounds are dropped, and modes keep what they say.
#include "floe/table/iceberg_metrics.h"

#include <gtest/gtest.h>

#include <random>

#include "testing/result_matchers.h"

namespace floe::table {
namespace {

using spec::NestedField;
using spec::Type;

TEST(IcebergMetricsTest, StringTruncationCountsCodePoints) {
  EXPECT_EQ(TruncateStringLower("abcdef", 3), "abc");
  EXPECT_EQ(TruncateStringUpper("abcdef", 3), "abd");
  EXPECT_EQ(TruncateStringUpper("abc", 3), "abc");
  // "é" is two bytes, one code point.
  EXPECT_EQ(TruncateStringLower("éééé", 2), "éé");
  EXPECT_EQ(TruncateStringUpper("éééé", 2), "éê");
  // U+10FFFF cannot be incremented: the code point before it is.
  EXPECT_EQ(TruncateStringUpper("a\xF4\x8F\xBF\xBFzz", 2), "b");
  EXPECT_EQ(TruncateStringUpper("\xF4\x8F\xBF\xBF\xF4\x8F\xBF\xBFz", 2), std::nullopt);
  // U+D7FF is followed by U+E000 (surrogates are not characters).
  EXPECT_EQ(TruncateStringUpper("\xED\x9F\xBFzz", 1), "\xEE\x80\x80");
}

TEST(IcebergMetricsTest, BinaryTruncationIncrementsBytes) {
  EXPECT_EQ(TruncateBinaryLower(std::string("\x01\x02\x03", 3), 2), std::string("\x01\x02", 2));
  EXPECT_EQ(TruncateBinaryUpper(std::string("\x01\x02\x03", 3), 2), std::string("\x01\x03", 2));
  EXPECT_EQ(TruncateBinaryUpper(std::string("\x01\xFF\x03", 3), 2), std::string("\x02", 1));
  EXPECT_EQ(TruncateBinaryUpper(std::string("\xFF\xFF\x03", 3), 2), std::nullopt);
}

TEST(IcebergMetricsTest, TruncatedBoundsStayBoundsOnRandomStrings) {
  std::mt19937_64 rng(7);
  const char* pieces[] = {"a", "z", "é", "\xF4\x8F\xBF\xBF", "\xED\x9F\xBF", "\x7F", "~"};
  for (int i = 0; i < 2000; ++i) {
    std::string s;
    int n = static_cast<int>(rng() % 8);
    for (int k = 0; k < n; ++k) s += pieces[rng() % 7];
    int32_t len = 1 + static_cast<int32_t>(rng() % 4);
    std::string lower = TruncateStringLower(s, len);
    EXPECT_LE(lower, s);
    auto upper = TruncateStringUpper(s, len);
    if (upper) {
      EXPECT_GE(*upper, s) << s;
    }
  }
}

spec::Schema Wide(int n) {
  spec::Schema s;
  for (int i = 1; i <= n; ++i)
    s.fields.push_back(NestedField{i, "c" + std::to_string(i), false, Type::Long()});
  return s;
}

TEST(IcebergMetricsTest, ModesFromProperties) {
  spec::Schema s = Wide(3);
  auto c = MetricsConfig::Make(s, {{"write.metadata.metrics.default", "counts"},
                                   {"write.metadata.metrics.column.c2", "full"},
                                   {"write.metadata.metrics.column.c3", "TRUNCATE(4)"}});
  ASSERT_OK(c);
  EXPECT_EQ(c->ModeFor(1).ToString(), "counts");
  EXPECT_EQ(c->ModeFor(2).ToString(), "full");
  EXPECT_EQ(c->ModeFor(3).ToString(), "truncate(4)");
  auto bad = MetricsConfig::Make(s, {{"write.metadata.metrics.column.c2", "sometimes"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "property write.metadata.metrics.column.c2: metrics mode \"sometimes\" is not one of "
            "none, counts, truncate(N), full");
}

TEST(IcebergMetricsTest, ColumnsPastTheInferredLimitGetNone) {
  spec::Schema s = Wide(120);
  auto c = MetricsConfig::Make(s, {});
  ASSERT_OK(c);
  EXPECT_EQ(c->ModeFor(100).ToString(), "truncate(16)");
  EXPECT_EQ(c->ModeFor(101).ToString(), "none");
  auto limited =
      MetricsConfig::Make(s, {{"write.metadata.metrics.max-inferred-column-defaults", "5"}});
  EXPECT_EQ(limited->ModeFor(6).ToString(), "none");
  // An explicit default applies to every column.
  auto all = MetricsConfig::Make(s, {{"write.metadata.metrics.default", "full"}});
  EXPECT_EQ(all->ModeFor(120).ToString(), "full");
}

parquet::ColumnMetrics Column(int32_t id, std::string min, std::string max) {
  parquet::ColumnMetrics c;
  c.field_id = id;
  c.physical_type = parquet::Type::kByteArray;
  c.value_count = 10;
  c.null_count = 2;
  c.column_size = 99;
  c.min = std::move(min);
  c.max = std::move(max);
  return c;
}

TEST(IcebergMetricsTest, ModesDecideWhatTheDataFileKeeps) {
  spec::Schema s;
  s.fields = {NestedField{1, "none", false, Type::String()},
              NestedField{2, "counts", false, Type::String()},
              NestedField{3, "trunc", false, Type::String()},
              NestedField{4, "full", false, Type::String()},
              NestedField{5, "dec", false, Type::Decimal(9, 2)}};
  auto config = MetricsConfig::Make(s, {{"write.metadata.metrics.column.none", "none"},
                                        {"write.metadata.metrics.column.counts", "counts"},
                                        {"write.metadata.metrics.column.trunc", "truncate(2)"},
                                        {"write.metadata.metrics.column.full", "full"}});
  ASSERT_OK(config);
  parquet::FileMetrics m;
  m.row_count = 10;
  m.file_size = 1234;
  m.split_offsets = {4};
  for (int32_t id = 1; id <= 4; ++id) m.columns.push_back(Column(id, "abcd", "abzz"));
  parquet::ColumnMetrics dec =
      Column(5, std::string("\x85\xFF\xFF\xFF", 4), std::string("\x10\x00\x00\x00", 4));
  dec.physical_type = parquet::Type::kInt32;  // -123 and 16, little-endian
  m.columns.push_back(dec);
  manifest::DataFile f;
  ASSERT_OK(SetDataFileMetrics(m, s, *config, &f));
  EXPECT_EQ(f.record_count, 10);
  EXPECT_EQ(f.file_size_in_bytes, 1234);
  EXPECT_EQ(f.split_offsets, std::vector<int64_t>{4});
  EXPECT_EQ(manifest::FindCount(f.value_counts, 1), nullptr);
  EXPECT_EQ(*manifest::FindCount(f.value_counts, 2), 10);
  EXPECT_EQ(*manifest::FindCount(f.null_value_counts, 2), 2);
  EXPECT_EQ(*manifest::FindCount(f.column_sizes, 2), 99);
  EXPECT_EQ(manifest::FindBound(f.lower_bounds, 2), nullptr);
  EXPECT_EQ(*manifest::FindBound(f.lower_bounds, 3), "ab");
  EXPECT_EQ(*manifest::FindBound(f.upper_bounds, 3), "ac");
  EXPECT_EQ(*manifest::FindBound(f.upper_bounds, 4), "abzz");
  // Decimals become minimal big-endian two's complement.
  EXPECT_EQ(*manifest::FindBound(f.lower_bounds, 5), std::string("\x85", 1));
  EXPECT_EQ(*manifest::FindBound(f.upper_bounds, 5), std::string("\x10", 1));
}

}  // namespace
}  // namespace floe::table
