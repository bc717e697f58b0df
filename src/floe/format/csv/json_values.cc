#include "floe/format/csv/json_values.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "floe/util/ascii.h"

namespace floe::textformat {

namespace col = floe::columnar;

namespace {

constexpr int kMaxJsonDepth = 100;

class JsonColumnReader {
 public:
  JsonColumnReader(std::string_view text, const TextReadOptions& options)
      : text_(text), options_(options) {}

  Status Document(const col::DataType& type, col::ArrayBuilder* b) {
    SkipSpace();
    if (Peek() == 'n') {
      FLOE_RETURN_IF_ERROR(Word("null"));
      FLOE_RETURN_IF_ERROR(b->AppendNull());
    } else {
      FLOE_RETURN_IF_ERROR(Nested(type, b, 0));
    }
    SkipSpace();
    if (pos_ != text_.size()) return Fail("text after the JSON value");
    return Ok();
  }

  // The top-level object's values, as written (JsonObjectValueSpans).
  Status ObjectValueSpans(std::vector<std::string_view>* spans) {
    spans->clear();
    SkipSpace();
    if (Peek() != '{') return Fail("expected a JSON object");
    ++pos_;
    SkipSpace();
    if (Peek() == '}') return Ok();
    while (true) {
      if (Peek() != '"') return Fail("expected a key string");
      FLOE_RETURN_IF_ERROR(SkipString());
      FLOE_RETURN_IF_ERROR(Colon());
      SkipSpace();
      size_t start = pos_;
      FLOE_RETURN_IF_ERROR(Skip(1));
      spans->push_back(text_.substr(start, pos_ - start));
      FLOE_ASSIGN_OR_RETURN(bool end, EndOrComma('}'));
      if (end) return Ok();
    }
  }

 private:
  Error Fail(std::string_view what) const {
    return Corrupt("invalid JSON at byte {}: {}", pos_ + 1, what);
  }
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  Status Word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return Fail("expected a JSON value");
    pos_ += word.size();
    return Ok();
  }
  // After an element: true at the closing `close`, false at a comma (consumed).
  Result<bool> EndOrComma(char close) {
    SkipSpace();
    if (Peek() == close) {
      ++pos_;
      return true;
    }
    if (Peek() != ',') return Fail(fmt::format("expected ',' or '{}'", close));
    ++pos_;
    SkipSpace();
    return false;
  }

  // A value of `field`'s type.
  Status Value(const col::Field& field, col::ArrayBuilder* b, int depth) {
    if (depth > kMaxJsonDepth) return Fail("nested deeper than 100 levels");
    SkipSpace();
    char c = Peek();
    if (c == 'n') {
      FLOE_RETURN_IF_ERROR(Word("null"));
      return b->AppendNull();
    }
    if (field.type->is_nested()) return Nested(*field.type, b, depth + 1);
    std::string text;
    size_t start = pos_;
    if (c == '"') {
      FLOE_RETURN_IF_ERROR(String(&text));
    } else if (c == 't' || c == 'f') {
      FLOE_RETURN_IF_ERROR(Word(c == 't' ? "true" : "false"));
      text = c == 't' ? "true" : "false";
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      FLOE_RETURN_IF_ERROR(Number());
      text = text_.substr(start, pos_ - start);
    } else if ((c == '[' || c == '{') && field.type->id() == col::TypeId::kString) {
      FLOE_RETURN_IF_ERROR(Skip(depth + 1));  // nested JSON in a string field: its text
      text = text_.substr(start, pos_ - start);
    } else {
      return Fail("expected a JSON value");
    }
    Status st = AppendTextAs(field, text, b, options_);
    if (!st.ok()) return std::move(st).error().WithContext(fmt::format("field {}", field.name));
    return Ok();
  }

