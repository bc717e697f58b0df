#include "floe/scan/field_resolution.h"

#include "floe/scan/constant_column.h"
#include "floe/spec/single_value.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/json_reader.h"

namespace floe::scan {

namespace col = floe::columnar;

struct FieldResolution::FieldPlan {
  col::Field target;       // the projected field as a columnar field
  int read_index = -1;     // position among the fields read (siblings); -1: a constant
  spec::Literal constant;  // read_index < 0 and no children: the value (null: nulls)
  // read_index >= 0: a struct read from the file with constants somewhere below.
  // read_index < 0: a struct default, built from the children's constants.
  bool rebuild = false;
  std::vector<FieldPlan> children;  // per projected child, when rebuild
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
            path_, f.name, f.id, *f.initial_default, f.type->ToString());
      }
      auto value = spec::FromJson(*f.type, doc->root());
      if (!value.ok()) {
        return Corrupt("schema field {} (id {}): bad initial-default {}: {}", f.name, f.id,
                       *f.initial_default, value.error().message);
      }
      plan->constant = std::move(*value);
      return Ok();
    }
    if (f.required) {
      return Corrupt(
          "data file {}: required field {} (id {}) is not in the file and has no "
          "initial-default",
          path_, f.name, f.id);
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
  if (field.type->id() == col::TypeId::kStruct) {
    std::vector<col::Field> children;
    for (const col::Field& c : field.type->children()) children.push_back(Renamed(c, projected));
    out.type = col::Struct(std::move(children));
  }
  return out;
}

// Fields the projected schema has (by id); only those are kept inside structs.
bool Projected(const col::Field& f, const spec::Schema& projected) {
  std::optional<int32_t> id = f.field_id();
  return id && projected.FindFieldById(*id) != nullptr;
}

// `field` with, inside every struct (list elements and map values included), only the projected
// children: a list or map is read whole, and may hold fields the table dropped since.
col::Field Pruned(const col::Field& field, const spec::Schema& projected) {
  col::Field out = field;
  const col::DataType& t = *field.type;
  switch (t.id()) {
    case col::TypeId::kStruct: {
      std::vector<col::Field> children;
      for (const col::Field& c : t.children()) {
        if (Projected(c, projected)) children.push_back(Pruned(c, projected));
      }
      out.type = col::Struct(std::move(children));
      break;
    }
    case col::TypeId::kList:
      out.type = col::List(Pruned(t.value_field(), projected));
      break;
    case col::TypeId::kMap:
      out.type = col::Map(Pruned(t.key_field(), projected), Pruned(t.item_field(), projected),
                          t.keys_sorted());
      break;
    default:
      break;
  }
  return out;
}

// The array of `field` cut down as Pruned cuts the field (`pruned` is Pruned(field)).
col::ArrayPtr PrunedArray(const col::Field& field, const col::Field& pruned,
                          const col::ArrayPtr& array, const spec::Schema& projected) {
  const col::DataType& t = *field.type;
  if (!t.is_nested()) return array;
  auto out = std::make_shared<col::ArrayData>(*array);
  out->type = pruned.type;
  out->children.clear();
  switch (t.id()) {
    case col::TypeId::kStruct: {
      int kept = 0;
      for (int i = 0; i < t.num_children(); ++i) {
        const col::Field& c = t.child(i);
        if (!Projected(c, projected)) continue;
        out->children.push_back(PrunedArray(c, pruned.type->child(kept++),
                                            array->children[static_cast<size_t>(i)], projected));
      }
      break;
    }
    case col::TypeId::kList:
      out->children.push_back(
          PrunedArray(t.value_field(), pruned.type->value_field(), array->children[0], projected));
      break;
    case col::TypeId::kMap: {
      // The entries struct keeps its key and value, each pruned.
      const col::ArrayPtr& entries = array->children[0];
      auto e = std::make_shared<col::ArrayData>(*entries);
      e->type = pruned.type->value_field().type;
      e->children = {
          PrunedArray(t.key_field(), pruned.type->key_field(), entries->children[0], projected),
          PrunedArray(t.item_field(), pruned.type->item_field(), entries->children[1], projected)};
      out->children.push_back(std::move(e));
      break;
    }
    default:
      break;
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

// The projected column from the converted one (`source`, null for a constant).
Result<col::ArrayPtr> Build(const FieldPlan& plan, const col::ArrayPtr& source, int64_t length) {
  if (plan.read_index < 0) return Constant(plan, length);
  if (!plan.rebuild) return source;
  auto out = std::make_shared<col::ArrayData>(*source);
  out->type = plan.target.type;
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
  // Iceberg timestamps are micro- (or nano-) seconds: INT96 values are read in microseconds.
  auto tree = parquet::BuildReadTree(file_schema, r.projection_, columnar::TimeUnit::kMicro);
  if (!tree.ok()) return std::move(tree).error().WithContext(std::string(file_path));
  r.read_tree_ = std::move(*tree);
  std::vector<col::Field> file_fields;
  std::vector<col::Field> renamed;
  for (const parquet::ReadNode& n : r.read_tree_) {
    col::Field pruned = Pruned(n.field, projected);
    bool prune = !pruned.type->Equals(*n.field.type);
    r.prune_.push_back(
        prune ? std::optional<std::pair<col::Field, col::Field>>(std::make_pair(n.field, pruned))
              : std::nullopt);
    file_fields.push_back(WithTableZones(pruned, projected));
    renamed.push_back(Renamed(n.field, projected));
  }
  r.projected_ = projected;
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
    columnar::RecordBatch pruned = batch;
    if (batch.num_columns() == static_cast<int>(prune_.size())) {
      std::vector<col::ArrayPtr> columns = batch.columns();
      std::vector<col::Field> fields = batch.schema()->fields();
      bool any = false;
      for (size_t i = 0; i < prune_.size(); ++i) {
        if (!prune_[i]) continue;
        columns[i] = PrunedArray(prune_[i]->first, prune_[i]->second, columns[i], projected_);
        fields[i] = prune_[i]->second;
        any = true;
      }
      if (any) {
        FLOE_ASSIGN_OR_RETURN(
            pruned, columnar::RecordBatch::Make(std::make_shared<col::Schema>(std::move(fields)),
                                                batch.num_rows(), std::move(columns)));
      }
    }
    auto c = conformer_->Conform(pruned);
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
