// Comparing floe's JSON with hyparquet's dumps (corpus A3), with the normalizations listed in
// file_metadata_json_test.cc: numbers by value, decimals and timestamps in docs/cli.md forms, hex
// for binary, U+FFFD runs, fields hyparquet does not decode, GeoParquet marking, long integers.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::parquet::hyp {

inline std::string CollapseReplacement(std::string_view s) {
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
inline std::string LossyUtf8(std::string_view bytes) {
  std::string out;
  AppendJsonString(out, bytes);  // replaces invalid UTF-8; the escapes do not matter here
  return out;
}

inline std::optional<std::string> DecodeHex(std::string_view s) {
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
inline std::optional<int64_t> EpochMillis(std::string_view s) {
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

inline std::optional<double> ParseNumber(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string t(s);
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

inline bool NumbersEqual(double a, double b) {
  if (a == b) return true;
  if (std::isnan(a) && std::isnan(b)) return true;
  return static_cast<float>(a) == static_cast<float>(b);
}

// Normalization 8: integer literals of 19 or more digits (outside strings) become doubles.
inline std::string LongIntegersAsDoubles(std::string_view json) {
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
      // Digits after a decimal point or in an exponent are not an integer of their own.
      char before = i > 0 ? json[i - 1] : ' ';
      bool inside = before == '.' || before == 'e' || before == 'E' || before == '+' ||
                    (before == '-' && i > 1 && (json[i - 2] == 'e' || json[i - 2] == 'E'));
      if (j - i >= 19 && !fraction && !inside) out += ".0";
      i = j - 1;
      continue;
    }
    out.push_back(c);
  }
  return out;
}

class Comparer {
 public:
  // null_placeholders: floe prints a null page's min/max (empty placeholder bytes) as null;
  // hyparquet renders the placeholder bytes. A floe null then matches anything.
  explicit Comparer(bool has_geo, bool null_placeholders = false)
      : has_geo_(has_geo), null_placeholders_(null_placeholders) {}

  void Compare(const JsonValue& floe, const JsonValue& hyp, const std::string& path) {
    if (floe.IsObject() && hyp.IsObject()) return CompareObjects(floe, hyp, path);
    if (floe.IsArray() && hyp.IsArray()) {
      auto fa = *floe.AsArray();
      auto ha = *hyp.AsArray();
      if (fa.size() != ha.size()) {
        return Fail(path,
                    fmt::format("array sizes differ: floe {}, hyparquet {}", fa.size(), ha.size()));
      }
      for (size_t i = 0; i < fa.size(); ++i) Compare(fa[i], ha[i], fmt::format("{}[{}]", path, i));
      return;
    }
    if (null_placeholders_ && floe.IsNull()) return;
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
    static const std::set<std::string, std::less<>> kFloeOnly = {"column_orders",
                                                                 "nan_count",
                                                                 "vector_length",
                                                                 "encryption_algorithm",
                                                                 "footer_signing_key_metadata",
                                                                 "crypto_metadata",
                                                                 "encrypted_column_metadata"};
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
    auto fm = EpochMillis(fs), hm = EpochMillis(hs);                      // normalization 3
    if (fm && hm && hs.find('T') != std::string_view::npos) return *fm == *hm;
    if (auto bytes = DecodeHex(fs)) {  // normalization 4b
      std::string quoted;
      AppendJsonString(quoted, hs);
      if (CollapseReplacement(LossyUtf8(*bytes)) == CollapseReplacement(quoted)) return true;
    }
    return false;
  }

  bool has_geo_;
  bool null_placeholders_;
  std::vector<std::string> failures_;
};

}  // namespace floe::parquet::hyp
