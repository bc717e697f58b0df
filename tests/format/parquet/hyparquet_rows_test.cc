// Corpus A3: the rows floe reads from each hyparquet test file equal hyparquet's decode of it
// (<name>.json), value by value in docs/cli.md's JSON forms, compared through hyparquet's
// conventions: numbers by value (decimals are numbers there), timestamps by instant (milliseconds),
// binary as byte arrays or text, maps as objects, struct members hyparquet leaves out read as null,
// and NaN/infinities as JSON null (JSON.stringify).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/util/json_reader.h"
#include "format/parquet/hyparquet_json.h"
#include "format/parquet/random_batch.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

// All rows of a file as one JSON array of row arrays.
Result<std::string> RowsAsJson(const std::string& path) {
  FLOE_ASSIGN_OR_RETURN(auto file, FileReader::Open(*io::LocalFileIO(), path));
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(*file));
  std::string out = "[";
  bool first_row = true;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    for (int64_t r = 0; r < batch->num_rows(); ++r) {
      out += first_row ? "[" : ",[";
      first_row = false;
      for (int c = 0; c < batch->num_columns(); ++c) {
        if (c > 0) out += ",";
        columnar::ValueTextOptions options;
        options.uuid = columnar::IsUuidField(batch->schema()->field(c));
        columnar::AppendJsonValue(*batch->column(c), r, &out, options);
      }
      out += "]";
    }
  }
  out += "]";
  return out;
}

bool IsNonFinite(const JsonValue& v) {
  if (!v.IsString()) return false;
  std::string_view s = *v.AsString();
  return s == "NaN" || s == "Infinity" || s == "-Infinity";
}

// floe prints a float16 as the shortest text that reads back to the same half; hyparquet the
// half's exact value. Equal when both round to the same 11-bit significand.
bool HalvesEqual(double a, double b) {
  auto round_half = [](double v) {
    int exp = 0;
    double m = std::frexp(v, &exp);
    return std::ldexp(std::nearbyint(std::ldexp(m, 11)), exp - 11);
  };
  return round_half(a) == round_half(b);
}

// a: floe's value; b: hyparquet's. "" when they agree, else where they differ.
std::string Differ(const JsonValue& a, const JsonValue& b) {
  auto differ = [&](std::string what) {
    return a.path() + ": " + what + ": floe " + a.ToJson() + ", hyparquet " + b.ToJson();
  };
  if (b.IsNull()) {
    // hyparquet gives null for NaN (JSON.stringify) and for an empty required list.
    bool empty_list = a.IsArray() && a.AsArray()->empty();
    return a.IsNull() || IsNonFinite(a) || empty_list ? "" : differ("null expected");
  }
  if (a.IsNull()) return differ("unexpected null");
  if (b.IsBool()) return a.IsBool() && *a.AsBool() == *b.AsBool() ? "" : differ("boolean");
  if (b.IsNumber()) {
    std::optional<double> av;
    if (a.IsNumber()) av = *a.AsDouble();
    if (a.IsString()) av = hyp::ParseNumber(*a.AsString());
    return av && (hyp::NumbersEqual(*av, *b.AsDouble()) || HalvesEqual(*av, *b.AsDouble()))
               ? ""
               : differ("number");
  }
  if (b.IsString()) {
    if (!a.IsString()) return differ("string expected");
    std::string_view as = *a.AsString(), bs = *b.AsString();
    if (as == bs || hyp::CollapseReplacement(as) == hyp::CollapseReplacement(bs)) return "";
    auto at = hyp::EpochMillis(as), bt = hyp::EpochMillis(bs);
    if (at && bt && *at == *bt) return "";
    if (auto bytes = hyp::DecodeHex(as)) {  // binary without annotation: hyparquet's text
      if (*bytes == bs) return "";
    }
    return differ("string");
  }
  if (b.IsArray()) {
    std::vector<JsonValue> bv = *b.AsArray();
    if (a.IsString()) {  // binary: hex in floe, bytes in hyparquet
      auto bytes = hyp::DecodeHex(*a.AsString());
      if (!bytes || bytes->size() != bv.size()) return differ("bytes");
      for (size_t i = 0; i < bv.size(); ++i) {
        if (!bv[i].IsInt() || *bv[i].AsInt() != static_cast<uint8_t>((*bytes)[i])) {
          return differ("bytes");
        }
      }
      return "";
    }
    if (!a.IsArray()) return differ("array expected");
    std::vector<JsonValue> av = *a.AsArray();
    if (av.size() != bv.size()) return differ("array length");
    for (size_t i = 0; i < av.size(); ++i) {
      std::string d = Differ(av[i], bv[i]);
      if (!d.empty()) return d;
    }
    return "";
  }
  // b is an object: a struct, or a map (floe: [{"key": k, "value": v}, ...]).
  auto bmembers = *b.AsObject();
  if (a.IsArray()) {
    std::vector<JsonValue> entries = *a.AsArray();
    if (entries.size() != bmembers.size()) return differ("map size");
    for (const JsonValue& e : entries) {
      auto key = e.Find("key");
      auto value = e.Find("value");
      if (!key || !value) return differ("map entry");
      std::string k = key->IsString() ? std::string(*key->AsString()) : key->ToJson();
      auto bvalue = b.Find(k);
      if (!bvalue) return differ("map key " + k);
      std::string d = Differ(*value, *bvalue);
      if (!d.empty()) return d;
    }
    return "";
  }
  if (!a.IsObject()) return differ("object expected");
  auto amembers = *a.AsObject();
  for (const auto& [key, av] : amembers) {
    auto bv = b.Find(key);
    if (!bv) {
      if (!av.IsNull()) return differ(std::string("member ") + std::string(key));
      continue;
    }
    std::string d = Differ(av, *bv);
    if (!d.empty()) return d;
  }
  for (const auto& [key, bv] : bmembers) {
    if (!a.Find(key)) return differ(std::string("member ") + std::string(key) + " missing");
  }
  return "";
}

