// Whether two locations name the same file or folder, as far as their text can tell: the
// catalogs store what the writer wrote (`/wh/t/metadata/v3.metadata.json`,
// `file:/wh/t/metadata/…`, `file:///wh/t/…`), users type relative paths, and folders come with
// or without a trailing '/'. Used to find the table a metadata file belongs to.
#pragma once

#include <string>
#include <string_view>

namespace floe::catalog {

// The comparable form of a location. Local ones (plain paths, file: URIs) become absolute
// file-system paths with "." and ".." folded and symbolic links resolved where the path exists
// ("/wh/t/metadata"); others keep scheme and authority, lower-case scheme
// ("s3://bucket/t/metadata"). No trailing '/' except for a root. Unparsable text is returned
// with trailing '/' removed.
std::string NormalizeLocation(std::string_view location);

// The normalized folder holding the file `location` names ("/wh/t/metadata" for
// "file:///wh/t/metadata/v3.metadata.json").
std::string FolderOfLocation(std::string_view location);

// Whether `location` is `root` or lies below it, at a path-segment boundary: "/t/loc/data/f" is
// under "/t/loc", "/t/location2/f" is not. The one rule for which files a table may delete
// (`drop --purge`; expiry and orphan removal) and which folders a catalog may derive under its
// warehouse. Local locations (plain paths, file: URIs) compare as NormalizeLocation gives them:
// absolute, "." and ".." folded, symbolic links resolved where the path exists, so
// "/t/loc/../x" is not under "/t/loc". Others need the same scheme and authority, and a path
// with an empty, "." or ".." segment is under nothing: object stores keep those as literal key
// text that another reader may fold, so neither answer would be safe to act on.
bool IsUnderLocation(std::string_view location, std::string_view root);

}  // namespace floe::catalog
