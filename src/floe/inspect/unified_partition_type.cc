#include "floe/inspect/unified_partition_type.h"

#include <algorithm>
#include <map>

#include "floe/manifest/snapshot_files.h"

namespace floe::inspect {

Result<spec::TypePtr> UnifiedPartitionType(const spec::TableMetadata& metadata) {
  struct Unified {
    spec::NestedField field;
    bool is_void = false;
  };
  std::map<int32_t, Unified> by_id;
  std::vector<const spec::PartitionSpec*> specs;
  for (const spec::PartitionSpec& s : metadata.partition_specs) specs.push_back(&s);
  // Newest spec first, so that names come from the most recent spec.
  std::sort(specs.begin(), specs.end(),
            [](const spec::PartitionSpec* a, const spec::PartitionSpec* b) {
              return a->spec_id > b->spec_id;
            });
  for (const spec::PartitionSpec* s : specs) {
    spec::TypePtr type = manifest::PartitionTypeFor(metadata, s->spec_id);
    if (!type) continue;
    for (size_t i = 0; i < s->fields.size() && i < type->fields().size(); ++i) {
      const spec::PartitionField& pf = s->fields[i];
      const spec::NestedField& nf = type->fields()[i];
      auto it = by_id.find(pf.field_id);
      if (it == by_id.end()) {
        spec::NestedField f = nf;
        f.required = false;
        by_id[pf.field_id] = Unified{std::move(f), pf.transform.is_void()};
      } else if (it->second.is_void && !pf.transform.is_void()) {
        // A v1 table replaces a dropped field by a void transform: keep the real type.
        it->second.field.type = nf.type;
        it->second.is_void = false;
      }
    }
  }
  std::vector<spec::NestedField> fields;
  for (auto& [id, u] : by_id) fields.push_back(std::move(u.field));
  return spec::Type::Struct(std::move(fields));
}

std::vector<spec::Literal> CoercePartition(const spec::Type& unified,
                                           const spec::PartitionSpec* spec,
                                           const std::vector<spec::Literal>& values) {
  std::vector<spec::Literal> out(unified.fields().size());
  if (spec == nullptr) return out;
  for (size_t i = 0; i < out.size(); ++i) {
    const int32_t id = unified.fields()[i].id;
    for (size_t j = 0; j < spec->fields.size() && j < values.size(); ++j) {
      if (spec->fields[j].field_id == id) {
        out[i] = values[j];
        break;
      }
    }
  }
  return out;
}

}  // namespace floe::inspect
