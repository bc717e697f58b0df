// Late materialization (BatchReaderOptions::row_filter) against the reference: a reader with a
// row filter must return exactly the rows a whole read returns, cut to the runs the filter keeps —
// same values, nulls and nesting, same order. Checked on every readable corpus file and on random
// files written by floe's writer (nulls, nesting, dictionary and plain pages, small pages, several
// row groups, page v1 and v2), for sparse, half, clustered, all and no rows kept, with the filter
// reading the first, the last or all fields, and with both the skipping and the cut-down ways
// (min_rows_per_run). The filter keeps rows by a hash of their position, so it never needs the
// values; it checks the columns it is given.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/io/memory_file_io.h"
#include "random_batch.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using columnar::RecordBatch;

enum class KeepPattern { kSparse, kHalf, kClustered, kAll, kNone };

uint64_t LateRowHash(int row_group, int64_t row) {
  uint64_t x =
      static_cast<uint64_t>(row) * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(row_group);
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 32);
}

bool LateKeeps(KeepPattern p, int row_group, int64_t row) {
  switch (p) {
    case KeepPattern::kSparse:
      return LateRowHash(row_group, row) % 50 == 0;
    case KeepPattern::kHalf:
      return LateRowHash(row_group, row) % 2 == 0;
    case KeepPattern::kClustered:
      return (row / 23) % 4 == 1;
    case KeepPattern::kAll:
      return true;
    case KeepPattern::kNone:
      return false;
  }
  return false;
}

std::vector<RowRange> LateRuns(KeepPattern p, int row_group, int64_t first_row, int64_t rows) {
  std::vector<RowRange> runs;
  for (int64_t i = 0; i < rows; ++i) {
    if (!LateKeeps(p, row_group, first_row + i)) continue;
    if (!runs.empty() && runs.back().last == i) {
      ++runs.back().last;
    } else {
      runs.push_back({i, i + 1});
    }
  }
  return runs;
}

// Every row of every batch as JSON text (one string per row).
void LateAppendRows(const RecordBatch& batch, std::vector<std::string>* out) {
  auto rows = batch.ToStructArray();
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    std::string text;
    columnar::AppendJsonValue(*rows, i, &text);
    out->push_back(std::move(text));
  }
}

// The reference: every row of a whole read as text, with its row group and row within it.
struct LateReference {
  std::vector<std::string> rows;
  std::vector<std::pair<int, int64_t>> positions;
};

Result<LateReference> LateReferenceRows(const FileReader& file, int64_t batch_size) {
  BatchReaderOptions options;
  options.batch_size = batch_size;
  options.parallel = false;
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(file, options));
  LateReference out;
  int row_group = -1;
  int64_t first_row = 0;
  int64_t rows_left = 0;
  const auto& groups = file.metadata().row_groups;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    while (rows_left == 0) {  // batches never span row groups; empty groups give none
      ++row_group;
      rows_left = groups[static_cast<size_t>(row_group)].num_rows;
      first_row = 0;
    }
    LateAppendRows(*batch, &out.rows);
    for (int64_t i = 0; i < batch->num_rows(); ++i)
      out.positions.push_back({row_group, first_row + i});
    first_row += batch->num_rows();
    rows_left -= batch->num_rows();
  }
  return out;
}

struct LateResult {
  std::vector<std::string> rows;
  int64_t rows_scanned = 0;
  int64_t pages_skipped = 0;
};

