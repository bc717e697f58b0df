#include "floe/inspect/manifests_table.h"

#include "floe/inspect/schema_fields.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/spec/single_value.h"

namespace floe::inspect {

using spec::Type;

namespace {

// Java's two schemas differ only in which fields are required and in the last column.
spec::Schema ManifestsSchemaOf(bool all) {
  auto counted = [&](int32_t id, std::string name, spec::TypePtr type) {
    return all ? Optional(id, std::move(name), std::move(type))
               : Required(id, std::move(name), std::move(type));
  };
  spec::TypePtr summary = Type::Struct({
      Required(10, "contains_null", Type::Boolean()),
      all ? Required(11, "contains_nan", Type::Boolean())
          : Optional(11, "contains_nan", Type::Boolean()),
      Optional(12, "lower_bound", Type::String()),
      Optional(13, "upper_bound", Type::String()),
  });
  std::vector<spec::NestedField> fields = {
      Required(14, "content", Type::Int()),
      Required(1, "path", Type::String()),
      Required(2, "length", Type::Long()),
      counted(3, "partition_spec_id", Type::Int()),
      counted(4, "added_snapshot_id", Type::Long()),
      counted(5, "added_data_files_count", Type::Int()),
      counted(6, "existing_data_files_count", Type::Int()),
      counted(7, "deleted_data_files_count", Type::Int()),
      Required(15, "added_delete_files_count", Type::Int()),
      Required(16, "existing_delete_files_count", Type::Int()),
      Required(17, "deleted_delete_files_count", Type::Int()),
      counted(8, "partition_summaries", RequiredList(9, summary)),
  };
  if (all) fields.push_back(Required(18, "reference_snapshot_id", Type::Long()));
  return SchemaOf(std::move(fields));
}

// A summary bound as Java prints it: the partition field's transform's human string of the
// decoded value ("null" when absent).
Result<std::string> ManifestBoundText(const spec::TableMetadata& metadata,
                                      const spec::PartitionField& field,
                                      const spec::Type& result_type,
                                      const std::optional<std::string>& bytes) {
  spec::Literal value;
  if (bytes) {
    Result<spec::Literal> decoded = spec::FromBinary(result_type, *bytes);
    if (!decoded.ok()) {
      return Corrupt("partition summary bound of field {}: {}", field.name,
                     decoded.error().message);
    }
    value = std::move(*decoded);
  }
  const spec::Schema* schema = metadata.CurrentSchema();
  const spec::NestedField* source = schema ? schema->FindFieldById(field.source_id) : nullptr;
  if (source == nullptr) return spec::ToHumanString(result_type, value);
  return field.transform.ToHumanString(*source->type, value);
}

// v1 manifest lists may leave out the file counts: they are then counted from the manifest's
// entries (Java would show nulls in columns its schema declares required).
Status FillManifestCounts(io::FileIO& io, const spec::TableMetadata& metadata,
                          manifest::ManifestFile& m) {
  if (m.added_files_count && m.existing_files_count && m.deleted_files_count) return Ok();
  int32_t added = 0, existing = 0, deleted = 0;
  FLOE_RETURN_IF_ERROR(ForEachManifestEntry(
      io, metadata, m, /*live_only=*/false,
      [&](const manifest::ManifestEntry& e) -> Status {
        switch (e.status) {
          case manifest::EntryStatus::kAdded:
            ++added;
            break;
          case manifest::EntryStatus::kExisting:
            ++existing;
            break;
          case manifest::EntryStatus::kDeleted:
            ++deleted;
            break;
        }
        return Ok();
      },
      /*with_metrics=*/false));
  if (!m.added_files_count) m.added_files_count = added;
  if (!m.existing_files_count) m.existing_files_count = existing;
  if (!m.deleted_files_count) m.deleted_files_count = deleted;
  return Ok();
}

Status AppendManifestRow(io::FileIO& io, const spec::TableMetadata& metadata,
                         manifest::ManifestFile m, std::optional<int64_t> reference_snapshot_id,
                         RowBatchBuilder& rows) {
  FLOE_RETURN_IF_ERROR(FillManifestCounts(io, metadata, m));
  const bool data = m.content == manifest::ManifestContent::kData;
  auto count = [&](bool mine, const std::optional<int32_t>& n) -> std::optional<int32_t> {
    return mine ? n : std::optional<int32_t>(0);
  };
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(0), static_cast<int32_t>(m.content)));
  FLOE_RETURN_IF_ERROR(AppendBytes(rows.column(1), m.manifest_path));
  FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), m.manifest_length));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(3), m.partition_spec_id));
  FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(4), m.added_snapshot_id));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(5), count(data, m.added_files_count)));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(6), count(data, m.existing_files_count)));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(7), count(data, m.deleted_files_count)));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(8), count(!data, m.added_files_count)));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(9), count(!data, m.existing_files_count)));
  FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(10), count(!data, m.deleted_files_count)));

  // A list without summaries (optional in v1): null where Java's schema allows it, else empty.
  auto* list = static_cast<columnar::ListBuilder*>(rows.column(11));
  FLOE_RETURN_IF_ERROR(list->Append(m.partitions.has_value() || !reference_snapshot_id));
  if (m.partitions) {
    const spec::PartitionSpec* spec = metadata.SpecById(m.partition_spec_id);
    spec::TypePtr type = manifest::PartitionTypeFor(metadata, m.partition_spec_id);
    auto* summary = static_cast<columnar::StructBuilder*>(list->value_builder());
    for (size_t i = 0; i < m.partitions->size(); ++i) {
      const manifest::PartitionFieldSummary& s = (*m.partitions)[i];
      FLOE_RETURN_IF_ERROR(summary->Append(true));
      FLOE_RETURN_IF_ERROR(AppendBoolean(summary->child(0), s.contains_null));
      FLOE_RETURN_IF_ERROR(AppendBoolean(summary->child(1), s.contains_nan));
      if (spec && type && i < spec->fields.size() && i < type->fields().size()) {
        FLOE_ASSIGN_OR_RETURN(
            std::string lower,
            ManifestBoundText(metadata, spec->fields[i], *type->fields()[i].type, s.lower_bound));
        FLOE_ASSIGN_OR_RETURN(
            std::string upper,
            ManifestBoundText(metadata, spec->fields[i], *type->fields()[i].type, s.upper_bound));
        FLOE_RETURN_IF_ERROR(AppendBytes(summary->child(2), lower));
        FLOE_RETURN_IF_ERROR(AppendBytes(summary->child(3), upper));
      } else {
        // The spec is unknown or no longer binds: the bounds cannot be read.
        FLOE_RETURN_IF_ERROR(summary->child(2)->AppendNull());
        FLOE_RETURN_IF_ERROR(summary->child(3)->AppendNull());
      }
    }
  }
  if (reference_snapshot_id) {
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(12), reference_snapshot_id));
  }
  return rows.EndRow();
}

}  // namespace

spec::Schema ManifestsTableSchema() { return ManifestsSchemaOf(false); }
spec::Schema AllManifestsTableSchema() { return ManifestsSchemaOf(true); }

Status ReadManifestsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                          const spec::Snapshot* snapshot, RowBatchBuilder& rows) {
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                        SnapshotManifestFiles(io, metadata, snapshot));
  for (const manifest::ManifestFile& m : manifests) {
    FLOE_RETURN_IF_ERROR(AppendManifestRow(io, metadata, m, std::nullopt, rows));
  }
  return rows.Finish();
}

Status ReadAllManifestsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                             RowBatchBuilder& rows) {
  for (const spec::Snapshot& s : metadata.snapshots) {
    FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                          SnapshotManifestFiles(io, metadata, &s));
    for (const manifest::ManifestFile& m : manifests) {
      FLOE_RETURN_IF_ERROR(AppendManifestRow(io, metadata, m, s.snapshot_id, rows));
    }
  }
  return rows.Finish();
}

}  // namespace floe::inspect
