// The footer decoder against hyparquet's 63 `*.metadata.json` dumps (corpus A3): floe's JSON form of
// each file's FileMetaData must equal hyparquet's, compared structurally after parsing both.
//
// Normalizations (each is a rendering artifact of hyparquet, a JavaScript reader, or a field it does
// not decode; everything else must match exactly):
//  1. Numbers compare by value: JSON has one number type, and hyparquet turns i64 (BigInt) into
//     plain numbers; 2.0 and 2 are equal. FLOAT statistics compare as 32-bit floats (JS widens them
//     to double, e.g. 0.1f prints as 0.10000000149011612; floe prints the shortest float text).
//  2. Decimal statistics: floe prints decimals as strings keeping their scale (CLI.md, "1.50");
//     hyparquet as JS numbers. The string is parsed and compared as a number.
//  3. Dates and timestamps: floe prints CLI.md's forms ("2022-11-27T17:42:44.280000",
//     "+00:00" for UTC-adjusted, "YYYY-MM-DD" for dates); hyparquet prints JS Date objects
//     ("2022-11-27T17:42:44.280Z", millisecond precision, always Z, dates at midnight). Both are
//     turned into milliseconds since the epoch (floored) and compared.
//  4. Binary statistics without a string annotation: floe prints lowercase hex (CLI.md); hyparquet
//     decodes BYTE_ARRAY as UTF-8 text with TextDecoder and leaves FIXED_LEN_BYTE_ARRAY as a byte
//     array. The hex is decoded and compared as text (4b) or as the byte array (4a).
//  5. Invalid UTF-8: TextDecoder puts one U+FFFD per maximal ill-formed subpart, floe's JSON writer
//     one per bad byte; runs of U+FFFD are collapsed on both sides before comparing.
//  6. Fields floe decodes and hyparquet does not (column_orders, statistics.nan_count,
//     vector_length, encryption fields) are dropped from floe's side when hyparquet lacks them.
//  8. hyparquet's i64 values beyond 2^53 are JS doubles printed as long integers, some outside
//     the int64 range (-9223372036854776000); such literals are read as doubles (".0" appended).
//  7. hyparquet's GeoParquet support (markGeoColumns) adds {"type": "GEOMETRY", ...} to columns
//     named in a "geo" key-value entry; a logical_type present only on hyparquet's side is accepted
//     when it is GEOMETRY and the file has "geo" key-value metadata.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

std::string CollapseReplacement(std::string_view s) {
  static const std::string kFffd = "\xEF\xBF\xBD";
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, 3, kFffd) == 0) {
      out += kFffd;
      while (s.compare(i, 3, kFffd) == 0) i += 3;
    } else {
      out.push_back(s[i++]);
    }
  }
  return out;
}

// Bytes as UTF-8 text with every invalid byte replaced by U+FFFD (then collapsed).
std::string LossyUtf8(std::string_view bytes) {
  std::string out;
  AppendJsonString(out, bytes);  // replaces invalid UTF-8; the escapes do not matter here
  return out;
}