Result<LateResult> LateRows(const FileReader& file, int64_t batch_size, KeepPattern p,
                            std::vector<int> fields, int64_t min_rows_per_run, bool parallel) {
  BatchReaderOptions options;
  options.batch_size = batch_size;
  options.parallel = parallel;
  RowFilter filter;
  filter.fields = fields;
  filter.min_rows_per_run = min_rows_per_run;
  Status seen = Ok();
  filter.select = [&, fields](const RecordBatch& columns, int row_group,
                              int64_t first_row) -> Result<std::vector<RowRange>> {
    if (columns.num_columns() != static_cast<int>(fields.size())) {
      return Internal("the filter got {} columns, wants {}", columns.num_columns(), fields.size());
    }
    FLOE_RETURN_IF_ERROR(columns.ToStructArray()->Validate());
    return LateRuns(p, row_group, first_row, columns.num_rows());
  };
  options.row_filter = std::move(filter);
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(file, options));
  LateResult out;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    if (batch->num_rows() == 0) return Internal("an empty batch");
    if (batch->num_rows() > batch_size) return Internal("a batch of {} rows", batch->num_rows());
    FLOE_RETURN_IF_ERROR(batch->ToStructArray()->Validate());
    LateAppendRows(*batch, &out.rows);
  }
  out.rows_scanned = reader->rows_scanned();
  out.pages_skipped = reader->pages_skipped();
  return out;
}

// Compares every pattern, each with one choice of filter fields (the first, the last, both), on
// one file.
void ExpectLateEqualsReference(const FileReader& file, int64_t batch_size, int num_fields,
                               int64_t* pages_skipped) {
  auto reference = LateReferenceRows(file, batch_size);
  ASSERT_OK(reference);
  std::vector<std::vector<int>> choices = {{0}};
  if (num_fields > 1) choices.push_back({num_fields - 1});
  if (num_fields > 2) choices.push_back({0, num_fields - 1});
  int n = 0;
  for (KeepPattern p : {KeepPattern::kSparse, KeepPattern::kHalf, KeepPattern::kClustered,
                        KeepPattern::kAll, KeepPattern::kNone}) {
    SCOPED_TRACE(static_cast<int>(p));
    std::vector<std::string> expected;
    for (size_t i = 0; i < reference->rows.size(); ++i) {
      const auto& [row_group, row] = reference->positions[i];
      if (LateKeeps(p, row_group, row)) expected.push_back(reference->rows[i]);
    }
    const size_t c = static_cast<size_t>(n++) % choices.size();
    for (int64_t min_rows_per_run : {int64_t{1}, int64_t{1} << 40}) {  // skip / cut down
      if (min_rows_per_run == 1 && (p == KeepPattern::kAll || p == KeepPattern::kNone)) continue;
      SCOPED_TRACE(::testing::Message()
                   << "fields choice " << c << ", min rows per run " << min_rows_per_run);
      auto got = LateRows(file, batch_size, p, choices[c], min_rows_per_run, c == 0);
      ASSERT_OK(got);
      ASSERT_EQ(got->rows.size(), expected.size());
      for (size_t i = 0; i < got->rows.size(); ++i) {
        ASSERT_EQ(got->rows[i], expected[i]) << "row " << i;
      }
      *pages_skipped += got->pages_skipped;
    }
  }
}

TEST(LateMaterializationTest, CorpusFilesGiveTheReferenceRows) {
  int compared = 0;
  for (const char* dir : {"parquet-testing/data", "hyparquet/test/files"}) {
    for (const std::string& path :
         floe::testing::FilesUnder(floe::testing::CorpusPath(dir), ".parquet")) {
      if (std::filesystem::file_size(path) > 64 * 1024) continue;  // keep the test fast
      auto file = FileReader::Open(*io::LocalFileIO(), path);
      if (!file.ok()) continue;
      // Only files the whole reader reads (the others are batch_reader_test's business).
      auto probe = LateReferenceRows(**file, 1000);
      if (!probe.ok()) continue;
      auto tree = BuildReadTree((*file)->schema(), {});
      if (!tree.ok() || tree->empty() || probe->rows.size() > 2000) continue;
      SCOPED_TRACE(path);
      int64_t skipped = 0;
      const int64_t batch_sizes[] = {97, 1000, 4096};
      ExpectLateEqualsReference(**file, batch_sizes[compared % 3], static_cast<int>(tree->size()),
                                &skipped);
      ++compared;
    }
  }
  EXPECT_GT(compared, 50);
}

