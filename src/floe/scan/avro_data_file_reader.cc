#include "floe/scan/avro_data_file_reader.h"

#include <cstring>
#include <set>
#include <utility>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/bit_util.h"
#include "floe/columnar/buffer.h"
#include "floe/format/avro/read_plan.h"
#include "floe/scan/constant_column.h"
#include "floe/scan/manifest_file_size.h"
#include "floe/scan/row_positions.h"
#include "floe/spec/single_value.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/diagnostics.h"
#include "floe/util/json_reader.h"

namespace floe::scan {

namespace col = floe::columnar;
using avro::Decoder;
using avro::Node;
using avro::Type;

// Named, not anonymous: AvroRecordReader (declared in the header) holds a StructColumn.
namespace avro_columns {

// ---- Column readers. Each is made for one writer type (a union included) and decodes one value
// of it per Read straight into its column. A parent keeps its children in step: a null struct
// appends a null to each child it reads from the file; a list's children hold its elements.

class ColumnReader {
 public:
  virtual ~ColumnReader() = default;
  virtual Status Read(Decoder& d) = 0;
  virtual Status AppendNull() = 0;
  // The `length` values appended since the last Finish, as an array; the reader starts over.
  virtual Result<col::ArrayPtr> Finish(int64_t length) = 0;
};

// Validity as one byte per value; a bitmap only when there are nulls.
class Validity {
 public:
  void Append(bool valid) {
    bytes_.push_back(valid ? 1 : 0);
    nulls_ += valid ? 0 : 1;
  }
  int64_t length() const { return static_cast<int64_t>(bytes_.size()); }
  int64_t null_count() const { return nulls_; }
  Result<col::BufferPtr> Finish() {
    col::BufferPtr bitmap;
    if (nulls_ > 0) {
      const int64_t n = length();
      FLOE_ASSIGN_OR_RETURN(bitmap, col::Buffer::Allocate(col::BytesForBits(n)));
      std::memset(bitmap->mutable_data(), 0, static_cast<size_t>(col::BytesForBits(n)));
      for (int64_t i = 0; i < n; ++i) {
        if (bytes_[static_cast<size_t>(i)]) col::SetBit(bitmap->mutable_data(), i);
      }
    }
    bytes_.clear();
    nulls_ = 0;
    return bitmap;
  }

 private:
  std::vector<uint8_t> bytes_;
  int64_t nulls_ = 0;
};

// How a primitive writer value becomes the column's value.
enum class Conversion {
  kBoolean,
  kInt,         // int → int32 (int, date)
  kIntToLong,   // int → int64 (promotion)
  kLong,        // long → int64 (long, time, timestamps)
  kLongScaled,  // long × scale → int64 (timestamp-millis as micros, micros as nanos)
  kFloat,
  kFloatToDouble,
  kDouble,
  kBytes,         // string or bytes → string or binary
  kFixed,         // fixed → fixed_size_binary, uuid
  kDecimalBytes,  // bytes (big-endian two's complement) → decimal128
  kDecimalFixed,  // fixed (the same) → decimal128
};

class PrimitiveColumn final : public ColumnReader {
 public:
  PrimitiveColumn(Conversion conversion, int64_t size, int64_t scale,
                  std::unique_ptr<col::ArrayBuilder> builder)
      : conversion_(conversion), size_(size), scale_(scale), builder_(std::move(builder)) {}