std::optional<std::string> DecodeHex(std::string_view s) {
  if (s.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < s.size(); i += 2) {
    auto nib = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      return -1;
    };
    int hi = nib(s[i]), lo = nib(s[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

// Milliseconds since the epoch of "[+-]YYYYYY|YYYY-MM-DD[THH:MM:SS[.f*]][Z|+00:00]".
std::optional<int64_t> EpochMillis(std::string_view s) {
  size_t i = 0;
  int sign = 1;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    sign = s[0] == '-' ? -1 : 1;
    i = 1;
  }
  auto digits = [&](size_t n) -> std::optional<int64_t> {
    if (i + n > s.size()) return std::nullopt;
    int64_t v = 0;
    for (size_t k = 0; k < n; ++k) {
      char c = s[i + k];
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + (c - '0');
    }
    i += n;
    return v;
  };
  auto expect = [&](char c) {
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  };
  auto year = digits(sign == 1 && i == 0 ? 4 : 6);
  if (!year || !expect('-')) return std::nullopt;
  auto month = digits(2);
  if (!month || !expect('-')) return std::nullopt;
  auto day = digits(2);
  if (!day) return std::nullopt;
  int64_t days = DaysFromCivil(sign * *year, static_cast<int>(*month), static_cast<int>(*day));
  int64_t ms = days * 86400000;
  if (i == s.size()) return ms;
  if (!expect('T')) return std::nullopt;
  auto hh = digits(2);
  if (!hh || !expect(':')) return std::nullopt;
  auto mm = digits(2);
  if (!mm || !expect(':')) return std::nullopt;
  auto ss = digits(2);
  if (!ss) return std::nullopt;
  ms += (*hh * 3600 + *mm * 60 + *ss) * 1000;
  if (expect('.')) {
    int64_t frac = 0;
    int n = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (n < 3) frac = frac * 10 + (s[i] - '0');
      ++n;
      ++i;
    }
    while (n < 3) {
      frac *= 10;
      ++n;
    }
    ms += frac;
  }
  std::string_view rest = s.substr(i);
  if (rest.empty() || rest == "Z" || rest == "+00:00") return ms;
  return std::nullopt;
}

std::optional<double> ParseNumber(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string t(s);
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

bool NumbersEqual(double a, double b) {
  if (a == b) return true;
  if (std::isnan(a) && std::isnan(b)) return true;
  return static_cast<float>(a) == static_cast<float>(b);
}

// Normalization 8: integer literals of 19 or more digits (outside strings) become doubles.
std::string LongIntegersAsDoubles(std::string_view json) {
  std::string out;
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (in_string) {
      out.push_back(c);
      if (c == '\\' && i + 1 < json.size()) {
        out.push_back(json[++i]);
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c >= '0' && c <= '9') {
      size_t j = i;
      while (j < json.size() && json[j] >= '0' && json[j] <= '9') ++j;
      out.append(json.substr(i, j - i));
      bool fraction = j < json.size() && (json[j] == '.' || json[j] == 'e' || json[j] == 'E');
      if (j - i >= 19 && !fraction) out += ".0";
      i = j - 1;
      continue;
    }
    out.push_back(c);
  }
  return out;
}

class Comparer {
 public:
  explicit Comparer(bool has_geo) : has_geo_(has_geo) {}

  void Compare(const JsonValue& floe, const JsonValue& hyp, const std::string& path) {
    if (floe.IsObject() && hyp.IsObject()) return CompareObjects(floe, hyp, path);
    if (floe.IsArray() && hyp.IsArray()) {
      auto fa = *floe.AsArray();
      auto ha = *hyp.AsArray();
      if (fa.size() != ha.size()) {
        return Fail(path, fmt::format("array sizes differ: floe {}, hyparquet {}", fa.size(),
                                      ha.size()));
      }
      for (size_t i = 0; i < fa.size(); ++i) Compare(fa[i], ha[i], fmt::format("{}[{}]", path, i));
      return;
    }
    if (!ScalarsEqual(floe, hyp)) {
      Fail(path, fmt::format("floe {} vs hyparquet {}", floe.ToJson(), hyp.ToJson()));
    }
  }

  const std::vector<std::string>& failures() const { return failures_; }

 private:
  void Fail(const std::string& path, const std::string& what) {
    if (failures_.size() < 20) failures_.push_back(path + ": " + what);
  }

  void CompareObjects(const JsonValue& floe, const JsonValue& hyp, const std::string& path) {
    static const std::set<std::string, std::less<>> kFloeOnly = {
        "column_orders", "nan_count", "vector_length", "encryption_algorithm",
        "footer_signing_key_metadata", "crypto_metadata", "encrypted_column_metadata"};
    auto fo = *floe.AsObject();
    auto ho = *hyp.AsObject();
    std::set<std::string, std::less<>> seen;
    for (const auto& [key, value] : fo) {
      seen.insert(std::string(key));
      auto other = hyp.Find(key);
      if (!other) {
        if (kFloeOnly.count(key) == 0) Fail(path + "." + std::string(key), "only in floe");
        continue;
      }
      Compare(value, *other, path + "." + std::string(key));
    }
    for (const auto& [key, value] : ho) {
      if (seen.count(key)) continue;
      if (key == "logical_type" && has_geo_) {
        auto t = value.GetString("type");
        if (t.ok() && *t == "GEOMETRY") continue;  // normalization 7
      }
      Fail(path + "." + std::string(key), "only in hyparquet: " + value.ToJson());
    }
  }

  bool ScalarsEqual(const JsonValue& f, const JsonValue& h) {
    if (f.IsNumber() && h.IsNumber()) return NumbersEqual(*f.AsDouble(), *h.AsDouble());
    if (f.IsBool() && h.IsBool()) return *f.AsBool() == *h.AsBool();
    if (f.IsNull() && h.IsNull()) return true;
    if (!f.IsString()) return false;
    std::string_view fs = *f.AsString();
    if (h.IsNumber()) {  // normalization 2
      auto v = ParseNumber(fs);
      return v && NumbersEqual(*v, *h.AsDouble());
    }
    if (h.IsArray()) {  // normalization 4a
      auto bytes = DecodeHex(fs);
      auto arr = *h.AsArray();
      if (!bytes || bytes->size() != arr.size()) return false;
      for (size_t i = 0; i < arr.size(); ++i) {
        auto b = arr[i].AsInt();
        if (!b.ok() || *b != static_cast<uint8_t>((*bytes)[i])) return false;
      }
      return true;
    }
    if (!h.IsString()) return false;
    std::string_view hs = *h.AsString();
    if (fs == hs) return true;
    if (CollapseReplacement(fs) == CollapseReplacement(hs)) return true;  // normalization 5
    auto fm = EpochMillis(fs), hm = EpochMillis(hs);  // normalization 3
    if (fm && hm && hs.find('T') != std::string_view::npos) return *fm == *hm;
    if (auto bytes = DecodeHex(fs)) {  // normalization 4b
      std::string quoted;
      AppendJsonString(quoted, hs);
      if (CollapseReplacement(LossyUtf8(*bytes)) == CollapseReplacement(quoted)) return true;
    }
    return false;
  }

  bool has_geo_;
  std::vector<std::string> failures_;
};

TEST(FileMetaDataJsonTest, EqualsHyparquetMetadataDumps) {
  std::string dir = CorpusPath("hyparquet/test/files");
  auto expected_files = FilesUnder(dir, ".metadata.json");
  ASSERT_EQ(expected_files.size(), 63u);
  auto io = io::LocalFileIO();
  int matched = 0;
  for (const std::string& expected_path : expected_files) {
    std::string parquet_path =
        expected_path.substr(0, expected_path.size() - std::string(".metadata.json").size()) +
        ".parquet";
    SCOPED_TRACE(parquet_path);
    auto reader = FileReader::Open(*io, parquet_path);
    ASSERT_TRUE(reader.ok()) << reader.error().message;
    MetadataJsonOptions options;
    options.metadata_length = (*reader)->metadata_length();
    std::string floe_json = FileMetaDataToJson((*reader)->metadata(), options);
    auto floe_doc = JsonDocument::Parse(floe_json);
    ASSERT_TRUE(floe_doc.ok()) << floe_doc.error().message;
    auto hyp_doc = JsonDocument::Parse(LongIntegersAsDoubles(floe::testing::ReadFileToString(expected_path)));
    ASSERT_TRUE(hyp_doc.ok()) << hyp_doc.error().message;

    bool has_geo = false;
    if (const auto& kvs = (*reader)->metadata().key_value_metadata) {
      for (const KeyValue& kv : *kvs) has_geo |= kv.key == "geo";
    }
    Comparer cmp(has_geo);
    cmp.Compare((*floe_doc)->root(), (*hyp_doc)->root(), "$");
    std::string report;
    for (const auto& f : cmp.failures()) report += "  " + f + "\n";
    EXPECT_TRUE(cmp.failures().empty()) << report;
    if (cmp.failures().empty()) ++matched;
  }
  EXPECT_EQ(matched, 63);
}

TEST(FileMetaDataJsonTest, StatisticsValuesAreTyped) {
  SchemaElement e;
  e.type = Type::kInt32;
  e.converted_type = ConvertedType::kDate;
  std::string v("\x01\x00\x00\x00", 4);
  EXPECT_EQ(StatisticsValueToJson(e, v), "\"1970-01-02\"");
  e.converted_type = ConvertedType::kDecimal;
  e.scale = 2;
  EXPECT_EQ(StatisticsValueToJson(e, std::string("\xfe\xff\xff\xff", 4)), "\"-0.02\"");
  SchemaElement f;
  f.type = Type::kFixedLenByteArray;
  f.converted_type = ConvertedType::kDecimal;
  f.scale = 3;
  EXPECT_EQ(StatisticsValueToJson(f, std::string("\x00\x01\xe2\x40", 4)), "\"123.456\"");
  EXPECT_EQ(StatisticsValueToJson(f, std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xf6", 10)),
            "\"-0.010\"");
  SchemaElement b;
  b.type = Type::kByteArray;
  EXPECT_EQ(StatisticsValueToJson(b, "ab"), "\"6162\"");
  b.converted_type = ConvertedType::kUtf8;
  EXPECT_EQ(StatisticsValueToJson(b, "ab"), "\"ab\"");
  SchemaElement u;
  u.type = Type::kInt64;
  u.converted_type = ConvertedType::kUint64;
  EXPECT_EQ(StatisticsValueToJson(u, std::string(8, '\xff')), "18446744073709551615");
  SchemaElement ts;
  ts.type = Type::kInt64;
  ts.logical_type = LogicalType{};
  ts.logical_type->kind = LogicalType::Kind::kTimestamp;
  ts.logical_type->unit = TimeUnit::kNanos;
  ts.logical_type->is_adjusted_to_utc = true;
  EXPECT_EQ(StatisticsValueToJson(ts, std::string("\x01\x00\x00\x00\x00\x00\x00\x00", 8)),
            "\"1970-01-01T00:00:00.000000001+00:00\"");
}

}  // namespace
}  // namespace floe::parquet
