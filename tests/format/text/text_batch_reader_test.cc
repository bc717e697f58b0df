// TextBatchReader: a CSV or NDJSON file read in blocks and batches gives exactly the batch the
// whole-file readers give (same inferred types, values, nulls and errors), whatever the block and
// batch sizes — down to one byte per block, so every record boundary falls across blocks.
#include "floe/format/text/text_batch_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "floe/columnar/array_equal.h"
#include "floe/columnar/value_text.h"
#include "floe/format/csv/csv_reader.h"
#include "floe/format/ndjson/ndjson_reader.h"
#include "floe/io/memory_file_io.h"
#include "testing/result_matchers.h"

namespace floe::textformat {
namespace {

// Every batch of `reader`, checked against the rows of `whole` they should be.
void ExpectBatchesEqual(TextBatchReader& reader, const columnar::RecordBatch& whole,
                        int64_t batch_rows, const std::string& what) {
  ASSERT_EQ(reader.schema()->ToString(), whole.schema()->ToString()) << what;
  ASSERT_EQ(reader.num_rows(), whole.num_rows()) << what;
  int64_t offset = 0;
  while (true) {
    auto batch = reader.Next();
    ASSERT_OK(batch) << what;
    if (!*batch) break;
    const columnar::RecordBatch& b = **batch;
    ASSERT_LE(b.num_rows(), batch_rows) << what;
    ASSERT_GT(b.num_rows(), 0) << what;
    columnar::RecordBatch expected = whole.Slice(offset, b.num_rows());
    for (int c = 0; c < b.num_columns(); ++c) {
      std::string diff = columnar::ArrayDifference(*expected.column(c), *b.column(c));
      ASSERT_EQ(diff, "") << what << ": column " << c << " rows from " << offset;
    }
    offset += b.num_rows();
  }
  EXPECT_EQ(offset, whole.num_rows()) << what;
}

std::string RandomCsvValue(std::mt19937_64& rng, int profile) {
  std::uniform_int_distribution<int> pick(0, 99);
  if (pick(rng) < 15) return "";  // null
  switch (profile) {
    case 0:
      return std::to_string(static_cast<int64_t>(rng()) >> pick(rng) % 60);
    case 1:
      return pick(rng) < 50 ? std::to_string(pick(rng)) : std::to_string(pick(rng)) + ".25";
    case 2:
      return pick(rng) < 50 ? "true" : "FALSE";
    case 3:
      return "2024-0" + std::to_string(1 + pick(rng) % 9) + "-1" + std::to_string(pick(rng) % 9);
    case 4:
      return "2024-03-1" + std::to_string(pick(rng) % 9) + " 10:00:0" +
             std::to_string(pick(rng) % 9) + "+02:00";
    case 5:
      return "2024-03-1" + std::to_string(pick(rng) % 9) + "T10:00:00.5";
    default: {
      // Text with the characters CSV quotes: commas, quotes, CR, LF, CRLF; or "" (empty string).
      static const char* parts[] = {"a", "b c", ",", "\"", "\n", "\r\n", "\r", "é", "12", " "};
      std::string s;
      int n = pick(rng) % 6;
      for (int i = 0; i < n; ++i) s += parts[pick(rng) % 10];
      bool quote = s.empty() || s.find_first_of(",\"\r\n") != std::string::npos || pick(rng) < 30;
      if (!quote) return s;
      std::string q = "\"";
      for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
      return q + "\"";
    }
  }
}

std::string RandomCsv(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> pick(0, 99);
  int columns = 1 + pick(rng) % 5;
  std::vector<int> profiles;
  std::string text = pick(rng) < 20 ? "\xEF\xBB\xBF" : "";
  const char* eol = pick(rng) < 30 ? "\r\n" : "\n";
  for (int c = 0; c < columns; ++c) {
    profiles.push_back(pick(rng) % 7);
    text += (c ? "," : "") + (pick(rng) < 10 ? std::string() : "c" + std::to_string(c));
  }
  int rows = pick(rng) % 40;
  for (int r = 0; r < rows; ++r) {
    text += eol;
    if (pick(rng) < 5) text += eol;                                   // an empty line
    int fields = pick(rng) < 10 ? 1 + pick(rng) % columns : columns;  // short rows: nulls
    for (int c = 0; c < fields; ++c) text += (c ? "," : "") + RandomCsvValue(rng, profiles[c]);
  }
  if (pick(rng) < 50) text += eol;
  return text;
}

std::string RandomNdjson(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> pick(0, 99);
  static const char* values[] = {"1",
                                 "-7",
                                 "2.5",
                                 "1e20",
                                 "true",
                                 "null",
                                 "\"x,y\"",
                                 "\"2024-01-02\"",
                                 "\"2024-01-02T03:04:05Z\"",
                                 "{\"a\":[1,2]}",
                                 "[true]",
                                 "\"\\n\\\"\""};
  std::string text;
  int rows = pick(rng) % 30;
  for (int r = 0; r < rows; ++r) {
    if (pick(rng) < 5) text += "  \n";
    text += "{";
    int keys = pick(rng) % 4;
    for (int k = 0; k < keys; ++k) {
      int key = pick(rng) % 6;
      text += (k ? "," : "") + ("\"k" + std::to_string(key) + "\":") +
              values[(key * 3 + pick(rng) % 3) % 12];
    }
    text += "}";
    if (r + 1 < rows || pick(rng) < 50) text += pick(rng) < 20 ? "\r\n" : "\n";
  }
  return text;
}

TEST(TextBatchReaderTest, RandomCsvReadsAsTheWholeFile) {
  std::mt19937_64 rng(20261130);
  io::MemoryFileIO io;
  for (int i = 0; i < 300; ++i) {
    std::string text = RandomCsv(rng);
    io.Put("in.csv", text);
    auto whole = ReadCsvFile(io, "in.csv");
    for (int64_t block : {1, 2, 3, 7, 64, 4 << 20}) {
      for (int64_t rows : {1, 4, 1000}) {
        std::string what = "file " + std::to_string(i) + ", block " + std::to_string(block) +
                           ", batch " + std::to_string(rows) + ":\n" + text;
        auto reader = TextBatchReader::Open(io, "in.csv", TextFormat::kCsv,
                                            {.batch_rows = rows, .block_bytes = block});
        ASSERT_EQ(reader.ok(), whole.ok()) << what;
        if (!whole.ok()) {
          EXPECT_EQ(reader.error().message, whole.error().message) << what;
          continue;
        }
        ExpectBatchesEqual(**reader, *whole, rows, what);
      }
    }
  }
}

TEST(TextBatchReaderTest, RandomNdjsonReadsAsTheWholeFile) {
  std::mt19937_64 rng(7);
  io::MemoryFileIO io;
  for (int i = 0; i < 300; ++i) {
    std::string text = RandomNdjson(rng);
    io.Put("in.ndjson", text);
    auto whole = ReadNdjsonFile(io, "in.ndjson");
    ASSERT_OK(whole);
    for (int64_t block : {1, 5, 4 << 20}) {
      for (int64_t rows : {1, 3, 1000}) {
        std::string what = "file " + std::to_string(i) + ", block " + std::to_string(block) +
                           ", batch " + std::to_string(rows) + ":\n" + text;
        auto reader = TextBatchReader::Open(io, "in.ndjson", TextFormat::kNdjson,
                                            {.batch_rows = rows, .block_bytes = block});
        ASSERT_OK(reader) << what;
        ExpectBatchesEqual(**reader, *whole, rows, what);
      }
    }
  }
}

TEST(TextBatchReaderTest, ErrorsAreTheWholeFileReadersErrors) {
  io::MemoryFileIO io;
  const std::pair<TextFormat, std::string> cases[] = {
      {TextFormat::kCsv, ""},                         // no header
      {TextFormat::kCsv, "a,b\n1,2\n3,\"4\n5,6\n"},   // a quote never closed
      {TextFormat::kCsv, "a,b\n1,2\n3,4,5\n"},        // too many fields
      {TextFormat::kCsv, "a,b\n1,2\n3\n"},            // too few fields
      {TextFormat::kCsv, "a,a\n1,2\n"},               // a column twice
      {TextFormat::kNdjson, "{\"a\":1}\n[1]\n"},      // not an object
      {TextFormat::kNdjson, "{\"a\":1}\n{\"a\":\n"},  // not JSON
  };
  for (const auto& [format, text] : cases) {
    std::string path = format == TextFormat::kCsv ? "bad.csv" : "bad.ndjson";
    io.Put(path, text);
    auto whole = format == TextFormat::kCsv ? ReadCsvFile(io, path) : ReadNdjsonFile(io, path);
    ASSERT_FALSE(whole.ok()) << text;
    for (int64_t block : {1, 3, 4 << 20}) {
      auto reader = TextBatchReader::Open(io, path, format, {.block_bytes = block});
      ASSERT_FALSE(reader.ok()) << text;
      EXPECT_EQ(reader.error().kind, whole.error().kind) << text;
      EXPECT_EQ(reader.error().message, whole.error().message) << text;
    }
  }
}

TEST(TextBatchReaderTest, DeclaredColumnsAreCheckedBeforeTheFirstBatch) {
  io::MemoryFileIO io;
  std::string text = "id,amount\n";
  for (int i = 1; i <= 10; ++i)
    text += std::to_string(i) + "," + (i == 8 ? "1.234" : "2.50") + "\n";
  io.Put("in.csv", text);
  std::vector<columnar::Field> declared = {
      columnar::Field("amount", columnar::Decimal128(9, 2), true)};
  auto whole = ReadCsvFile(io, "in.csv", declared);
  ASSERT_FALSE(whole.ok());
  // Found by the first pass, before any batch: nothing is written from a file that fails.
  auto reader = TextBatchReader::Open(io, "in.csv", TextFormat::kCsv,
                                      {.declared = declared, .batch_rows = 3});
  ASSERT_FALSE(reader.ok());
  const Error& error = reader.error();
  // The first pass names the line (the whole-file reader, the row).
  EXPECT_EQ(error.message,
            "in.csv: line 9, column amount: \"1.234\" is not a valid decimal(9, 2) value (more "
            "than 2 fraction digits)");
  EXPECT_EQ(error.kind, ErrorKind::kCorrupt);
  EXPECT_NE(whole.error().message.find("row 8"), std::string::npos) << whole.error().message;

  // Without the bad value: the declared type, in batches equal to the whole file's.
  std::string good = "id,amount\n";
  for (int i = 1; i <= 10; ++i) good += std::to_string(i) + "," + (i % 3 ? "2.50" : "") + "\n";
  io.Put("good.csv", good);
  auto whole_good = ReadCsvFile(io, "good.csv", declared);
  ASSERT_OK(whole_good);
  auto good_reader = TextBatchReader::Open(
      io, "good.csv", TextFormat::kCsv, {.declared = declared, .batch_rows = 3, .block_bytes = 5});
  ASSERT_OK(good_reader);
  EXPECT_EQ((*good_reader)->schema()->field(1).type->ToString(),
            columnar::Decimal128(9, 2)->ToString());
  ExpectBatchesEqual(**good_reader, *whole_good, 3, "good.csv");
}

TEST(TextBatchReaderTest, ShortCsvRowsAreErrorsUnlessMissingColumnsAreAllowed) {
  io::MemoryFileIO io;
  io.Put("short.csv", "a,b,c\n\"x\ny\",2,3\n4,5\n");
  auto refused = TextBatchReader::Open(io, "short.csv", TextFormat::kCsv);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(refused.error().message,
            "short.csv: line 4: 2 fields, the header names 3 (--allow-missing-columns reads the "
            "missing trailing fields as nulls)");
  auto allowed =
      TextBatchReader::Open(io, "short.csv", TextFormat::kCsv, {.allow_missing_columns = true});
  ASSERT_OK(allowed);
  auto batch = (*allowed)->Next();
  ASSERT_OK(batch);
  ASSERT_TRUE(*batch);
  EXPECT_EQ((*batch)->num_rows(), 2);
  EXPECT_EQ((*batch)->column(0)->GetView(0), "x\ny");
  EXPECT_EQ((*batch)->column(1)->values<int64_t>()[1], 5);
  EXPECT_TRUE((*batch)->column(2)->IsNull(1));
}

TEST(TextBatchReaderTest, DeclaredTypesReadNullsTrimmedNumbersAndExactNdjsonDecimals) {
  io::MemoryFileIO io;
  std::vector<columnar::Field> declared = {
      columnar::Field("n", columnar::Int32(), true),
      columnar::Field("d", columnar::Decimal128(30, 3), true),
      columnar::Field("f", columnar::Float64(), true), columnar::Field("s", columnar::Utf8(), true),
      columnar::Field("l", columnar::List(columnar::Field("element", columnar::Int64(), true)),
                      true)};
  io.Put("in.csv",
         "n,d,f,s,l\n"
         " 7 ,1.5,1,,\"[1, 2]\"\n"
         "NULL,,NaN,\"\",[]\n"
         ",NULL,-Infinity,NULL,NULL\n");
  auto csv = TextBatchReader::Open(io, "in.csv", TextFormat::kCsv, {.declared = declared});
  ASSERT_OK(csv);
  auto b = (*csv)->Next();
  ASSERT_OK(b);
  ASSERT_TRUE(*b);
  const columnar::RecordBatch& r = **b;
  EXPECT_EQ(r.column(0)->values<int32_t>()[0], 7);
  EXPECT_TRUE(r.column(0)->IsNull(1));
  EXPECT_TRUE(r.column(0)->IsNull(2));
  EXPECT_TRUE(r.column(1)->IsNull(1));
  EXPECT_TRUE(r.column(1)->IsNull(2));
  EXPECT_EQ(r.column(2)->values<double>()[0], 1.0);
  EXPECT_TRUE(std::isnan(r.column(2)->values<double>()[1]));
  EXPECT_EQ(r.column(2)->values<double>()[2], -INFINITY);
  EXPECT_TRUE(r.column(3)->IsNull(0));  // an unquoted empty field
  EXPECT_EQ(r.column(3)->GetView(1), "");
  EXPECT_EQ(r.column(3)->GetView(2), "NULL");  // a string column keeps the text
  EXPECT_FALSE(r.column(4)->IsNull(0));
  EXPECT_TRUE(r.column(4)->IsNull(2));

  // NDJSON numbers keep their digits: a double would round this one.
  io.Put("in.ndjson",
         "{\"d\": 12345678901234567890123.456, \"l\": [3, 4], \"n\": \" 5\"}\n"
         "{\"d\": \"0.001\", \"f\": 2}\n");
  auto ndjson = TextBatchReader::Open(io, "in.ndjson", TextFormat::kNdjson, {.declared = declared});
  ASSERT_OK(ndjson);
  auto nb = (*ndjson)->Next();
  ASSERT_OK(nb);
  ASSERT_TRUE(*nb);
  std::string d0, d1, l0;
  columnar::AppendJsonValue(*(*nb)->column(0), 0, &d0);
  columnar::AppendJsonValue(*(*nb)->column(0), 1, &d1);
  columnar::AppendJsonValue(*(*nb)->column(1), 0, &l0);
  EXPECT_EQ(d0, "\"12345678901234567890123.456\"");
  EXPECT_EQ(d1, "\"0.001\"");
  EXPECT_EQ(l0, "[3,4]");

  io.Put("bad.ndjson", "{\"d\": 1}\n{\"d\": 1.0001}\n");
  auto bad = TextBatchReader::Open(io, "bad.ndjson", TextFormat::kNdjson, {.declared = declared});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "bad.ndjson: line 2, column d: \"1.0001\" is not a valid decimal(30, 3) value (more "
            "than 3 fraction digits)");
}

TEST(TextBatchReaderTest, ReadsAFileLargerThanItsBlocksInBatches) {
  io::MemoryFileIO io;
  std::string text = "n,s\n";
  for (int i = 0; i < 50000; ++i)
    text += std::to_string(i) + ",\"v," + std::to_string(i % 97) + "\"\n";
  io.Put("big.csv", text);
  auto reader = TextBatchReader::Open(io, "big.csv", TextFormat::kCsv,
                                      {.batch_rows = 4096, .block_bytes = 1000});
  ASSERT_OK(reader);
  auto whole = ReadCsvFile(io, "big.csv");
  ASSERT_OK(whole);
  ExpectBatchesEqual(**reader, *whole, 4096, "big.csv");
  EXPECT_EQ(TextFormatOf("x/Y.JSONL"), TextFormat::kNdjson);
  EXPECT_EQ(TextFormatOf("a.csv"), TextFormat::kCsv);
  EXPECT_EQ(TextFormatOf("a.parquet"), std::nullopt);
}

}  // namespace
}  // namespace floe::textformat