  Status Read(Decoder& d) override {
    switch (conversion_) {
      case Conversion::kBoolean: {
        FLOE_ASSIGN_OR_RETURN(bool v, d.ReadBool());
        return static_cast<col::BooleanBuilder&>(*builder_).Append(v);
      }
      case Conversion::kInt: {
        FLOE_ASSIGN_OR_RETURN(int32_t v, d.ReadInt());
        return static_cast<col::Int32Builder&>(*builder_).Append(v);
      }
      case Conversion::kIntToLong: {
        FLOE_ASSIGN_OR_RETURN(int32_t v, d.ReadInt());
        return static_cast<col::Int64Builder&>(*builder_).Append(v);
      }
      case Conversion::kLong: {
        FLOE_ASSIGN_OR_RETURN(int64_t v, d.ReadLong());
        return static_cast<col::Int64Builder&>(*builder_).Append(v);
      }
      case Conversion::kLongScaled: {
        FLOE_ASSIGN_OR_RETURN(int64_t v, d.ReadLong());
        int64_t scaled = 0;
        if (__builtin_mul_overflow(v, scale_, &scaled)) {
          return d.Error(fmt::format("timestamp {} overflows in the table's unit", v));
        }
        return static_cast<col::Int64Builder&>(*builder_).Append(scaled);
      }
      case Conversion::kFloat: {
        FLOE_ASSIGN_OR_RETURN(float v, d.ReadFloat());
        return static_cast<col::FloatBuilder&>(*builder_).Append(v);
      }
      case Conversion::kFloatToDouble: {
        FLOE_ASSIGN_OR_RETURN(float v, d.ReadFloat());
        return static_cast<col::DoubleBuilder&>(*builder_).Append(double{v});
      }
      case Conversion::kDouble: {
        FLOE_ASSIGN_OR_RETURN(double v, d.ReadDouble());
        return static_cast<col::DoubleBuilder&>(*builder_).Append(v);
      }
      case Conversion::kBytes: {
        FLOE_ASSIGN_OR_RETURN(std::string_view v, d.ReadBytes());
        return static_cast<col::BinaryBuilder&>(*builder_).Append(v);
      }
      case Conversion::kFixed: {
        FLOE_ASSIGN_OR_RETURN(std::string_view v, d.ReadFixed(size_));
        return static_cast<col::FixedSizeBinaryBuilder&>(*builder_).Append(
            reinterpret_cast<const uint8_t*>(v.data()));
      }
      case Conversion::kDecimalBytes: {
        FLOE_ASSIGN_OR_RETURN(std::string_view v, d.ReadBytes());
        return AppendDecimal(v, d);
      }
      case Conversion::kDecimalFixed: {
        FLOE_ASSIGN_OR_RETURN(std::string_view v, d.ReadFixed(size_));
        return AppendDecimal(v, d);
      }
    }
    return Internal("unexpected conversion");
  }
  Status AppendNull() override { return builder_->AppendNull(); }
  Result<col::ArrayPtr> Finish(int64_t) override { return builder_->Finish(); }

 private:
  Status AppendDecimal(std::string_view v, const Decoder& d) {
    auto& b = static_cast<col::Decimal128Builder&>(*builder_);
    if (v.empty()) return b.AppendInt64(0);
    if (v.size() > 16) {
      return d.Error(fmt::format("a decimal of {} bytes does not fit 128 bits", v.size()));
    }
    return b.AppendBigEndian(reinterpret_cast<const uint8_t*>(v.data()),
                             static_cast<int64_t>(v.size()));
  }

  Conversion conversion_;
  int64_t size_;   // fixed size
  int64_t scale_;  // kLongScaled
  std::unique_ptr<col::ArrayBuilder> builder_;
};

// A union of null and one type (spec: optional fields), in either order.
class OptionalColumn final : public ColumnReader {
 public:
  OptionalColumn(int branches, int null_branch, std::unique_ptr<ColumnReader> value)
      : branches_(branches), null_branch_(null_branch), value_(std::move(value)) {}

  Status Read(Decoder& d) override {
    FLOE_ASSIGN_OR_RETURN(int64_t b, d.ReadLong());
    if (b < 0 || b >= branches_) {
      return d.Error(fmt::format("union branch {} out of range (the union has {})", b, branches_));
    }
    if (b == null_branch_) return value_->AppendNull();
    return value_->Read(d);
  }
  Status AppendNull() override { return value_->AppendNull(); }
  Result<col::ArrayPtr> Finish(int64_t length) override { return value_->Finish(length); }

 private:
  int64_t branches_;
  int64_t null_branch_;
  std::unique_ptr<ColumnReader> value_;
};

// A value of a field the file lacks: a literal, or a struct of its children's values.
struct Constant {
  col::DataTypePtr type;
  spec::Literal value;
  bool is_struct = false;
  std::vector<Constant> children;
};

Result<col::ArrayPtr> MakeConstant(const Constant& c, int64_t length) {
  if (!c.is_struct) return MakeConstantArray(c.type, c.value, length);
  std::vector<col::ArrayPtr> children;
  for (const Constant& child : c.children) {
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr array, MakeConstant(child, length));
    children.push_back(std::move(array));
  }
  return col::ArrayData::Make(c.type, length, {nullptr}, 0, 0, std::move(children));
}

// What to do with each field of a writer record, in the writer's order.
struct FieldStep {
  int child = -1;                // the reader's child it fills; -1: skipped
  const Node* writer = nullptr;  // its writer type (for skipping)
};

// A record as a struct: the children the file has are read, the others are constants.
class StructColumn final : public ColumnReader {
 public:
  struct Child {
    std::unique_ptr<ColumnReader> reader;  // null: the constant
    Constant constant;
  };

