#include "floe/spec/schema_text.h"

#include <algorithm>
#include <cctype>

#include "floe/spec/ddl_lexer.h"
#include "floe/util/ascii.h"

namespace floe::spec {

namespace {

constexpr std::string_view kWhat = "schema";

class SchemaParser {
 public:
  explicit SchemaParser(DdlCursor cursor) : in_(std::move(cursor)) {}

  Result<Schema> Parse() {
    Schema schema;
    FLOE_ASSIGN_OR_RETURN(schema.fields, Fields(/*nested=*/false));
    if (!in_.AtEnd()) return in_.ErrorAt(in_.Peek(), "expected ',' between columns");
    if (schema.fields.empty()) return in_.ErrorAt(in_.Peek(), "no columns");
    FLOE_RETURN_IF_ERROR(schema.Validate());
    return schema;
  }

 private:
  // name type [not null] [comment '...'], separated by commas; inside struct<…> a ':' may
  // follow the name (Spark's and Hive's form).
  Result<std::vector<NestedField>> Fields(bool nested) {
    std::vector<NestedField> fields;
    do {
      if (nested && in_.Peek().kind == DdlToken::kSymbol && in_.Peek().text == ">") break;
      NestedField f;
      f.id = ++last_id_;
      FLOE_ASSIGN_OR_RETURN(f.name, in_.ExpectName("a column name"));
      if (nested) in_.Accept(':');
      FLOE_ASSIGN_OR_RETURN(f.type, TypeOf(f.name));
      FLOE_ASSIGN_OR_RETURN(f.required, NotNull());
      if (in_.AcceptWord("comment")) {
        if (in_.Peek().kind != DdlToken::kString) {
          return in_.ErrorAt(in_.Peek(), "expected a quoted comment after COMMENT");
        }
        f.doc = in_.Next().text;
      }
      fields.push_back(std::move(f));
    } while (in_.Accept(','));
    return fields;
  }

  Result<bool> NotNull() {
    if (in_.AcceptWord("not")) {
      if (!in_.AcceptWord("null")) return in_.ErrorAt(in_.Peek(), "expected NULL after NOT");
      return true;
    }
    in_.AcceptWord("null");  // an explicit "null": optional, the default
    return false;
  }

  // An element or value type inside list<…>/map<…>: a type, then optionally NOT NULL.
  Result<NestedField> Inner(std::string_view column, std::string name) {
    NestedField f;
    f.id = ++last_id_;
    f.name = std::move(name);
    FLOE_ASSIGN_OR_RETURN(f.type, TypeOf(column));
    FLOE_ASSIGN_OR_RETURN(f.required, NotNull());
    return f;
  }

