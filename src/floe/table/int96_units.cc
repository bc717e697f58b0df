#include "floe/table/int96_units.h"

namespace floe::table {

std::vector<int> Int96NanoColumns(const parquet::Schema& file, const spec::Schema& table,
                                  Int96Match match) {
  std::vector<int> out;
  for (int c = 0; c < file.num_columns(); ++c) {
    const parquet::SchemaNode& leaf = file.column(c);
    if (leaf.physical_type != parquet::Type::kInt96) continue;
    const spec::NestedField* field = nullptr;
    if (match == Int96Match::kById) {
      if (leaf.field_id) field = table.FindFieldById(*leaf.field_id);
    } else {
      field = table.FindFieldByName(parquet::JoinPath(leaf.path), /*case_sensitive=*/false);
    }
    if (field == nullptr) continue;
    const spec::TypeId id = field->type->id();
    if (id == spec::TypeId::kTimestampNs || id == spec::TypeId::kTimestampTzNs) out.push_back(c);
  }
  return out;
}

columnar::Schema Int96AsInstants(const columnar::Schema& read, const parquet::Schema& file,
                                 const spec::Schema& table, Int96Match match) {
  std::vector<columnar::Field> fields = read.fields();
  for (columnar::Field& f : fields) {
    if (f.type->id() != columnar::TypeId::kTimestamp || !f.type->timezone().empty()) continue;
    bool int96 = false;
    for (int c : file.root().children) {
      const parquet::SchemaNode& n = file.node(c);
      if (n.name == f.name && n.physical_type == parquet::Type::kInt96) int96 = true;
    }
    if (!int96) continue;
    const spec::NestedField* field = nullptr;
    if (match == Int96Match::kById) {
      if (auto id = f.field_id()) field = table.FindFieldById(*id);
    } else {
      field = table.FindFieldByName(f.name, /*case_sensitive=*/false);
    }
    if (field == nullptr) continue;
    const spec::TypeId id = field->type->id();
    if (id == spec::TypeId::kTimestampTz || id == spec::TypeId::kTimestampTzNs) {
      f.type = columnar::Timestamp(f.type->unit(), "UTC");
    }
  }
  return columnar::Schema(std::move(fields), read.metadata());
}

}  // namespace floe::table