  StructColumn(col::DataTypePtr type, std::vector<FieldStep> steps, std::vector<Child> children)
      : type_(std::move(type)), steps_(std::move(steps)), children_(std::move(children)) {}

  bool reads_file() const {
    for (const Child& c : children_) {
      if (c.reader) return true;
    }
    return false;
  }

  // One record's fields, without the struct's own validity (the top-level record).
  Status ReadFields(Decoder& d) {
    FLOE_RETURN_IF_ERROR(d.Enter());
    for (const FieldStep& step : steps_) {
      if (step.child < 0) {
        FLOE_RETURN_IF_ERROR(avro::SkipValue(*step.writer, d));
      } else {
        FLOE_RETURN_IF_ERROR(children_[static_cast<size_t>(step.child)].reader->Read(d));
      }
    }
    d.Leave();
    return Ok();
  }
  Status Read(Decoder& d) override {
    FLOE_RETURN_IF_ERROR(ReadFields(d));
    validity_.Append(true);
    return Ok();
  }
  Status AppendNull() override {
    for (Child& c : children_) {
      if (c.reader) FLOE_RETURN_IF_ERROR(c.reader->AppendNull());
    }
    validity_.Append(false);
    return Ok();
  }
  Result<std::vector<col::ArrayPtr>> FinishChildren(int64_t length) {
    std::vector<col::ArrayPtr> arrays;
    for (Child& c : children_) {
      FLOE_ASSIGN_OR_RETURN(col::ArrayPtr array,
                            c.reader ? c.reader->Finish(length) : MakeConstant(c.constant, length));
      arrays.push_back(std::move(array));
    }
    return arrays;
  }
  Result<col::ArrayPtr> Finish(int64_t length) override {
    FLOE_ASSIGN_OR_RETURN(std::vector<col::ArrayPtr> children, FinishChildren(length));
    const int64_t nulls = validity_.null_count();
    FLOE_ASSIGN_OR_RETURN(col::BufferPtr bitmap, validity_.Finish());
    return col::ArrayData::Make(type_, length, {std::move(bitmap)}, nulls, 0, std::move(children));
  }

 private:
  col::DataTypePtr type_;
  std::vector<FieldStep> steps_;
  std::vector<Child> children_;
  Validity validity_;
};

// An Avro array or map as a list or map column (spec: lists are arrays; maps with string keys
// are maps, other maps arrays of key/value records with logicalType "map").
class RepeatedColumn final : public ColumnReader {
 public:
  enum class Kind { kList, kMap, kArrayMap };

  // kList: `element` only. kMap: `key` reads the map's string keys. kArrayMap: `item_steps`
  // say which field of each item record is the key (child 0) and which the value (child 1).
  RepeatedColumn(Kind kind, col::DataTypePtr type, int64_t min_item_size,
                 std::unique_ptr<ColumnReader> key, std::unique_ptr<ColumnReader> value,
                 std::vector<FieldStep> item_steps)
      : kind_(kind),
        type_(std::move(type)),
        min_item_size_(min_item_size),
        key_(std::move(key)),
        value_(std::move(value)),
        item_steps_(std::move(item_steps)) {}

  Status Read(Decoder& d) override {
    FLOE_RETURN_IF_ERROR(d.Enter());
    int64_t total = 0;
    for (;;) {
      FLOE_ASSIGN_OR_RETURN(int64_t n, ReadCount(d, &total));
      if (n == 0) break;
      for (int64_t i = 0; i < n; ++i) FLOE_RETURN_IF_ERROR(ReadItem(d));
    }
    d.Leave();
    items_ += total;
    if (items_ > INT32_MAX) {
      return d.Error(fmt::format("more than {} list or map items in one batch", INT32_MAX));
    }
    offsets_.push_back(static_cast<int32_t>(items_));
    validity_.Append(true);
    return Ok();
  }
  Status AppendNull() override {
    offsets_.push_back(static_cast<int32_t>(items_));
    validity_.Append(false);
    return Ok();
  }
  Result<col::ArrayPtr> Finish(int64_t length) override {
    const int64_t items = items_;
    FLOE_ASSIGN_OR_RETURN(col::BufferPtr offsets,
                          col::Buffer::Allocate(static_cast<int64_t>(offsets_.size()) * 4));
    std::memcpy(offsets->mutable_data(), offsets_.data(), offsets_.size() * 4);
    offsets_.assign(1, 0);
    items_ = 0;
    const int64_t nulls = validity_.null_count();
    FLOE_ASSIGN_OR_RETURN(col::BufferPtr bitmap, validity_.Finish());
    col::ArrayPtr child;
    if (kind_ == Kind::kList) {
      FLOE_ASSIGN_OR_RETURN(child, value_->Finish(items));
    } else {
      FLOE_ASSIGN_OR_RETURN(col::ArrayPtr keys, key_->Finish(items));
      FLOE_ASSIGN_OR_RETURN(col::ArrayPtr values, value_->Finish(items));
      child = col::ArrayData::Make(type_->child(0).type, items, {nullptr}, 0, 0,
                                   {std::move(keys), std::move(values)});
    }
    return col::ArrayData::Make(type_, length, {std::move(bitmap), std::move(offsets)}, nulls, 0,
                                {std::move(child)});
  }