  Status Nested(const col::DataType& type, col::ArrayBuilder* b, int depth) {
    SkipSpace();
    char c = Peek();
    if (type.id() == col::TypeId::kList || (type.id() == col::TypeId::kMap && c == '[')) {
      if (c != '[') return Fail("expected a JSON array for a list");
      ++pos_;
      auto* list = static_cast<col::ListBuilder*>(b);
      FLOE_RETURN_IF_ERROR(list->Append(true));
      SkipSpace();
      if (Peek() == ']') {
        ++pos_;
        return Ok();
      }
      while (true) {
        FLOE_RETURN_IF_ERROR(Value(type.child(0), list->value_builder(), depth));
        FLOE_ASSIGN_OR_RETURN(bool end, EndOrComma(']'));
        if (end) return Ok();
      }
    }
    if (c != '{') {
      return Fail(type.id() == col::TypeId::kMap ? "expected a JSON object or array for a map"
                                                 : "expected a JSON object for a struct");
    }
    ++pos_;
    SkipSpace();
    if (type.id() == col::TypeId::kMap)
      return MapEntries(type, static_cast<col::ListBuilder*>(b), depth);
    auto* s = static_cast<col::StructBuilder*>(b);
    FLOE_RETURN_IF_ERROR(s->Append(true));
    std::vector<bool> seen(static_cast<size_t>(type.num_children()), false);
    if (Peek() == '}') {
      ++pos_;
    } else {
      while (true) {
        if (Peek() != '"') return Fail("expected a key string");
        std::string key;
        FLOE_RETURN_IF_ERROR(String(&key));
        int index = FieldIndex(type, key);
        if (index < 0) {
          std::string names;
          for (const col::Field& f : type.children()) names += (names.empty() ? "" : ", ") + f.name;
          return Corrupt("the struct has no field \"{}\" (its fields: {})", key, names);
        }
        if (seen[static_cast<size_t>(index)]) return Corrupt("field \"{}\" appears twice", key);
        seen[static_cast<size_t>(index)] = true;
        FLOE_RETURN_IF_ERROR(Colon());
        FLOE_RETURN_IF_ERROR(Value(type.child(index), s->child(index), depth));
        FLOE_ASSIGN_OR_RETURN(bool end, EndOrComma('}'));
        if (end) break;
      }
    }
    for (int i = 0; i < type.num_children(); ++i) {
      if (!seen[static_cast<size_t>(i)]) FLOE_RETURN_IF_ERROR(s->child(i)->AppendNull());
    }
    return Ok();
  }

  // A map from a JSON object, after its '{': keys read as the key type.
  Status MapEntries(const col::DataType& type, col::ListBuilder* map, int depth) {
    FLOE_RETURN_IF_ERROR(map->Append(true));
    if (Peek() == '}') {
      ++pos_;
      return Ok();
    }
    while (true) {
      if (Peek() != '"') return Fail("expected a key string");
      std::string key;
      FLOE_RETURN_IF_ERROR(String(&key));
      FLOE_RETURN_IF_ERROR(map->entries_builder()->Append(true));
      Status st = AppendTextAs(type.key_field(), key, map->key_builder(), options_);
      if (!st.ok()) return std::move(st).error().WithContext("a map key");
      FLOE_RETURN_IF_ERROR(Colon());
      FLOE_RETURN_IF_ERROR(Value(type.item_field(), map->item_builder(), depth));
      FLOE_ASSIGN_OR_RETURN(bool end, EndOrComma('}'));
      if (end) return Ok();
    }
  }

  static int FieldIndex(const col::DataType& type, std::string_view key) {
    for (int i = 0; i < type.num_children(); ++i) {
      if (type.child(i).name == key) return i;
    }
    for (int i = 0; i < type.num_children(); ++i) {
      if (AsciiEqualsIgnoreCase(type.child(i).name, key)) return i;
    }
    return -1;
  }

  Status Colon() {
    SkipSpace();
    if (Peek() != ':') return Fail("expected ':'");
    ++pos_;
    return Ok();
  }

