// Name mapping (spec: "Column Projection" and "Name Mapping Serialization"): for data files
// written without field ids (files imported with add_files, or written before the table was
// Iceberg), the table property `schema.name-mapping.default` tells which field id each column
// name stands for. It is a JSON list of mapped fields:
//   [ {"field-id": 1, "names": ["id", "record_id"]},
//     {"field-id": 2, "names": ["data"]},
//     {"field-id": 3, "names": ["location"], "fields": [
//         {"field-id": 4, "names": ["latitude", "lat"]}, ...]} ]
// "field-id" may be absent (the name then maps to no field); "fields" maps the children of a
// struct, the element of a list (name "element") and the key and value of a map ("key",
// "value"). Names match exactly (case-sensitively), as in Java's MappedFields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::spec {

struct MappedField {
  std::optional<int32_t> field_id;
  std::vector<std::string> names;
  std::vector<MappedField> fields;  // nested mapping (struct fields, list element, map key/value)
};

class NameMapping {
 public:
  NameMapping() = default;
  explicit NameMapping(std::vector<MappedField> fields) : fields_(std::move(fields)) {}

  // Parses the property's JSON text; Corrupt naming the property and the JSON path when the text
  // is not a list of mapped fields.
  static Result<NameMapping> Parse(std::string_view json);

  const std::vector<MappedField>& fields() const { return fields_; }

  // The mapped field among `fields` with `name`, or nullptr.
  static const MappedField* Find(const std::vector<MappedField>& fields, std::string_view name);

  // The mapping of a schema: every field under its current name (Java's MappingUtil.create),
  // struct fields, list elements ("element") and map keys and values ("key", "value") nested.
  static NameMapping ForSchema(const spec::Schema& schema);
  // The property's JSON text (the form Parse reads): compact, fields in schema order.
  std::string ToJson() const;

 private:
  std::vector<MappedField> fields_;
};

// The table property holding the mapping, for Parse's messages: commit::kDefaultNameMapping
// declares it with the other table properties (a static_assert keeps the two equal); read it
// through that.
inline constexpr std::string_view kNameMappingProperty = "schema.name-mapping.default";

}  // namespace floe::spec
