// Corpus A1 (parquet-testing): values stated by the corpus itself — the *_expect.csv files, the
// .md descriptions (int96_from_spark, old_list_structure, map_no_value, fixed_length_byte_array,
// int32_with_null_pages, null_list) — equal what floe reads; and every bloom filter in the corpus
// contains every value of its column chunk.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/bloom_filter.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;

std::string Data(std::string_view name) {
  return CorpusPath("parquet-testing/data/" + std::string(name));
}

struct Table {
  columnar::SchemaPtr schema;
  std::vector<columnar::RecordBatch> batches;
};

Result<Table> Read(const std::string& path, BatchReaderOptions options = {}) {
  FLOE_ASSIGN_OR_RETURN(auto file, FileReader::Open(*io::LocalFileIO(), path));
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(*file, std::move(options)));
  Table t;
  t.schema = reader->schema();
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    t.batches.push_back(std::move(*batch));
  }
  return t;
}

// Each row as the JSON text of its columns: {"a": …, "b": …} without spaces.
std::vector<std::string> JsonRows(const Table& t) {
  std::vector<std::string> rows;
  for (const auto& b : t.batches) {
    for (int64_t r = 0; r < b.num_rows(); ++r) {
      std::string row = "{";
      for (int c = 0; c < b.num_columns(); ++c) {
        row += (c ? ",\"" : "\"") + b.schema()->field(c).name + "\":";
        columnar::AppendJsonValue(*b.column(c), r, &row);
      }
      rows.push_back(row + "}");
    }
  }
  return rows;
}

// RFC 4180 fields of one line; nullopt for an empty unquoted field (a null).
std::vector<std::optional<std::string>> CsvFields(const std::string& line) {
  std::vector<std::optional<std::string>> out;
  size_t i = 0;
  while (true) {
    if (i < line.size() && line[i] == '"') {
      std::string v;
      for (++i; i < line.size(); ++i) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            v.push_back('"');
            ++i;
          } else {
            ++i;
            break;
          }
        } else {
          v.push_back(line[i]);
        }
      }
      out.emplace_back(v);
    } else {
      size_t end = line.find(',', i);
      std::string v = line.substr(i, end == std::string::npos ? std::string::npos : end - i);
      if (v.empty()) {
        out.emplace_back(std::nullopt);
      } else {
        out.emplace_back(v);
      }
      i = end == std::string::npos ? line.size() : end;
    }
    if (i >= line.size()) break;
    ++i;  // the comma
  }
  return out;
}

