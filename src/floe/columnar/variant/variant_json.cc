#include "floe/columnar/variant/variant_json.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

#include "floe/util/json_writer.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::columnar::variant {

namespace {

constexpr int kMaxDepth = 500;

template <typename F>
void AppendFloating(F v, std::string* out) {
  if (std::isnan(v)) {
    out->append("\"NaN\"");
    return;
  }
  if (std::isinf(v)) {
    out->append(v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    return;
  }
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v);
  std::string_view text(buf, static_cast<size_t>(end - buf));
  out->append(text);
  if (text.find_first_of(".e") == std::string_view::npos) out->append(".0");
}

void AppendInt128(__int128 v, std::string* out) {
  if (v == 0) {
    out->push_back('0');
    return;
  }
  bool negative = v < 0;
  auto u = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  char buf[48];
  int n = 0;
  while (u > 0) {
    buf[n++] = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  }
  if (negative) out->push_back('-');
  while (n > 0) out->push_back(buf[--n]);
}

void AppendDecimalText(const Decimal& d, std::string* out) {
  std::string digits;
  AppendInt128(d.unscaled, &digits);
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  if (d.scale > 0) {
    if (digits.size() <= static_cast<size_t>(d.scale)) {
      digits.insert(0, static_cast<size_t>(d.scale) + 1 - digits.size(), '0');
    }
    digits.insert(digits.size() - static_cast<size_t>(d.scale), ".");
  }
  if (negative) out->push_back('-');
  out->append(digits);
}

void AppendBase64(std::string_view bytes, std::string* out) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16 | static_cast<uint8_t>(bytes[i + 1]) << 8 |
                 static_cast<uint8_t>(bytes[i + 2]);
    for (int s = 18; s >= 0; s -= 6) out->push_back(kAlphabet[(n >> s) & 0x3F]);
  }
  size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    out->push_back(kAlphabet[(n >> 18) & 0x3F]);
    out->push_back(kAlphabet[(n >> 12) & 0x3F]);
    out->push_back(rest == 2 ? kAlphabet[(n >> 6) & 0x3F] : '=');
    out->push_back('=');
  }
}

void AppendQuoted(std::string_view text, std::string* out) {
  out->push_back('"');
  out->append(text);
  out->push_back('"');
}

Status AppendJsonAt(const VariantValue& v, std::string* out, bool* valid, int depth) {
  if (depth > kMaxDepth) return Corrupt("variant nests deeper than {} levels", kMaxDepth);
  switch (v.kind()) {
    case ValueKind::kNull:
      out->append("null");
      return Ok();
    case ValueKind::kBoolean:
      out->append(v.GetBoolean() ? "true" : "false");
      return Ok();
    case ValueKind::kInt8:
    case ValueKind::kInt16:
    case ValueKind::kInt32:
    case ValueKind::kInt64:
      out->append(std::to_string(v.GetInt()));
      return Ok();
    case ValueKind::kDouble:
      AppendFloating(v.GetDouble(), out);
      return Ok();
    case ValueKind::kFloat:
      AppendFloating(v.GetFloat(), out);
      return Ok();
    case ValueKind::kDecimal: {
      Decimal d = v.GetDecimal();
      if (d.scale > 38) return Corrupt("variant decimal scale {} is above 38", d.scale);
      AppendDecimalText(d, out);
      return Ok();
    }
    case ValueKind::kDate:
      AppendQuoted(FormatDate(v.GetDate()), out);
      return Ok();
    case ValueKind::kTime:
      AppendQuoted(FormatTimeMicros(v.GetTemporal()), out);
      return Ok();
    case ValueKind::kTimestamp:
    case ValueKind::kTimestampNtz:
      AppendQuoted(FormatTimestampMicros(v.GetTemporal(), v.kind() == ValueKind::kTimestamp), out);
      return Ok();
    case ValueKind::kTimestampNanos:
    case ValueKind::kTimestampNtzNanos:
      AppendQuoted(FormatTimestampNanos(v.GetTemporal(), v.kind() == ValueKind::kTimestampNanos),
                   out);
      return Ok();
    case ValueKind::kBinary:
      out->push_back('"');
      AppendBase64(v.GetBinary(), out);
      out->push_back('"');
      return Ok();
    case ValueKind::kString:
      if (!AppendJsonString(*out, v.GetString()) && valid != nullptr) *valid = false;
      return Ok();
    case ValueKind::kUuid: {
      floe::Uuid u;
      std::memcpy(u.bytes.data(), v.GetUuid().data(), 16);
      AppendQuoted(u.ToString(), out);
      return Ok();
    }
    case ValueKind::kObject:
      out->push_back('{');
      for (uint32_t i = 0; i < v.num_elements(); ++i) {
        if (i > 0) out->push_back(',');
        FLOE_ASSIGN_OR_RETURN(std::string_view name, v.FieldName(i));
        if (!AppendJsonString(*out, name) && valid != nullptr) *valid = false;
        out->push_back(':');
        FLOE_ASSIGN_OR_RETURN(VariantValue child, v.FieldValue(i));
        FLOE_RETURN_IF_ERROR(AppendJsonAt(child, out, valid, depth + 1));
      }
      out->push_back('}');
      return Ok();
    case ValueKind::kArray:
      out->push_back('[');
      for (uint32_t i = 0; i < v.num_elements(); ++i) {
        if (i > 0) out->push_back(',');
        FLOE_ASSIGN_OR_RETURN(VariantValue child, v.Element(i));
        FLOE_RETURN_IF_ERROR(AppendJsonAt(child, out, valid, depth + 1));
      }
      out->push_back(']');
      return Ok();
  }
  return Ok();
}

