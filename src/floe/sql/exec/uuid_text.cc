#include "floe/sql/exec/uuid_text.h"

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/util/uuid.h"

namespace floe::sql {

using columnar::ArrayData;
using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::Field;
using columnar::TypeId;

namespace {

DataTypePtr WithChildren(const columnar::DataType& type, std::vector<Field> children) {
  switch (type.id()) {
    case TypeId::kStruct:
      return columnar::Struct(std::move(children));
    case TypeId::kList:
      return columnar::List(std::move(children[0]));
    case TypeId::kMap: {
      const Field& entries = children[0];
      return columnar::Map(entries.type->child(0), entries.type->child(1), type.keys_sorted());
    }
    default:
      return nullptr;
  }
}

// The name of a nested field in messages: struct fields by name, list elements and map entries
// as Iceberg names them.
std::string ChildPath(const std::string& where, const columnar::DataType& type,
                      const Field& child) {
  if (type.id() == TypeId::kList) return where + ".element";
  if (type.id() == TypeId::kMap) return where;  // the entries struct: its key and value follow
  return where + "." + child.name;
}

Result<ArrayPtr> TextOfUuids(const ArrayData& uuids) {
  columnar::BinaryBuilder builder(columnar::Utf8());
  FLOE_RETURN_IF_ERROR(builder.Reserve(uuids.length));
  for (int64_t i = 0; i < uuids.length; ++i) {
    if (uuids.IsNull(i)) {
      FLOE_RETURN_IF_ERROR(builder.AppendNull());
      continue;
    }
    Uuid u;
    std::string_view bytes = uuids.GetFixed(i);
    std::copy(bytes.begin(), bytes.end(), u.bytes.begin());
    FLOE_RETURN_IF_ERROR(builder.Append(u.ToString()));
  }
  return builder.Finish();
}

Result<ArrayPtr> UuidsOfText(const ArrayData& strings, const std::string& where) {
  columnar::FixedSizeBinaryBuilder builder(columnar::Uuid());
  FLOE_RETURN_IF_ERROR(builder.Reserve(strings.length));
  for (int64_t i = 0; i < strings.length; ++i) {
    if (strings.IsNull(i)) {
      FLOE_RETURN_IF_ERROR(builder.AppendNull());
      continue;
    }
    std::optional<Uuid> uuid = Uuid::Parse(strings.GetView(i));
    if (!uuid) {
      return InvalidArgument("{}: '{}' is not a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)", where,
                             strings.GetView(i));
    }
    FLOE_RETURN_IF_ERROR(builder.Append(uuid->bytes.data()));
  }
  return builder.Finish();
}

// Both directions: `to_text` reads uuids as text, else text as uuids. `field` is the column's
// (uuid-marked) field; the result has its type, or UuidsAsStrings' of it.
Result<ArrayPtr> Convert(const ArrayPtr& array, const Field& field, bool to_text,
                         const std::string& where) {
  if (!HoldsUuids(field)) return array;
  if (columnar::IsUuidField(field))
    return to_text ? TextOfUuids(*array) : UuidsOfText(*array, where);
  const columnar::DataType& type = *field.type;
  auto out = std::make_shared<ArrayData>(*array);
  out->type = to_text ? UuidsAsStrings(field).type : field.type;
  for (int k = 0; k < type.num_children() && static_cast<size_t>(k) < out->children.size(); ++k) {
    const Field& child = type.child(k);
    FLOE_ASSIGN_OR_RETURN(out->children[static_cast<size_t>(k)],
                          Convert(array->children[static_cast<size_t>(k)], child, to_text,
                                  ChildPath(where, type, child)));
  }
  return ArrayPtr(std::move(out));
}

}  // namespace

bool HoldsUuids(const Field& field) {
  if (columnar::IsUuidField(field)) return true;
  for (const Field& child : field.type->children()) {
    if (HoldsUuids(child)) return true;
  }
  return false;
}

Field UuidsAsStrings(const Field& field) {
  if (!HoldsUuids(field)) return field;
  if (columnar::IsUuidField(field)) return Field(field.name, columnar::Utf8(), field.nullable);
  std::vector<Field> children;
  for (const Field& child : field.type->children()) children.push_back(UuidsAsStrings(child));
  return Field(field.name, WithChildren(*field.type, std::move(children)), field.nullable,
               field.metadata);
}

Result<ArrayPtr> UuidsToText(const ArrayPtr& array, const Field& field) {
  return Convert(array, field, true, "");
}

Result<ArrayPtr> UuidsFromText(const ArrayPtr& array, const Field& field,
                               const std::string& where) {
  return Convert(array, field, false, where);
}

}  // namespace floe::sql
