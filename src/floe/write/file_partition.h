// The partition tuple of an existing data file (add-files registers files written elsewhere, so
// nobody handed us their partition). For each partition field of the spec, in this order:
//   1. the footer statistics of its source column: when the transform maps the column's lower
//      and upper bound to the same value, every row of the file is in that partition; a column
//      holding only nulls gives null;
//   2. a Hive-style folder of the file's location, `<partition field name>=<value>`
//      (`.../order_ts_day=2024-01-02/file.parquet`), the value in the human form the partition
//      path uses (transform.h ToHumanString), URL-decoded; "null" is null;
//   3. otherwise the file is refused as ambiguous, with a message naming the file and the field.
// A file whose statistics prove that it spans several partitions (an order-preserving transform
// of its least and greatest value differ, or nulls sit beside values) is refused whatever its
// path says: registering it under one partition would misplace rows.
#pragma once

#include <string_view>
#include <vector>

#include "floe/spec/literal.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/transform.h"
#include "floe/table/footer_metrics.h"
#include "floe/util/result.h"

namespace floe::write {

// One value per field of `spec`. InvalidArgument naming `location` and the field when a value
// cannot be determined or a path value does not parse.
Result<std::vector<spec::Literal>> ExistingFilePartition(const spec::PartitionSpec& spec,
                                                         const spec::Schema& schema,
                                                         const table::FooterStatistics& stats,
                                                         std::string_view location);

// A partition value from its path text (already URL-decoded): the inverse of
// Transform::ToHumanString for `source` (binary and fixed values in base64, as Java writes
// them). InvalidArgument when the text is not such a value.
Result<spec::Literal> ParsePartitionValue(const spec::Type& source,
                                          const spec::Transform& transform, std::string_view text);

// `%XX` escapes and `+` (a space) decoded, as Java's URLDecoder does; InvalidArgument on a bad
// escape.
Result<std::string> UrlDecode(std::string_view text);

}  // namespace floe::write
