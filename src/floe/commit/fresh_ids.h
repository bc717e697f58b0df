// Fresh field ids for the schema of a new or replaced table (Java's TypeUtil.assignFreshIds): a
// struct's fields are numbered before any of their children, then each child type in order, so
// top-level columns of a new table get 1..n.
//
// For a replacement (Java's TableMetadata.buildReplacement), a field whose full name
// ("address.city", "tags.element") names a field of the table's current schema keeps that
// field's id, and the others count on from the table's last-column-id: data files written
// before and after the replace agree on the columns they share.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::commit {

class FreshIds {
 public:
  // Ids 1, 2, … for a new table.
  FreshIds() = default;
  // Ids of `reuse`'s fields by name, new ones from last_column_id + 1.
  FreshIds(const spec::Schema* reuse, int32_t last_column_id)
      : reuse_(reuse), last_(last_column_id) {}

  // `schema` with every field id assigned (identifier-field-ids remapped); the schema id is
  // kept. InvalidArgument when an identifier field id is not a field of `schema`.
  Result<spec::Schema> Assign(const spec::Schema& schema);

  // The id given to the field that had `old_id`; InvalidArgument naming `what` if none had it.
  Result<int32_t> Map(int32_t old_id, std::string_view what) const;

  // The highest id assigned (or reused) so far, and never below the starting last-column-id.
  int32_t last_column_id() const { return last_; }

 private:
  int32_t AssignOne(int32_t old_id, const std::string& full_name);
  spec::TypePtr Reassign(const spec::TypePtr& type, const std::string& prefix);

  const spec::Schema* reuse_ = nullptr;
  int32_t last_ = 0;
  std::map<int32_t, int32_t> old_to_new_;
};

}  // namespace floe::commit