 private:
  // The count of the next block of items (spec "Complex Types": a negative count is followed by
  // the block's size in bytes), bounded by the bytes left.
  Result<int64_t> ReadCount(Decoder& d, int64_t* total) {
    FLOE_ASSIGN_OR_RETURN(int64_t n, d.ReadLong());
    if (n < 0) {
      if (n == INT64_MIN) return d.Error("bad item count");
      n = -n;
      FLOE_ASSIGN_OR_RETURN(int64_t bytes, d.ReadLong());
      if (bytes < 0) return d.Error("negative block size");
    }
    const bool too_many = min_item_size_ > 0
                              ? n > static_cast<int64_t>(d.remaining()) / min_item_size_
                              : n > (int64_t{1} << 20) - *total;
    if (too_many) return d.Error(fmt::format("item count {} exceeds the data", n));
    *total += n;
    return n;
  }

  Status ReadItem(Decoder& d) {
    switch (kind_) {
      case Kind::kList:
        return value_->Read(d);
      case Kind::kMap:
        FLOE_RETURN_IF_ERROR(key_->Read(d));
        return value_->Read(d);
      case Kind::kArrayMap: {
        FLOE_RETURN_IF_ERROR(d.Enter());
        for (const FieldStep& step : item_steps_) {
          if (step.child < 0) {
            FLOE_RETURN_IF_ERROR(avro::SkipValue(*step.writer, d));
          } else {
            FLOE_RETURN_IF_ERROR((step.child == 0 ? key_ : value_)->Read(d));
          }
        }
        d.Leave();
        return Ok();
      }
    }
    return Internal("unexpected repeated kind");
  }

  Kind kind_;
  col::DataTypePtr type_;
  int64_t min_item_size_;
  std::unique_ptr<ColumnReader> key_, value_;
  std::vector<FieldStep> item_steps_;
  std::vector<int32_t> offsets_{0};
  int64_t items_ = 0;
  Validity validity_;
};

// ---- Planning: the writer schema against the projected schema.

std::string Describe(const Node& n) {
  std::string s(avro::TypeName(n.type));
  if (n.type == Type::kFixed) s += fmt::format("({})", n.size);
  if (n.type == Type::kUnion) {
    s += "[";
    for (size_t i = 0; i < n.branches.size(); ++i) {
      if (i > 0) s += ", ";
      s += Describe(*n.branches[i]);
    }
    s += "]";
  }
  if (!n.logical_type.empty()) s += " (" + n.logical_type + ")";
  return s;
}

// Whether any record field of the schema carries a field-id.
bool AvroHasFieldIds(const Node& n, std::set<const Node*>* seen) {
  if (!seen->insert(&n).second) return false;
  switch (n.type) {
    case Type::kRecord:
      for (const avro::Field& f : n.fields) {
        if (f.field_id || AvroHasFieldIds(*f.type, seen)) return true;
      }
      return false;
    case Type::kArray:
      return AvroHasFieldIds(*n.items, seen);
    case Type::kMap:
      return AvroHasFieldIds(*n.values, seen);
    case Type::kUnion:
      for (const Node* b : n.branches) {
        if (AvroHasFieldIds(*b, seen)) return true;
      }
      return false;
    default:
      return false;
  }
}

class Planner {
 public:
  // `mapping`: the name mapping for a file without field ids (null: the file's own ids).
  Planner(std::string path, const spec::NameMapping* mapping, const spec::PartitionSpec* spec,
          const std::vector<spec::Literal>& partition)
      : path_(std::move(path)), mapping_(mapping), spec_(spec), partition_(partition) {}

  // The top-level record.
  Result<std::unique_ptr<StructColumn>> Root(const Node& writer, const spec::Schema& projected,
                                             const col::DataTypePtr& type) {
    spec::MappedField root;
    if (mapping_ != nullptr) root.fields = mapping_->fields();
    return Record(writer, projected.fields, type, mapping_ != nullptr ? &root : nullptr);
  }

