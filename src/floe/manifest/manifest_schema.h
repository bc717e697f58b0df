// The Avro schemas of manifests and manifest lists (spec: "Manifests", "Manifest Lists"), with
// the spec's field ids and names, for format versions 1, 2 and 3. The partition struct (field
// 102, record r102) is typed by the partition spec: one optional field per partition field,
// its id the partition field id. Primitive types map onto Avro as the spec's "Avro" appendix
// says (date → int/date, timestamp → long/timestamp-micros with adjust-to-utc, uuid → fixed[16],
// decimal → fixed of the smallest size holding its precision).
#pragma once

#include <memory>
#include <string>

#include "floe/format/avro/schema.h"
#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::manifest {

// Field ids of manifest_entry and data_file (spec tables).
namespace field_id {
inline constexpr int32_t kStatus = 0, kSnapshotId = 1, kDataFile = 2, kSequenceNumber = 3,
                         kFileSequenceNumber = 4;
inline constexpr int32_t kFilePath = 100, kFileFormat = 101, kPartition = 102, kRecordCount = 103,
                         kFileSizeInBytes = 104, kBlockSizeInBytes = 105, kColumnSizes = 108,
                         kValueCounts = 109, kNullValueCounts = 110, kLowerBounds = 125,
                         kUpperBounds = 128, kKeyMetadata = 131, kSplitOffsets = 132,
                         kContent = 134, kEqualityIds = 135, kNanValueCounts = 137,
                         kSortOrderId = 140, kFirstRowId = 142, kReferencedDataFile = 143,
                         kContentOffset = 144, kContentSizeInBytes = 145;
// manifest_file.
inline constexpr int32_t kManifestPath = 500, kManifestLength = 501, kPartitionSpecId = 502,
                         kAddedSnapshotId = 503, kAddedFilesCount = 504, kExistingFilesCount = 505,
                         kDeletedFilesCount = 506, kPartitions = 507, kAddedRowsCount = 512,
                         kExistingRowsCount = 513, kDeletedRowsCount = 514,
                         kManifestSequenceNumber = 515, kMinSequenceNumber = 516,
                         kManifestContent = 517, kManifestKeyMetadata = 519,
                         kManifestFirstRowId = 520;
}  // namespace field_id

// The Avro JSON of one primitive Iceberg type, as Java writes it (named fixed types
// "fixed_16", "uuid_fixed", "decimal_9_2").
Result<std::string> AvroTypeJson(const spec::Type& type);

// The manifest_entry schema a writer of `format_version` writes (field order as Java writes it).
Result<std::string> ManifestEntrySchemaJson(int format_version, const spec::Type& partition_type);
Result<std::shared_ptr<const avro::Schema>> ManifestEntrySchema(int format_version,
                                                                const spec::Type& partition_type);
// The manifest_file schema a manifest-list writer of `format_version` writes.
std::string ManifestFileSchemaJson(int format_version);
Result<std::shared_ptr<const avro::Schema>> ManifestFileSchema(int format_version);

// Reader schemas: every field of every version, each optional, so one schema reads v1, v2 and
// v3 files (resolution matches fields by id). Required fields are checked by the readers.
Result<std::shared_ptr<const avro::Schema>> ManifestEntryReadSchema(
    const spec::Type& partition_type);
const std::shared_ptr<const avro::Schema>& ManifestFileReadSchema();

// The Iceberg type of a writer's partition record (field 102), for manifests read without
// their partition spec: each field's id and the type its Avro type and logical type say.
Result<spec::TypePtr> PartitionTypeFromAvro(const avro::Node& record);

// Bytes of the smallest two's-complement fixed that holds every decimal of this precision.
int DecimalRequiredBytes(int precision);

}  // namespace floe::manifest
