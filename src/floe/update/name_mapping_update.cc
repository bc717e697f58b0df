#include "floe/update/name_mapping_update.h"

#include <algorithm>
#include <set>
#include <string>

namespace floe::update {

namespace {

class NameMappingUpdater {
 public:
  NameMappingUpdater(const std::map<int32_t, std::string>& renamed,
                     const std::map<int32_t, std::vector<spec::NestedField>>& added)
      : renamed_(renamed), added_(added) {}

  // The mapped fields of one struct (or of a list/map's element, key and value), with the
  // fields added under `parent_id` appended.
  std::vector<spec::MappedField> UpdateFields(const std::vector<spec::MappedField>& fields,
                                              int32_t parent_id) const {
    std::vector<spec::MappedField> out;
    out.reserve(fields.size());
    for (const spec::MappedField& f : fields) out.push_back(UpdateField(f));

    auto it = added_.find(parent_id);
    if (it == added_.end()) return out;
    std::set<std::string> taken;
    for (const spec::NestedField& f : it->second) taken.insert(f.name);
    // A name an added field takes no longer maps to the older field that had it.
    for (spec::MappedField& f : out) {
      std::erase_if(f.names, [&](const std::string& n) { return taken.count(n) > 0; });
    }
    for (const spec::NestedField& f : it->second) {
      spec::Schema one;
      one.fields = {f};
      out.push_back(spec::NameMapping::ForSchema(one).fields()[0]);
    }
    return out;
  }

 private:
  spec::MappedField UpdateField(const spec::MappedField& field) const {
    spec::MappedField out = field;
    if (!field.field_id) return out;
    auto renamed = renamed_.find(*field.field_id);
    if (renamed != renamed_.end() &&
        std::find(out.names.begin(), out.names.end(), renamed->second) == out.names.end()) {
      out.names.push_back(renamed->second);
    }
    out.fields = UpdateFields(field.fields, *field.field_id);
    return out;
  }

  const std::map<int32_t, std::string>& renamed_;
  const std::map<int32_t, std::vector<spec::NestedField>>& added_;
};

}  // namespace

spec::NameMapping UpdateNameMapping(
    const spec::NameMapping& mapping, const std::map<int32_t, std::string>& renamed,
    const std::map<int32_t, std::vector<spec::NestedField>>& added) {
  NameMappingUpdater updater(renamed, added);
  return spec::NameMapping(updater.UpdateFields(mapping.fields(), kNameMappingRootId));
}

}  // namespace floe::update
