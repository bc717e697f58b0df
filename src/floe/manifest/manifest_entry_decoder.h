// The fast path of manifest reading: a manifest_entry decoder prepared once per manifest from
// its resolution plan (read_plan.h), for the shapes every Iceberg writer produces. The plan is
// flattened into one list of steps, one per writer field of manifest_entry and data_file in
// file order, each saying where its value goes and how it is encoded: plain, or a union of
// null and the value. Decoding an entry is then one loop over the steps with no union
// resolution through the plan, no Result per value and no callback per field; metric maps are
// read straight into the entry's reused storage (or read past, for columns the reader does not
// keep).
//
// The general path (ManifestReader::Decode) stays the reference: Prepare declines writer
// schemas with anything else (promotions other than int to long, unions other than
// [null, value], non-null defaults, metric maps with optional items), and Decode gives up on
// any entry whose bytes it does not expect (corrupt data, a null required field), after which
// the reader decodes that entry again with the general path, which names the problem.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "floe/format/avro/read_plan.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/spec/type.h"

namespace floe::manifest {

class MetricsProjection;

class ManifestEntryDecoder {
 public:
  // Where a step's value goes (the reader fields of manifest_entry and data_file).
  enum class Target : uint8_t {
    kSkip,  // a writer-only field, read past
    kStatus,
    kSnapshotId,
    kSequenceNumber,
    kFileSequenceNumber,
    kContent,
    kFilePath,
    kFileFormat,
    kPartition,
    kRecordCount,
    kFileSize,
    kColumnSizes,
    kValueCounts,
    kNullValueCounts,
    kNanValueCounts,
    kLowerBounds,
    kUpperBounds,
    kKeyMetadata,
    kSplitOffsets,
    kEqualityIds,
    kSortOrderId,
    kFirstRowId,
    kReferencedDataFile,
    kContentOffset,
    kContentSize,
  };
  // How a step's value is encoded.
  enum class Encoding : uint8_t {
    kInt,        // int (range-checked), for int and long targets
    kLong,       // long
    kBytes,      // string or bytes
    kCounts,     // array of {int key, long value} records
    kBounds,     // array of {int key, bytes value} records
    kLongList,   // array of long (split_offsets, equality_ids)
    kIntList,    // array of int (range-checked)
    kPartition,  // the partition record (partition_steps)
    kSkip,       // any writer-only value (SkipValue)
  };
  // A partition field's value: read by its Iceberg type (DecodePartitionValue) unless it is a
  // plain int, long or string.
  enum class PartitionEncoding : uint8_t { kInt, kLong, kString, kGeneral, kSkip };

  struct Step {
    Target target = Target::kSkip;
    Encoding encoding = Encoding::kSkip;
    int8_t null_branch = -1;  // the writer's union [null, value]: the null branch; -1: no union
    const avro::Node* writer = nullptr;  // kSkip: the writer's type
  };
  struct PartitionStep {
    int field = -1;  // the partition type's field; -1 for a writer-only field
    PartitionEncoding encoding = PartitionEncoding::kSkip;
    int8_t null_branch = -1;
    const avro::ReadPlan* value = nullptr;  // kGeneral: the value's plan
    const avro::Node* writer = nullptr;     // kSkip: the writer's type
  };

  // The decoder for entries resolved by `root` (the file's schema against
  // ManifestEntryReadSchema(partition_type)), or nullptr when the writer's schema has a shape
  // only the general path reads. `root` must outlive the decoder.
  static std::unique_ptr<ManifestEntryDecoder> Prepare(const avro::ReadPlan& root,
                                                       spec::TypePtr partition_type);

  // Decodes one entry into *entry, reusing its strings' and vectors' storage, with the same
  // values the general path gives (before inheritance). False when the bytes are not what it
  // expects: the caller decodes the entry again with the general path from where it started.
  bool Decode(avro::Decoder& d, const MetricsProjection& keep, ManifestEntry* entry) const;

  const std::vector<Step>& steps() const { return steps_; }

 private:
  ManifestEntryDecoder() = default;
  bool PrepareRecord(const avro::ReadPlan& record, bool data_file);
  bool PreparePartition(const avro::ReadPlan& record);
  bool DecodePartition(avro::Decoder& d, std::vector<spec::Literal>* out) const;

  spec::TypePtr partition_type_;
  std::vector<Step> steps_;
  std::vector<PartitionStep> partition_steps_;
  std::vector<int> partition_absent_;  // partition fields the writer lacks (null)
  std::vector<Target> absent_;         // reader fields the writer lacks (their defaults are null)
};

}  // namespace floe::manifest
