#include "floe/scan/field_resolution.h"

#include "floe/scan/constant_column.h"
#include "floe/spec/single_value.h"
#include "floe/table/int96_units.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/json_reader.h"

namespace floe::scan {

namespace col = floe::columnar;

// Used twice: per projected field, on the converted columns (plans_); and per column read, on
// the file's arrays before they are converted (shapes_: target is then the field the conversion
// expects, read_index the position among the file's siblings).
struct FieldResolution::FieldPlan {
  col::Field target;       // the projected field as a columnar field
  int read_index = -1;     // position among the fields read (siblings); -1: a constant
  spec::Literal constant;  // read_index < 0 and no children: the value (null: nulls)
  // read_index >= 0: a struct, list or map read from the file with constants (or fields cut
  // away) somewhere below. read_index < 0: a struct default, built from the children's constants.
  bool rebuild = false;
  // When rebuild: a struct's children (per projected child); a list's element; a map's key and
  // value.
  std::vector<FieldPlan> children;
};

namespace {

using FieldPlan = FieldResolution::FieldPlan;

bool IsPlainGroup(const parquet::SchemaNode& n) {
  if (n.is_leaf() || n.repetition == parquet::FieldRepetitionType::kRepeated) return false;
  bool list = (n.logical_type && n.logical_type->kind == parquet::LogicalType::Kind::kList) ||
              n.converted_type == parquet::ConvertedType::kList;
  bool map = (n.logical_type && n.logical_type->kind == parquet::LogicalType::Kind::kMap) ||
             n.converted_type == parquet::ConvertedType::kMap ||
             n.converted_type == parquet::ConvertedType::kMapKeyValue;
  return !list && !map;
}

class Planner {
 public:
  Planner(const parquet::Schema& file, const spec::PartitionSpec* spec,
          const std::vector<spec::Literal>& partition, std::string_view path)
      : file_(file), spec_(spec), partition_(partition), path_(path) {}

  std::vector<std::string> paths;

  // Plans `fields` (children of `parent` in the file, or of nothing when parent < 0); the
  // fields found in the file are added to *read (the schema the conversion expects).
  Result<std::vector<FieldPlan>> PlanFields(const std::vector<spec::NestedField>& fields,
                                            const std::vector<col::Field>& targets, int parent,
                                            std::vector<spec::NestedField>* read) {
    std::vector<FieldPlan> plans;
    for (size_t i = 0; i < fields.size(); ++i) {
      const spec::NestedField& f = fields[i];
      FieldPlan plan;
      plan.target = targets[i];
      int node = parent < 0 ? -1 : FindChild(parent, f.id);
      if (node >= 0 && f.type->id() == spec::TypeId::kStruct && IsPlainGroup(file_.node(node))) {
        std::vector<spec::NestedField> children_read;
        FLOE_ASSIGN_OR_RETURN(
            plan.children,
            PlanFields(f.type->fields(), plan.target.type->children(), node, &children_read));
        if (!children_read.empty()) {
          for (const FieldPlan& c : plan.children) {
            plan.rebuild = plan.rebuild || c.read_index < 0 || c.rebuild;
          }
          if (!plan.rebuild) plan.children.clear();
          plan.read_index = static_cast<int>(read->size());
          spec::NestedField r = f;
          r.type = spec::Type::Struct(std::move(children_read));
          read->push_back(std::move(r));
          plans.push_back(std::move(plan));
          continue;
        }
        // None of its projected children is in the file, but the struct is: one of its leaves
        // is read for the struct's nulls (and then cut away), the children are constants.
        int leaf = FirstLeaf(node);
        if (leaf >= 0) {
          paths.push_back(parquet::JoinPath(file_.node(leaf).path));
          plan.rebuild = true;
          plan.read_index = static_cast<int>(read->size());
          spec::NestedField r = f;
          r.type = spec::Type::Struct({});
          read->push_back(std::move(r));
          plans.push_back(std::move(plan));
          continue;
        }
        node = -1;
        plan.children.clear();
      }
      if (node >= 0) {
        paths.push_back(parquet::JoinPath(file_.node(node).path));
        plan.read_index = static_cast<int>(read->size());
        read->push_back(f);
      } else {
        FLOE_RETURN_IF_ERROR(PlanMissing(f, &plan));
      }
      plans.push_back(std::move(plan));
    }
    return plans;
  }

