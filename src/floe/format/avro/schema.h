// Avro schemas (Avro spec, "Schema Declaration"): a graph of nodes owned by one Schema. Named
// types are shared nodes, so recursive records form cycles; everything points into the Schema,
// which must outlive every plan or datum made from it. Attributes Iceberg relies on (field-id,
// element-id, key-id, value-id, adjust-to-utc, logicalType) are kept typed; any other attribute
// is kept as raw JSON so a schema writes back with everything it was read with.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/result.h"

namespace floe::avro {

enum class Type {
  kNull,
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kBytes,
  kString,
  kRecord,
  kEnum,
  kArray,
  kMap,
  kUnion,
  kFixed,
};

std::string_view TypeName(Type type);
bool IsNamed(Type type);

// Extra attributes: name and minified JSON value, in document order.
using Attributes = std::vector<std::pair<std::string, std::string>>;

struct Node;

struct Field {
  std::string name;
  const Node* type = nullptr;
  std::vector<std::string> aliases;
  std::optional<std::string> default_json;  // the default value as minified JSON
  std::optional<int32_t> field_id;          // Iceberg "field-id"
  std::string doc;
  std::string order;  // "ascending" (omitted), "descending", "ignore"
  Attributes attributes;
};

struct Node {
  Type type = Type::kNull;
  // Named types (record, enum, fixed).
  std::string name;   // short name
  std::string space;  // namespace, "" for the null namespace
  std::vector<std::string> aliases;
  std::string doc;
  // Record.
  std::vector<Field> fields;
  // Enum.
  std::vector<std::string> symbols;
  std::optional<std::string> enum_default;
  // Array items, map values.
  const Node* items = nullptr;
  const Node* values = nullptr;
  // Union branches.
  std::vector<const Node*> branches;
  // Fixed.
  int64_t size = 0;
  // Logical type ("" when none) and its parameters.
  std::string logical_type;
  int32_t precision = 0;
  int32_t scale = 0;
  // Iceberg attributes.
  std::optional<int32_t> element_id;  // arrays
  std::optional<int32_t> key_id;      // maps
  std::optional<int32_t> value_id;    // maps
  std::optional<bool> adjust_to_utc;  // timestamps
  Attributes attributes;

  std::string FullName() const { return space.empty() ? name : space + "." + name; }
  // Index of the field named `name` (or having it as an alias), or -1.
  int FindField(std::string_view field_name) const;
  // For a union: index of the "null" branch, or -1.
  int NullBranch() const;
};

class Schema {
 public:
  Schema() = default;
  Schema(const Schema&) = delete;
  Schema& operator=(const Schema&) = delete;
  Schema(Schema&&) = default;
  Schema& operator=(Schema&&) = default;

  // Parses the JSON form. Errors are kCorrupt and name the JSON path.
  static Result<std::shared_ptr<const Schema>> Parse(std::string_view json);
  // Parse through a small process-wide cache of the texts parsed lately (thread-safe; a schema
  // is immutable once parsed): the manifests of a table repeat one schema text a thousand
  // times, and parsing it was a tenth of planning a scan.
  static Result<std::shared_ptr<const Schema>> ParseShared(std::string_view json);

  const Node& root() const { return *root_; }
  // The JSON form: every attribute kept; named types written in full once, then by name.
  std::string ToJson(bool pretty = false) const;
  // Avro's Parsing Canonical Form (spec "Schema Resolution" / "Parsing Canonical Form").
  std::string CanonicalForm() const;

  // Building a schema by hand: New() makes a node owned by this schema; set the root last.
  Node* New(Type type);
  void set_root(const Node* root) { root_ = root; }

 private:
  std::vector<std::unique_ptr<Node>> nodes_;
  const Node* root_ = nullptr;
};

// Minimum number of bytes one value of `node` takes in the binary encoding (0 for null or empty
// records). Used to bound counts read from untrusted input.
int64_t MinEncodedSize(const Node& node);

}  // namespace floe::avro