class JsonParser {
 public:
  JsonParser(std::string_view text, VariantBuilder* b) : text_(text), b_(b) {}

  Status Document() {
    FLOE_RETURN_IF_ERROR(Value(0));
    SkipSpace();
    if (pos_ != text_.size()) return Fail("unexpected text after the JSON value");
    return Ok();
  }

 private:
  Error Fail(std::string_view what) const {
    return InvalidArgument("invalid JSON: {} at offset {}", what, pos_);
  }

  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool Literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Status Value(int depth) {
    if (depth > kMaxDepth) return Fail("JSON nests deeper than 500 levels");
    SkipSpace();
    if (pos_ >= text_.size()) return Fail("unexpected end of the text");
    char c = text_[pos_];
    if (c == '{') return Object(depth);
    if (c == '[') return Array(depth);
    if (c == '"') {
      std::string s;
      FLOE_RETURN_IF_ERROR(String(&s));
      b_->AppendString(s);
      return Ok();
    }
    if (Literal("true")) {
      b_->AppendBoolean(true);
      return Ok();
    }
    if (Literal("false")) {
      b_->AppendBoolean(false);
      return Ok();
    }
    if (Literal("null")) {
      b_->AppendNull();
      return Ok();
    }
    if (c == '-' || (c >= '0' && c <= '9')) return Number();
    return Fail("unexpected character");
  }