TEST(LateMaterializationTest, RandomFilesGiveTheReferenceRows) {
  const CompressionCodec codecs[] = {CompressionCodec::kUncompressed, CompressionCodec::kSnappy,
                                     CompressionCodec::kZstd, CompressionCodec::kGzip};
  int64_t pages_skipped = 0;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    SCOPED_TRACE(seed);
    columnar::testing::RandomData data(seed);
    const int num_fields = 1 + static_cast<int>(data.Next() % 5);
    auto schema = data.RandomSchema(num_fields, 2);
    SCOPED_TRACE(schema->ToString());
    ParquetWriterOptions options;
    options.columns.codec = codecs[seed % 4];
    options.columns.data_page_v2 = data.OneIn(2);
    options.columns.dictionary = !data.OneIn(3);
    options.columns.page_bytes = 64 + static_cast<int64_t>(data.Next() % 2000);
    options.columns.page_row_limit = 1 + static_cast<int64_t>(data.Next() % 100);
    options.row_group_rows = 50 + static_cast<int64_t>(data.Next() % 400);
    io::MemoryFileIO io;
    {
      auto out = io.Create("t.parquet");
      ASSERT_OK(out);
      auto writer = ParquetWriter::Make(std::move(*out), schema, options);
      ASSERT_OK(writer);
      for (int i = 0; i < 2; ++i) {
        auto b = data.RandomBatch(schema, static_cast<int64_t>(data.Next() % 600),
                                  1 + static_cast<int>(data.Next() % 6));
        ASSERT_OK(b);
        ASSERT_OK((*writer)->Write(*b));
      }
      ASSERT_OK((*writer)->Close());
    }
    auto file = FileReader::Open(io, "t.parquet");
    ASSERT_OK(file);
    ExpectLateEqualsReference(**file, 50 + static_cast<int64_t>(data.Next() % 300), num_fields,
                              &pages_skipped);
  }
  // Sparse selections over small pages pass whole pages without decompressing them.
  EXPECT_GT(pages_skipped, 0);
}

// A predicate on values (RowFilter::passes): the row's value, as JSON text, hashed with a salt.
bool DictValuePasses(const std::string& text, uint64_t salt) {
  uint64_t h = 1469598103934665603ull ^ salt;
  for (char c : text) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ull;
  return (h >> 7) % 3 == 0;
}

// What runs_of adds to the predicate: rows admitted by position (like a page index's ranges).
bool DictPositionAdmits(int row_group, int64_t row) { return (row / 7 + row_group) % 5 != 2; }

