#include "floe/inspect/partitions_table.h"

#include <map>

#include "floe/inspect/schema_fields.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/inspect/unified_partition_type.h"
#include "floe/manifest/partition_value.h"

namespace floe::inspect {

using spec::Type;

namespace {

// Orders partition tuples field by field: null first, NaN after every number.
struct PartitionTupleLess {
  bool operator()(const std::vector<spec::Literal>& a, const std::vector<spec::Literal>& b) const {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
      const spec::Literal& x = a[i];
      const spec::Literal& y = b[i];
      if (x.is_null() || y.is_null()) {
        if (x.is_null() != y.is_null()) return x.is_null();
        continue;
      }
      const bool x_nan = manifest::IsNaN(x), y_nan = manifest::IsNaN(y);
      if (x_nan || y_nan) {
        if (x_nan != y_nan) return y_nan;
        continue;
      }
      const int c = manifest::ComparePartitionValues(x, y);
      if (c != 0) return c < 0;
    }
    return a.size() < b.size();
  }
};

struct PartitionTotals {
  int32_t spec_id = 0;
  int64_t data_record_count = 0;
  int32_t data_file_count = 0;
  int64_t data_file_size_in_bytes = 0;
  int64_t position_delete_record_count = 0;
  int32_t position_delete_file_count = 0;
  int64_t equality_delete_record_count = 0;
  int32_t equality_delete_file_count = 0;
  std::optional<int64_t> last_updated_at;  // micros
  std::optional<int64_t> last_updated_snapshot_id;

  void Add(const spec::TableMetadata& metadata, const manifest::ManifestEntry& e) {
    const spec::Snapshot* snapshot =
        e.snapshot_id ? metadata.SnapshotById(*e.snapshot_id) : nullptr;
    if (snapshot != nullptr) {
      const int64_t at = snapshot->timestamp_ms * 1000;
      if (!last_updated_at || at > *last_updated_at) {
        spec_id = e.data_file.spec_id;
        last_updated_at = at;
        last_updated_snapshot_id = snapshot->snapshot_id;
      }
    }
    const manifest::DataFile& f = e.data_file;
    switch (f.content) {
      case manifest::FileContent::kData:
        data_record_count += f.record_count;
        data_file_count += 1;
        data_file_size_in_bytes += f.file_size_in_bytes;
        break;
      case manifest::FileContent::kPositionDeletes:
        position_delete_record_count += f.record_count;
        position_delete_file_count += 1;
        break;
      case manifest::FileContent::kEqualityDeletes:
        equality_delete_record_count += f.record_count;
        equality_delete_file_count += 1;
        break;
    }
  }
};

}  // namespace

Result<spec::Schema> PartitionsTableSchema(const spec::TableMetadata& metadata) {
  FLOE_ASSIGN_OR_RETURN(spec::TypePtr partition_type, UnifiedPartitionType(metadata));
  std::vector<spec::NestedField> fields;
  if (!partition_type->fields().empty()) {
    fields.push_back(Required(1, "partition", partition_type));
    fields.push_back(Required(4, "spec_id", Type::Int()));
  }
  std::vector<spec::NestedField> rest = {
      Required(2, "record_count", Type::Long()),
      Required(3, "file_count", Type::Int()),
      Required(11, "total_data_file_size_in_bytes", Type::Long()),
      Required(5, "position_delete_record_count", Type::Long()),
      Required(6, "position_delete_file_count", Type::Int()),
      Required(7, "equality_delete_record_count", Type::Long()),
      Required(8, "equality_delete_file_count", Type::Int()),
      Optional(9, "last_updated_at", Type::TimestampTz()),
      Optional(10, "last_updated_snapshot_id", Type::Long()),
  };
  for (spec::NestedField& f : rest) fields.push_back(std::move(f));
  return SchemaOf(std::move(fields));
}

Status ReadPartitionsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                           const spec::Snapshot* snapshot, RowBatchBuilder& rows) {
  FLOE_ASSIGN_OR_RETURN(spec::TypePtr partition_type, UnifiedPartitionType(metadata));
  const bool partitioned = !partition_type->fields().empty();
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                        SnapshotManifestFiles(io, metadata, snapshot));
  std::map<std::vector<spec::Literal>, PartitionTotals, PartitionTupleLess> partitions;
  for (const manifest::ManifestFile& m : manifests) {
    FLOE_RETURN_IF_ERROR(ForEachManifestEntry(
        io, metadata, m, /*live_only=*/true,
        [&](const manifest::ManifestEntry& e) -> Status {
          std::vector<spec::Literal> key = CoercePartition(
              *partition_type, metadata.SpecById(e.data_file.spec_id), e.data_file.partition);
          partitions[std::move(key)].Add(metadata, e);
          return Ok();
        },
        /*with_metrics=*/false));
  }
  for (const auto& [key, t] : partitions) {
    int c = 0;
    if (partitioned) {
      FLOE_RETURN_IF_ERROR(AppendLiteralStruct(rows.column(c++), key));
      FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(c++), t.spec_id));
    }
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.data_record_count));
    FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(c++), t.data_file_count));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.data_file_size_in_bytes));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.position_delete_record_count));
    FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(c++), t.position_delete_file_count));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.equality_delete_record_count));
    FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(c++), t.equality_delete_file_count));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.last_updated_at));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(c++), t.last_updated_snapshot_id));
    FLOE_RETURN_IF_ERROR(rows.EndRow());
  }
  return rows.Finish();
}

}  // namespace floe::inspect
