#include "floe/table/batch_conformance.h"

#include <cstring>
#include <optional>

#include "floe/columnar/array_builder.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/ascii.h"

namespace floe::table {

namespace col = floe::columnar;
using col::ArrayData;
using col::ArrayPtr;
using col::DataType;
using col::TimeUnit;

struct BatchConformer::ColumnPlan {
  // How a primitive data column becomes the table's: the same values under the table's type, or
  // converted value by value. (A member, not a type of this file's anonymous namespace: the
  // plan is a class of the header.)
  enum class Cast {
    kRetype,          // same bytes (also decimal precision widening, zone spelling, uuid marking)
    kToInt32,         // narrower integers → int
    kToInt32Checked,  // inferred long → int, each value must fit
    kToInt64,         // int → long
    kToDouble,        // float → double
    kScale,           // timestamps/times in a coarser unit → multiply
  };

  std::string name;          // the table's dotted column name
  col::Field target;         // the table's columnar field
  int source = -1;           // index among the data's sibling fields; -1: absent → nulls
  bool check_nulls = false;  // the table requires values and the data may hold nulls
  Cast cast = Cast::kRetype;
  int64_t factor = 1;                // kScale
  std::vector<ColumnPlan> children;  // struct fields; list: element; map: key, value
};

namespace {

using ColumnPlan = BatchConformer::ColumnPlan;
using Cast = ColumnPlan::Cast;

int64_t UnitsPerSecond(TimeUnit u) {
  switch (u) {
    case TimeUnit::kSecond:
      return 1;
    case TimeUnit::kMilli:
      return 1000;
    case TimeUnit::kMicro:
      return 1000000;
    case TimeUnit::kNano:
      return 1000000000;
  }
  return 1;
}

bool IsSignedNarrowInt(col::TypeId id) {
  return id == col::TypeId::kInt8 || id == col::TypeId::kInt16 || id == col::TypeId::kUInt8 ||
         id == col::TypeId::kUInt16;
}

// The data type as people read it in an Iceberg message.
std::string Describe(const DataType& t) {
  switch (t.id()) {
    case col::TypeId::kTimestamp: {
      std::string base = t.unit() == TimeUnit::kNano ? "timestamp_ns" : "timestamp";
      if (t.timezone().empty()) return base + " (no time zone)";
      return base + " (time zone " + t.timezone() + ")";
    }
    case col::TypeId::kInt8:
      return "tinyint";
    case col::TypeId::kInt16:
      return "smallint";
    case col::TypeId::kInt32:
      return "int";
    case col::TypeId::kInt64:
      return "long";
    case col::TypeId::kFloat32:
      return "float";
    case col::TypeId::kFloat64:
      return "double";
    case col::TypeId::kString:
      return "string";
    case col::TypeId::kBinary:
      return "binary";
    case col::TypeId::kBool:
      return "boolean";
    case col::TypeId::kDate32:
      return "date";
    case col::TypeId::kDecimal128:
      return "decimal(" + std::to_string(t.precision()) + ", " + std::to_string(t.scale()) + ")";
    case col::TypeId::kFixedSizeBinary:
      return "fixed[" + std::to_string(t.byte_width()) + "]";
    default:
      return t.ToString();
  }
}

Error Mismatch(const std::string& name, const DataType& data, const spec::Type& table,
               std::string_view fix) {
  return InvalidArgument("column {}: data has {}, table has {}; {}", name, Describe(data),
                         table.ToString(), fix);
}

// The cast from a primitive data type to the table's primitive type, or the refusal.
Result<Cast> PlanPrimitive(const std::string& name, const DataType& d, const spec::Type& t,
                           const ConformOptions& options, int64_t* factor) {
  using T = spec::TypeId;
  using D = col::TypeId;
  const std::string same = "write " + t.ToString() + " values";
  switch (t.id()) {
    case T::kBoolean:
      if (d.id() == D::kBool) return Cast::kRetype;
      break;
    case T::kInt:
      if (d.id() == D::kInt32) return Cast::kRetype;
      if (IsSignedNarrowInt(d.id())) return Cast::kToInt32;
      if (d.id() == D::kInt64 && options.inferred_types) return Cast::kToInt32Checked;
      if (d.id() == D::kInt64 || d.id() == D::kUInt32 || d.id() == D::kUInt64) {
        return Mismatch(name, d, t,
                        "a narrowing conversion could lose values: make the table column long "
                        "(int→long is an allowed promotion) or write int values");
      }
      break;
    case T::kLong:
      if (d.id() == D::kInt64) return Cast::kRetype;
      if (d.id() == D::kInt32 || d.id() == D::kUInt32 || IsSignedNarrowInt(d.id())) {
        return Cast::kToInt64;
      }
      break;
    case T::kFloat:
      if (d.id() == D::kFloat32) return Cast::kRetype;
      if (d.id() == D::kFloat64) {
        return Mismatch(name, d, t,
                        "a narrowing conversion could lose precision: make the table column "
                        "double (float→double is an allowed promotion) or write float values");
      }
      break;
    case T::kDouble:
      if (d.id() == D::kFloat64) return Cast::kRetype;
      if (d.id() == D::kFloat32) return Cast::kToDouble;
      break;
    case T::kDecimal:
      if (d.id() == D::kDecimal128) {
        if (d.scale() != t.scale()) {
          return Mismatch(name, d, t,
                          "decimal scales must be equal; write the values with scale " +
                              std::to_string(t.scale()));
        }
        if (d.precision() > t.precision()) {
          return Mismatch(name, d, t,
                          "a narrowing conversion could lose values: widen the table column's "
                          "precision (an allowed promotion) or write values of precision " +
                              std::to_string(t.precision()));
        }
        return Cast::kRetype;
      }
      break;
    case T::kDate:
      if (d.id() == D::kDate32) return Cast::kRetype;
      break;
    case T::kTime:
      if (d.id() == D::kTime64 && d.unit() == TimeUnit::kMicro) return Cast::kRetype;
      if (d.id() == D::kTime32) {
        *factor = 1000000 / UnitsPerSecond(d.unit());
        return Cast::kScale;
      }
      if (d.id() == D::kTime64) {
        return Mismatch(name, d, t, "time holds microseconds; write microsecond values");
      }
      break;
    case T::kTimestamp:
    case T::kTimestampTz:
    case T::kTimestampNs:
    case T::kTimestampTzNs: {
      if (d.id() != D::kTimestamp) break;
      bool table_zoned = t.id() == T::kTimestampTz || t.id() == T::kTimestampTzNs;
      bool data_zoned = !d.timezone().empty();
      if (table_zoned && !data_zoned) {
        return Mismatch(name, d, t, "write the values with a UTC zone");
      }
      if (!table_zoned && data_zoned) {
        return Mismatch(name, d, t,
                        "write the values without a zone (local date-times), or make the table "
                        "column timestamptz");
      }
      int64_t table_units =
          (t.id() == T::kTimestampNs || t.id() == T::kTimestampTzNs) ? 1000000000 : 1000000;
      int64_t data_units = UnitsPerSecond(d.unit());
      if (data_units > table_units) {
        return Mismatch(name, d, t,
                        "nanoseconds would be cut to microseconds: make the table column "
                        "timestamp_ns/timestamptz_ns (format version 3) or write microseconds");
      }
      if (data_units == table_units) return Cast::kRetype;
      *factor = table_units / data_units;
      return Cast::kScale;
    }
    case T::kString:
      if (d.id() == D::kString) return Cast::kRetype;
      break;
    case T::kBinary:
    case T::kGeometry:  // WKB bytes
    case T::kGeography:
      if (d.id() == D::kBinary) return Cast::kRetype;
      break;
    case T::kUuid:
      if (d.id() == D::kFixedSizeBinary && d.byte_width() == 16) return Cast::kRetype;
      break;
    case T::kFixed:
      if (d.id() == D::kFixedSizeBinary && d.byte_width() == t.length()) return Cast::kRetype;
      break;
    default:
      break;
  }
  return Mismatch(name, d, t, same);
}

Result<std::vector<ColumnPlan>> PlanFields(const std::string& prefix,
                                           const std::vector<spec::NestedField>& table,
                                           const std::vector<col::Field>& targets,
                                           const std::vector<col::Field>& data, bool by_id,
                                           const ConformOptions& options);

Result<ColumnPlan> PlanColumn(const std::string& name, const spec::NestedField& table,
                              const col::Field& target, const col::Field* data, int source,
                              bool by_id, const ConformOptions& options) {
  ColumnPlan plan;
  plan.name = name;
  plan.target = target;
  plan.source = source;
  // An unknown (v3) column holds only nulls, whatever a file stores for it (spec: "unknown").
  const bool always_null = table.type->id() == spec::TypeId::kUnknown;
  if (data == nullptr || data->type->id() == col::TypeId::kNull || always_null) {
    // Absent (or typed null): nulls, which a required column cannot take.
    if (table.required && data == nullptr) {
      return InvalidArgument(
          "column {}: the table requires it ({}) but the data has no such column; add the "
          "column to the data",
          name, table.type->ToString());
    }
    plan.source = data == nullptr ? -1 : source;
    plan.check_nulls = table.required;
    if (data != nullptr) plan.source = -2;  // present but all null: nulls of the table's type
    return plan;
  }
  const DataType& d = *data->type;
  plan.check_nulls = table.required && data->nullable;
  const spec::Type& t = *table.type;
  switch (t.id()) {
    case spec::TypeId::kVariant:
      if (!d.is_variant()) break;
      plan.cast = Cast::kRetype;
      return plan;
    case spec::TypeId::kStruct: {
      if (d.id() != col::TypeId::kStruct || d.is_variant()) break;
      FLOE_ASSIGN_OR_RETURN(plan.children, PlanFields(name, t.fields(), target.type->children(),
                                                      d.children(), by_id, options));
      return plan;
    }
    case spec::TypeId::kList: {
      if (d.id() != col::TypeId::kList) break;
      FLOE_ASSIGN_OR_RETURN(ColumnPlan element,
                            PlanColumn(name + ".element", t.element(), target.type->value_field(),
                                       &d.value_field(), 0, by_id, options));
      plan.children.push_back(std::move(element));
      return plan;
    }
    case spec::TypeId::kMap: {
      if (d.id() != col::TypeId::kMap) break;
      FLOE_ASSIGN_OR_RETURN(ColumnPlan key,
                            PlanColumn(name + ".key", t.key(), target.type->key_field(),
                                       &d.key_field(), 0, by_id, options));
      FLOE_ASSIGN_OR_RETURN(ColumnPlan value,
                            PlanColumn(name + ".value", t.value(), target.type->item_field(),
                                       &d.item_field(), 1, by_id, options));
      plan.children.push_back(std::move(key));
      plan.children.push_back(std::move(value));
      return plan;
    }
    default: {
      if (d.is_nested()) break;
      FLOE_ASSIGN_OR_RETURN(plan.cast, PlanPrimitive(name, d, t, options, &plan.factor));
      return plan;
    }
  }
  return Mismatch(name, d, t, "write " + t.ToString() + " values");
}

Result<std::vector<ColumnPlan>> PlanFields(const std::string& prefix,
                                           const std::vector<spec::NestedField>& table,
                                           const std::vector<col::Field>& targets,
                                           const std::vector<col::Field>& data, bool by_id,
                                           const ConformOptions& options) {
  std::vector<bool> used(data.size(), false);
  std::vector<ColumnPlan> plans;
  for (size_t i = 0; i < table.size(); ++i) {
    const spec::NestedField& f = table[i];
    std::string name = prefix.empty() ? f.name : prefix + "." + f.name;
    int found = -1;
    for (size_t j = 0; j < data.size(); ++j) {
      bool match = by_id ? data[j].field_id() == f.id : AsciiEqualsIgnoreCase(data[j].name, f.name);
      if (!match) continue;
      if (found >= 0) {
        return InvalidArgument("column {}: the data has two columns for it ({} and {}); keep one",
                               name, data[static_cast<size_t>(found)].name, data[j].name);
      }
      found = static_cast<int>(j);
    }
    const col::Field* d = found >= 0 ? &data[static_cast<size_t>(found)] : nullptr;
    if (found >= 0) used[static_cast<size_t>(found)] = true;
    FLOE_ASSIGN_OR_RETURN(ColumnPlan p, PlanColumn(name, f, targets[i], d, found, by_id, options));
    plans.push_back(std::move(p));
  }
  for (size_t j = 0; j < data.size(); ++j) {
    if (used[j]) continue;
    std::string name = prefix.empty() ? data[j].name : prefix + "." + data[j].name;
    if (by_id && data[j].field_id()) {
      return InvalidArgument(
          "column {}: the data's field id {} is not in the table's schema; add the column to the "
          "table or remove it from the data",
          name, *data[j].field_id());
    }
    return InvalidArgument(
        "column {}: the table has no such column; add it to the table or remove it from the data",
        name);
  }
  return plans;
}

// ---- Conversion of values ----

ArrayPtr Retyped(const ArrayPtr& array, const col::DataTypePtr& type) {
  auto a = std::make_shared<ArrayData>(*array);
  a->type = type;
  return a;
}

int64_t IntAt(const ArrayData& a, int64_t i) {
  switch (a.type->id()) {
    case col::TypeId::kInt8:
      return a.values<int8_t>()[i];
    case col::TypeId::kInt16:
      return a.values<int16_t>()[i];
    case col::TypeId::kInt32:
    case col::TypeId::kDate32:
    case col::TypeId::kTime32:
      return a.values<int32_t>()[i];
    case col::TypeId::kUInt8:
      return a.values<uint8_t>()[i];
    case col::TypeId::kUInt16:
      return a.values<uint16_t>()[i];
    case col::TypeId::kUInt32:
      return a.values<uint32_t>()[i];
    default:
      return a.values<int64_t>()[i];
  }
}

// Values buffer for `a`'s positions [0, offset + length), so the validity bitmap and offset can
// be shared with the source.
template <typename T>
Result<ArrayPtr> Convert(const ArrayPtr& a, const col::DataTypePtr& type, const ColumnPlan& plan) {
  FLOE_ASSIGN_OR_RETURN(col::BufferPtr values,
                        col::Buffer::Allocate((a->offset + a->length) * int64_t{sizeof(T)}));
  T* out = values->mutable_data_as<T>() + a->offset;
  for (int64_t i = 0; i < a->length; ++i) {
    if (a->IsNull(i)) continue;
    if constexpr (std::is_same_v<T, double>) {
      out[i] = static_cast<double>(a->values<float>()[i]);
    } else {
      int64_t v = IntAt(*a, i);
      if (plan.cast == Cast::kScale) {
        if (__builtin_mul_overflow(v, plan.factor, &v)) {
          return InvalidArgument("column {}: value {} at row {} is out of range once converted",
                                 plan.name, IntAt(*a, i), i);
        }
      }
      if (plan.cast == Cast::kToInt32Checked && (v < INT32_MIN || v > INT32_MAX)) {
        return InvalidArgument(
            "column {}: value {} at row {} does not fit the table's int; make the table column "
            "long",
            plan.name, v, i);
      }
      out[i] = static_cast<T>(v);
    }
  }
  std::vector<col::BufferPtr> buffers = {a->buffers.empty() ? nullptr : a->buffers[0], values};
  return ArrayData::Make(type, a->length, std::move(buffers), a->null_count, a->offset);
}

// The row of the first null of `a` where `parent_valid` (if given) holds, or -1.
int64_t FirstNull(const ArrayData& a, const ArrayData* parent) {
  if (a.null_count == 0 && a.type->id() != col::TypeId::kNull) return -1;
  for (int64_t i = 0; i < a.length; ++i) {
    if (a.IsNull(i) && (parent == nullptr || parent->IsValid(i))) return i;
  }
  return -1;
}

Result<ArrayPtr> Nulls(const col::DataTypePtr& type, int64_t length) {
  FLOE_ASSIGN_OR_RETURN(auto builder, col::MakeBuilder(type));
  FLOE_RETURN_IF_ERROR(builder->AppendNulls(length));
  return builder->Finish();
}

Result<ArrayPtr> ConformArray(const ColumnPlan& plan, const ArrayPtr& source, int64_t length,
                              const ArrayData* struct_parent) {
  const col::DataTypePtr& type = plan.target.type;
  if (source == nullptr || plan.source == -2) {
    if (plan.check_nulls && length > 0) {
      return InvalidArgument(
          "column {}: the table requires a value but row 0 is null; fill the "
          "nulls or make the table column optional",
          plan.name);
    }
    return Nulls(type, length);
  }
  if (plan.check_nulls) {
    int64_t row = FirstNull(*source, struct_parent);
    if (row >= 0) {
      return InvalidArgument(
          "column {}: the table requires a value but row {} is null; fill the "
          "nulls or make the table column optional",
          plan.name, row);
    }
  }
  switch (type->id()) {
    case col::TypeId::kStruct: {
      if (type->is_variant()) return Retyped(source, type);
      auto a = std::make_shared<ArrayData>(*source);
      a->type = type;
      // Children are indexed like the parent (the parent's offset applies to them).
      int64_t child_length = source->offset + source->length;
      a->children.clear();
      for (const ColumnPlan& c : plan.children) {
        ArrayPtr child = c.source >= 0 ? source->children[static_cast<size_t>(c.source)] : nullptr;
        // A struct parent's nulls excuse a required child's nulls only when the parent is not
        // offset (the common case); otherwise the check is on the child alone.
        const ArrayData* parent = source->offset == 0 ? source.get() : nullptr;
        FLOE_ASSIGN_OR_RETURN(ArrayPtr out, ConformArray(c, child, child_length, parent));
        a->children.push_back(std::move(out));
      }
      return ArrayPtr(a);
    }
    case col::TypeId::kList: {
      auto a = std::make_shared<ArrayData>(*source);
      a->type = type;
      const ArrayPtr& child = source->children[0];
      FLOE_ASSIGN_OR_RETURN(a->children[0],
                            ConformArray(plan.children[0], child, child->length, nullptr));
      return ArrayPtr(a);
    }
    case col::TypeId::kMap: {
      auto a = std::make_shared<ArrayData>(*source);
      a->type = type;
      const ArrayPtr& entries = source->children[0];
      auto e = std::make_shared<ArrayData>(*entries);
      e->type = type->value_field().type;
      for (size_t k = 0; k < 2; ++k) {
        FLOE_ASSIGN_OR_RETURN(e->children[k], ConformArray(plan.children[k], entries->children[k],
                                                           entries->children[k]->length, nullptr));
      }
      a->children[0] = e;
      return ArrayPtr(a);
    }
    default:
      break;
  }
  switch (plan.cast) {
    case Cast::kRetype:
      return Retyped(source, type);
    case Cast::kToInt32:
    case Cast::kToInt32Checked:
      return Convert<int32_t>(source, type, plan);
    case Cast::kToDouble:
      return Convert<double>(source, type, plan);
    case Cast::kToInt64:
    case Cast::kScale:
      return Convert<int64_t>(source, type, plan);
  }
  return source;
}

}  // namespace

BatchConformer::~BatchConformer() = default;
BatchConformer::BatchConformer(BatchConformer&&) noexcept = default;
BatchConformer& BatchConformer::operator=(BatchConformer&&) noexcept = default;

Result<BatchConformer> BatchConformer::Make(const spec::Schema& table, const columnar::Schema& data,
                                            ConformOptions options) {
  BatchConformer c;
  FLOE_ASSIGN_OR_RETURN(c.schema_, ToColumnarSchema(table));
  bool by_id = options.matching == ColumnMatching::kById;
  if (options.matching == ColumnMatching::kAuto) {
    by_id = data.num_fields() > 0;
    for (const col::Field& f : data.fields()) by_id = by_id && f.field_id().has_value();
  }
  FLOE_ASSIGN_OR_RETURN(
      c.columns_, PlanFields("", table.fields, c.schema_->fields(), data.fields(), by_id, options));
  return c;
}

Result<columnar::RecordBatch> BatchConformer::Conform(const columnar::RecordBatch& batch) const {
  std::vector<ArrayPtr> columns;
  for (const ColumnPlan& p : columns_) {
    ArrayPtr source = p.source >= 0 ? batch.column(p.source) : nullptr;
    if (p.source == -2) {
      // A typed-null data column: nulls of the table's type.
      source = nullptr;
    }
    FLOE_ASSIGN_OR_RETURN(ArrayPtr out, ConformArray(p, source, batch.num_rows(), nullptr));
    columns.push_back(std::move(out));
  }
  return columnar::RecordBatch::Make(schema_, batch.num_rows(), std::move(columns));
}

}  // namespace floe::table
