// The columns a scan returns and reads, as a schema: `--columns a,b.c` picks top-level fields
// and fields inside structs (keeping only the chosen children, in schema order); a field inside
// a list or map selects the whole list or map. The reader also needs columns the caller did not
// ask for — those of the filter and the equality-delete keys — so selections are by field id
// and can be united.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::scan {

// The ids `columns` name (dotted names; empty: every top-level field). Not found names the
// column and lists the schema's top-level names.
Result<std::set<int32_t>> ColumnIds(const spec::Schema& schema,
                                    const std::vector<std::string>& columns, bool case_sensitive);

// The schema cut down to the fields in `ids` (with their whole subtrees) and the structs on the
// way to them, in schema order. Ids not in the schema are ignored.
spec::Schema SelectFields(const spec::Schema& schema, const std::set<int32_t>& ids);

}  // namespace floe::scan