 private:
  // `mapped`: the name mapping's entry for this record (its fields map the record's fields).
  Result<std::unique_ptr<StructColumn>> Record(const Node& w,
                                               const std::vector<spec::NestedField>& fields,
                                               const col::DataTypePtr& type,
                                               const spec::MappedField* mapped) {
    std::vector<FieldStep> steps;
    std::vector<StructColumn::Child> children(fields.size());
    std::vector<bool> found(fields.size(), false);
    for (const avro::Field& wf : w.fields) {
      FieldStep step;
      step.writer = wf.type;
      const spec::MappedField* m = nullptr;
      std::optional<int32_t> id = wf.field_id;
      if (mapping_ != nullptr) {
        m = mapped != nullptr ? spec::NameMapping::Find(mapped->fields, wf.name) : nullptr;
        id = m != nullptr ? m->field_id : std::nullopt;
      }
      for (size_t i = 0; id && i < fields.size(); ++i) {
        if (fields[i].id != *id || found[i]) continue;
        found[i] = true;
        step.child = static_cast<int>(i);
        FLOE_ASSIGN_OR_RETURN(children[i].reader, Column(*wf.type, fields[i],
                                                         type->child(static_cast<int>(i)).type, m));
        break;
      }
      steps.push_back(step);
    }
    for (size_t i = 0; i < fields.size(); ++i) {
      if (found[i]) continue;
      children[i].constant.type = type->child(static_cast<int>(i)).type;
      FLOE_RETURN_IF_ERROR(Missing(fields[i], &children[i].constant));
    }
    return std::make_unique<StructColumn>(type, std::move(steps), std::move(children));
  }

  // The value of a field the file lacks (field_resolution.h's order: identity partition value,
  // initial-default, null).
  Status Missing(const spec::NestedField& f, Constant* c) {
    if (spec_ != nullptr) {
      for (size_t i = 0; i < spec_->fields.size() && i < partition_.size(); ++i) {
        const spec::PartitionField& pf = spec_->fields[i];
        if (pf.transform.is_identity() && pf.source_id == f.id && pf.source_ids.size() <= 1) {
          c->value = partition_[i];
          return Ok();
        }
      }
    }
    if (f.initial_default && *f.initial_default != "null") {
      if (f.type->id() == spec::TypeId::kStruct) {
        // A struct default: present, with each child's own default.
        c->is_struct = true;
        const auto& children = f.type->fields();
        for (size_t i = 0; i < children.size(); ++i) {
          Constant child;
          child.type = c->type->child(static_cast<int>(i)).type;
          FLOE_RETURN_IF_ERROR(Missing(children[i], &child));
          c->children.push_back(std::move(child));
        }
        return Ok();
      }
      if (f.type->is_nested()) {
        return NotSupported(
            "data file {}: field {} (id {}) is missing and its initial-default {} is a {} value, "
            "which floe does not fill in",
            path_, f.name, f.id, *f.initial_default, f.type->ToString());
      }
      auto doc = JsonDocument::Parse(*f.initial_default);
      Result<spec::Literal> value =
          doc.ok() ? spec::FromJson(*f.type, (*doc)->root()) : Result<spec::Literal>(doc.error());
      if (!value.ok()) {
        return Corrupt("schema field {} (id {}): bad initial-default {}: {}", f.name, f.id,
                       *f.initial_default, value.error().message);
      }
      c->value = std::move(*value);
      return Ok();
    }
    if (f.required) {
      return Corrupt(
          "data file {}: required field {} (id {}) is not in the file and has no initial-default",
          path_, f.name, f.id);
    }
    return Ok();  // nulls
  }

  Error Mismatch(const Node& w, const spec::NestedField& f) const {
    return Corrupt("data file {}: field {} (id {}): the file's Avro type {} cannot be read as {}",
                   path_, f.name, f.id, Describe(w), f.type->ToString());
  }

  const spec::MappedField* MappedChild(const spec::MappedField* m, std::string_view name) const {
    return m != nullptr ? spec::NameMapping::Find(m->fields, name) : nullptr;
  }