// A filter on field `field` keeping the rows whose value passes and whose position is admitted,
// as passes + runs_of (dictionary-index filtering) and as select built on them.
RowFilter DictFilter(int field, uint64_t salt) {
  RowFilter filter;
  filter.fields = {field};
  filter.passes = [salt](const RecordBatch& values) -> Result<std::vector<uint8_t>> {
    if (values.num_columns() != 1) return Internal("passes got {} columns", values.num_columns());
    std::vector<uint8_t> bits(static_cast<size_t>((values.num_rows() + 7) / 8), 0);
    for (int64_t i = 0; i < values.num_rows(); ++i) {
      std::string text;
      columnar::AppendJsonValue(*values.column(0), i, &text);
      if (DictValuePasses(text, salt)) bits[static_cast<size_t>(i >> 3)] |= 1 << (i & 7);
    }
    return bits;
  };
  filter.runs_of = [](const std::vector<uint8_t>& passing, int64_t rows, int row_group,
                      int64_t first_row) -> Result<std::vector<RowRange>> {
    std::vector<RowRange> runs;
    for (int64_t i = 0; i < rows; ++i) {
      if (!((passing[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1)) continue;
      if (!DictPositionAdmits(row_group, first_row + i)) continue;
      if (!runs.empty() && runs.back().last == i) {
        ++runs.back().last;
      } else {
        runs.push_back({i, i + 1});
      }
    }
    return runs;
  };
  filter.select = [passes = filter.passes, runs_of = filter.runs_of](
                      const RecordBatch& columns, int row_group,
                      int64_t first_row) -> Result<std::vector<RowRange>> {
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> passing, passes(columns));
    return runs_of(passing, columns.num_rows(), row_group, first_row);
  };
  return filter;
}

// A filter of two fields as a conjunction of a predicate on each (RowFilter::field_passes): each
// field's values hashed with its own salt, and positions admitted as DictFilter does.
RowFilter DictFilterOfTwo(int first, uint64_t first_salt, int second, uint64_t second_salt) {
  RowFilter filter = DictFilter(first, first_salt);  // runs_of
  filter.fields = {first, second};
  auto on_column = [](uint64_t salt, int column) {
    return [salt, column](const RecordBatch& values) -> Result<std::vector<uint8_t>> {
      std::vector<uint8_t> bits(static_cast<size_t>((values.num_rows() + 7) / 8), 0);
      for (int64_t i = 0; i < values.num_rows(); ++i) {
        std::string text;
        columnar::AppendJsonValue(*values.column(column), i, &text);
        if (DictValuePasses(text, salt)) bits[static_cast<size_t>(i >> 3)] |= 1 << (i & 7);
      }
      return bits;
    };
  };
  filter.field_passes = {on_column(first_salt, 0), on_column(second_salt, 0)};
  filter.passes = [a = on_column(first_salt, 0), b = on_column(second_salt, 1)](
                      const RecordBatch& values) -> Result<std::vector<uint8_t>> {
    if (values.num_columns() != 2) return Internal("passes got {} columns", values.num_columns());
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> x, a(values));
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> y, b(values));
    for (size_t i = 0; i < x.size(); ++i) x[i] &= y[i];
    return x;
  };
  filter.select = [passes = filter.passes, runs_of = filter.runs_of](
                      const RecordBatch& columns, int row_group,
                      int64_t first_row) -> Result<std::vector<RowRange>> {
    FLOE_ASSIGN_OR_RETURN(std::vector<uint8_t> passing, passes(columns));
    return runs_of(passing, columns.num_rows(), row_group, first_row);
  };
  return filter;
}

