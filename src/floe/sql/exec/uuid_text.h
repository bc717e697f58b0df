// Uuids as text, at the top level and nested alike. Spark has no uuid type: Iceberg's Spark
// integration shows a uuid (SparkSchemaUtil: UUID → StringType), in a struct, list or map too, as
// a string. Table scans read a uuid (a fixed_size_binary(16) marked arrow.uuid,
// columnar/value_text.h) as its canonical lowercase text; INSERT writes the text of a UUID back as
// its 16 bytes.
#pragma once

#include <string>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"

namespace floe::sql {

// Whether `field` is a uuid or holds one in its nested type.
bool HoldsUuids(const columnar::Field& field);

// `field` with each uuid in it a string (the mark dropped); `field` itself when it holds none.
columnar::Field UuidsAsStrings(const columnar::Field& field);

// An array of `field` (uuids as 16 bytes) as one of UuidsAsStrings(field): each uuid its text.
Result<columnar::ArrayPtr> UuidsToText(const columnar::ArrayPtr& array,
                                       const columnar::Field& field);

// The reverse: an array of UuidsAsStrings(field) as one of `field`. Text that is not a UUID (any
// case) is an error: "<where>.<nested field>: 'x' is not a UUID …".
Result<columnar::ArrayPtr> UuidsFromText(const columnar::ArrayPtr& array,
                                         const columnar::Field& field, const std::string& where);

}  // namespace floe::sql
