// An Iceberg schema (spec: "Schemas and Data Types"): a struct of fields with ids, an id of its
// own, and the identifier fields that identify a row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::spec {

struct Schema {
  int32_t schema_id = 0;
  std::vector<NestedField> fields;
  std::vector<int32_t> identifier_field_ids;

  // The field with this id anywhere in the schema (struct fields, list elements, map keys and
  // values), or nullptr. Pointers stay valid while the schema lives.
  const NestedField* FindFieldById(int32_t id) const;

  // The field with this dotted name: "address.city", "tags.element", "props.key",
  // "props.value", and the short forms that skip a list element or map value whose type is a
  // struct ("points.x" for "points.element.x"). Names compare exactly, or ignoring ASCII case.
  const NestedField* FindFieldByName(std::string_view name, bool case_sensitive = true) const;

  // The full dotted name of the field with this id ("address.city", "tags.element").
  std::optional<std::string> FindColumnName(int32_t id) const;

  // The ids of the fields enclosing `id`, outermost first (empty for a top-level field); nullopt
  // if there is no such field.
  std::optional<std::vector<int32_t>> FindParentIds(int32_t id) const;

  // The largest field id used anywhere (0 for an empty schema).
  int32_t HighestFieldId() const;

  // The schema as a struct type.
  TypePtr AsStruct() const;

  // Checks the spec's rules: unique field ids, unique names among siblings, map keys required,
  // identifier fields exist, are primitive, required, not float/double and not inside a list or
  // map or an optional struct; defaults are valid JSON single values of their field's type, and
  // fields of type unknown are optional with null defaults. Errors name the field.
  Status Validate() const;

  // Checks that a table of this format version can hold the schema (Java:
  // Schema.checkCompatibility): the v3 types (unknown, variant, geometry, geography, timestamp_ns,
  // timestamptz_ns) and field defaults need format version 3. The error names the field.
  Status CheckFormatVersion(int format_version) const;

  // Equal fields and identifier fields; the schema id is not compared.
  bool SameSchema(const Schema& other) const;
  // SameSchema and equal schema ids.
  bool operator==(const Schema& other) const;
};

// Calls fn(field, full_name, parent_ids) for every field of the nested tree, parents before
// children. Returning false from fn skips that field's children.
template <typename Fn>
void VisitFields(const std::vector<NestedField>& fields, Fn&& fn);

namespace internal {
template <typename Fn>
void VisitFieldsImpl(const std::vector<NestedField>& fields, const std::string& prefix,
                     std::vector<int32_t>& parents, Fn& fn) {
  for (const NestedField& f : fields) {
    std::string name = prefix.empty() ? f.name : prefix + "." + f.name;
    if (!fn(f, name, parents)) continue;
    if (f.type && f.type->is_nested()) {
      parents.push_back(f.id);
      VisitFieldsImpl(f.type->fields(), name, parents, fn);
      parents.pop_back();
    }
  }
}
}  // namespace internal

template <typename Fn>
void VisitFields(const std::vector<NestedField>& fields, Fn&& fn) {
  std::vector<int32_t> parents;
  internal::VisitFieldsImpl(fields, "", parents, fn);
}

}  // namespace floe::spec