// Filtering by dictionary index against the reference (a whole read, then the predicate on
// each row's value): random files whose values repeat (so chunks are dictionary-encoded), with
// nulls, nesting, dictionaries that fall back to PLAIN within a chunk, small pages, page v1 and
// v2, several row groups; every top-level field as the filter's (nested ones take select).
TEST(LateMaterializationTest, DictionaryPredicateGivesTheReferenceRows) {
  const CompressionCodec codecs[] = {CompressionCodec::kUncompressed, CompressionCodec::kZstd,
                                     CompressionCodec::kSnappy};
  int by_dictionary = 0;
  int by_two = 0;  // row groups of two-field filters tested by dictionary index
  int64_t rows_compared = 0;
  for (uint64_t seed = 0; seed < 24; ++seed) {
    SCOPED_TRACE(seed);
    columnar::testing::RandomData data(100 + seed);
    const int num_fields = 1 + static_cast<int>(data.Next() % 4);
    auto schema = data.RandomSchema(num_fields, 1);
    SCOPED_TRACE(schema->ToString());
    ParquetWriterOptions options;
    options.columns.codec = codecs[seed % 3];
    options.columns.data_page_v2 = data.OneIn(2);
    options.columns.dictionary = !data.OneIn(6);
    if (data.OneIn(3))
      options.columns.dictionary_page_bytes = 64 + static_cast<int64_t>(data.Next() % 400);
    options.columns.page_bytes = 256 + static_cast<int64_t>(data.Next() % 4000);
    options.columns.page_row_limit = 5 + static_cast<int64_t>(data.Next() % 200);
    options.row_group_rows = 100 + static_cast<int64_t>(data.Next() % 500);
    io::MemoryFileIO io;
    {
      auto out = io.Create("t.parquet");
      ASSERT_OK(out);
      auto writer = ParquetWriter::Make(std::move(*out), schema, options);
      ASSERT_OK(writer);
      // Rows drawn from a small pool: values repeat.
      auto pool = data.RandomBatch(schema, 2 + static_cast<int64_t>(data.Next() % 30),
                                   2 + static_cast<int>(data.Next() % 6));
      ASSERT_OK(pool);
      const int64_t target = 200 + static_cast<int64_t>(data.Next() % 1200);
      for (int64_t written = 0; written < target;) {
        const int64_t len = 1 + static_cast<int64_t>(data.Next() % 4);
        const int64_t at =
            static_cast<int64_t>(data.Next() % static_cast<uint64_t>(pool->num_rows()));
        const int64_t n = std::min(len, pool->num_rows() - at);
        ASSERT_OK((*writer)->Write(pool->Slice(at, n)));
        written += n;
      }
      ASSERT_OK((*writer)->Close());
    }
    auto file = FileReader::Open(io, "t.parquet");
    ASSERT_OK(file);
    const int64_t batch_size = 30 + static_cast<int64_t>(data.Next() % 400);
    // The reference: every row whole, and each field's value as text.
    BatchReaderOptions whole;
    whole.batch_size = batch_size;
    auto reference = LateReferenceRows(**file, batch_size);
    ASSERT_OK(reference);
    auto reader = BatchReader::Make(**file, whole);
    ASSERT_OK(reader);
    std::vector<std::vector<std::string>> values(static_cast<size_t>(num_fields));
    while (true) {
      auto batch = (*reader)->Next();
      ASSERT_OK(batch);
      if (!*batch) break;
      for (int f = 0; f < num_fields; ++f) {
        for (int64_t i = 0; i < (*batch)->num_rows(); ++i) {
          std::string text;
          columnar::AppendJsonValue(*(*batch)->column(f), i, &text);
          values[static_cast<size_t>(f)].push_back(std::move(text));
        }
      }
    }
    for (int f = 0; f < num_fields; ++f) {
      SCOPED_TRACE(f);
      const uint64_t salt = seed * 31 + static_cast<uint64_t>(f);
      std::vector<std::string> expected;
      for (size_t i = 0; i < reference->rows.size(); ++i) {
        const auto& [row_group, row] = reference->positions[i];
        if (DictValuePasses(values[static_cast<size_t>(f)][i], salt) &&
            DictPositionAdmits(row_group, row)) {
          expected.push_back(reference->rows[i]);
        }
      }
      BatchReaderOptions late;
      late.batch_size = batch_size;
      late.row_filter = DictFilter(f, salt);
      auto filtered = BatchReader::Make(**file, late);
      ASSERT_OK(filtered);
      std::vector<std::string> got;
      while (true) {
        auto batch = (*filtered)->Next();
        ASSERT_OK(batch);
        if (!*batch) break;
        ASSERT_OK((*batch)->ToStructArray()->Validate());
        LateAppendRows(**batch, &got);
      }
      ASSERT_EQ(got.size(), expected.size());
      for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], expected[i]) << "row " << i;
      by_dictionary += (*filtered)->row_groups_filtered_by_dictionary();
      rows_compared += static_cast<int64_t>(got.size());
    }
    if (num_fields < 2) continue;
    // The first and last fields together, each tested by dictionary index where its chunk is
    // dictionary-encoded throughout and by value where not.
    const int last = num_fields - 1;
    std::vector<std::string> expected;
    for (size_t i = 0; i < reference->rows.size(); ++i) {
      const auto& [row_group, row] = reference->positions[i];
      if (DictValuePasses(values[0][i], seed) &&
          DictValuePasses(values[static_cast<size_t>(last)][i], seed + 1) &&
          DictPositionAdmits(row_group, row)) {
        expected.push_back(reference->rows[i]);
      }
    }
    BatchReaderOptions late;
    late.batch_size = batch_size;
    late.row_filter = DictFilterOfTwo(0, seed, last, seed + 1);
    auto filtered = BatchReader::Make(**file, late);
    ASSERT_OK(filtered);
    std::vector<std::string> got;
    while (true) {
      auto batch = (*filtered)->Next();
      ASSERT_OK(batch);
      if (!*batch) break;
      ASSERT_OK((*batch)->ToStructArray()->Validate());
      LateAppendRows(**batch, &got);
    }
    ASSERT_EQ(got, expected);
    by_two += (*filtered)->row_groups_filtered_by_dictionary();
  }
  EXPECT_GT(by_dictionary, 10);
  EXPECT_GT(by_two, 3);
  EXPECT_GT(rows_compared, 1000);
}

