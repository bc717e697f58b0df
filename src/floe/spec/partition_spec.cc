#include "floe/spec/partition_spec.h"

#include <algorithm>
#include <set>

namespace floe::spec {

bool PartitionSpec::IsUnpartitioned() const {
  return std::all_of(fields.begin(), fields.end(),
                     [](const PartitionField& f) { return f.transform.is_void(); });
}

int32_t PartitionSpec::LastAssignedFieldId() const {
  int32_t last = kPartitionDataIdStart - 1;
  for (const PartitionField& f : fields) last = std::max(last, f.field_id);
  return last;
}

Result<TypePtr> PartitionSpec::PartitionType(const Schema& schema) const {
  std::vector<NestedField> out;
  out.reserve(fields.size());
  for (const PartitionField& f : fields) {
    const NestedField* source = schema.FindFieldById(f.source_id);
    TypePtr result;
    if (source == nullptr) {
      // A void field may keep a dropped column's id; its values are always null.
      if (!f.transform.is_void() && !f.transform.is_unknown()) {
        return InvalidArgument("partition field {}: source field {} is not in the schema", f.name,
                               f.source_id);
      }
      result = f.transform.is_unknown() ? Type::String() : Type::Int();
    } else {
      auto type = f.transform.ResultType(*source->type);
      if (!type.ok()) return type.error().WithContext(fmt::format("partition field {}", f.name));
      result = *type;
    }
    NestedField pf;
    pf.id = f.field_id;
    pf.name = f.name;
    pf.required = false;
    pf.type = std::move(result);
    out.push_back(std::move(pf));
  }
  return Type::Struct(std::move(out));
}

Status PartitionSpec::Validate(const Schema& schema) const {
  std::set<int32_t> ids;
  std::set<std::string> names;
  for (const PartitionField& f : fields) {
    if (f.name.empty()) return InvalidArgument("partition field {} has an empty name", f.field_id);
    if (!names.insert(f.name).second) {
      return InvalidArgument("duplicate partition field name \"{}\"", f.name);
    }
    if (!ids.insert(f.field_id).second) {
      return InvalidArgument("partition field {}: duplicate field id {}", f.name, f.field_id);
    }
    if (f.transform.is_unknown()) {
      return NotSupported("partition field {}: unknown transform \"{}\"", f.name,
                          f.transform.ToString());
    }
    std::vector<int32_t> sources =
        f.source_ids.empty() ? std::vector<int32_t>{f.source_id} : f.source_ids;
    for (int32_t source_id : sources) {
      const NestedField* source = schema.FindFieldById(source_id);
      if (source == nullptr) {
        if (f.transform.is_void()) continue;
        return InvalidArgument("partition field {}: source field {} is not in the schema", f.name,
                               source_id);
      }
      if (!source->type->is_primitive()) {
        return InvalidArgument("partition field {}: source field {} is a {}, not a primitive",
                               f.name, schema.FindColumnName(source_id).value_or(source->name),
                               source->type->ToString());
      }
      for (int32_t parent_id : schema.FindParentIds(source_id).value_or(std::vector<int32_t>{})) {
        const Type& parent = *schema.FindFieldById(parent_id)->type;
        if (parent.is_list() || parent.is_map()) {
          return InvalidArgument("partition field {}: source field {} is inside a {}", f.name,
                                 schema.FindColumnName(source_id).value_or(source->name),
                                 parent.is_list() ? "list" : "map");
        }
      }
      if (!f.transform.CanTransform(*source->type)) {
        return InvalidArgument(
            "partition field {}: {} cannot transform {} ({})", f.name, f.transform.ToString(),
            schema.FindColumnName(source_id).value_or(source->name), source->type->ToString());
      }
    }
  }
  return Ok();
}

Result<std::string> PartitionSpec::PartitionPath(const Schema& schema,
                                                 const std::vector<Literal>& values) const {
  if (values.size() != fields.size()) {
    return InvalidArgument("partition tuple has {} values, spec {} has {} fields", values.size(),
                           spec_id, fields.size());
  }
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    const PartitionField& f = fields[i];
    const NestedField* source = schema.FindFieldById(f.source_id);
    std::string human = "null";
    if (source != nullptr) human = f.transform.ToHumanString(*source->type, values[i]);
    if (i > 0) out += '/';
    out += PartitionPathSegment(f.name, human);
  }
  return out;
}

}  // namespace floe::spec
