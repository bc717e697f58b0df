// Namespace and table names as the local catalogs store and check them, and where a new table
// goes by default. (Where metadata files go is commit/metadata_location.h.)
#pragma once

#include <string>
#include <string_view>

#include "floe/catalog/catalog.h"
#include "floe/util/result.h"

namespace floe::catalog {

// Names in the text forms PyIceberg and Java's JDBC catalog store: levels joined by '.'.
std::string JoinNamespace(const Namespace& ns);
Namespace SplitNamespace(std::string_view text);

// `<warehouse>/<namespace levels>/<table>` (docs/cli.md).
std::string DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id);

// The identifier's parts are non-empty (kInvalidArgument otherwise).
Status ValidateIdentifier(const TableIdentifier& id);
Status ValidateNamespace(const Namespace& ns);

}  // namespace floe::catalog