// How WriteRepeatedSlices writes: `writes` slices of `rows` rows of the pool, each from a random
// start below `starts`, in row groups of `row_group_rows`.
struct RepeatedSlices {
  int64_t row_group_rows = 0;
  int writes = 0;
  uint64_t starts = 0;
  int64_t rows = 0;
};

// "t.parquet" in `io`: uncompressed, pages of 40 rows, values drawn again and again from `pool`,
// so that column chunks are dictionary-encoded.
Status WriteRepeatedSlices(io::MemoryFileIO& io, const columnar::SchemaPtr& schema,
                           const RecordBatch& pool, columnar::testing::RandomData& data,
                           const RepeatedSlices& how) {
  ParquetWriterOptions options;
  options.columns.codec = CompressionCodec::kUncompressed;
  options.columns.page_row_limit = 40;
  options.row_group_rows = how.row_group_rows;
  FLOE_ASSIGN_OR_RETURN(auto out, io.Create("t.parquet"));
  FLOE_ASSIGN_OR_RETURN(auto writer, ParquetWriter::Make(std::move(out), schema, options));
  for (int i = 0; i < how.writes; ++i) {
    FLOE_RETURN_IF_ERROR(
        writer->Write(pool.Slice(static_cast<int64_t>(data.Next() % how.starts), how.rows)));
  }
  FLOE_RETURN_IF_ERROR(writer->Close());
  return Ok();
}

// Flipped bytes in a dictionary-encoded file (no page CRCs checked, so they reach the index
// decoder): filtering by dictionary index reads something or reports an error, never crashes.
TEST(LateMaterializationTest, DictionaryPathSurvivesFlippedBytes) {
  auto schema = std::make_shared<columnar::Schema>(std::vector<columnar::Field>{
      columnar::Field("k", columnar::Int32(), true), columnar::Field("s", columnar::Utf8(), true),
      columnar::Field("d", columnar::Float64(), true)});
  columnar::testing::RandomData data(7);
  auto pool = data.RandomBatch(schema, 12, 4);
  ASSERT_OK(pool);
  io::MemoryFileIO io;
  Status written = WriteRepeatedSlices(
      io, schema, *pool, data, {.row_group_rows = 120, .writes = 100, .starts = 10, .rows = 3});
  ASSERT_OK(written);
  const std::string original = *io.Get("t.parquet");
  int by_dictionary = 0;
  for (size_t at = 4; at + 8 < original.size(); at += 2) {
    std::string bytes = original;
    bytes[at] = static_cast<char>(bytes[at] ^ (1 << (at % 8)));
    io.Put("f.parquet", bytes);
    auto file = FileReader::Open(io, "f.parquet");
    if (!file.ok()) continue;
    for (int field : {0, 1}) {
      BatchReaderOptions options;
      options.batch_size = 50;
      options.pages.verify_crc = false;
      options.row_filter = DictFilter(field, 3);
      auto reader = BatchReader::Make(**file, options);
      if (!reader.ok()) continue;
      while (true) {
        auto batch = (*reader)->Next();
        if (!batch.ok() || !*batch) break;
        ASSERT_OK((*batch)->ToStructArray()->Validate());
      }
      by_dictionary += (*reader)->row_groups_filtered_by_dictionary();
    }
  }
  EXPECT_GT(by_dictionary, 50);
}

