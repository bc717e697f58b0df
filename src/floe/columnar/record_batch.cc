#include "floe/columnar/record_batch.h"

namespace floe::columnar {

int Schema::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (fields_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool Schema::Equals(const Schema& other, bool check_metadata) const {
  if (fields_.size() != other.fields_.size()) return false;
  if (check_metadata && metadata_ != other.metadata_) return false;
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (!fields_[i].Equals(other.fields_[i], check_metadata)) return false;
  }
  return true;
}

std::string Schema::ToString() const {
  std::string s;
  for (const Field& f : fields_) {
    if (!s.empty()) s += "\n";
    s += f.name + ": " + f.type->ToString();
    if (!f.nullable) s += " not null";
    if (auto id = f.field_id()) s += " (id " + std::to_string(*id) + ")";
  }
  return s;
}

Result<RecordBatch> RecordBatch::Make(SchemaPtr schema, int64_t num_rows,
                                      std::vector<ArrayPtr> columns) {
  if (!schema) return InvalidArgument("record batch without a schema");
  if (num_rows < 0) return InvalidArgument("record batch with {} rows", num_rows);
  if (static_cast<int>(columns.size()) != schema->num_fields()) {
    return InvalidArgument("record batch has {} columns for {} schema fields", columns.size(),
                           schema->num_fields());
  }
  for (int i = 0; i < schema->num_fields(); ++i) {
    const Field& f = schema->field(i);
    const ArrayPtr& c = columns[static_cast<size_t>(i)];
    if (!c || !c->type || !c->type->Equals(*f.type)) {
      return InvalidArgument("column {}: array type {} does not match the field type {}", f.name,
                             c && c->type ? c->type->ToString() : "(none)", f.type->ToString());
    }
    if (c->length != num_rows) {
      return InvalidArgument("column {}: {} values for {} rows", f.name, c->length, num_rows);
    }
    if (!f.nullable && c->null_count > 0) {
      return InvalidArgument("column {}: {} nulls in a non-nullable field", f.name, c->null_count);
    }
  }
  return RecordBatch(std::move(schema), num_rows, std::move(columns));
}

RecordBatch RecordBatch::Slice(int64_t offset, int64_t length) const {
  std::vector<ArrayPtr> cols;
  cols.reserve(columns_.size());
  for (const auto& c : columns_) cols.push_back(c->Slice(offset, length));
  return RecordBatch(schema_, length, std::move(cols));
}

ArrayPtr RecordBatch::ToStructArray() const {
  return ArrayData::Make(schema_->AsStructType(), num_rows_, {nullptr}, 0, 0, columns_);
}

}  // namespace floe::columnar
