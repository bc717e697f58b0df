#include "floe/spec/schema.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "floe/spec/single_value.h"
#include "floe/util/json_reader.h"

namespace floe::spec {

namespace {

bool NamesEqual(std::string_view a, std::string_view b, bool case_sensitive) {
  if (case_sensitive) return a == b;
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string Join(const std::string& prefix, const std::string& name) {
  return prefix.empty() ? name : prefix + "." + name;
}

std::vector<std::string> JoinAll(const std::vector<std::string>& prefixes,
                                 const std::string& name) {
  std::vector<std::string> out;
  out.reserve(prefixes.size());
  for (const std::string& p : prefixes) out.push_back(Join(p, name));
  return out;
}

// Depth-first search by name over every spelling of each field: the full dotted name, and the
// short forms in which a struct-typed list element or map value is skipped ("points.x").
// `extra` holds further prefixes for the children of `f` (the skipped spellings).
const NestedField* FindByName(const NestedField& f, const std::vector<std::string>& names,
                              const std::vector<std::string>& extra, std::string_view name,
                              bool case_sensitive) {
  for (const std::string& n : names) {
    if (NamesEqual(n, name, case_sensitive)) return &f;
  }
  if (!f.type || f.type->is_primitive()) return nullptr;
  std::vector<std::string> prefixes = names;
  prefixes.insert(prefixes.end(), extra.begin(), extra.end());
  for (const NestedField& c : f.type->fields()) {
    bool skippable = c.type && c.type->is_struct() &&
                     (f.type->is_list() || (f.type->is_map() && &c == &f.type->value()));
    const NestedField* hit =
        FindByName(c, JoinAll(prefixes, c.name), skippable ? prefixes : std::vector<std::string>{},
                   name, case_sensitive);
    if (hit) return hit;
  }
  return nullptr;
}

const NestedField* FindById(const std::vector<NestedField>& fields, int32_t id) {
  for (const NestedField& f : fields) {
    if (f.id == id) return &f;
    if (f.type && f.type->is_nested()) {
      if (const NestedField* hit = FindById(f.type->fields(), id)) return hit;
    }
  }
  return nullptr;
}

bool IsFloatingPoint(const Type& t) {
  return t.id() == TypeId::kFloat || t.id() == TypeId::kDouble;
}

}  // namespace

const NestedField* Schema::FindFieldById(int32_t id) const { return FindById(fields, id); }

const NestedField* Schema::FindFieldByName(std::string_view name, bool case_sensitive) const {
  // An exact match wins over a case-insensitive one.
  if (!case_sensitive) {
    if (const NestedField* exact = FindFieldByName(name, true)) return exact;
  }
  for (const NestedField& f : fields) {
    if (const NestedField* hit = FindByName(f, {f.name}, {}, name, case_sensitive)) return hit;
  }
  return nullptr;
}

std::optional<std::string> Schema::FindColumnName(int32_t id) const {
  std::optional<std::string> out;
  VisitFields(fields,
              [&](const NestedField& f, const std::string& name, const std::vector<int32_t>&) {
                if (out) return false;
                if (f.id == id) out = name;
                return true;
              });
  return out;
}

std::optional<std::vector<int32_t>> Schema::FindParentIds(int32_t id) const {
  std::optional<std::vector<int32_t>> out;
  VisitFields(fields,
              [&](const NestedField& f, const std::string&, const std::vector<int32_t>& parents) {
                if (out) return false;
                if (f.id == id) out = parents;
                return true;
              });
  return out;
}

int32_t Schema::HighestFieldId() const {
  int32_t highest = 0;
  VisitFields(fields, [&](const NestedField& f, const std::string&, const std::vector<int32_t>&) {
    highest = std::max(highest, f.id);
    return true;
  });
  return highest;
}

TypePtr Schema::AsStruct() const { return Type::Struct(fields); }

namespace {

// repeated[i]: fields[i] has the name of an earlier sibling. By sorting (names, position), as
// structs can have hundreds of fields.
std::vector<bool> RepeatedSiblingNames(const std::vector<NestedField>& fields) {
  std::vector<size_t> order(fields.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    int c = fields[a].name.compare(fields[b].name);
    return c != 0 ? c < 0 : a < b;
  });
  std::vector<bool> repeated(fields.size(), false);
  for (size_t k = 1; k < order.size(); ++k) {
    if (fields[order[k]].name == fields[order[k - 1]].name) repeated[order[k]] = true;
  }
  return repeated;
}

Status ValidateSiblings(const std::vector<NestedField>& fields, const std::string& prefix) {
  std::vector<bool> repeated = RepeatedSiblingNames(fields);
  for (size_t i = 0; i < fields.size(); ++i) {
    const NestedField& f = fields[i];
    // The full dotted name only for messages and nested fields: most fields need neither.
    auto full = [&] { return Join(prefix, f.name); };
    if (f.name.empty()) return InvalidArgument("field {} has an empty name", f.id);
    if (!f.type) return InvalidArgument("field {} ({}) has no type", full(), f.id);
    if (repeated[i]) return InvalidArgument("duplicate field name \"{}\"", full());
    if (f.type->is_map() && !f.type->key().required) {
      return InvalidArgument("map {}: keys must be required (key field {})", full(),
                             f.type->key().id);
    }
    if (f.type->is_nested()) FLOE_RETURN_IF_ERROR(ValidateSiblings(f.type->fields(), full()));
  }
  return Ok();
}

// A default must be a JSON single value of the field's type (spec: "Default values").
Status ValidateDefault(const NestedField& f, const std::string& name, std::string_view which,
                       const std::optional<std::string>& text) {
  if (!text) return Ok();
  auto doc = JsonDocument::Parse(*text);
  Status st = doc.ok() ? ValidateJsonValue(*f.type, (*doc)->root()) : Status(doc.error());
  if (!st.ok()) {
    return InvalidArgument("field {} ({}): invalid {} {}: {}", name, f.id, which, *text,
                           st.error().message);
  }
  if (f.type->id() == TypeId::kUnknown && *text != "null") {
    return InvalidArgument("field {} ({}) of type unknown must have a null {}", name, f.id, which);
  }
  return Ok();
}

}  // namespace

namespace {

// Collects every field id of the tree, without building names (the quick checks below).
void CollectFieldIds(const std::vector<NestedField>& fields, std::vector<int32_t>& ids) {
  for (const NestedField& f : fields) {
    ids.push_back(f.id);
    if (f.type && f.type->is_nested()) CollectFieldIds(f.type->fields(), ids);
  }
}

// True when no field has a default or is of type unknown: the defaults check has nothing to do.
bool HasNoDefaultsToCheck(const std::vector<NestedField>& fields) {
  for (const NestedField& f : fields) {
    if (f.initial_default || f.write_default) return false;
    if (f.type && f.type->id() == TypeId::kUnknown) return false;
    if (f.type && f.type->is_nested() && !HasNoDefaultsToCheck(f.type->fields())) return false;
  }
  return true;
}

}  // namespace

namespace {

bool NeedsFormatVersion3(TypeId id) {
  switch (id) {
    case TypeId::kUnknown:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      return true;
    default:
      return false;
  }
}

}  // namespace

Status Schema::CheckFormatVersion(int format_version) const {
  if (format_version >= 3) return Ok();
  Status out = Ok();
  VisitFields(fields, [&](const NestedField& f, const std::string& name, const auto&) {
    if (!out.ok()) return false;
    if (NeedsFormatVersion3(f.type->id())) {
      out = InvalidArgument(
          "column {}: type {} needs table format version 3 (this table is v{}; create it with "
          "--format-version 3 or upgrade it)",
          name, f.type->ToString(), format_version);
    } else if (f.initial_default || f.write_default) {
      out = InvalidArgument(
          "column {}: default values need table format version 3 (this table is v{})", name,
          format_version);
    }
    return out.ok();
  });
  return out;
}

Status Schema::Validate() const {
  // Tables carry many schemas of many fields: check the ids with a sort first and walk the tree
  // with full names (for the message) only when there is a duplicate.
  std::vector<int32_t> all_ids;
  CollectFieldIds(fields, all_ids);
  std::sort(all_ids.begin(), all_ids.end());
  if (std::adjacent_find(all_ids.begin(), all_ids.end()) != all_ids.end()) {
    std::unordered_set<int32_t> ids;
    Status dup;
    VisitFields(fields,
                [&](const NestedField& f, const std::string& name, const std::vector<int32_t>&) {
                  if (dup.ok() && !ids.insert(f.id).second) {
                    dup = InvalidArgument("duplicate field id {} (at {})", f.id, name);
                  }
                  return true;
                });
    FLOE_RETURN_IF_ERROR(dup);
  }
  FLOE_RETURN_IF_ERROR(ValidateSiblings(fields, ""));

  if (!HasNoDefaultsToCheck(fields)) {
    Status defaults;
    VisitFields(fields, [&](const NestedField& f, const std::string& name,
                            const std::vector<int32_t>&) {
      if (!defaults.ok()) return false;
      if (f.type->id() == TypeId::kUnknown && f.required) {
        defaults = InvalidArgument("field {} ({}) of type unknown must be optional", name, f.id);
        return false;
      }
      defaults = ValidateDefault(f, name, "initial-default", f.initial_default);
      if (defaults.ok()) {
        defaults = ValidateDefault(f, name, "write-default", f.write_default);
      }
      return true;
    });
    FLOE_RETURN_IF_ERROR(defaults);
  }

  std::unordered_set<int32_t> seen_identifiers;
  for (int32_t id : identifier_field_ids) {
    if (!seen_identifiers.insert(id).second) {
      return InvalidArgument("identifier field id {} is listed twice", id);
    }
    const NestedField* f = FindFieldById(id);
    if (f == nullptr) return InvalidArgument("identifier field id {} is not in the schema", id);
    std::string name = FindColumnName(id).value_or(f->name);
    if (!f->type->is_primitive()) {
      return InvalidArgument("identifier field {} ({}) must be a primitive type, not {}", name, id,
                             f->type->ToString());
    }
    if (!f->required) {
      return InvalidArgument("identifier field {} ({}) must be required", name, id);
    }
    if (IsFloatingPoint(*f->type)) {
      return InvalidArgument("identifier field {} ({}) must not be {}", name, id,
                             f->type->ToString());
    }
    for (int32_t parent_id : FindParentIds(id).value_or(std::vector<int32_t>{})) {
      const NestedField* parent = FindFieldById(parent_id);
      if (parent->type->is_list() || parent->type->is_map()) {
        return InvalidArgument("identifier field {} ({}) must not be nested in a {}", name, id,
                               parent->type->is_list() ? "list" : "map");
      }
      if (!parent->required) {
        return InvalidArgument("identifier field {} ({}) must not be nested in optional struct {}",
                               name, id, FindColumnName(parent_id).value_or(parent->name));
      }
    }
  }
  return Ok();
}

bool Schema::SameSchema(const Schema& other) const {
  return fields == other.fields && identifier_field_ids == other.identifier_field_ids;
}

bool Schema::operator==(const Schema& other) const {
  return schema_id == other.schema_id && SameSchema(other);
}

}  // namespace floe::spec