  // A reader of values written as `w` for field `f` (columnar type `type`).
  Result<std::unique_ptr<ColumnReader>> Column(const Node& w, const spec::NestedField& f,
                                               const col::DataTypePtr& type,
                                               const spec::MappedField* mapped) {
    if (w.type == Type::kUnion) {
      int null_branch = -1;
      const Node* value = nullptr;
      for (size_t i = 0; i < w.branches.size(); ++i) {
        const Node* b = w.branches[i];
        if (b->type == Type::kNull && null_branch < 0) {
          null_branch = static_cast<int>(i);
        } else if (value == nullptr && b->type != Type::kNull) {
          value = b;
        } else {
          return Corrupt(
              "data file {}: field {} (id {}): the union {} is not an optional value (null and "
              "one type)",
              path_, f.name, f.id, Describe(w));
        }
      }
      if (value == nullptr) return Mismatch(w, f);
      FLOE_ASSIGN_OR_RETURN(std::unique_ptr<ColumnReader> inner, Column(*value, f, type, mapped));
      return std::unique_ptr<ColumnReader>(
          new OptionalColumn(static_cast<int>(w.branches.size()), null_branch, std::move(inner)));
    }
    switch (f.type->id()) {
      case spec::TypeId::kStruct: {
        if (w.type != Type::kRecord) return Mismatch(w, f);
        FLOE_ASSIGN_OR_RETURN(std::unique_ptr<StructColumn> s,
                              Record(w, f.type->fields(), type, mapped));
        return std::unique_ptr<ColumnReader>(std::move(s));
      }
      case spec::TypeId::kList: {
        if (w.type != Type::kArray || w.logical_type == "map") return Mismatch(w, f);
        FLOE_ASSIGN_OR_RETURN(std::unique_ptr<ColumnReader> element,
                              Column(*w.items, f.type->element(), type->child(0).type,
                                     MappedChild(mapped, "element")));
        return std::unique_ptr<ColumnReader>(new RepeatedColumn(RepeatedColumn::Kind::kList, type,
                                                                avro::MinEncodedSize(*w.items),
                                                                nullptr, std::move(element), {}));
      }
      case spec::TypeId::kMap:
        return Map(w, f, type, mapped);
      default:
        return Primitive(w, f, type);
    }
  }

  Result<std::unique_ptr<ColumnReader>> Map(const Node& w, const spec::NestedField& f,
                                            const col::DataTypePtr& type,
                                            const spec::MappedField* mapped) {
    const spec::NestedField& key = f.type->key();
    const spec::NestedField& value = f.type->value();
    const col::DataTypePtr& key_type = type->key_field().type;
    const col::DataTypePtr& value_type = type->item_field().type;
    if (w.type == Type::kMap) {
      if (key.type->id() != spec::TypeId::kString) return Mismatch(w, f);
      FLOE_ASSIGN_OR_RETURN(std::unique_ptr<col::ArrayBuilder> keys, col::MakeBuilder(key_type));
      auto key_reader =
          std::make_unique<PrimitiveColumn>(Conversion::kBytes, 0, 0, std::move(keys));
      FLOE_ASSIGN_OR_RETURN(std::unique_ptr<ColumnReader> values,
                            Column(*w.values, value, value_type, MappedChild(mapped, "value")));
      return std::unique_ptr<ColumnReader>(
          new RepeatedColumn(RepeatedColumn::Kind::kMap, type, 1 + avro::MinEncodedSize(*w.values),
                             std::move(key_reader), std::move(values), {}));
    }
    // An array of key/value records: the key and value fields by id (or mapping), else by name.
    if (w.type != Type::kArray || w.items->type != Type::kRecord) return Mismatch(w, f);
    const Node& item = *w.items;
    std::unique_ptr<ColumnReader> key_reader, value_reader;
    std::vector<FieldStep> steps;
    for (const avro::Field& wf : item.fields) {
      FieldStep step;
      step.writer = wf.type;
      const spec::MappedField* m = MappedChild(mapped, wf.name);
      std::optional<int32_t> id =
          mapping_ != nullptr ? (m ? m->field_id : std::nullopt) : wf.field_id;
      const bool is_key = id ? *id == key.id : wf.name == "key";
      const bool is_value = id ? *id == value.id : wf.name == "value";
      if (is_key && !key_reader) {
        step.child = 0;
        FLOE_ASSIGN_OR_RETURN(key_reader, Column(*wf.type, key, key_type, m));
      } else if (is_value && !value_reader) {
        step.child = 1;
        FLOE_ASSIGN_OR_RETURN(value_reader, Column(*wf.type, value, value_type, m));
      }
      steps.push_back(step);
    }
    if (!key_reader || !value_reader) {
      return Corrupt("data file {}: field {} (id {}): the map's key/value records lack the {}",
                     path_, f.name, f.id, key_reader ? "value" : "key");
    }
    return std::unique_ptr<ColumnReader>(
        new RepeatedColumn(RepeatedColumn::Kind::kArrayMap, type, avro::MinEncodedSize(item),
                           std::move(key_reader), std::move(value_reader), std::move(steps)));
  }