  // How a column read (`file`, a read tree field; `read_index` its position among its
  // siblings) becomes what the conversion expects, given its projected field (`table`, columnar
  // `target`): struct children the table dropped are cut away; inside a list element or a map
  // key or value (`whole`: read whole) the struct children the file lacks are added with their
  // initial-defaults, in the table's order. Outside those, a struct holds only the children
  // read, and the children it lacks are plans_' constants.
  Result<FieldPlan> PlanShape(const col::Field& file, const spec::NestedField& table,
                              const col::Field& target, int read_index, bool whole,
                              const std::string& name) {
    FieldPlan plan;
    plan.target = file;
    plan.read_index = read_index;
    const col::DataType& t = *file.type;
    const spec::Type& tt = *table.type;
    if (t.id() == col::TypeId::kStruct && tt.id() == spec::TypeId::kStruct) {
      const std::vector<spec::NestedField>& fields = tt.fields();
      auto table_child = [&](std::optional<int32_t> id) {
        for (size_t j = 0; j < fields.size(); ++j) {
          if (id == fields[j].id) return static_cast<int>(j);
        }
        return -1;
      };
      auto file_child = [&](int32_t id) {
        for (int i = 0; i < t.num_children(); ++i) {
          if (t.child(i).field_id() == id) return i;
        }
        return -1;
      };
      if (whole) {
        for (size_t j = 0; j < fields.size(); ++j) {
          const spec::NestedField& f = fields[j];
          std::string child_name = name + "." + f.name;
          const col::Field& child_target = target.type->child(static_cast<int>(j));
          int i = file_child(f.id);
          if (i >= 0) {
            FLOE_ASSIGN_OR_RETURN(FieldPlan c,
                                  PlanShape(t.child(i), f, child_target, i, true, child_name));
            plan.children.push_back(std::move(c));
            continue;
          }
          FieldPlan c;
          c.target = child_target;
          FLOE_RETURN_IF_ERROR(PlanDefault(f, child_name, &c));
          plan.children.push_back(std::move(c));
        }
      } else {
        for (int i = 0; i < t.num_children(); ++i) {
          int j = table_child(t.child(i).field_id());
          if (j < 0) continue;  // dropped by the table (or not projected)
          const spec::NestedField& f = fields[static_cast<size_t>(j)];
          FLOE_ASSIGN_OR_RETURN(FieldPlan c, PlanShape(t.child(i), f, target.type->child(j), i,
                                                       false, name + "." + f.name));
          plan.children.push_back(std::move(c));
        }
      }
      std::vector<col::Field> shaped;
      plan.rebuild = static_cast<int>(plan.children.size()) != t.num_children();
      for (size_t k = 0; k < plan.children.size(); ++k) {
        const FieldPlan& c = plan.children[k];
        plan.rebuild = plan.rebuild || c.rebuild || c.read_index != static_cast<int>(k);
        shaped.push_back(c.target);
      }
      plan.target.type = col::Struct(std::move(shaped));
    } else if (t.id() == col::TypeId::kList && tt.id() == spec::TypeId::kList) {
      FLOE_ASSIGN_OR_RETURN(FieldPlan element,
                            PlanShape(t.value_field(), tt.element(), target.type->value_field(), 0,
                                      true, name + ".element"));
      plan.rebuild = element.rebuild;
      plan.target.type = col::List(element.target);
      plan.children.push_back(std::move(element));
    } else if (t.id() == col::TypeId::kMap && tt.id() == spec::TypeId::kMap) {
      FLOE_ASSIGN_OR_RETURN(
          FieldPlan key,
          PlanShape(t.key_field(), tt.key(), target.type->key_field(), 0, true, name + ".key"));
      FLOE_ASSIGN_OR_RETURN(
          FieldPlan value, PlanShape(t.item_field(), tt.value(), target.type->item_field(), 1, true,
                                     name + ".value"));
      plan.rebuild = key.rebuild || value.rebuild;
      plan.target.type = col::Map(key.target, value.target, t.keys_sorted());
      plan.children.push_back(std::move(key));
      plan.children.push_back(std::move(value));
    }
    if (!plan.rebuild) {
      plan.target = file;
      plan.children.clear();
    }
    return plan;
  }