  Status Object(int depth) {
    ++pos_;
    size_t start = b_->Offset();
    std::vector<VariantBuilder::ObjectField> fields;
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return b_->FinishObject(start, {});
    }
    while (true) {
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"') return Fail("expected a key string");
      std::string key;
      FLOE_RETURN_IF_ERROR(String(&key));
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != ':') return Fail("expected ':'");
      ++pos_;
      fields.push_back({b_->AddKey(key), b_->Offset()});
      FLOE_RETURN_IF_ERROR(Value(depth + 1));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        break;
      }
      return Fail("expected ',' or '}'");
    }
    Status s = b_->FinishObject(start, std::move(fields));
    if (!s.ok()) return InvalidArgument("invalid JSON: {}", s.error().message);
    return Ok();
  }

  Status Array(int depth) {
    ++pos_;
    size_t start = b_->Offset();
    std::vector<size_t> offsets;
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      b_->FinishArray(start, offsets);
      return Ok();
    }
    while (true) {
      offsets.push_back(b_->Offset());
      FLOE_RETURN_IF_ERROR(Value(depth + 1));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        break;
      }
      return Fail("expected ',' or ']'");
    }
    b_->FinishArray(start, offsets);
    return Ok();
  }

  static void AppendUtf8(uint32_t cp, std::string* out) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  Result<uint32_t> Hex4() {
    if (pos_ + 4 > text_.size()) return Fail("truncated \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        v |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        v |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        return Fail("bad \\u escape");
      }
    }
    return v;
  }

  Status String(std::string* out) {
    ++pos_;  // the opening quote
    while (true) {
      if (pos_ >= text_.size()) return Fail("unterminated string");
      char c = text_[pos_++];
      if (c == '"') return Ok();
      if (static_cast<unsigned char>(c) < 0x20) return Fail("control character in a string");
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return Fail("unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out->push_back(e);
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          FLOE_ASSIGN_OR_RETURN(uint32_t cp, Hex4());
          if (cp >= 0xD800 && cp <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
            pos_ += 2;
            FLOE_ASSIGN_OR_RETURN(uint32_t lo, Hex4());
            if (lo < 0xDC00 || lo > 0xDFFF) return Fail("bad surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD;
          }
          AppendUtf8(cp, out);
          break;
        }
        default:
          return Fail("bad escape in a string");
      }
    }
  }

  Status Number() {
    size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    size_t int_start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    if (pos_ == int_start) return Fail("bad number");
    if (pos_ - int_start > 1 && text_[int_start] == '0') return Fail("number with a leading zero");
    bool fraction = false, exponent = false;
    size_t frac_digits = 0;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      fraction = true;
      ++pos_;
      size_t f = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      frac_digits = pos_ - f;
      if (frac_digits == 0) return Fail("bad number");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      exponent = true;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      size_t e = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      if (pos_ == e) return Fail("bad number");
    }
    std::string_view num = text_.substr(start, pos_ - start);
    if (!exponent) {
      // Exact forms: an integer, or a decimal of at most 38 digits.
      std::string digits;
      for (char c : num) {
        if (c >= '0' && c <= '9') digits.push_back(c);
      }
      size_t first = digits.find_first_not_of('0');
      size_t significant = first == std::string::npos ? 1 : digits.size() - first;
      if (!fraction) {
        int64_t v = 0;
        auto [p, ec] = std::from_chars(num.data(), num.data() + num.size(), v);
        if (ec == std::errc() && p == num.data() + num.size()) {
          b_->AppendInt(v);
          return Ok();
        }
      }
      if (significant <= 38 && frac_digits <= 38) {
        __int128 u = 0;
        for (char c : digits) u = u * 10 + (c - '0');
        if (num[0] == '-') u = -u;
        b_->AppendDecimal(Decimal{u, static_cast<int>(frac_digits)});
        return Ok();
      }
    }
    double d = 0;
    auto [p, ec] = std::from_chars(num.data(), num.data() + num.size(), d);
    if (ec == std::errc::result_out_of_range) return Fail("number out of the double range");
    if (ec != std::errc()) return Fail("bad number");
    b_->AppendDouble(d);
    return Ok();
  }

  std::string_view text_;
  VariantBuilder* b_;
  size_t pos_ = 0;
};

}  // namespace

Status AppendJson(const VariantValue& value, std::string* out, bool* valid_utf8) {
  return AppendJsonAt(value, out, valid_utf8, 0);
}

Result<std::string> ToJson(std::string_view metadata, std::string_view value) {
  FLOE_ASSIGN_OR_RETURN(VariantMetadata m, VariantMetadata::Make(metadata));
  FLOE_ASSIGN_OR_RETURN(VariantValue v, VariantValue::Make(&m, value));
  std::string out;
  FLOE_RETURN_IF_ERROR(AppendJson(v, &out));
  return out;
}

Result<EncodedVariant> ParseJson(std::string_view text) {
  VariantBuilder b;
  JsonParser parser(text, &b);
  FLOE_RETURN_IF_ERROR(parser.Document());
  EncodedVariant out;
  out.metadata = b.Metadata();
  out.value = b.TakeValue();
  return out;
}

}  // namespace floe::columnar::variant
