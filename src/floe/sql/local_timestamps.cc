#include "floe/sql/local_timestamps.h"

#include <fmt/format.h>

#include "floe/columnar/array_builder.h"
#include "floe/util/time.h"

namespace floe::sql {

namespace {

// "YYYY-MM-DDTHH:MM:SS.ffffff+HH:MM" of an instant (micros or nanos) in a zone.
std::string LocalTimestampText(int64_t value, bool nanos, const SessionTimeZone& zone) {
  int64_t micros = nanos ? FloorDiv(value, 1000) : value;
  int64_t offset = zone.OffsetSecondsAt(micros);
  int64_t local = micros + offset * 1000000;
  std::string text = nanos ? FormatTimestampNanos(local * 1000 + FloorMod(value, 1000), false)
                           : FormatTimestampMicros(local, false);
  int64_t a = offset < 0 ? -offset : offset;
  return text + fmt::format("{}{:02}:{:02}", offset < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

// Whether values of this type hold a timestamp with zone, themselves or nested inside.
bool HoldsZonedTimestamp(const columnar::DataType& t) {
  if (t.id() == columnar::TypeId::kTimestamp) return !t.timezone().empty();
  for (const columnar::Field& f : t.children()) {
    if (HoldsZonedTimestamp(*f.type)) return true;
  }
  return false;
}

// The type with each timestamp with zone in it replaced by string (field names, nullability and
// metadata kept).
columnar::DataTypePtr LocalizedType(const columnar::DataTypePtr& t) {
  if (!HoldsZonedTimestamp(*t)) return t;
  switch (t->id()) {
    case columnar::TypeId::kStruct: {
      std::vector<columnar::Field> fields = t->children();
      for (columnar::Field& f : fields) f.type = LocalizedType(f.type);
      return columnar::Struct(std::move(fields));
    }
    case columnar::TypeId::kList: {
      columnar::Field element = t->value_field();
      element.type = LocalizedType(element.type);
      return columnar::List(std::move(element));
    }
    case columnar::TypeId::kMap: {
      columnar::Field key = t->key_field(), value = t->item_field();
      key.type = LocalizedType(key.type);
      value.type = LocalizedType(value.type);
      return columnar::Map(std::move(key), std::move(value), t->keys_sorted());
    }
    default:
      return columnar::Utf8();
  }
}

// The array with every timestamp with zone in it as text in `zone`; `type` is LocalizedType of
// its type. Structs, lists and maps keep their validity and offsets, only children change.
Result<columnar::ArrayPtr> LocalizeArray(const columnar::ArrayPtr& array,
                                         const columnar::DataTypePtr& type,
                                         const SessionTimeZone& zone) {
  const columnar::DataType& t = *array->type;
  if (!HoldsZonedTimestamp(t)) return array;
  if (t.id() == columnar::TypeId::kTimestamp) {
    const bool nanos = t.unit() == columnar::TimeUnit::kNano;
    columnar::BinaryBuilder builder(columnar::Utf8());
    for (int64_t i = 0; i < array->length; ++i) {
      if (array->IsNull(i)) {
        FLOE_RETURN_IF_ERROR(builder.AppendNull());
      } else {
        FLOE_RETURN_IF_ERROR(
            builder.Append(LocalTimestampText(array->values<int64_t>()[i], nanos, zone)));
      }
    }
    return builder.Finish();
  }
  auto out = std::make_shared<columnar::ArrayData>(*array);
  out->type = type;
  for (size_t k = 0; k < out->children.size(); ++k) {
    FLOE_ASSIGN_OR_RETURN(
        out->children[k],
        LocalizeArray(array->children[k], type->child(static_cast<int>(k)).type, zone));
  }
  return out;
}

}  // namespace

Result<columnar::RecordBatch> LocalizeTimestamps(const columnar::RecordBatch& batch,
                                                 const SessionTimeZone& zone) {
  if (zone.is_utc()) return batch;
  std::vector<columnar::Field> fields = batch.schema()->fields();
  std::vector<columnar::ArrayPtr> columns = batch.columns();
  bool changed = false;
  for (size_t c = 0; c < fields.size(); ++c) {
    if (!HoldsZonedTimestamp(*fields[c].type)) continue;
    fields[c].type = LocalizedType(fields[c].type);
    FLOE_ASSIGN_OR_RETURN(columns[c], LocalizeArray(columns[c], fields[c].type, zone));
    changed = true;
  }
  if (!changed) return batch;
  return columnar::RecordBatch::Make(std::make_shared<const columnar::Schema>(std::move(fields)),
                                     batch.num_rows(), std::move(columns));
}

}  // namespace floe::sql