  Result<TypePtr> TypeOf(std::string_view column) {
    const DdlToken& t = in_.Peek();
    if (t.kind != DdlToken::kWord || t.quoted) {
      return in_.ErrorAt(t, fmt::format("{}: expected a type", column));
    }
    const std::string name = AsciiLower(in_.Next().text);
    if (name == "struct") {
      FLOE_RETURN_IF_ERROR(in_.Expect('<'));
      FLOE_ASSIGN_OR_RETURN(auto fields, Fields(/*nested=*/true));
      FLOE_RETURN_IF_ERROR(in_.Expect('>'));
      return Type::Struct(std::move(fields));
    }
    if (name == "list" || name == "array") {
      FLOE_RETURN_IF_ERROR(in_.Expect('<'));
      FLOE_ASSIGN_OR_RETURN(auto element, Inner(column, "element"));
      FLOE_RETURN_IF_ERROR(in_.Expect('>'));
      return Type::List(std::move(element));
    }
    if (name == "map") {
      FLOE_RETURN_IF_ERROR(in_.Expect('<'));
      FLOE_ASSIGN_OR_RETURN(auto key, Inner(column, "key"));
      key.required = true;  // map keys are always required (spec)
      FLOE_RETURN_IF_ERROR(in_.Expect(','));
      FLOE_ASSIGN_OR_RETURN(auto value, Inner(column, "value"));
      FLOE_RETURN_IF_ERROR(in_.Expect('>'));
      return Type::Map(std::move(key), std::move(value));
    }
    if (name == "decimal" || name == "numeric") {
      FLOE_RETURN_IF_ERROR(in_.Expect('('));
      FLOE_ASSIGN_OR_RETURN(int32_t precision, in_.ExpectInt("the precision"));
      int32_t scale = 0;
      if (in_.Accept(',')) {
        FLOE_ASSIGN_OR_RETURN(scale, in_.ExpectInt("the scale"));
      }
      FLOE_RETURN_IF_ERROR(in_.Expect(')'));
      if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
        return in_.ErrorAt(t, fmt::format("{}: decimal({}, {}): want 1 <= precision <= 38 and "
                                          "0 <= scale <= precision",
                                          column, precision, scale));
      }
      return Type::Decimal(precision, scale);
    }
    if (name == "fixed") {
      const bool bracket = in_.Accept('[');
      if (!bracket) FLOE_RETURN_IF_ERROR(in_.Expect('('));
      FLOE_ASSIGN_OR_RETURN(int32_t length, in_.ExpectInt("the length"));
      FLOE_RETURN_IF_ERROR(in_.Expect(bracket ? ']' : ')'));
      if (length < 1) return in_.ErrorAt(t, fmt::format("{}: fixed length must be > 0", column));
      return Type::Fixed(length);
    }
    if (name == "geometry" || name == "geography") {  // v3: geometry(C), geography(C, A)
      std::vector<std::string> args;
      if (in_.Accept('(')) {
        do {
          // A CRS such as srid:4326, OGC:CRS84 or projjson:key is several tokens.
          std::string arg;
          while (!in_.AtEnd() && !(in_.Peek().kind == DdlToken::kSymbol &&
                                   (in_.Peek().text == "," || in_.Peek().text == ")"))) {
            arg += in_.Next().text;
          }
          if (arg.empty())
            return in_.ErrorAt(in_.Peek(), fmt::format("{}: expected a CRS", column));
          args.push_back(std::move(arg));
        } while (in_.Accept(','));
        FLOE_RETURN_IF_ERROR(in_.Expect(')'));
      }
      if (name == "geometry" && args.size() > 1) {
        return in_.ErrorAt(t, fmt::format("{}: geometry takes one argument, the CRS", column));
      }
      if (args.size() > 2) {
        return in_.ErrorAt(
            t, fmt::format("{}: geography takes two arguments, the CRS and the edge algorithm",
                           column));
      }
      args.resize(2);
      if (name == "geometry") return Type::Geometry(args[0]);
      return Type::Geography(args[0], AsciiLower(args[1]));
    }
    if (name == "varchar" || name == "char") {  // Spark: a string with a length limit
      if (in_.Accept('(')) {
        FLOE_RETURN_IF_ERROR(in_.ExpectInt("the length"));
        FLOE_RETURN_IF_ERROR(in_.Expect(')'));
      }
      return Type::String();
    }
    if (name == "timestamp") {
      return in_.ErrorAt(t, fmt::format("{}: write timestamptz or timestamp_ntz: a bare timestamp "
                                        "has no time zone in Iceberg "
                                        "and one in Spark",
                                        column));
    }
    static const std::pair<std::string_view, std::string_view> kAliases[] = {
        {"bigint", "long"},
        {"integer", "int"},
        {"smallint", "int"},
        {"tinyint", "int"},
        {"byte", "int"},
        {"short", "int"},
        {"real", "float"},
        {"bool", "boolean"},
        {"text", "string"},
        {"timestamp_ntz", "timestamp"},
        {"timestamp_ltz", "timestamptz"},
        {"timestamp_ntz_ns", "timestamp_ns"},
        {"bytes", "binary"}};
    std::string spec_name = name;
    for (const auto& [alias, real] : kAliases) {
      if (name == alias) spec_name = real;
    }
    auto type = ParsePrimitiveType(spec_name);
    if (!type.ok()) return in_.ErrorAt(t, fmt::format("{}: unknown type \"{}\"", column, name));
    return type;
  }

  DdlCursor in_;
  int32_t last_id_ = 0;
};

}  // namespace

Result<Schema> ParseSchemaText(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto tokens, LexDdl(text, kWhat));
  return SchemaParser(DdlCursor(std::move(tokens), kWhat, text)).Parse();
}

}  // namespace floe::spec
