// Shorthands for writing metadata table schemas the way Java's sources read:
// Required(1, "committed_at", Type::TimestampTz()), Optional(3, "parent_id", Type::Long()).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "floe/spec/schema.h"
#include "floe/spec/type.h"

namespace floe::inspect {

inline spec::NestedField Required(int32_t id, std::string name, spec::TypePtr type) {
  spec::NestedField f;
  f.id = id;
  f.name = std::move(name);
  f.required = true;
  f.type = std::move(type);
  return f;
}

inline spec::NestedField Optional(int32_t id, std::string name, spec::TypePtr type) {
  spec::NestedField f = Required(id, std::move(name), std::move(type));
  f.required = false;
  return f;
}

// map<key, value> with required values (Java's MapType.ofRequired).
inline spec::TypePtr RequiredMap(int32_t key_id, spec::TypePtr key, int32_t value_id,
                                 spec::TypePtr value) {
  return spec::Type::Map(Required(key_id, "key", std::move(key)),
                         Required(value_id, "value", std::move(value)));
}

// list<element> with a required element (Java's ListType.ofRequired).
inline spec::TypePtr RequiredList(int32_t element_id, spec::TypePtr element) {
  return spec::Type::List(Required(element_id, "element", std::move(element)));
}

inline spec::Schema SchemaOf(std::vector<spec::NestedField> fields) {
  spec::Schema s;
  s.fields = std::move(fields);
  return s;
}

}  // namespace floe::inspect