 private:
  int FindChild(int parent, int32_t id) const {
    for (int c : file_.node(parent).children) {
      if (file_.node(c).field_id == id) return c;
    }
    return -1;
  }

  // The first leaf below `node`, or -1.
  int FirstLeaf(int node) const {
    while (!file_.node(node).is_leaf()) {
      if (file_.node(node).children.empty()) return -1;
      node = file_.node(node).children[0];
    }
    return node;
  }

  // The value of a field the file lacks (see the header's order).
  Status PlanMissing(const spec::NestedField& f, FieldPlan* plan) {
    plan->read_index = -1;
    if (spec_ != nullptr) {
      for (size_t i = 0; i < spec_->fields.size() && i < partition_.size(); ++i) {
        const spec::PartitionField& pf = spec_->fields[i];
        if (pf.transform.is_identity() && pf.source_id == f.id && pf.source_ids.size() <= 1) {
          plan->constant = partition_[i];
          return Ok();
        }
      }
    }
    return PlanDefault(f, f.name, plan);
  }

  // The value of a field the file lacks that no partition value gives: its initial-default, else
  // null. `name` is the field's dotted name for errors.
  Status PlanDefault(const spec::NestedField& f, std::string_view name, FieldPlan* plan) {
    plan->read_index = -1;
    if (f.initial_default && *f.initial_default != "null") {
      FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(*f.initial_default));
      if (f.type->id() == spec::TypeId::kStruct) {
        // A struct default: present, with each child's own default.
        plan->rebuild = true;
        const auto& children = f.type->fields();
        for (size_t i = 0; i < children.size(); ++i) {
          FieldPlan c;
          c.target = plan->target.type->child(static_cast<int>(i));
          FLOE_RETURN_IF_ERROR(PlanMissing(children[i], &c));
          plan->children.push_back(std::move(c));
        }
        return Ok();
      }
      if (f.type->is_nested()) {
        return NotSupported(
            "data file {}: field {} (id {}) is missing and its initial-default {} "
            "is a {} value, which floe does not fill in",
            path_, name, f.id, *f.initial_default, f.type->ToString());
      }
      auto value = spec::FromJson(*f.type, doc->root());
      if (!value.ok()) {
        return Corrupt("schema field {} (id {}): bad initial-default {}: {}", name, f.id,
                       *f.initial_default, value.error().message);
      }
      plan->constant = std::move(*value);
      return Ok();
    }
    if (f.required) {
      return Corrupt(
          "data file {}: required field {} (id {}) is not in the file and has no "
          "initial-default",
          path_, name, f.id);
    }
    return Ok();  // nulls
  }

