// Keeping the name mapping (spec/name_mapping.h, table property schema.name-mapping.default) in
// step with a schema update (Java's MappingUtil.update): a renamed field keeps its old names and
// gains the new one, so files written under either name still map to it; an added field gets an
// entry of its own (with its nested fields), and its name is taken away from any other entry of
// the same struct (a dropped column's old name must not map onto the new column's data).
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "floe/spec/name_mapping.h"
#include "floe/spec/type.h"

namespace floe::update {

// The parent id of top-level fields in `added`.
inline constexpr int32_t kNameMappingRootId = -1;

// `renamed`: field id → its new name; `added`: parent field id (kNameMappingRootId for the top
// level; a list's element id or a map's value id for fields of their structs) → the fields added
// there, in order.
spec::NameMapping UpdateNameMapping(const spec::NameMapping& mapping,
                                    const std::map<int32_t, std::string>& renamed,
                                    const std::map<int32_t, std::vector<spec::NestedField>>& added);

}  // namespace floe::update
