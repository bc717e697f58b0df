// Which tables floe writes (issue 6, "Format versions"): a write to a table with a format
// version or a feature floe does not fully support is refused as NotSupported before anything
// is written, with a message naming the table and the feature; reading such tables stays
// allowed. Refused today:
//   - format versions above spec::kMaxFormatVersion;
//   - encrypted tables: v3 metadata with `encryption-keys`, or a snapshot whose manifest list is
//     encrypted (`key-id`) — floe can neither read those manifest lists nor encrypt new files.
// Column types floe cannot write (variant, geometry, ...) are refused by write::WriteContext.
#pragma once

#include <string_view>

#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::update {

// `operation` ("append", "add-files", ...) starts the message; `metadata_location` names the
// table in it.
Status CheckWritable(const spec::TableMetadata& metadata, std::string_view metadata_location,
                     std::string_view operation);

}  // namespace floe::update