  const parquet::Schema& file_;
  const spec::PartitionSpec* spec_;
  const std::vector<spec::Literal>& partition_;
  std::string path_;
};

// `field` renamed to the projected schema's name of its id, struct children too. Fields the
// projected schema lacks get a name no filter can use: a dropped column's old name may now
// belong to another column.
col::Field Renamed(const col::Field& field, const spec::Schema& projected) {
  col::Field out = field;
  const spec::NestedField* f = nullptr;
  if (auto id = field.field_id()) f = projected.FindFieldById(*id);
  out.name = f != nullptr ? f->name : "\x01not projected: " + field.name;
  if (field.type->id() == col::TypeId::kStruct && !field.type->is_variant()) {
    std::vector<col::Field> children;
    for (const col::Field& c : field.type->children()) children.push_back(Renamed(c, projected));
    out.type = col::Struct(std::move(children));
  }
  return out;
}

// `field` with timestamps without zone marked UTC where the table's type is timestamptz: Spark
// wrote timestamptz columns as INT96 (no zone in the file), whose values are UTC instants.
col::Field WithTableZones(const col::Field& field, const spec::Schema& projected) {
  col::Field out = field;
  const col::DataType& t = *field.type;
  switch (t.id()) {
    case col::TypeId::kTimestamp: {
      std::optional<int32_t> id = field.field_id();
      const spec::NestedField* f = id ? projected.FindFieldById(*id) : nullptr;
      bool tz = f != nullptr && (f->type->id() == spec::TypeId::kTimestampTz ||
                                 f->type->id() == spec::TypeId::kTimestampTzNs);
      if (tz && t.timezone().empty()) out.type = col::Timestamp(t.unit(), "UTC");
      break;
    }
    case col::TypeId::kStruct: {
      if (t.is_variant()) break;
      std::vector<col::Field> children;
      for (const col::Field& c : t.children()) children.push_back(WithTableZones(c, projected));
      out.type = col::Struct(std::move(children));
      break;
    }
    case col::TypeId::kList:
      out.type = col::List(WithTableZones(t.value_field(), projected));
      break;
    case col::TypeId::kMap:
      out.type = col::Map(WithTableZones(t.key_field(), projected),
                          WithTableZones(t.item_field(), projected), t.keys_sorted());
      break;
    default:
      break;
  }
  return out;
}

Result<col::ArrayPtr> Constant(const FieldPlan& plan, int64_t length) {
  if (!plan.rebuild) return MakeConstantArray(plan.target.type, plan.constant, length);
  std::vector<col::ArrayPtr> children;
  for (const FieldPlan& c : plan.children) {
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr child, Constant(c, length));
    children.push_back(std::move(child));
  }
  return col::ArrayData::Make(plan.target.type, length, {nullptr}, 0, 0, std::move(children));
}

// The column `plan` describes from `source` (null for a constant).
Result<col::ArrayPtr> Build(const FieldPlan& plan, const col::ArrayPtr& source, int64_t length) {
  if (plan.read_index < 0) return Constant(plan, length);
  if (!plan.rebuild) return source;
  auto out = std::make_shared<col::ArrayData>(*source);
  out->type = plan.target.type;
  if (out->type->id() == col::TypeId::kList) {
    const col::ArrayPtr& elements = source->children[0];
    FLOE_ASSIGN_OR_RETURN(out->children[0], Build(plan.children[0], elements, elements->length));
    return col::ArrayPtr(out);
  }
  if (out->type->id() == col::TypeId::kMap) {
    // The entries struct keeps its key and value, each rebuilt.
    const col::ArrayPtr& entries = source->children[0];
    auto e = std::make_shared<col::ArrayData>(*entries);
    e->type = out->type->value_field().type;
    for (size_t k = 0; k < 2; ++k) {
      FLOE_ASSIGN_OR_RETURN(e->children[k], Build(plan.children[k], entries->children[k],
                                                  entries->offset + entries->length));
    }
    out->children[0] = std::move(e);
    return col::ArrayPtr(out);
  }
  out->children.clear();
  // Struct children are indexed like the parent (its offset applies to them).
  const int64_t child_length = source->offset + source->length;
  for (const FieldPlan& c : plan.children) {
    col::ArrayPtr child =
        c.read_index >= 0 ? source->children[static_cast<size_t>(c.read_index)] : nullptr;
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr built, Build(c, child, child_length));
    out->children.push_back(std::move(built));
  }
  return col::ArrayPtr(out);
}

}  // namespace

FieldResolution::~FieldResolution() = default;
FieldResolution::FieldResolution(FieldResolution&&) noexcept = default;
FieldResolution& FieldResolution::operator=(FieldResolution&&) noexcept = default;