  Result<std::unique_ptr<ColumnReader>> Primitive(const Node& w, const spec::NestedField& f,
                                                  const col::DataTypePtr& type) {
    using T = spec::TypeId;
    const std::string& logical = w.logical_type;
    std::optional<Conversion> conversion;
    int64_t scale = 1;
    switch (f.type->id()) {
      case T::kBoolean:
        if (w.type == Type::kBoolean) conversion = Conversion::kBoolean;
        break;
      case T::kInt:
      case T::kDate:
        if (w.type == Type::kInt) conversion = Conversion::kInt;
        break;
      case T::kLong:
        if (w.type == Type::kLong) conversion = Conversion::kLong;
        if (w.type == Type::kInt) conversion = Conversion::kIntToLong;
        break;
      case T::kTime:
        if (w.type == Type::kLong && logical != "time-millis") conversion = Conversion::kLong;
        break;
      case T::kTimestamp:
      case T::kTimestampTz:
        if (w.type != Type::kLong || logical == "timestamp-nanos" ||
            logical == "local-timestamp-nanos") {
          break;
        }
        conversion = Conversion::kLong;
        if (logical == "timestamp-millis" || logical == "local-timestamp-millis") scale = 1000;
        break;
      case T::kTimestampNs:
      case T::kTimestampTzNs:
        if (w.type != Type::kLong) break;
        conversion = Conversion::kLong;
        if (logical == "timestamp-micros" || logical == "local-timestamp-micros") scale = 1000;
        if (logical == "timestamp-millis" || logical == "local-timestamp-millis") scale = 1000000;
        break;
      case T::kFloat:
        if (w.type == Type::kFloat) conversion = Conversion::kFloat;
        break;
      case T::kDouble:
        if (w.type == Type::kDouble) conversion = Conversion::kDouble;
        if (w.type == Type::kFloat) conversion = Conversion::kFloatToDouble;
        break;
      case T::kString:
      case T::kBinary:
        if (w.type == Type::kString || w.type == Type::kBytes) conversion = Conversion::kBytes;
        break;
      case T::kUuid:
        if (w.type == Type::kFixed && w.size == 16) conversion = Conversion::kFixed;
        break;
      case T::kFixed:
        if (w.type == Type::kFixed && w.size == f.type->length()) conversion = Conversion::kFixed;
        break;
      case T::kDecimal: {
        // The scale must agree; the precision may have been widened since the file was written.
        if (logical == "decimal" &&
            (w.scale != f.type->scale() || w.precision > f.type->precision())) {
          break;
        }
        if (w.type == Type::kBytes) conversion = Conversion::kDecimalBytes;
        if (w.type == Type::kFixed && w.size <= 16) conversion = Conversion::kDecimalFixed;
        break;
      }
      default:
        return NotSupported("data file {}: field {} (id {}) of type {} is not read from Avro files",
                            path_, f.name, f.id, f.type->ToString());
    }
    if (!conversion) return Mismatch(w, f);
    if (scale != 1) conversion = Conversion::kLongScaled;
    FLOE_ASSIGN_OR_RETURN(std::unique_ptr<col::ArrayBuilder> builder, col::MakeBuilder(type));
    return std::unique_ptr<ColumnReader>(
        new PrimitiveColumn(*conversion, w.size, scale, std::move(builder)));
  }

  std::string path_;
  const spec::NameMapping* mapping_;
  const spec::PartitionSpec* spec_;
  const std::vector<spec::Literal>& partition_;
};

}  // namespace avro_columns

// The top-level record's reader (named in the header, defined here).
class AvroRecordReader {
 public:
  std::unique_ptr<avro_columns::StructColumn> root;
  bool reads_file = false;
};

AvroDataFileReader::~AvroDataFileReader() = default;