namespace floe::textformat {
namespace {

// The error of reading `text` as `format` (issue 24: invalid UTF-8 and NUL bytes), the same for
// every block size.
std::string InputError(io::MemoryFileIO& io, TextFormat format, const std::string& text) {
  std::string path = format == TextFormat::kCsv ? "in.csv" : "in.ndjson";
  io.Put(path, text);
  std::string message;
  for (int64_t block : {1, 4 << 20}) {
    auto reader = TextBatchReader::Open(io, path, format, {.block_bytes = block});
    if (reader.ok()) return "no error";
    EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
    if (!message.empty()) {
      EXPECT_EQ(reader.error().message, message);
    }
    message = reader.error().message;
  }
  return message;
}

// The string values of column `c` read with --replace-invalid-utf8.
std::vector<std::string> Replaced(io::MemoryFileIO& io, TextFormat format, const std::string& text,
                                  int c) {
  std::string path = format == TextFormat::kCsv ? "in.csv" : "in.ndjson";
  io.Put(path, text);
  auto reader = TextBatchReader::Open(io, path, format, {.replace_invalid_utf8 = true});
  EXPECT_OK(reader);
  if (!reader.ok()) return {};
  std::vector<std::string> out;
  while (true) {
    auto batch = (*reader)->Next();
    EXPECT_OK(batch);
    if (!batch.ok() || !*batch) break;
    const columnar::ArrayData& a = *(*batch)->column(c);
    for (int64_t i = 0; i < a.length; ++i) out.emplace_back(a.GetView(i));
  }
  return out;
}

const char kSuffix[] = " (strings must be UTF-8; --replace-invalid-utf8 stores U+FFFD instead)";

TEST(TextBatchReaderUtf8Test, CsvRefusesInvalidUtf8AndNulNamingLineAndColumn) {
  io::MemoryFileIO io;
  EXPECT_EQ(
      InputError(io, TextFormat::kCsv,
                 "id,name\n1,ok\n2,a\xff"
                 "b\n"),
      std::string("in.csv: line 3, column name: byte 0xff at byte 1 is not valid UTF-8") + kSuffix);
  EXPECT_EQ(InputError(io, TextFormat::kCsv, std::string("id,name\n1,a\0b\n", 14)),
            std::string("in.csv: line 2, column name: a NUL byte at byte 1") + kSuffix);
  EXPECT_EQ(InputError(io, TextFormat::kCsv, "id,n\xc3\n1,2\n"),
            std::string("in.csv: line 1, the name of column 2: byte 0xc3 at byte 1 is not valid "
                        "UTF-8") +
                kSuffix);
  // Overlong, a surrogate, above U+10FFFF, cut short: all refused, in any column kind.
  for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "x\xe2\x82", "\x80"}) {
    std::string out = InputError(io, TextFormat::kCsv, std::string("a,b\n1,") + bad + "\n");
    EXPECT_NE(out.find("in.csv: line 2, column b: byte 0x"), std::string::npos) << out;
  }
  EXPECT_EQ(InputError(io, TextFormat::kCsv, "a,b\n1,caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n"),
            "no error");
}