// Dictionary-encoded pages of values the reader converts (decimals stored as INT64 and INT32,
// read as decimal128) and of strings, every row defined: the kept values are gathered from the
// page's indices (ValueDecoder::GatherRuns), out of a dictionary converted once. Against the
// reference, then with flipped bytes: rows or an error, never a crash.
TEST(LateMaterializationTest, DictionaryPagesOfConvertedValuesAndStrings) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("k", columnar::Int64(), false),
                                   columnar::Field("d", columnar::Decimal128(15, 2), false),
                                   columnar::Field("e", columnar::Decimal128(7, 2), false),
                                   columnar::Field("s", columnar::Utf8(), false),
                                   columnar::Field("n", columnar::Decimal128(15, 2), true)});
  columnar::testing::RandomData data(11);
  auto pool = data.RandomBatch(schema, 16, 4);
  ASSERT_OK(pool);
  io::MemoryFileIO io;
  Status written = WriteRepeatedSlices(
      io, schema, *pool, data, {.row_group_rows = 300, .writes = 250, .starts = 12, .rows = 4});
  ASSERT_OK(written);
  auto file = FileReader::Open(io, "t.parquet");
  ASSERT_OK(file);
  int dictionary_chunks = 0;
  for (const auto& group : (*file)->metadata().row_groups) {
    for (const auto& chunk : group.columns)
      dictionary_chunks += chunk.meta_data->dictionary_page_offset ? 1 : 0;
  }
  EXPECT_GT(dictionary_chunks, 10);
  int64_t pages_skipped = 0;
  for (int64_t batch_size : {int64_t{97}, int64_t{1000}}) {
    SCOPED_TRACE(batch_size);
    ExpectLateEqualsReference(**file, batch_size, 5, &pages_skipped);
  }

  const std::string original = *io.Get("t.parquet");
  int read = 0;
  for (size_t at = 4; at + 8 < original.size(); at += 7) {
    std::string bytes = original;
    bytes[at] = static_cast<char>(bytes[at] ^ (1 << (at % 8)));
    io.Put("f.parquet", bytes);
    auto flipped = FileReader::Open(io, "f.parquet");
    if (!flipped.ok()) continue;
    auto got = LateRows(**flipped, 64, KeepPattern::kSparse, {0}, 1, false);
    read += got.ok() ? 1 : 0;
  }
  EXPECT_GT(read, 10);
}

TEST(LateMaterializationTest, BadRunsAreRejected) {
  auto schema = std::make_shared<columnar::Schema>(std::vector<columnar::Field>{
      columnar::Field("a", columnar::Int64(), true), columnar::Field("b", columnar::Utf8(), true)});
  columnar::testing::RandomData data(1);
  auto batch = data.RandomBatch(schema, 100);
  ASSERT_OK(batch);
  io::MemoryFileIO io;
  {
    auto out = io.Create("t.parquet");
    ASSERT_OK(out);
    auto writer = ParquetWriter::Make(std::move(*out), schema);
    ASSERT_OK(writer);
    ASSERT_OK((*writer)->Write(*batch));
    ASSERT_OK((*writer)->Close());
  }
  auto file = FileReader::Open(io, "t.parquet");
  ASSERT_OK(file);
  for (std::vector<RowRange> bad :
       {std::vector<RowRange>{{5, 3}}, std::vector<RowRange>{{0, 101}},
        std::vector<RowRange>{{4, 8}, {6, 9}}, std::vector<RowRange>{{0, 50}, {25, 75}}}) {
    BatchReaderOptions options;
    RowFilter filter;
    filter.fields = {0};
    filter.select = [bad](const RecordBatch&, int, int64_t) -> Result<std::vector<RowRange>> {
      return bad;
    };
    options.row_filter = filter;
    auto reader = BatchReader::Make(**file, options);
    ASSERT_OK(reader);
    auto next = (*reader)->Next();
    ASSERT_FALSE(next.ok());
    EXPECT_EQ(next.error().kind, ErrorKind::kInvalidArgument) << next.error().message;
  }
  BatchReaderOptions options;
  RowFilter filter;
  filter.fields = {1, 0};
  filter.select = [](const RecordBatch&, int, int64_t) -> Result<std::vector<RowRange>> {
    return std::vector<RowRange>{};
  };
  options.row_filter = filter;
  auto reader = BatchReader::Make(**file, options);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kInvalidArgument);
}

}  // namespace
}  // namespace floe::parquet
