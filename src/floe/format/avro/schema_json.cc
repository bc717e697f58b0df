// The JSON form of Avro schemas: parsing (names, namespaces, references, attributes) and writing.
#include <map>
#include <set>

#include "floe/format/avro/schema.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::avro {
namespace {

constexpr int kMaxDepth = 200;

std::optional<Type> PrimitiveType(std::string_view name) {
  static const std::pair<std::string_view, Type> kPrimitives[] = {
      {"null", Type::kNull},   {"boolean", Type::kBoolean}, {"int", Type::kInt},
      {"long", Type::kLong},   {"float", Type::kFloat},     {"double", Type::kDouble},
      {"bytes", Type::kBytes}, {"string", Type::kString}};
  for (auto [n, t] : kPrimitives) {
    if (n == name) return t;
  }
  return std::nullopt;
}

bool ValidNamePart(std::string_view s) {
  if (s.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s) {
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  }
  return true;
}

// A dotted name: every part valid (an empty string is valid only when allow_empty).
bool ValidFullName(std::string_view s, bool allow_empty) {
  if (s.empty()) return allow_empty;
  size_t start = 0;
  for (;;) {
    size_t dot = s.find('.', start);
    if (!ValidNamePart(s.substr(start, dot == std::string_view::npos ? dot : dot - start))) {
      return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

class Parser {
 public:
  explicit Parser(Schema* schema) : schema_(schema) {}

  Result<const Node*> ParseType(const JsonValue& v, const std::string& ns, int depth) {
    if (depth > kMaxDepth) return v.Invalid("schema nests too deeply");
    if (v.IsString()) {
      FLOE_ASSIGN_OR_RETURN(std::string_view name, v.AsString());
      return Reference(v, name, ns);
    }
    if (v.IsArray()) return ParseUnion(v, ns, depth);
    if (!v.IsObject()) return v.Invalid("expected a schema (string, object or array)");
    FLOE_ASSIGN_OR_RETURN(JsonValue type_value, v.Get("type"));
    if (!type_value.IsString()) return ParseType(type_value, ns, depth + 1);
    FLOE_ASSIGN_OR_RETURN(std::string_view type, type_value.AsString());
    if (auto primitive = PrimitiveType(type)) {
      Node* node = schema_->New(*primitive);
      FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
      return node;
    }
    if (type == "record" || type == "error") return ParseRecord(v, ns, depth);
    if (type == "enum") return ParseEnum(v, ns);
    if (type == "fixed") return ParseFixed(v, ns);
    if (type == "array") {
      Node* node = schema_->New(Type::kArray);
      FLOE_ASSIGN_OR_RETURN(JsonValue items, v.Get("items"));
      FLOE_ASSIGN_OR_RETURN(node->items, ParseType(items, ns, depth + 1));
      FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
      return node;
    }
    if (type == "map") {
      Node* node = schema_->New(Type::kMap);
      FLOE_ASSIGN_OR_RETURN(JsonValue values, v.Get("values"));
      FLOE_ASSIGN_OR_RETURN(node->values, ParseType(values, ns, depth + 1));
      FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
      return node;
    }
    // {"type": "SomeName"}: a reference to a named type.
    return Reference(type_value, type, ns);
  }

 private:
  Result<const Node*> Reference(const JsonValue& v, std::string_view name, const std::string& ns) {
    if (auto primitive = PrimitiveType(name)) return schema_->New(*primitive);
    if (name.find('.') == std::string_view::npos && !ns.empty()) {
      auto it = names_.find(ns + "." + std::string(name));
      if (it != names_.end()) return it->second;
    }
    auto it = names_.find(std::string(name));
    if (it != names_.end()) return it->second;
    return v.Invalid(fmt::format("unknown type \"{}\"", name));
  }

  Result<const Node*> ParseUnion(const JsonValue& v, const std::string& ns, int depth) {
    Node* node = schema_->New(Type::kUnion);
    FLOE_ASSIGN_OR_RETURN(auto items, v.AsArray());
    std::set<std::string> seen;
    for (const JsonValue& item : items) {
      FLOE_ASSIGN_OR_RETURN(const Node* branch, ParseType(item, ns, depth + 1));
      if (branch->type == Type::kUnion) return item.Invalid("a union may not contain a union");
      std::string key =
          IsNamed(branch->type) ? branch->FullName() : std::string(TypeName(branch->type));
      if (!seen.insert(key).second)
        return item.Invalid(fmt::format("duplicate union branch {}", key));
      node->branches.push_back(branch);
    }
    return node;
  }

  // Sets name and namespace of a named type and registers it; `ns` becomes the enclosing one.
  Status ParseName(const JsonValue& v, Node* node, std::string* ns) {
    FLOE_ASSIGN_OR_RETURN(std::string_view name, v.GetString("name"));
    FLOE_ASSIGN_OR_RETURN(auto space, v.FindString("namespace"));
    if (!ValidFullName(name, false)) return v.Invalid(fmt::format("invalid name \"{}\"", name));
    size_t dot = name.rfind('.');
    if (dot != std::string_view::npos) {
      node->space = std::string(name.substr(0, dot));
      node->name = std::string(name.substr(dot + 1));
    } else {
      if (space && !ValidFullName(*space, true)) {
        return v.Invalid(fmt::format("invalid namespace \"{}\"", *space));
      }
      node->space = space ? std::string(*space) : *ns;
      node->name = std::string(name);
    }
    if (PrimitiveType(node->FullName())) {
      return v.Invalid(fmt::format("a named type may not be called \"{}\"", node->FullName()));
    }
    if (!names_.emplace(node->FullName(), node).second) {
      return v.Invalid(fmt::format("type \"{}\" is defined twice", node->FullName()));
    }
    if (auto aliases = v.Find("aliases"))
      FLOE_RETURN_IF_ERROR(StringList(*aliases, &node->aliases));
    FLOE_ASSIGN_OR_RETURN(auto doc, v.FindString("doc"));
    if (doc) node->doc = std::string(*doc);
    *ns = node->space;
    return Ok();
  }

  Result<const Node*> ParseRecord(const JsonValue& v, std::string ns, int depth) {
    Node* node = schema_->New(Type::kRecord);
    FLOE_RETURN_IF_ERROR(ParseName(v, node, &ns));
    FLOE_ASSIGN_OR_RETURN(JsonValue fields_value, v.Get("fields"));
    FLOE_ASSIGN_OR_RETURN(auto fields, fields_value.AsArray());
    std::set<std::string> seen;
    for (const JsonValue& fv : fields) {
      if (!fv.IsObject()) return fv.Invalid("expected a field object");
      Field field;
      FLOE_ASSIGN_OR_RETURN(std::string_view name, fv.GetString("name"));
      if (!ValidNamePart(name)) return fv.Invalid(fmt::format("invalid field name \"{}\"", name));
      field.name = std::string(name);
      if (!seen.insert(field.name).second) {
        return fv.Invalid(fmt::format("duplicate field \"{}\"", name));
      }
      FLOE_ASSIGN_OR_RETURN(JsonValue type, fv.Get("type"));
      FLOE_ASSIGN_OR_RETURN(field.type, ParseType(type, ns, depth + 1));
      FLOE_ASSIGN_OR_RETURN(auto members, fv.AsObject());
      for (const auto& [key, value] : members) {
        if (key == "name" || key == "type") continue;
        if (key == "default") {
          field.default_json = value.ToJson();
        } else if (key == "doc" && value.IsString()) {
          field.doc = std::string(*value.AsString());
        } else if (key == "order" && value.IsString()) {
          field.order = std::string(*value.AsString());
        } else if (key == "aliases") {
          FLOE_RETURN_IF_ERROR(StringList(value, &field.aliases));
        } else if (key == "field-id" && value.IsInt()) {
          FLOE_ASSIGN_OR_RETURN(field.field_id, value.AsInt32());
        } else {
          field.attributes.emplace_back(std::string(key), value.ToJson());
        }
      }
      node->fields.push_back(std::move(field));
    }
    FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
    return node;
  }

  Result<const Node*> ParseEnum(const JsonValue& v, std::string ns) {
    Node* node = schema_->New(Type::kEnum);
    FLOE_RETURN_IF_ERROR(ParseName(v, node, &ns));
    FLOE_ASSIGN_OR_RETURN(JsonValue symbols, v.Get("symbols"));
    FLOE_RETURN_IF_ERROR(StringList(symbols, &node->symbols));
    std::set<std::string> seen;
    for (const std::string& s : node->symbols) {
      if (!ValidNamePart(s)) return symbols.Invalid(fmt::format("invalid enum symbol \"{}\"", s));
      if (!seen.insert(s).second) return symbols.Invalid(fmt::format("duplicate symbol \"{}\"", s));
    }
    FLOE_ASSIGN_OR_RETURN(auto def, v.FindString("default"));
    if (def) {
      if (!seen.count(std::string(*def)))
        return v.Invalid("enum default is not one of its symbols");
      node->enum_default = std::string(*def);
    }
    FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
    return node;
  }

  Result<const Node*> ParseFixed(const JsonValue& v, std::string ns) {
    Node* node = schema_->New(Type::kFixed);
    FLOE_RETURN_IF_ERROR(ParseName(v, node, &ns));
    FLOE_ASSIGN_OR_RETURN(node->size, v.GetInt("size"));
    if (node->size < 0 || node->size > (int64_t{1} << 30)) return v.Invalid("bad fixed size");
    FLOE_RETURN_IF_ERROR(ParseAttributes(v, node));
    return node;
  }

  static Status StringList(const JsonValue& v, std::vector<std::string>* out) {
    FLOE_ASSIGN_OR_RETURN(auto items, v.AsArray());
    for (const JsonValue& item : items) {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, item.AsString());
      out->emplace_back(s);
    }
    return Ok();
  }

  // Logical type, Iceberg ids and any other attribute not consumed by the type itself.
  static Status ParseAttributes(const JsonValue& v, Node* node) {
    static const std::set<std::string_view> kStructural = {
        "type",   "name",    "namespace", "aliases", "doc",
        "fields", "symbols", "items",     "values",  "size"};
    FLOE_ASSIGN_OR_RETURN(auto members, v.AsObject());
    for (const auto& [key, value] : members) {
      if (kStructural.count(key) || (key == "default" && node->type == Type::kEnum)) continue;
      if (key == "logicalType" && value.IsString()) {
        node->logical_type = std::string(*value.AsString());
      } else if (key == "precision" && value.IsInt()) {
        FLOE_ASSIGN_OR_RETURN(node->precision, value.AsInt32());
      } else if (key == "scale" && value.IsInt()) {
        FLOE_ASSIGN_OR_RETURN(node->scale, value.AsInt32());
      } else if (key == "element-id" && value.IsInt()) {
        FLOE_ASSIGN_OR_RETURN(node->element_id, value.AsInt32());
      } else if (key == "key-id" && value.IsInt()) {
        FLOE_ASSIGN_OR_RETURN(node->key_id, value.AsInt32());
      } else if (key == "value-id" && value.IsInt()) {
        FLOE_ASSIGN_OR_RETURN(node->value_id, value.AsInt32());
      } else if (key == "adjust-to-utc" && value.IsBool()) {
        FLOE_ASSIGN_OR_RETURN(node->adjust_to_utc, value.AsBool());
      } else {
        node->attributes.emplace_back(std::string(key), value.ToJson());
      }
    }
    return Ok();
  }

  Schema* schema_;
  std::map<std::string, const Node*> names_;
};

class Writer {
 public:
  Writer(JsonWriter* w, bool canonical) : w_(w), canonical_(canonical) {}

  void Write(const Node& node, const std::string& ns) {
    if (IsNamed(node.type) && !written_.insert(&node).second) {
      w_->String(canonical_ || node.space == ns ? (canonical_ ? node.FullName() : node.name)
                                                : node.FullName());
      return;
    }
    bool plain = node.logical_type.empty() && !node.element_id && !node.key_id && !node.value_id &&
                 !node.adjust_to_utc && node.attributes.empty();
    switch (node.type) {
      case Type::kUnion:
        w_->BeginArray();
        for (const Node* b : node.branches) Write(*b, ns);
        w_->EndArray();
        return;
      case Type::kRecord:
      case Type::kEnum:
      case Type::kFixed:
        break;
      case Type::kArray:
      case Type::kMap:
        break;
      default:
        if (canonical_ || plain) {
          w_->String(TypeName(node.type));
          return;
        }
    }
    w_->BeginObject();
    if (canonical_) {
      if (IsNamed(node.type)) w_->Member("name", node.FullName());
      w_->Member("type", TypeName(node.type));
    } else {
      w_->Member("type", TypeName(node.type));
      if (IsNamed(node.type)) {
        w_->Member("name", node.name);
        if (node.space != ns) w_->Member("namespace", node.space);
      }
    }
    std::string inner_ns = IsNamed(node.type) ? node.space : ns;
    switch (node.type) {
      case Type::kRecord:
        w_->Key("fields");
        w_->BeginArray();
        for (const Field& f : node.fields) WriteField(f, inner_ns);
        w_->EndArray();
        break;
      case Type::kEnum:
        w_->Key("symbols");
        w_->BeginArray();
        for (const std::string& s : node.symbols) w_->String(s);
        w_->EndArray();
        if (!canonical_ && node.enum_default) w_->Member("default", *node.enum_default);
        break;
      case Type::kArray:
        w_->Key("items");
        Write(*node.items, ns);
        break;
      case Type::kMap:
        w_->Key("values");
        Write(*node.values, ns);
        break;
      case Type::kFixed:
        w_->Key("size");
        w_->Int(node.size);
        break;
      default:
        break;
    }
    if (!canonical_) {
      if (!node.aliases.empty()) {
        w_->Key("aliases");
        w_->BeginArray();
        for (const std::string& a : node.aliases) w_->String(a);
        w_->EndArray();
      }
      if (!node.doc.empty()) w_->Member("doc", node.doc);
      if (!node.logical_type.empty()) w_->Member("logicalType", node.logical_type);
      if (node.logical_type == "decimal") {
        w_->Member("precision", node.precision);
        w_->Member("scale", node.scale);
      }
      if (node.element_id) w_->Member("element-id", *node.element_id);
      if (node.key_id) w_->Member("key-id", *node.key_id);
      if (node.value_id) w_->Member("value-id", *node.value_id);
      if (node.adjust_to_utc) w_->Member("adjust-to-utc", *node.adjust_to_utc);
      for (const auto& [k, v] : node.attributes) {
        w_->Key(k);
        w_->Raw(v);
      }
    }
    w_->EndObject();
  }

 private:
  void WriteField(const Field& f, const std::string& ns) {
    w_->BeginObject();
    w_->Member("name", f.name);
    w_->Key("type");
    Write(*f.type, ns);
    if (!canonical_) {
      if (!f.doc.empty()) w_->Member("doc", f.doc);
      if (f.default_json) {
        w_->Key("default");
        w_->Raw(*f.default_json);
      }
      if (!f.order.empty()) w_->Member("order", f.order);
      if (!f.aliases.empty()) {
        w_->Key("aliases");
        w_->BeginArray();
        for (const std::string& a : f.aliases) w_->String(a);
        w_->EndArray();
      }
      if (f.field_id) w_->Member("field-id", *f.field_id);
      for (const auto& [k, v] : f.attributes) {
        w_->Key(k);
        w_->Raw(v);
      }
    }
    w_->EndObject();
  }

  JsonWriter* w_;
  bool canonical_;
  std::set<const Node*> written_;
};

}  // namespace

Result<std::shared_ptr<const Schema>> Schema::Parse(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  auto schema = std::make_shared<Schema>();
  Parser parser(schema.get());
  auto root = parser.ParseType(doc->root(), "", 0);
  if (!root.ok()) return std::move(root).error().WithContext("Avro schema");
  schema->set_root(*root);
  return std::shared_ptr<const Schema>(std::move(schema));
}

std::string Schema::ToJson(bool pretty) const {
  JsonWriter w(pretty);
  Writer(&w, false).Write(*root_, "");
  return w.Take();
}

std::string Schema::CanonicalForm() const {
  JsonWriter w(false);
  Writer(&w, true).Write(*root_, "");
  return w.Take();
}

}  // namespace floe::avro