TEST(ExpectedValuesTest, ExpectCsvFilesEqualTheRows) {
  for (const char* name : {"delta_binary_packed", "delta_byte_array",
                           "delta_encoding_optional_column", "delta_encoding_required_column"}) {
    SCOPED_TRACE(name);
    auto t = Read(Data(std::string(name) + ".parquet"));
    ASSERT_OK(t);
    std::string csv = floe::testing::ReadFileToString(Data(std::string(name) + "_expect.csv"));
    std::vector<std::string> lines;
    for (size_t p = 0; p < csv.size();) {
      size_t e = csv.find('\n', p);
      lines.push_back(csv.substr(p, e == std::string::npos ? std::string::npos : e - p));
      if (!lines.back().empty() && lines.back().back() == '\r') lines.back().pop_back();
      p = e == std::string::npos ? csv.size() : e + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    ASSERT_FALSE(lines.empty());
    auto header = CsvFields(lines[0]);
    ASSERT_EQ(static_cast<int>(header.size()), t->schema->num_fields());
    size_t line = 1;
    for (const auto& b : t->batches) {
      for (int64_t r = 0; r < b.num_rows(); ++r, ++line) {
        ASSERT_LT(line, lines.size());
        auto want = CsvFields(lines[line]);
        ASSERT_EQ(static_cast<int>(want.size()), b.num_columns()) << lines[line];
        for (int c = 0; c < b.num_columns(); ++c) {
          std::optional<std::string> got;
          if (b.column(c)->IsValid(r)) {
            got.emplace();
            columnar::AppendValueText(*b.column(c), r, &*got);
          }
          EXPECT_EQ(got, want[static_cast<size_t>(c)]) << "row " << line << " column " << c;
        }
      }
    }
    EXPECT_EQ(line, lines.size());
  }
}

TEST(ExpectedValuesTest, Int96FromSparkAsMicrosecondsAndItsOutOfRangeValue) {
  BatchReaderOptions micros;
  micros.int96_unit = columnar::TimeUnit::kMicro;
  auto t = Read(Data("int96_from_spark.parquet"), micros);
  ASSERT_OK(t);
  std::vector<std::optional<int64_t>> got;
  for (const auto& b : t->batches) {
    for (int64_t r = 0; r < b.num_rows(); ++r) {
      if (b.column(0)->IsNull(r)) {
        got.emplace_back();
      } else {
        got.emplace_back(b.column(0)->values<int64_t>()[r]);
      }
    }
  }
  std::vector<std::optional<int64_t>> want = {1704141296123456,   1704070800000000,
                                              253402225200000000, 1735599600000000,
                                              std::nullopt,       9089380393200000000};
  EXPECT_EQ(got, want);
  // In nanoseconds the year-290000 value does not fit: a clear error, not a wrapped timestamp.
  auto ns = Read(Data("int96_from_spark.parquet"));
  ASSERT_FALSE(ns.ok());
  EXPECT_EQ(ns.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(ns.error().message.find("--int96-unit us"), std::string::npos) << ns.error().message;
}

TEST(ExpectedValuesTest, NestedFilesFromTheirDescriptions) {
  auto old_list = Read(Data("old_list_structure.parquet"));
  ASSERT_OK(old_list);
  auto rows = JsonRows(*old_list);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NE(rows[0].find(":[[1,2],[3,4]]}"), std::string::npos) << rows[0];

  auto null_list = Read(Data("null_list.parquet"));
  ASSERT_OK(null_list);
  EXPECT_EQ(JsonRows(*null_list), std::vector<std::string>{"{\"emptylist\":[]}"});

  // map_no_value.md: three rows; keys 1..9 three per row, every value null; the key-only map as
  // its keys; my_list the same numbers.
  auto map = Read(Data("map_no_value.parquet"));
  ASSERT_OK(map);
  EXPECT_EQ(JsonRows(*map),
            (std::vector<std::string>{
                "{\"my_map\":[{\"key\":1,\"value\":null},{\"key\":2,\"value\":null},{\"key\":3,"
                "\"value\":null}],\"my_map_no_v\":[1,2,3],\"my_list\":[1,2,3]}",
                "{\"my_map\":[{\"key\":4,\"value\":null},{\"key\":5,\"value\":null},{\"key\":6,"
                "\"value\":null}],\"my_map_no_v\":[4,5,6],\"my_list\":[4,5,6]}",
                "{\"my_map\":[{\"key\":7,\"value\":null},{\"key\":8,\"value\":null},{\"key\":9,"
                "\"value\":null}],\"my_map_no_v\":[7,8,9],\"my_list\":[7,8,9]}"}));
}

// Counts, bounds and order the .md files state for two page-indexed files.
TEST(ExpectedValuesTest, FixedLengthByteArrayAndInt32WithNullPages) {
  auto flba = Read(Data("fixed_length_byte_array.parquet"));
  ASSERT_OK(flba);
  int64_t nulls = 0, rows = 0;
  std::string prev, min = "\xff\xff\xff\xff", max;
  for (const auto& b : flba->batches) {
    const auto& a = *b.column(0);
    for (int64_t r = 0; r < b.num_rows(); ++r, ++rows) {
      if (a.IsNull(r)) {
        ++nulls;
        continue;
      }
      std::string v(a.GetFixed(r));
      if (!prev.empty()) {
        EXPECT_LT(v, prev) << "descending order";
      }
      prev = v;
      min = std::min(min, v);
      max = std::max(max, v);
    }
  }
  EXPECT_EQ(rows, 1000);
  EXPECT_EQ(nulls, 105);
  EXPECT_EQ(min, std::string("\x00\x00\x00\x01", 4));
  EXPECT_EQ(max, std::string("\x00\x00\x03\xE8", 4));

  auto ints = Read(Data("int32_with_null_pages.parquet"));
  ASSERT_OK(ints);
  nulls = rows = 0;
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  for (const auto& b : ints->batches) {
    for (int64_t r = 0; r < b.num_rows(); ++r, ++rows) {
      if (b.column(0)->IsNull(r)) {
        ++nulls;
      } else {
        lo = std::min(lo, b.column(0)->values<int32_t>()[r]);
        hi = std::max(hi, b.column(0)->values<int32_t>()[r]);
      }
    }
  }
  EXPECT_EQ(rows, 1000);
  EXPECT_EQ(nulls, 275);
  EXPECT_EQ(lo, -2136906554);
  EXPECT_EQ(hi, 2145722375);
}

// Every value of a column chunk with a bloom filter is in the filter (no false negatives), and
// most values that are not in the chunk are not.
TEST(BloomFilterTest, CorpusFiltersContainEveryValueOfTheirChunks) {
  int filters = 0;
  for (const std::string& path : {Data("data_index_bloom_encoding_stats.parquet"),
                                  Data("data_index_bloom_encoding_with_length.parquet"),
                                  CorpusPath("hyparquet/test/files/bloom_filter.parquet")}) {
    SCOPED_TRACE(path);
    auto file = FileReader::Open(*io::LocalFileIO(), path);
    ASSERT_OK(file);
    BatchReaderOptions one_group;
    for (int rg = 0; rg < static_cast<int>((*file)->metadata().row_groups.size()); ++rg) {
      for (int c = 0; c < (*file)->schema().num_columns(); ++c) {
        auto filter = BloomFilter::Read(**file, rg, c);
        ASSERT_OK(filter);
        if (!*filter) continue;
        ++filters;
        BatchReaderOptions options;
        options.row_group_filter = [rg](int g) -> Result<bool> { return g == rg; };
        options.projection.paths = {JoinPath((*file)->schema().column(c).path)};
        auto reader = BatchReader::Make(**file, options);
        ASSERT_OK(reader);
        int64_t checked = 0;
        while (true) {
          auto batch = (*reader)->Next();
          ASSERT_OK(batch);
          if (!*batch) break;
          const auto& a = *(*batch)->column(0);
          for (int64_t r = 0; r < a.length; ++r) {
            if (a.IsNull(r)) continue;
            std::string plain;
            if (a.type->is_binary_like()) {
              plain = std::string(a.GetView(r));
            } else if (a.type->byte_width() > 0) {
              plain = std::string(reinterpret_cast<const char*>(a.buffers[1]->data()) +
                                      (a.offset + r) * a.type->byte_width(),
                                  static_cast<size_t>(a.type->byte_width()));
            } else {
              continue;
            }
            EXPECT_TRUE((*filter)->MightContainValue(plain)) << "row " << r;
            ++checked;
          }
        }
        EXPECT_GT(checked, 0);
        int absent_hits = 0;
        for (int i = 0; i < 1000; ++i) {
          absent_hits += (*filter)->MightContainValue("floe-absent-" + std::to_string(i));
        }
        EXPECT_LT(absent_hits, 100) << "false-positive rate far above any configured fpp";
      }
    }
  }
  EXPECT_GE(filters, 3);
}

}  // namespace
}  // namespace floe::parquet