Result<FieldResolution> FieldResolution::Make(const spec::Schema& projected,
                                              const parquet::Schema& file_schema,
                                              const spec::PartitionSpec* spec,
                                              const std::vector<spec::Literal>& partition,
                                              std::string_view file_path) {
  FieldResolution r;
  FLOE_ASSIGN_OR_RETURN(r.schema_, table::ToColumnarSchema(projected));
  Planner planner(file_schema, spec, partition, file_path);
  std::vector<spec::NestedField> read;
  FLOE_ASSIGN_OR_RETURN(r.plans_, planner.PlanFields(projected.fields, r.schema_->fields(),
                                                     /*parent=*/0, &read));
  if (read.empty()) return r;
  r.projection_.paths = std::move(planner.paths);
  // Iceberg timestamps are micro- (or nano-) seconds: INT96 values are read in microseconds,
  // or in nanoseconds for a nanosecond field.
  r.int96_nano_columns_ = table::Int96NanoColumns(file_schema, projected, table::Int96Match::kById);
  auto tree = parquet::BuildReadTree(file_schema, r.projection_, columnar::TimeUnit::kMicro,
                                     r.int96_nano_columns_);
  if (!tree.ok()) return std::move(tree).error().WithContext(std::string(file_path));
  r.read_tree_ = std::move(*tree);
  std::vector<col::Field> file_fields;
  std::vector<col::Field> renamed;
  for (size_t i = 0; i < r.read_tree_.size(); ++i) {
    const col::Field& field = r.read_tree_[i].field;
    // The top-level fields read are projected top-level fields (found by id).
    size_t k = 0;
    while (k < projected.fields.size() && field.field_id() != projected.fields[k].id) ++k;
    FieldPlan shape;
    shape.target = field;
    shape.read_index = static_cast<int>(i);
    if (k < projected.fields.size()) {
      FLOE_ASSIGN_OR_RETURN(
          shape,
          planner.PlanShape(field, projected.fields[k], r.schema_->field(static_cast<int>(k)),
                            static_cast<int>(i), false, projected.fields[k].name));
    }
    file_fields.push_back(WithTableZones(shape.target, projected));
    renamed.push_back(Renamed(field, projected));
    r.shapes_.push_back(std::move(shape));
  }
  r.renamed_ = col::Schema(std::move(renamed));
  spec::Schema read_schema = projected;
  read_schema.fields = std::move(read);
  table::ConformOptions options;
  options.matching = table::ColumnMatching::kById;
  auto conformer =
      table::BatchConformer::Make(read_schema, col::Schema(std::move(file_fields)), options);
  if (!conformer.ok()) {
    return Corrupt("data file {}: {}", file_path, conformer.error().message);
  }
  r.conformer_ = std::make_unique<table::BatchConformer>(std::move(*conformer));
  return r;
}

Result<columnar::RecordBatch> FieldResolution::Resolve(const columnar::RecordBatch& batch) const {
  std::optional<columnar::RecordBatch> converted;
  if (conformer_) {
    columnar::RecordBatch shaped = batch;
    if (batch.num_columns() == static_cast<int>(shapes_.size())) {
      std::vector<col::ArrayPtr> columns = batch.columns();
      std::vector<col::Field> fields = batch.schema()->fields();
      bool any = false;
      for (size_t i = 0; i < shapes_.size(); ++i) {
        if (!shapes_[i].rebuild) continue;
        FLOE_ASSIGN_OR_RETURN(columns[i], Build(shapes_[i], columns[i], batch.num_rows()));
        fields[i] = shapes_[i].target;
        any = true;
      }
      if (any) {
        FLOE_ASSIGN_OR_RETURN(
            shaped, columnar::RecordBatch::Make(std::make_shared<col::Schema>(std::move(fields)),
                                                batch.num_rows(), std::move(columns)));
      }
    }
    auto c = conformer_->Conform(shaped);
    if (!c.ok()) return Corrupt("{}", c.error().message);
    converted = std::move(*c);
  }
  std::vector<col::ArrayPtr> columns;
  for (const FieldPlan& plan : plans_) {
    col::ArrayPtr source = plan.read_index >= 0 ? converted->column(plan.read_index) : nullptr;
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr column, Build(plan, source, batch.num_rows()));
    columns.push_back(std::move(column));
  }
  return columnar::RecordBatch::Make(schema_, batch.num_rows(), std::move(columns));
}

}  // namespace floe::scan