// Files whose values floe does not decode yet, so they are read (no error) but not compared.
const std::map<std::string, std::string>& NotCompared() {
  static const std::map<std::string, std::string> m = {
      {"geoparquet", "GeoParquet geometry: floe returns WKB bytes, hyparquet GeoJSON"},
      {"geospatial", "GEOMETRY logical type: floe returns WKB bytes, hyparquet GeoJSON"},
  };
  return m;
}

TEST(HyparquetRowsTest, RowsEqualHyparquetsDecode) {
  const std::string dir = CorpusPath("hyparquet/test/files");
  int compared = 0;
  for (const std::string& path : FilesUnder(dir, ".parquet")) {
    std::string stem = path.substr(dir.size() + 1, path.size() - dir.size() - 1 - 8);
    std::string expected_path = dir + "/" + stem + ".json";
    if (!std::ifstream(expected_path)) continue;
    SCOPED_TRACE(path);
    auto rows = RowsAsJson(path);
    if (stem == "large_string_map.brotli")
      continue;  // a page over the codec limit: see batch_reader_test
    ASSERT_OK(rows);
    bool variant = stem.rfind("shredded-", 0) == 0;
    auto skip = NotCompared().find(stem);
    if (variant || skip != NotCompared().end()) {
      std::cout << "[ not compared ] " << stem << ": "
                << (variant ? "Variant: hyparquet prints dates as JavaScript Date strings; "
                              "compared in tests/cli/variant_test.cc"
                            : skip->second)
                << "\n";
      continue;
    }
    auto got = JsonDocument::Parse(hyp::LongIntegersAsDoubles(*rows));
    ASSERT_OK(got) << rows->substr(0, 2000);
    auto want = JsonDocument::Parse(
        hyp::LongIntegersAsDoubles(floe::testing::ReadFileToString(expected_path)));
    ASSERT_OK(want);
    EXPECT_EQ(Differ((*got)->root(), (*want)->root()), "");
    ++compared;
  }
  EXPECT_GE(compared, 45);
}

// Files floe writes (random schemas: every type, nesting, nulls, NaN; each codec; v1 and v2
// pages; small pages) decode in hyparquet to the rows floe reads back.
TEST(HyparquetRowsTest, FloeWrittenFilesEqualHyparquetsDecode) {
  std::string script = floe::testing::SourceDir() + "/tests/peers/hyparquet_rows.mjs";
  if (!std::filesystem::exists(floe::testing::SourceDir() +
                               "/tests/peers/node_modules/hyparquet")) {
    GTEST_SKIP() << "hyparquet is not installed (scripts/setup installs tests/peers)";
  }
  floe::testing::TempDir dir;
  const CompressionCodec codecs[] = {CompressionCodec::kUncompressed, CompressionCodec::kSnappy,
                                     CompressionCodec::kGzip,         CompressionCodec::kZstd,
                                     CompressionCodec::kBrotli,       CompressionCodec::kLz4Raw};
  for (uint64_t seed = 0; seed < 24; ++seed) {
    SCOPED_TRACE(seed);
    columnar::testing::RandomData data(seed + 1000);
    data.allow_maps = false;
    data.moderate_timestamps = true;
    data.allow_times = false;
    data.allow_uint64 = false;
    data.text_binary = true;
    auto schema = data.RandomSchema(1 + static_cast<int>(data.Next() % 5), 2);
    SCOPED_TRACE(schema->ToString());
    auto batch = data.RandomBatch(schema, 1 + static_cast<int64_t>(data.Next() % 300));
    ASSERT_OK(batch);
    ParquetWriterOptions options;
    options.columns.codec = codecs[seed % 6];
    options.columns.data_page_v2 = seed % 2 == 1;
    options.columns.page_row_limit = 1 + static_cast<int64_t>(data.Next() % 100);
    options.row_group_rows = 1 + static_cast<int64_t>(data.Next() % 200);
    std::string path = dir.Join("f" + std::to_string(seed) + ".parquet");
    {
      auto file = io::LocalFileIO()->Create(path);
      ASSERT_OK(file);
      auto writer = ParquetWriter::Make(std::move(*file), schema, options);
      ASSERT_OK(writer);
      ASSERT_OK((*writer)->Write(*batch));
      ASSERT_OK((*writer)->Close());
    }
    auto hyparquet = floe::testing::RunCommand("node " + floe::testing::ShellQuote(script) + " " +
                                               floe::testing::ShellQuote(path));
    ASSERT_EQ(hyparquet.exit_code, 0) << hyparquet.err;
    auto rows = RowsAsJson(path);
    ASSERT_OK(rows);
    auto got = JsonDocument::Parse(hyp::LongIntegersAsDoubles(*rows));
    auto want = JsonDocument::Parse(hyp::LongIntegersAsDoubles(hyparquet.out));
    ASSERT_OK(got) << rows->substr(0, 1000);
    ASSERT_OK(want) << path;
    EXPECT_EQ(Differ((*got)->root(), (*want)->root()), "");
  }
}

}  // namespace
}  // namespace floe::parquet