  // Any JSON value, passed over (checked, not kept).
  Status Skip(int depth) {
    if (depth > kMaxJsonDepth) return Fail("nested deeper than 100 levels");
    SkipSpace();
    char c = Peek();
    if (c == '"') return SkipString();
    if (c == '[' || c == '{') {
      char close = c == '[' ? ']' : '}';
      ++pos_;
      SkipSpace();
      if (Peek() == close) {
        ++pos_;
        return Ok();
      }
      while (true) {
        if (close == '}') {
          if (Peek() != '"') return Fail("expected a key string");
          FLOE_RETURN_IF_ERROR(SkipString());
          FLOE_RETURN_IF_ERROR(Colon());
        }
        FLOE_RETURN_IF_ERROR(Skip(depth + 1));
        FLOE_ASSIGN_OR_RETURN(bool end, EndOrComma(close));
        if (end) return Ok();
      }
    }
    if (c == 't') return Word("true");
    if (c == 'f') return Word("false");
    if (c == 'n') return Word("null");
    return Number();
  }

  // RFC 8259's number grammar; the text is kept as written.
  Status Number() {
    auto digits = [&] {
      size_t start = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - start;
    };
    if (Peek() == '-') ++pos_;
    if (digits() == 0) return Fail("expected a number");
    if (Peek() == '.') {
      ++pos_;
      if (digits() == 0) return Fail("expected digits after '.'");
    }
    if (Peek() == 'e' || Peek() == 'E') {
      ++pos_;
      if (Peek() == '+' || Peek() == '-') ++pos_;
      if (digits() == 0) return Fail("expected exponent digits");
    }
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
    if (pos_ + 4 > text_.size()) return Fail("a \\u escape needs 4 hex digits");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      int d = (c >= '0' && c <= '9')   ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                       : -1;
      if (d < 0) return Fail("a \\u escape needs 4 hex digits");
      v = (v << 4) | static_cast<uint32_t>(d);
    }
    return v;
  }

  // A string passed over, unread (an NDJSON line was validated by simdjson; nested JSON in a
  // string field is kept as written).
  Status SkipString() {
    ++pos_;  // the opening quote
    while (pos_ < text_.size()) {
      char c = text_[pos_++];
      if (c == '"') return Ok();
      if (c == '\\') ++pos_;
    }
    return Fail("a string is not closed");
  }

  Status String(std::string* out) {
    ++pos_;  // the opening quote
    while (true) {
      if (pos_ >= text_.size()) return Fail("a string is not closed");
      char c = text_[pos_++];
      if (c == '"') return Ok();
      if (static_cast<unsigned char>(c) < 0x20) return Fail("a control character in a string");
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return Fail("a string is not closed");
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
            FLOE_ASSIGN_OR_RETURN(uint32_t low, Hex4());
            if (low < 0xDC00 || low > 0xDFFF) return Fail("a bad surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD;
          }
          if (cp == 0) return Fail("an escaped NUL (\\u0000): strings must not hold NUL bytes");
          AppendUtf8(cp, out);
          break;
        }
        default:
          return Fail("a bad escape in a string");
      }
    }
  }

  std::string_view text_;
  const TextReadOptions& options_;
  size_t pos_ = 0;
};

}  // namespace

Status AppendJsonAs(const col::DataType& type, std::string_view json, col::ArrayBuilder* builder,
                    const TextReadOptions& options) {
  return JsonColumnReader(json, options).Document(type, builder);
}

Status JsonObjectValueSpans(std::string_view object, std::vector<std::string_view>* spans) {
  TextReadOptions unused;
  return JsonColumnReader(object, unused).ObjectValueSpans(spans);
}

std::string MinifiedJson(std::string_view json) {
  std::string out;
  out.reserve(json.size());
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
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == '"') in_string = true;
    out.push_back(c);
  }
  return out;
}

}  // namespace floe::textformat
