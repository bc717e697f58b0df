#include "floe/scan/equality_deletes.h"

#include <cmath>
#include <cstring>
#include <set>
#include <utility>

#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/scan/avro_data_file_reader.h"
#include "floe/scan/column_selection.h"
#include "floe/scan/manifest_file_size.h"
#include "floe/util/ascii.h"
#include "floe/util/bytes.h"

namespace floe::scan {
namespace {

using columnar::ArrayData;
namespace col = floe::columnar;

// How to reach one equality column in a batch: the top-level column, then struct children.
struct ColumnPath {
  int32_t field_id = 0;
  std::vector<int> indices;
};

bool FindIn(const std::vector<columnar::Field>& fields, int32_t id, std::vector<int>* path) {
  for (size_t i = 0; i < fields.size(); ++i) {
    path->push_back(static_cast<int>(i));
    if (fields[i].field_id() == id) return true;
    if (fields[i].type->id() == col::TypeId::kStruct &&
        FindIn(fields[i].type->children(), id, path)) {
      return true;
    }
    path->pop_back();
  }
  return false;
}

Result<std::vector<ColumnPath>> FindColumns(const columnar::Schema& schema,
                                            const std::vector<int32_t>& field_ids) {
  std::vector<ColumnPath> out;
  for (int32_t id : field_ids) {
    ColumnPath path{id, {}};
    if (!FindIn(schema.fields(), id, &path.indices)) {
      return InvalidArgument("equality field id {} is not among the columns {}", id,
                             schema.ToString());
    }
    out.push_back(std::move(path));
  }
  return out;
}

// Appends the canonical form of row `i` of `a` (a logical index: a.offset is added by the
// accessors) to `key`: 0 for null, else 1 and the value's bytes.
Status AppendValue(const ArrayData& a, int64_t i, std::string* key) {
  if (a.IsNull(i)) {
    key->push_back('\0');
    return Ok();
  }
  key->push_back('\1');
  switch (a.type->id()) {
    case col::TypeId::kBool:
      key->push_back(a.GetBool(i) ? '\1' : '\0');
      return Ok();
    case col::TypeId::kInt8:
      AppendLittleEndian<int64_t>(*key, a.values<int8_t>()[i]);
      return Ok();
    case col::TypeId::kInt16:
      AppendLittleEndian<int64_t>(*key, a.values<int16_t>()[i]);
      return Ok();
    case col::TypeId::kInt32:
    case col::TypeId::kDate32:
    case col::TypeId::kTime32:
      AppendLittleEndian<int64_t>(*key, a.values<int32_t>()[i]);
      return Ok();
    case col::TypeId::kInt64:
    case col::TypeId::kTime64:
    case col::TypeId::kTimestamp:
      AppendLittleEndian<int64_t>(*key, a.values<int64_t>()[i]);
      return Ok();
    case col::TypeId::kUInt8:
      AppendLittleEndian<int64_t>(*key, a.values<uint8_t>()[i]);
      return Ok();
    case col::TypeId::kUInt16:
      AppendLittleEndian<int64_t>(*key, a.values<uint16_t>()[i]);
      return Ok();
    case col::TypeId::kUInt32:
      AppendLittleEndian<int64_t>(*key, a.values<uint32_t>()[i]);
      return Ok();
    case col::TypeId::kFloat32:
    case col::TypeId::kFloat64: {
      double v = a.type->id() == col::TypeId::kFloat32 ? static_cast<double>(a.values<float>()[i])
                                                       : a.values<double>()[i];
      if (std::isnan(v)) v = std::nan("");  // one NaN
      uint64_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      AppendLittleEndian<uint64_t>(*key, bits);
      return Ok();
    }
    case col::TypeId::kString:
    case col::TypeId::kBinary: {
      std::string_view v = a.GetView(i);
      AppendLittleEndian<uint32_t>(*key, static_cast<uint32_t>(v.size()));
      key->append(v);
      return Ok();
    }
    case col::TypeId::kFixedSizeBinary:
    case col::TypeId::kDecimal128: {
      // Decimals keep their scale on promotion (only the precision widens): the 16 bytes match.
      std::string_view v = a.GetFixed(i);
      AppendLittleEndian<uint32_t>(*key, static_cast<uint32_t>(v.size()));
      key->append(v);
      return Ok();
    }
    default:
      return NotSupported("equality delete column of type {}", a.type->ToString());
  }
}

// The canonical key of row `row` over `columns`.
Status RowKey(const columnar::RecordBatch& batch, const std::vector<ColumnPath>& columns,
              int64_t row, std::string* key) {
  key->clear();
  for (const ColumnPath& path : columns) {
    const ArrayData* a = batch.column(path.indices[0]).get();
    int64_t i = row;
    bool null_parent = false;
    for (size_t d = 1; d < path.indices.size(); ++d) {
      // A struct's children are indexed through the struct's own offset.
      if (a->IsNull(i)) {
        null_parent = true;
        break;
      }
      i += a->offset;
      a = a->children[static_cast<size_t>(path.indices[d])].get();
    }
    if (null_parent) {
      key->push_back('\0');
      continue;
    }
    FLOE_RETURN_IF_ERROR(AppendValue(*a, i, key));
  }
  return Ok();
}

// Whether a record field of `n` (or of a record nested in it through unions) has this id.
// Equality columns are never inside lists or maps, so those are not searched.
bool AvroHasFieldId(const avro::Node& n, int32_t id, std::set<const avro::Node*>* seen) {
  if (!seen->insert(&n).second) return false;
  if (n.type == avro::Type::kRecord) {
    for (const avro::Field& f : n.fields) {
      if (f.field_id == id || AvroHasFieldId(*f.type, id, seen)) return true;
    }
  } else if (n.type == avro::Type::kUnion) {
    for (const avro::Node* b : n.branches) {
      if (AvroHasFieldId(*b, id, seen)) return true;
    }
  }
  return false;
}

}  // namespace

Status EqualityDeleteSet::AddKeys(const columnar::RecordBatch& batch) {
  FLOE_ASSIGN_OR_RETURN(auto columns, FindColumns(*batch.schema(), field_ids_));
  std::string key;
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    FLOE_RETURN_IF_ERROR(RowKey(batch, columns, row, &key));
    keys_.insert(key);
  }
  return Ok();
}