TEST(TextBatchReaderUtf8Test, NdjsonRefusesInvalidUtf8AndEscapedNul) {
  io::MemoryFileIO io;
  EXPECT_EQ(
      InputError(io, TextFormat::kNdjson, "{\"a\":\"ok\"}\n{\"a\":\"x\xffy\"}\n"),
      std::string("in.ndjson: line 2, column 8: byte 0xff at byte 7 is not valid UTF-8") + kSuffix);
  EXPECT_EQ(InputError(io, TextFormat::kNdjson, "{\"a\":\"x\\u0000y\"}\n"),
            std::string("in.ndjson: line 1, key a: an escaped NUL (\\u0000)") + kSuffix);
  EXPECT_EQ(InputError(io, TextFormat::kNdjson, "{\"a\":\"\\u00e9\xc3\xa9\"}\n"), "no error");
}

TEST(TextBatchReaderUtf8Test, ReplaceInvalidUtf8StoresReplacementCharacters) {
  io::MemoryFileIO io;
  const std::string r = "\xef\xbf\xbd";  // U+FFFD
  EXPECT_EQ(Replaced(io, TextFormat::kCsv,
                     std::string("id,name\n1,a\xff"
                                 "b\n2,x\0y\n3,\xe2\x82\n4,\xc0\xaf\n5,ok\n",
                                 35),
                     1),
            (std::vector<std::string>{"a" + r + "b", "x" + r + "y", r, r + r, "ok"}));
  EXPECT_EQ(Replaced(io, TextFormat::kNdjson, "{\"a\":\"x\xffy\"}\n{\"a\":\"\\u0000\"}\n", 0),
            (std::vector<std::string>{"x" + r + "y", r}));
}

}  // namespace
}  // namespace floe::textformat