Result<std::unique_ptr<AvroDataFileReader>> AvroDataFileReader::Open(
    io::FileIO& io, const manifest::DataFile& file, const DataFileReadOptions& options) {
  std::unique_ptr<AvroDataFileReader> r(new AvroDataFileReader());
  r->path_ = file.file_path;
  r->batch_size_ = options.batch_size > 0 ? options.batch_size : 64 * 1024;
  r->with_row_positions_ = options.with_row_positions;

  auto open = [&](std::optional<int64_t> size) -> Result<std::unique_ptr<avro::ContainerReader>> {
    FLOE_ASSIGN_OR_RETURN(std::unique_ptr<io::InputFile> input, io.OpenInput(file.file_path, size));
    return avro::ContainerReader::Open(std::shared_ptr<io::InputFile>(std::move(input)));
  };
  // A manifest with a wrong file_size_in_bytes (a file rewritten in place): the file's own
  // length decides then, with a warning.
  auto opened = OpenWithManifestSize(io, file.is_delete() ? "delete file" : "data file",
                                     file.file_path, file.file_size_in_bytes, open);
  if (!opened.ok()) {
    Error e = std::move(opened).error();
    if (e.message.find(file.file_path) == std::string::npos)
      e = e.WithContext("data file " + file.file_path);
    return e;
  }
  r->container_ = std::move(*opened);

  const Node& root = r->container_->schema()->root();
  if (root.type != Type::kRecord) {
    return Corrupt("data file {}: the Avro schema is a {}, not a record of the table's fields",
                   file.file_path, avro::TypeName(root.type));
  }
  std::set<const Node*> seen;
  const spec::NameMapping* mapping = nullptr;
  std::optional<spec::NameMapping> by_name;
  if (!avro_columns::AvroHasFieldIds(root, &seen)) {
    if (options.name_mapping) {
      mapping = &*options.name_mapping;
    } else {
      // Neither ids nor a name mapping: fields by the table's names, as Java reads such files
      // (ProjectionDatumReader maps them with MappingUtil.create of the expected schema).
      Note(
          "data file {} has no field ids and the table no schema.name-mapping.default: its fields "
          "are matched to the table's columns by name",
          file.file_path);
      by_name = spec::NameMapping::ForSchema(options.projected_schema);
      mapping = &*by_name;
    }
  }
  FLOE_ASSIGN_OR_RETURN(col::SchemaPtr projected,
                        table::ToColumnarSchema(options.projected_schema));
  avro_columns::Planner planner(file.file_path, mapping, options.spec, file.partition);
  r->records_ = std::make_unique<AvroRecordReader>();
  FLOE_ASSIGN_OR_RETURN(r->records_->root, planner.Root(root, options.projected_schema,
                                                        col::Struct(projected->fields())));
  r->records_->reads_file = r->records_->root->reads_file();

  std::vector<col::Field> fields = projected->fields();
  if (options.with_row_positions) {
    fields.push_back(col::Field(std::string(kRowPositionColumn), col::Int64(), false)
                         .WithFieldId(kRowPositionFieldId));
  }
  r->schema_ = std::make_shared<col::Schema>(std::move(fields));
  return r;
}

Result<std::optional<columnar::RecordBatch>> AvroDataFileReader::Next() {
  if (done_) return std::optional<columnar::RecordBatch>();
  const bool decode = records_->reads_file;
  int64_t rows = 0;
  while (rows < batch_size_) {
    if (block_left_ == 0) {
      // Records not decoded (nothing read from the file) leave the block unchecked.
      if (in_block_ && decode) FLOE_RETURN_IF_ERROR(container_->CheckBlockEnd(block_, decoder_));
      in_block_ = false;
      FLOE_ASSIGN_OR_RETURN(bool more, container_->NextBlock(&block_));
      if (!more) {
        done_ = true;
        break;
      }
      ++blocks_;
      in_block_ = true;
      decoder_ = block_.decoder();
      block_left_ = block_.count;
      continue;
    }
    const int64_t n = std::min(block_left_, batch_size_ - rows);
    if (decode) {
      for (int64_t i = 0; i < n; ++i) {
        Status st = records_->root->ReadFields(decoder_);
        if (!st.ok()) {
          done_ = true;
          return std::move(st).error().WithContext(
              fmt::format("{}, record {}", container_->BlockContext(block_), position_ + rows + i));
        }
      }
    }
    rows += n;
    block_left_ -= n;
  }
  if (rows == 0) return std::optional<columnar::RecordBatch>();
  FLOE_ASSIGN_OR_RETURN(std::vector<col::ArrayPtr> columns, records_->root->FinishChildren(rows));
  if (with_row_positions_) {
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr positions, RowPositions(position_, rows));
    columns.push_back(std::move(positions));
  }
  position_ += rows;
  FLOE_ASSIGN_OR_RETURN(columnar::RecordBatch batch,
                        columnar::RecordBatch::Make(schema_, rows, std::move(columns)));
  return std::optional<columnar::RecordBatch>(std::move(batch));
}

Error AsDeleteFileError(Error e, const std::string& path, const std::string& where) {
  const std::string as_data = "data file " + path;
  size_t at = e.message.find(as_data);
  if (at != std::string::npos) e.message.replace(at, as_data.size(), where);
  if (e.message.find(where) == std::string::npos) e = e.WithContext(where);
  return e;
}

}  // namespace floe::scan
