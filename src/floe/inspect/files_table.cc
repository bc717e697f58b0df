#include "floe/inspect/files_table.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "floe/inspect/schema_fields.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/inspect/unified_partition_type.h"
#include "floe/spec/single_value.h"

namespace floe::inspect {

using spec::Type;

namespace {

// A primitive column of the table's current schema as readable_metrics shows it.
struct ReadableColumn {
  std::string name;  // full dotted name
  int32_t field_id = 0;
  spec::TypePtr type;
};

// The primitive columns, sorted by name (Java sorts the readable_metrics fields by name).
std::vector<ReadableColumn> ReadableColumnsOf(const spec::Schema& schema) {
  std::vector<ReadableColumn> columns;
  spec::VisitFields(schema.fields, [&](const spec::NestedField& f, const std::string& name,
                                       const std::vector<int32_t>&) {
    if (f.type && f.type->is_primitive()) columns.push_back({name, f.id, f.type});
    return true;
  });
  std::sort(columns.begin(), columns.end(),
            [](const ReadableColumn& a, const ReadableColumn& b) { return a.name < b.name; });
  return columns;
}

// Java's String.hashCode over the UTF-16 code units of a UTF-8 name.
int32_t JavaStringHash(std::string_view utf8) {
  uint32_t h = 0;
  size_t i = 0;
  auto unit = [&](uint32_t u) { h = h * 31 + u; };
  while (i < utf8.size()) {
    const auto c = static_cast<uint8_t>(utf8[i]);
    uint32_t cp = c;
    size_t len = 1;
    if (c >= 0xF0 && i + 3 < utf8.size()) {
      cp = ((c & 0x07u) << 18) | ((utf8[i + 1] & 0x3Fu) << 12) | ((utf8[i + 2] & 0x3Fu) << 6) |
           (utf8[i + 3] & 0x3Fu);
      len = 4;
    } else if (c >= 0xE0 && i + 2 < utf8.size()) {
      cp = ((c & 0x0Fu) << 12) | ((utf8[i + 1] & 0x3Fu) << 6) | (utf8[i + 2] & 0x3Fu);
      len = 3;
    } else if (c >= 0xC0 && i + 1 < utf8.size()) {
      cp = ((c & 0x1Fu) << 6) | (utf8[i + 1] & 0x3Fu);
      len = 2;
    }
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
    i += len;
  }
  return static_cast<int32_t>(h);
}

// The field ids of the schema in the order Java's Schema.idToName() iterates them: that map is
// built from a java.util.HashMap of full names (children added before their parent), so the
// order is by hash bucket, then by insertion within a bucket. readable_metrics ids follow it.
std::vector<int32_t> JavaIdToNameOrder(const spec::Schema& schema) {
  struct Named {
    std::string name;
    int32_t id;
  };
  std::vector<Named> inserted;  // post-order: a field after everything inside it
  std::function<void(const std::vector<spec::NestedField>&, const std::string&)> visit =
      [&](const std::vector<spec::NestedField>& fields, const std::string& prefix) {
        for (const spec::NestedField& f : fields) {
          std::string name = prefix.empty() ? f.name : prefix + "." + f.name;
          if (f.type && f.type->is_nested()) visit(f.type->fields(), name);
          inserted.push_back({name, f.id});
        }
      };
  visit(schema.fields, "");
  // The table size after all insertions: 16, doubled while the entries exceed 3/4 of it.
  uint32_t capacity = 16;
  while (inserted.size() > capacity / 4 * 3) capacity *= 2;
  auto bucket = [&](const Named& n) {
    const auto h = static_cast<uint32_t>(JavaStringHash(n.name));
    return (h ^ (h >> 16)) & (capacity - 1);
  };
  std::stable_sort(inserted.begin(), inserted.end(),
                   [&](const Named& a, const Named& b) { return bucket(a) < bucket(b); });
  std::vector<int32_t> ids;
  for (const Named& n : inserted) ids.push_back(n.id);
  return ids;
}

// Java's MetricsUtil.readableMetricsSchema: ids are handed out column by column (the struct,
// then its six fields) in idToName order, from `highest_id` + 1, and the readable_metrics field
// takes the last one; the column structs are then sorted by name.
spec::NestedField ReadableMetricsField(const spec::Schema& table_schema,
                                       const std::vector<ReadableColumn>& sorted,
                                       int32_t highest_id) {
  std::unordered_map<int32_t, const ReadableColumn*> by_id;
  for (const ReadableColumn& r : sorted) by_id[r.field_id] = &r;
  std::unordered_map<int32_t, spec::NestedField> numbered;
  int32_t next = highest_id;
  for (int32_t id : JavaIdToNameOrder(table_schema)) {
    auto found = by_id.find(id);
    if (found == by_id.end()) continue;
    const ReadableColumn* c = found->second;
    const int32_t struct_id = ++next;
    std::vector<spec::NestedField> metrics = {
        Optional(++next, "column_size", Type::Long()),
        Optional(++next, "value_count", Type::Long()),
        Optional(++next, "null_value_count", Type::Long()),
        Optional(++next, "nan_value_count", Type::Long()),
        Optional(++next, "lower_bound", c->type),
        Optional(++next, "upper_bound", c->type),
    };
    numbered[id] = Optional(struct_id, c->name, Type::Struct(std::move(metrics)));
  }
  std::vector<spec::NestedField> fields;
  for (const ReadableColumn& c : sorted) fields.push_back(numbered.at(c.field_id));
  return Optional(++next, "readable_metrics", Type::Struct(std::move(fields)));
}

// Java prints the FileFormat enum constant: "PARQUET", "AVRO", "ORC", "PUFFIN".
std::string FileFormatName(std::string_view written) {
  std::string name(written);
  for (char& c : name) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return name;
}

Result<spec::TypePtr> FilesPartitionType(const spec::TableMetadata& metadata) {
  return UnifiedPartitionType(metadata);
}

// What every row of a files or entries table needs, worked out once.
// One file's metrics of one readable column, gathered in one pass over the file's metric maps.
struct ReadableSlot {
  std::optional<int64_t> column_size, value_count, null_value_count, nan_value_count;
  const std::string* lower_bound = nullptr;
  const std::string* upper_bound = nullptr;
};

struct FileRowContext {
  spec::Schema table_schema;             // the current schema
  spec::TypePtr partition_type;          // unified; no partition column when it has no fields
  std::vector<ReadableColumn> readable;  // sorted by name
  std::unordered_map<int32_t, size_t> readable_index;  // field id → position in `readable`
  std::vector<ReadableSlot> slots;                     // scratch, one per readable column
};

Result<FileRowContext> MakeFileRowContext(const spec::TableMetadata& metadata) {
  FileRowContext c;
  FLOE_ASSIGN_OR_RETURN(c.partition_type, FilesPartitionType(metadata));
  if (const spec::Schema* schema = metadata.CurrentSchema()) {
    c.table_schema = *schema;
    c.readable = ReadableColumnsOf(*schema);
  }
  for (size_t i = 0; i < c.readable.size(); ++i) c.readable_index[c.readable[i].field_id] = i;
  c.slots.resize(c.readable.size());
  return c;
}

// The columns of a data_file, appended to `cols` (DataFileFields' order).
Status AppendDataFileColumns(const spec::TableMetadata& metadata, const FileRowContext& context,
                             const manifest::DataFile& f,
                             const std::vector<columnar::ArrayBuilder*>& cols) {
  size_t i = 0;
  auto next = [&]() { return cols[i++]; };
  FLOE_RETURN_IF_ERROR(AppendInt32(next(), static_cast<int32_t>(f.content)));
  FLOE_RETURN_IF_ERROR(AppendBytes(next(), f.file_path));
  FLOE_RETURN_IF_ERROR(AppendBytes(next(), FileFormatName(f.file_format)));
  FLOE_RETURN_IF_ERROR(AppendInt32(next(), f.spec_id));
  if (!context.partition_type->fields().empty()) {
    FLOE_RETURN_IF_ERROR(AppendLiteralStruct(
        next(),
        CoercePartition(*context.partition_type, metadata.SpecById(f.spec_id), f.partition)));
  }
  FLOE_RETURN_IF_ERROR(AppendInt64(next(), f.record_count));
  FLOE_RETURN_IF_ERROR(AppendInt64(next(), f.file_size_in_bytes));
  FLOE_RETURN_IF_ERROR(AppendCountMap(next(), f.column_sizes));
  FLOE_RETURN_IF_ERROR(AppendCountMap(next(), f.value_counts));
  FLOE_RETURN_IF_ERROR(AppendCountMap(next(), f.null_value_counts));
  FLOE_RETURN_IF_ERROR(AppendCountMap(next(), f.nan_value_counts));
  FLOE_RETURN_IF_ERROR(AppendBoundMap(next(), f.lower_bounds));
  FLOE_RETURN_IF_ERROR(AppendBoundMap(next(), f.upper_bounds));
  FLOE_RETURN_IF_ERROR(AppendBytes(next(), f.key_metadata));
  FLOE_RETURN_IF_ERROR(AppendInt64List(next(), f.split_offsets));
  FLOE_RETURN_IF_ERROR(AppendInt32List(next(), f.equality_ids));
  FLOE_RETURN_IF_ERROR(AppendInt32(next(), f.sort_order_id));
  FLOE_RETURN_IF_ERROR(AppendInt64(next(), f.first_row_id));
  FLOE_RETURN_IF_ERROR(AppendBytes(next(), f.referenced_data_file));
  FLOE_RETURN_IF_ERROR(AppendInt64(next(), f.content_offset));
  FLOE_RETURN_IF_ERROR(AppendInt64(next(), f.content_size_in_bytes));
  return Ok();
}

// A bound decoded to its column's type; null when the file has none for the column.
Result<spec::Literal> ReadableBound(const manifest::DataFile& f, const ReadableColumn& c,
                                    const std::string* bytes, std::string_view which) {
  if (bytes == nullptr) return spec::Literal();
  const spec::TypeId id = c.type->id();
  if (id == spec::TypeId::kGeometry || id == spec::TypeId::kGeography) {
    // Their bounds are bounding-box corners (x, y, z, m), not values of the column's type.
    return spec::Literal();
  }
  Result<spec::Literal> value = spec::FromBinary(*c.type, *bytes);
  if (!value.ok()) {
    return Corrupt("{}: {} bound of column {} (id {}): {}", f.file_path, which, c.name, c.field_id,
                   value.error().message);
  }
  return value;
}

// Metric maps list columns in file order: each is walked once into the per-column slots, so a
// wide table costs columns + metrics per file, not their product.
Status AppendReadableMetrics(FileRowContext& context, const manifest::DataFile& f,
                             columnar::ArrayBuilder* builder) {
  std::fill(context.slots.begin(), context.slots.end(), ReadableSlot{});
  auto slot = [&](int32_t id) -> ReadableSlot* {
    auto it = context.readable_index.find(id);
    return it == context.readable_index.end() ? nullptr : &context.slots[it->second];
  };
  for (const auto& [id, v] : f.column_sizes)
    if (ReadableSlot* s = slot(id)) s->column_size = v;
  for (const auto& [id, v] : f.value_counts)
    if (ReadableSlot* s = slot(id)) s->value_count = v;
  for (const auto& [id, v] : f.null_value_counts)
    if (ReadableSlot* s = slot(id)) s->null_value_count = v;
  for (const auto& [id, v] : f.nan_value_counts)
    if (ReadableSlot* s = slot(id)) s->nan_value_count = v;
  for (const auto& [id, v] : f.lower_bounds)
    if (ReadableSlot* s = slot(id)) s->lower_bound = &v;
  for (const auto& [id, v] : f.upper_bounds)
    if (ReadableSlot* s = slot(id)) s->upper_bound = &v;

  auto* all = static_cast<columnar::StructBuilder*>(builder);
  FLOE_RETURN_IF_ERROR(all->Append(true));
  for (size_t i = 0; i < context.readable.size(); ++i) {
    const ReadableColumn& c = context.readable[i];
    const ReadableSlot& m = context.slots[i];
    auto* metrics = static_cast<columnar::StructBuilder*>(all->child(static_cast<int>(i)));
    FLOE_RETURN_IF_ERROR(metrics->Append(true));
    FLOE_RETURN_IF_ERROR(AppendInt64(metrics->child(0), m.column_size));
    FLOE_RETURN_IF_ERROR(AppendInt64(metrics->child(1), m.value_count));
    FLOE_RETURN_IF_ERROR(AppendInt64(metrics->child(2), m.null_value_count));
    FLOE_RETURN_IF_ERROR(AppendInt64(metrics->child(3), m.nan_value_count));
    FLOE_ASSIGN_OR_RETURN(spec::Literal lower, ReadableBound(f, c, m.lower_bound, "lower"));
    FLOE_ASSIGN_OR_RETURN(spec::Literal upper, ReadableBound(f, c, m.upper_bound, "upper"));
    FLOE_RETURN_IF_ERROR(AppendLiteral(metrics->child(4), lower));
    FLOE_RETURN_IF_ERROR(AppendLiteral(metrics->child(5), upper));
  }
  return Ok();
}

}  // namespace

std::vector<spec::NestedField> DataFileFields(const spec::TypePtr& partition_type) {
  std::vector<spec::NestedField> fields = {
      Optional(134, "content", Type::Int()),
      Required(100, "file_path", Type::String()),
      Required(101, "file_format", Type::String()),
      Optional(141, "spec_id", Type::Int()),
  };
  if (partition_type && !partition_type->fields().empty()) {
    fields.push_back(Required(102, "partition", partition_type));
  }
  std::vector<spec::NestedField> rest = {
      Required(103, "record_count", Type::Long()),
      Required(104, "file_size_in_bytes", Type::Long()),
      Optional(108, "column_sizes", RequiredMap(117, Type::Int(), 118, Type::Long())),
      Optional(109, "value_counts", RequiredMap(119, Type::Int(), 120, Type::Long())),
      Optional(110, "null_value_counts", RequiredMap(121, Type::Int(), 122, Type::Long())),
      Optional(137, "nan_value_counts", RequiredMap(138, Type::Int(), 139, Type::Long())),
      Optional(125, "lower_bounds", RequiredMap(126, Type::Int(), 127, Type::Binary())),
      Optional(128, "upper_bounds", RequiredMap(129, Type::Int(), 130, Type::Binary())),
      Optional(131, "key_metadata", Type::Binary()),
      Optional(132, "split_offsets", RequiredList(133, Type::Long())),
      Optional(135, "equality_ids", RequiredList(136, Type::Int())),
      Optional(140, "sort_order_id", Type::Int()),
      Optional(142, "first_row_id", Type::Long()),
      Optional(143, "referenced_data_file", Type::String()),
      Optional(144, "content_offset", Type::Long()),
      Optional(145, "content_size_in_bytes", Type::Long()),
  };
  for (spec::NestedField& f : rest) fields.push_back(std::move(f));
  return fields;
}

Result<spec::Schema> FilesTableSchema(const spec::TableMetadata& metadata) {
  FLOE_ASSIGN_OR_RETURN(FileRowContext context, MakeFileRowContext(metadata));
  spec::Schema schema = SchemaOf(DataFileFields(context.partition_type));
  schema.fields.push_back(
      ReadableMetricsField(context.table_schema, context.readable, schema.HighestFieldId()));
  return schema;
}

Result<spec::Schema> EntriesTableSchema(const spec::TableMetadata& metadata) {
  FLOE_ASSIGN_OR_RETURN(FileRowContext context, MakeFileRowContext(metadata));
  spec::Schema schema = SchemaOf({
      Required(0, "status", Type::Int()),
      Optional(1, "snapshot_id", Type::Long()),
      Optional(3, "sequence_number", Type::Long()),
      Optional(4, "file_sequence_number", Type::Long()),
      Required(2, "data_file", Type::Struct(DataFileFields(context.partition_type))),
  });
  schema.fields.push_back(
      ReadableMetricsField(context.table_schema, context.readable, schema.HighestFieldId()));
  return schema;
}

Status ForEachLiveFile(io::FileIO& io, const spec::TableMetadata& metadata,
                       const std::vector<manifest::ManifestFile>& manifests,
                       FileContentFilter filter, bool column_metrics,
                       const std::function<Status(const manifest::ManifestEntry&)>& on_entry) {
  for (const manifest::ManifestFile& m : manifests) {
    const bool data = m.content == manifest::ManifestContent::kData;
    if ((filter == FileContentFilter::kData && !data) ||
        (filter == FileContentFilter::kDeletes && data)) {
      continue;
    }
    FLOE_RETURN_IF_ERROR(
        ForEachManifestEntry(io, metadata, m, /*live_only=*/true, on_entry, column_metrics));
  }
  return Ok();
}

Status ReadFilesTable(io::FileIO& io, const spec::TableMetadata& metadata,
                      const std::vector<manifest::ManifestFile>& manifests,
                      FileContentFilter filter, bool column_metrics, RowBatchBuilder& rows) {
  FLOE_ASSIGN_OR_RETURN(FileRowContext context, MakeFileRowContext(metadata));
  std::vector<columnar::ArrayBuilder*> cols;
  for (int i = 0; i + 1 < rows.num_columns(); ++i) cols.push_back(rows.column(i));
  columnar::ArrayBuilder* readable = rows.column(rows.num_columns() - 1);
  FLOE_RETURN_IF_ERROR(ForEachLiveFile(
      io, metadata, manifests, filter, column_metrics,
      [&](const manifest::ManifestEntry& e) -> Status {
        FLOE_RETURN_IF_ERROR(AppendDataFileColumns(metadata, context, e.data_file, cols));
        FLOE_RETURN_IF_ERROR(column_metrics ? AppendReadableMetrics(context, e.data_file, readable)
                                            : readable->AppendNull());
        return rows.EndRow();
      }));
  return rows.Finish();
}

Status ReadEntriesTable(io::FileIO& io, const spec::TableMetadata& metadata,
                        const std::vector<manifest::ManifestFile>& manifests, bool column_metrics,
                        RowBatchBuilder& rows) {
  FLOE_ASSIGN_OR_RETURN(FileRowContext context, MakeFileRowContext(metadata));
  auto* data_file = static_cast<columnar::StructBuilder*>(rows.column(4));
  std::vector<columnar::ArrayBuilder*> cols;
  for (int i = 0; i < data_file->num_children(); ++i) cols.push_back(data_file->child(i));
  for (const manifest::ManifestFile& m : manifests) {
    FLOE_RETURN_IF_ERROR(ForEachManifestEntry(
        io, metadata, m, /*live_only=*/false,
        [&](const manifest::ManifestEntry& e) -> Status {
          FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(0), static_cast<int32_t>(e.status)));
          FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(1), e.snapshot_id));
          FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), e.sequence_number));
          FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(3), e.file_sequence_number));
          FLOE_RETURN_IF_ERROR(data_file->Append(true));
          FLOE_RETURN_IF_ERROR(AppendDataFileColumns(metadata, context, e.data_file, cols));
          FLOE_RETURN_IF_ERROR(column_metrics
                                   ? AppendReadableMetrics(context, e.data_file, rows.column(5))
                                   : rows.column(5)->AppendNull());
          return rows.EndRow();
        },
        column_metrics));
  }
  return rows.Finish();
}

}  // namespace floe::inspect
