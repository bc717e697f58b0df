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

// `<warehouse>/<namespace levels>/<table>` (docs/cli.md), after ValidateIdentifier, and checked
// to lie under the warehouse (IsUnderLocation, catalog/location_match.h): a name never places a
// table anywhere else. Only an explicit LOCATION does.
Result<std::string> DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id);
// `location` itself when it lies under `warehouse`; kInvalidArgument naming `what` otherwise.
Result<std::string> RequireUnderWarehouse(std::string_view warehouse, std::string location,
                                          std::string_view what);

// Every catalog checks every namespace and table name here, for lookups as for creates: the
// local catalogs turn each part into one folder below the warehouse, so a part must be
// non-empty, not "." or "..", and free of '/', '\\' and control characters (which would also
// make `a/b.t` and `a.b.t` one folder). kInvalidArgument naming the part and the rule otherwise.
Status ValidateIdentifier(const TableIdentifier& id);
Status ValidateNamespace(const Namespace& ns);

}  // namespace floe::catalog