Result<EqualityDeleteSet> EqualityDeleteSet::FromBatch(std::vector<int32_t> field_ids,
                                                       const columnar::RecordBatch& batch) {
  EqualityDeleteSet set;
  set.field_ids_ = std::move(field_ids);
  FLOE_RETURN_IF_ERROR(set.AddKeys(batch));
  return set;
}

Status EqualityDeleteSet::AddFileKeys(const columnar::RecordBatch& batch) {
  Status st = AddKeys(batch);
  if (st.ok()) return st;
  // A key column the file lacks or holds with another type is the file's fault.
  Error e = std::move(st).error();
  if (e.kind == ErrorKind::kInvalidArgument) e.kind = ErrorKind::kCorrupt;
  return e;
}

Result<EqualityDeleteSet> EqualityDeleteSet::Read(io::FileIO& io, const manifest::DeleteFile& file,
                                                  const spec::Schema* table_schema) {
  std::string where = "equality delete file " + file.file_path;
  const bool avro = AsciiEqualsIgnoreCase(file.file_format, "avro");
  if (!avro && !AsciiEqualsIgnoreCase(file.file_format, "parquet")) {
    return NotSupported("{}: format {} (floe reads Parquet and Avro equality delete files)", where,
                        file.file_format);
  }
  if (!file.equality_ids || file.equality_ids->empty()) {
    return Corrupt("{}: no equality_ids", where);
  }
  if (avro) {
    if (table_schema == nullptr) {
      return InvalidArgument("{}: reading an Avro delete file needs the table schema", where);
    }
    Result<EqualityDeleteSet> read = ReadAvro(io, file, *table_schema);
    if (read.ok()) return read;
    return AsDeleteFileError(std::move(read).error(), file.file_path, where);
  }
  auto run = [&]() -> Result<EqualityDeleteSet> {
    FLOE_ASSIGN_OR_RETURN(
        auto reader,
        OpenWithManifestSize(io, "equality delete file", file.file_path, file.file_size_in_bytes,
                             [&](std::optional<int64_t> size) {
                               return parquet::FileReader::Open(io, file.file_path, size);
                             }));
    parquet::BatchReaderOptions options;
    options.parallel = false;  // the caller may already run on the pool
    options.projection.field_ids = *file.equality_ids;
    auto batches = parquet::BatchReader::Make(*reader, options);
    if (!batches.ok()) {
      if (batches.error().kind == ErrorKind::kNotFound) {
        return Corrupt("an equality column is missing: {}", batches.error().message);
      }
      return std::move(batches).error();
    }
    EqualityDeleteSet set;
    set.field_ids_ = *file.equality_ids;
    while (true) {
      FLOE_ASSIGN_OR_RETURN(auto batch, (*batches)->Next());
      if (!batch) break;
      FLOE_RETURN_IF_ERROR(set.AddFileKeys(*batch));
    }
    return set;
  };
  return run().WithContext(where);
}

Result<EqualityDeleteSet> EqualityDeleteSet::ReadAvro(io::FileIO& io,
                                                      const manifest::DeleteFile& file,
                                                      const spec::Schema& table_schema) {
  const std::vector<int32_t>& ids = *file.equality_ids;
  for (int32_t id : ids) {
    if (table_schema.FindFieldById(id) == nullptr) {
      return NotSupported("equality column id {} is not in the table schema", id);
    }
  }
  // Read as a data file projected to the key columns: types come from the table schema (so a
  // column promoted since reads promoted), columns are found by field id.
  DataFileReadOptions options;
  options.projected_schema = SelectFields(table_schema, std::set<int32_t>(ids.begin(), ids.end()));
  options.parallel_columns = false;
  manifest::DataFile as_data = file;
  as_data.partition.clear();  // no partition values stand in for missing columns
  FLOE_ASSIGN_OR_RETURN(auto reader, AvroDataFileReader::Open(io, as_data, options));
  // The reader fills a column the file lacks with its default or nulls; a delete file must
  // hold its keys.
  for (int32_t id : ids) {
    std::set<const avro::Node*> seen;
    if (!AvroHasFieldId(reader->file_schema(), id, &seen)) {
      return Corrupt("an equality column is missing: no field with id {} in the file", id);
    }
  }
  EqualityDeleteSet set;
  set.field_ids_ = ids;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    FLOE_RETURN_IF_ERROR(set.AddFileKeys(*batch));
  }
  return set;
}

Status EqualityDeleteSet::MarkDeleted(const columnar::RecordBatch& batch,
                                      std::vector<uint8_t>* deleted) const {
  if (static_cast<int64_t>(deleted->size()) != batch.num_rows()) {
    return InvalidArgument("deleted mask has {} entries for {} rows", deleted->size(),
                           batch.num_rows());
  }
  if (keys_.empty()) return Ok();
  FLOE_ASSIGN_OR_RETURN(auto columns, FindColumns(*batch.schema(), field_ids_));
  std::string key;
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    if ((*deleted)[static_cast<size_t>(row)]) continue;
    FLOE_RETURN_IF_ERROR(RowKey(batch, columns, row, &key));
    if (keys_.count(key) > 0) (*deleted)[static_cast<size_t>(row)] = 1;
  }
  return Ok();
}

}  // namespace floe::scan
