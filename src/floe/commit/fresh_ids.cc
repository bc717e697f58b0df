#include "floe/commit/fresh_ids.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace floe::commit {

int32_t FreshIds::AssignOne(int32_t old_id, const std::string& full_name) {
  const spec::NestedField* kept = reuse_ ? reuse_->FindFieldByName(full_name) : nullptr;
  const int32_t id = kept ? kept->id : ++last_;
  last_ = std::max(last_, id);
  old_to_new_[old_id] = id;
  return id;
}

spec::TypePtr FreshIds::Reassign(const spec::TypePtr& type, const std::string& prefix) {
  if (!type || !type->is_nested()) return type;
  std::vector<spec::NestedField> fields = type->fields();
  for (spec::NestedField& f : fields) f.id = AssignOne(f.id, prefix + f.name);
  for (spec::NestedField& f : fields) f.type = Reassign(f.type, prefix + f.name + ".");
  switch (type->id()) {
    case spec::TypeId::kStruct:
      return spec::Type::Struct(std::move(fields));
    case spec::TypeId::kList:
      return spec::Type::List(std::move(fields[0]));
    default:
      return spec::Type::Map(std::move(fields[0]), std::move(fields[1]));
  }
}

Result<spec::Schema> FreshIds::Assign(const spec::Schema& schema) {
  spec::Schema out;
  out.schema_id = schema.schema_id;
  out.fields = schema.fields;
  for (spec::NestedField& f : out.fields) f.id = AssignOne(f.id, f.name);
  for (spec::NestedField& f : out.fields) f.type = Reassign(f.type, f.name + ".");
  for (int32_t id : schema.identifier_field_ids) {
    FLOE_ASSIGN_OR_RETURN(int32_t fresh, Map(id, "identifier-field-ids"));
    out.identifier_field_ids.push_back(fresh);
  }
  return out;
}

Result<int32_t> FreshIds::Map(int32_t old_id, std::string_view what) const {
  auto it = old_to_new_.find(old_id);
  if (it == old_to_new_.end()) {
    return InvalidArgument("{}: unknown source column id {}", what, old_id);
  }
  return it->second;
}

}  // namespace floe::commit
