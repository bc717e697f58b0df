#include "floe/update/schema_change_replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace floe::update {

namespace {

// The parent id of top-level fields (Java's TABLE_ROOT_ID).
constexpr int32_t kSchemaRootId = -1;

std::string SchemaUpdateLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Fresh ids for the fields nested in an added column's type, in Java's order
// (TypeUtil.assignFreshIds): a struct's own fields first, then what is nested in each; a map's
// key and value ids before their types.
spec::TypePtr AssignFreshTypeIds(const spec::TypePtr& type, int32_t* last_id) {
  if (type->is_primitive()) return type;
  std::vector<spec::NestedField> fields = type->fields();
  for (spec::NestedField& f : fields) f.id = ++*last_id;
  for (spec::NestedField& f : fields) f.type = AssignFreshTypeIds(f.type, last_id);
  if (type->is_struct()) return spec::Type::Struct(std::move(fields));
  if (type->is_list()) return spec::Type::List(std::move(fields[0]));
  return spec::Type::Map(std::move(fields[0]), std::move(fields[1]));
}

// The format version a type needs, nested types included.
int TypeFormatVersion(const spec::Type& type) {
  int version = spec::MinFormatVersion(type.id());
  for (const spec::NestedField& f : type.fields()) {
    version = std::max(version, TypeFormatVersion(*f.type));
  }
  return version;
}

struct SchemaMove {
  int32_t field_id = 0;
  ColumnPosition::Kind kind = ColumnPosition::Kind::kLast;
  int32_t reference_id = 0;
};

// Replays recorded changes on a table's current schema, with Java's SchemaUpdate bookkeeping:
// deletes, per-field updates (renames, types, docs, nullability) and added fields by parent,
// moves by parent; Finish builds the new struct tree from them.
class SchemaChangeReplay {
 public:
  SchemaChangeReplay(const spec::TableMetadata& base, const spec::Schema& schema,
                     bool case_sensitive, bool allow_incompatible)
      : base_(base),
        schema_(schema),
        case_sensitive_(case_sensitive),
        allow_incompatible_(allow_incompatible),
        last_column_id_(std::max(base.last_column_id, schema.HighestFieldId())) {
    spec::VisitFields(schema.fields, [&](const spec::NestedField& f, const std::string&,
                                         const std::vector<int32_t>& parents) {
      if (!parents.empty()) parent_of_[f.id] = parents.back();
      return true;
    });
  }

  Status Replay(const UpdateSchema::Change& change) {
    return std::visit([&](const auto& c) { return Do(c); }, change);
  }

  Result<ReplayedSchema> Finish();

 private:
  Status Do(const UpdateSchema::Add& add);
  Status Do(const UpdateSchema::Rename& rename);
  Status Do(const UpdateSchema::Delete& del);
  Status Do(const UpdateSchema::ChangeType& change);
  Status Do(const UpdateSchema::ChangeRequired& change);
  Status Do(const UpdateSchema::ChangeDoc& change);
  Status Do(const UpdateSchema::Move& move) { return DoMove(move.name, move.position); }
  Status Do(const UpdateSchema::SetIdentifiers& set) {
    identifier_names_ = set.names;
    return Ok();
  }
  Status DoMove(const std::string& name, const ColumnPosition& position);

  Status CheckDeletesAllowed() const;
  Result<std::vector<spec::NestedField>> RebuildStruct(const std::vector<spec::NestedField>& fields,
                                                       int32_t parent_id) const;
  Result<spec::NestedField> RebuildField(const spec::NestedField& field) const;
  Status CheckSiblingNames(const std::vector<spec::NestedField>& fields, int32_t parent_id) const;

  // A field of the base schema.
  const spec::NestedField* FindField(std::string_view name) const {
    return schema_.FindFieldByName(name, case_sensitive_);
  }
  std::string NameKey(std::string_view name) const {
    return case_sensitive_ ? std::string(name) : SchemaUpdateLower(name);
  }
  bool NamesMatch(std::string_view a, std::string_view b) const {
    return case_sensitive_ ? a == b : SchemaUpdateLower(a) == SchemaUpdateLower(b);
  }
  // The field as changed so far (base fields and added ones), or nullopt.
  std::optional<spec::NestedField> FindForUpdate(std::string_view name) const;
  std::optional<int32_t> FindAdded(std::string_view name) const {
    auto it = added_names_.find(NameKey(name));
    if (it == added_names_.end()) return std::nullopt;
    return it->second;
  }
  std::optional<int32_t> FindForMove(std::string_view name) const {
    if (std::optional<int32_t> id = FindAdded(name)) return id;
    if (const spec::NestedField* f = FindField(name)) return f->id;
    return std::nullopt;
  }
  int32_t ParentOf(int32_t id) const {
    auto it = parent_of_.find(id);
    return it == parent_of_.end() ? kSchemaRootId : it->second;
  }
  bool IsAdded(int32_t id) const { return id > base_last_id(); }
  int32_t base_last_id() const { return std::max(base_.last_column_id, schema_.HighestFieldId()); }
  // Whether the field or one of its enclosing fields is dropped.
  bool IsDropped(int32_t id) const {
    for (int32_t at = id; at != kSchemaRootId; at = ParentOf(at)) {
      if (deletes_.count(at) > 0) return true;
    }
    return false;
  }
  std::string BaseName(int32_t id) const {
    std::optional<std::string> name = schema_.FindColumnName(id);
    return name ? *name : std::to_string(id);
  }

  const spec::TableMetadata& base_;
  const spec::Schema& schema_;
  bool case_sensitive_;
  bool allow_incompatible_;
  int32_t last_column_id_;
  std::map<int32_t, int32_t> parent_of_;  // field id → enclosing field id (absent: top level)
  std::set<int32_t> deletes_;
  std::map<int32_t, spec::NestedField> updates_;      // field id → the field as changed or added
  std::map<int32_t, std::vector<int32_t>> added_;     // parent id → added field ids, in order
  std::map<std::string, int32_t> added_names_;        // NameKey(name) → added field id
  std::map<int32_t, std::vector<SchemaMove>> moves_;  // parent id → moves, in order
  std::set<int32_t> moved_;                           // fields moved and move references
  std::optional<std::vector<std::string>> identifier_names_;
};

Status SchemaChangeReplay::Do(const UpdateSchema::Add& add) {
  const NewColumn& c = add.column;
  if (c.name.empty()) return InvalidArgument("cannot add a column with an empty name");
  if (!c.type) return InvalidArgument("cannot add column \"{}\": no type given", c.name);

  int32_t parent_id = kSchemaRootId;
  std::string full_name = c.name;
  const std::vector<spec::NestedField>* siblings = &schema_.fields;
  if (!c.parent.empty()) {
    const spec::NestedField* parent = FindField(c.parent);
    if (parent == nullptr) {
      return InvalidArgument("cannot add column \"{}.{}\": parent column \"{}\" not found",
                             c.parent, c.name, c.parent);
    }
    const spec::NestedField* target = parent;
    if (parent->type->is_list()) target = &parent->type->element();
    if (parent->type->is_map()) target = &parent->type->value();
    if (!target->type->is_struct()) {
      return InvalidArgument(
          "cannot add column \"{}\" to \"{}\": \"{}\" is {}, not a struct (or a list or map of "
          "structs)",
          c.name, c.parent, c.parent, parent->type->ToString());
    }
    if (IsDropped(target->id)) {
      return InvalidArgument("cannot add column \"{}\" to \"{}\": \"{}\" is dropped in this update",
                             c.name, c.parent, c.parent);
    }
    parent_id = target->id;
    full_name = BaseName(parent_id) + "." + c.name;
    siblings = &target->type->fields();
  }
  for (const spec::NestedField& s : *siblings) {
    if (NamesMatch(s.name, c.name) && deletes_.count(s.id) == 0) {
      return InvalidArgument("cannot add column \"{}\": a column of that name exists", full_name);
    }
  }
  std::string given_name = c.parent.empty() ? c.name : c.parent + "." + c.name;
  if (FindAdded(full_name) || FindAdded(given_name)) {
    return InvalidArgument("cannot add column \"{}\" twice", full_name);
  }
  if (c.required && !c.default_value && !allow_incompatible_) {
    return InvalidArgument(
        "cannot add required column \"{}\" without a default value: the table's existing rows "
        "have no value for it (add it as optional, give it a default, or allow incompatible "
        "changes)",
        full_name);
  }
  if (c.default_value && base_.format_version < 3) {
    return InvalidArgument(
        "cannot add column \"{}\" with a default value: defaults need format version 3, the "
        "table has version {}",
        full_name, base_.format_version);
  }
  if (int needed = TypeFormatVersion(*c.type); needed > base_.format_version) {
    return InvalidArgument(
        "cannot add column \"{}\" of type {}: the type needs format version {}, the table has "
        "version {}",
        full_name, c.type->ToString(), needed, base_.format_version);
  }

  spec::NestedField field;
  field.id = ++last_column_id_;
  field.name = c.name;
  field.required = c.required;
  field.type = AssignFreshTypeIds(c.type, &last_column_id_);
  field.doc = c.doc;
  field.initial_default = c.default_value;
  field.write_default = c.default_value;
  updates_[field.id] = field;
  added_[parent_id].push_back(field.id);
  added_names_[NameKey(full_name)] = field.id;
  added_names_[NameKey(given_name)] = field.id;
  if (parent_id != kSchemaRootId) parent_of_[field.id] = parent_id;
  if (c.position.kind == ColumnPosition::Kind::kLast) return Ok();
  return DoMove(given_name, c.position);
}

Status SchemaChangeReplay::Do(const UpdateSchema::Rename& rename) {
  const spec::NestedField* field = FindField(rename.name);
  if (field == nullptr) {
    if (FindAdded(rename.name)) {
      return InvalidArgument(
          "cannot rename column \"{}\": it is added in this update (add it under the new name)",
          rename.name);
    }
    return InvalidArgument("cannot rename column \"{}\": not found", rename.name);
  }
  if (rename.new_name.empty()) {
    return InvalidArgument("cannot rename column \"{}\" to an empty name", rename.name);
  }
  if (IsDropped(field->id)) {
    return InvalidArgument("cannot rename column \"{}\": it is dropped in this update",
                           rename.name);
  }
  int32_t parent = ParentOf(field->id);
  if (parent != kSchemaRootId && !schema_.FindFieldById(parent)->type->is_struct()) {
    return InvalidArgument(
        "cannot rename column \"{}\": list elements and map keys and values have fixed names",
        rename.name);
  }
  auto it = updates_.find(field->id);
  spec::NestedField updated = it != updates_.end() ? it->second : *field;
  updated.name = rename.new_name;
  updates_[field->id] = std::move(updated);
  return Ok();
}

Status SchemaChangeReplay::Do(const UpdateSchema::Delete& del) {
  const spec::NestedField* field = FindField(del.name);
  if (field == nullptr) {
    if (FindAdded(del.name)) {
      return InvalidArgument("cannot drop column \"{}\": it is added in this update", del.name);
    }
    return InvalidArgument("cannot drop column \"{}\": not found", del.name);
  }
  if (deletes_.count(field->id) > 0) {
    return InvalidArgument("cannot drop column \"{}\": it is already dropped in this update",
                           del.name);
  }
  for (const auto& [parent_id, ids] : added_) {
    for (int32_t at = parent_id; at != kSchemaRootId; at = ParentOf(at)) {
      if (at == field->id) {
        return InvalidArgument("cannot drop column \"{}\": columns are added to it in this update",
                               del.name);
      }
    }
  }
  if (updates_.count(field->id) > 0) {
    return InvalidArgument("cannot drop column \"{}\": it is changed in this update", del.name);
  }
  if (moved_.count(field->id) > 0) {
    return InvalidArgument("cannot drop column \"{}\": a move in this update refers to it",
                           del.name);
  }
  deletes_.insert(field->id);
  return Ok();
}

std::optional<spec::NestedField> SchemaChangeReplay::FindForUpdate(std::string_view name) const {
  if (const spec::NestedField* field = FindField(name)) {
    auto it = updates_.find(field->id);
    return it != updates_.end() ? it->second : *field;
  }
  if (std::optional<int32_t> id = FindAdded(name)) return updates_.at(*id);
  return std::nullopt;
}

Status SchemaChangeReplay::Do(const UpdateSchema::ChangeType& change) {
  std::optional<spec::NestedField> field = FindForUpdate(change.name);
  if (!field)
    return InvalidArgument("cannot change the type of column \"{}\": not found", change.name);
  if (IsDropped(field->id)) {
    return InvalidArgument("cannot change the type of column \"{}\": it is dropped in this update",
                           change.name);
  }
  if (!change.type)
    return InvalidArgument("cannot change column \"{}\": no type given", change.name);
  if (field->type->is_nested() || change.type->is_nested()) {
    return InvalidArgument(
        "cannot change column \"{}\" from {} to {}: only primitive types can be promoted",
        change.name, field->type->ToString(), change.type->ToString());
  }
  if (*field->type == *change.type) return Ok();
  if (!IsPromotionAllowed(*field->type, *change.type, base_.format_version)) {
    return InvalidArgument(
        "cannot change column \"{}\" from {} to {}: not a promotion Iceberg allows", change.name,
        field->type->ToString(), change.type->ToString());
  }
  field->type = change.type;
  updates_[field->id] = std::move(*field);
  return Ok();
}

Status SchemaChangeReplay::Do(const UpdateSchema::ChangeRequired& change) {
  std::optional<spec::NestedField> field = FindForUpdate(change.name);
  if (!field) {
    return InvalidArgument("cannot change the nullability of column \"{}\": not found",
                           change.name);
  }
  if (field->required == change.required) return Ok();  // a no-op is always allowed
  if (IsDropped(field->id)) {
    return InvalidArgument(
        "cannot change the nullability of column \"{}\": it is dropped in this update",
        change.name);
  }
  bool defaulted_add = IsAdded(field->id) && field->initial_default.has_value();
  if (change.required && !defaulted_add && !allow_incompatible_) {
    return InvalidArgument(
        "cannot make column \"{}\" required: existing rows may hold nulls (allow incompatible "
        "changes to force it)",
        change.name);
  }
  field->required = change.required;
  updates_[field->id] = std::move(*field);
  return Ok();
}

Status SchemaChangeReplay::Do(const UpdateSchema::ChangeDoc& change) {
  std::optional<spec::NestedField> field = FindForUpdate(change.name);
  if (!field)
    return InvalidArgument("cannot change the doc of column \"{}\": not found", change.name);
  if (IsDropped(field->id)) {
    return InvalidArgument("cannot change the doc of column \"{}\": it is dropped in this update",
                           change.name);
  }
  if (field->doc == change.doc) return Ok();
  field->doc = change.doc;
  updates_[field->id] = std::move(*field);
  return Ok();
}

Status SchemaChangeReplay::DoMove(const std::string& name, const ColumnPosition& position) {
  using Kind = ColumnPosition::Kind;
  std::optional<int32_t> id = FindForMove(name);
  if (!id) return InvalidArgument("cannot move column \"{}\": not found", name);
  if (IsDropped(*id)) {
    return InvalidArgument("cannot move column \"{}\": it is dropped in this update", name);
  }
  if (moved_.count(*id) > 0) {
    return InvalidArgument(
        "cannot move column \"{}\": it is moved, or is the reference of a move, once already in "
        "this update",
        name);
  }
  int32_t parent = ParentOf(*id);
  if (parent != kSchemaRootId && !schema_.FindFieldById(parent)->type->is_struct()) {
    return InvalidArgument("cannot move column \"{}\": only fields of a struct can move", name);
  }
  SchemaMove move{*id, position.kind, 0};
  if (position.kind == Kind::kBefore || position.kind == Kind::kAfter) {
    const char* where = position.kind == Kind::kBefore ? "before" : "after";
    std::optional<int32_t> ref = FindForMove(position.reference);
    if (!ref) {
      return InvalidArgument("cannot move column \"{}\" {} \"{}\": \"{}\" not found", name, where,
                             position.reference, position.reference);
    }
    if (*ref == *id) return InvalidArgument("cannot move column \"{}\" {} itself", name, where);
    if (IsDropped(*ref)) {
      return InvalidArgument(
          "cannot move column \"{}\" {} \"{}\": \"{}\" is dropped in this update", name, where,
          position.reference, position.reference);
    }
    if (ParentOf(*ref) != parent) {
      return InvalidArgument(
          "cannot move column \"{}\" {} \"{}\": columns move only within their own struct", name,
          where, position.reference);
    }
    move.reference_id = *ref;
    moved_.insert(*ref);
  }
  moved_.insert(*id);
  moves_[parent].push_back(move);
  return Ok();
}

// Identifier fields, and the sources of the default partition spec and sort order, must survive.
Status SchemaChangeReplay::CheckDeletesAllowed() const {
  if (!identifier_names_) {
    for (int32_t id : schema_.identifier_field_ids) {
      for (int32_t at = id; at != kSchemaRootId; at = ParentOf(at)) {
        if (deletes_.count(at) == 0) continue;
        if (at == id) {
          return InvalidArgument(
              "cannot drop column \"{}\": it is an identifier field (set other identifier fields "
              "first)",
              BaseName(id));
        }
        return InvalidArgument("cannot drop column \"{}\": it holds identifier field \"{}\"",
                               BaseName(at), BaseName(id));
      }
    }
  }
  auto check_source = [&](int32_t source_id, const spec::Transform& transform,
                          std::string_view user) -> Status {
    for (int32_t at = source_id; at != kSchemaRootId; at = ParentOf(at)) {
      if (deletes_.count(at) > 0) {
        return InvalidArgument(
            "cannot drop column \"{}\": the table's {} uses \"{}\"; change it first", BaseName(at),
            user, BaseName(source_id));
      }
    }
    auto it = updates_.find(source_id);
    if (it != updates_.end() && !transform.CanTransform(*it->second.type)) {
      return InvalidArgument("cannot change column \"{}\" to {}: the table's {} applies {} to it",
                             BaseName(source_id), it->second.type->ToString(), user,
                             transform.ToString());
    }
    return Ok();
  };
  if (const spec::PartitionSpec* spec = base_.DefaultSpec()) {
    for (const spec::PartitionField& f : spec->fields) {
      std::string user = fmt::format("partition spec (field \"{}\")", f.name);
      FLOE_RETURN_IF_ERROR(check_source(f.source_id, f.transform, user));
      for (int32_t id : f.source_ids) FLOE_RETURN_IF_ERROR(check_source(id, f.transform, user));
    }
  }
  if (const spec::SortOrder* order = base_.DefaultSortOrder()) {
    for (const spec::SortField& f : order->fields) {
      FLOE_RETURN_IF_ERROR(check_source(f.source_id, f.transform, "sort order"));
      for (int32_t id : f.source_ids)
        FLOE_RETURN_IF_ERROR(check_source(id, f.transform, "sort order"));
    }
  }
  return Ok();
}

Result<spec::NestedField> SchemaChangeReplay::RebuildField(const spec::NestedField& field) const {
  auto it = updates_.find(field.id);
  spec::NestedField out = it != updates_.end() ? it->second : field;
  const spec::Type& type = *field.type;
  if (type.is_struct()) {
    FLOE_ASSIGN_OR_RETURN(std::vector<spec::NestedField> fields,
                          RebuildStruct(type.fields(), field.id));
    out.type = spec::Type::Struct(std::move(fields));
  } else if (type.is_list()) {
    if (deletes_.count(type.element().id) > 0) {
      return InvalidArgument("cannot drop the element of list \"{}\"", BaseName(field.id));
    }
    FLOE_ASSIGN_OR_RETURN(spec::NestedField element, RebuildField(type.element()));
    out.type = spec::Type::List(std::move(element));
  } else if (type.is_map()) {
    int32_t key_id = type.key().id;
    if (deletes_.count(key_id) > 0 || updates_.count(key_id) > 0 || added_.count(key_id) > 0 ||
        moves_.count(key_id) > 0) {
      return InvalidArgument("cannot change the key of map \"{}\": map keys cannot evolve",
                             BaseName(field.id));
    }
    if (deletes_.count(type.value().id) > 0) {
      return InvalidArgument("cannot drop the value of map \"{}\"", BaseName(field.id));
    }
    FLOE_ASSIGN_OR_RETURN(spec::NestedField value, RebuildField(type.value()));
    out.type = spec::Type::Map(type.key(), std::move(value));
  }
  return out;
}

Result<std::vector<spec::NestedField>> SchemaChangeReplay::RebuildStruct(
    const std::vector<spec::NestedField>& fields, int32_t parent_id) const {
  std::vector<spec::NestedField> out;
  out.reserve(fields.size());
  for (const spec::NestedField& f : fields) {
    if (deletes_.count(f.id) > 0) continue;
    FLOE_ASSIGN_OR_RETURN(spec::NestedField rebuilt, RebuildField(f));
    out.push_back(std::move(rebuilt));
  }
  if (auto added = added_.find(parent_id); added != added_.end()) {
    for (int32_t id : added->second) out.push_back(updates_.at(id));
  }
  if (auto moves = moves_.find(parent_id); moves != moves_.end()) {
    for (const SchemaMove& move : moves->second) {
      auto by_id = [&](int32_t id) {
        return std::find_if(out.begin(), out.end(),
                            [&](const spec::NestedField& f) { return f.id == id; });
      };
      auto it = by_id(move.field_id);
      if (it == out.end()) return Internal("moved field {} is not in its struct", move.field_id);
      spec::NestedField moving = std::move(*it);
      out.erase(it);
      auto at = out.begin();
      if (move.kind != ColumnPosition::Kind::kFirst) {
        at = by_id(move.reference_id);
        if (at == out.end()) {
          return Internal("move reference {} is not in its struct", move.reference_id);
        }
        if (move.kind == ColumnPosition::Kind::kAfter) ++at;
      }
      out.insert(at, std::move(moving));
    }
  }
  FLOE_RETURN_IF_ERROR(CheckSiblingNames(out, parent_id));
  return out;
}

Status SchemaChangeReplay::CheckSiblingNames(const std::vector<spec::NestedField>& fields,
                                             int32_t parent_id) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    for (size_t j = i + 1; j < fields.size(); ++j) {
      if (!NamesMatch(fields[i].name, fields[j].name)) continue;
      // Blame a rename when there is one (an added name was checked when it was added).
      for (const spec::NestedField* f : {&fields[i], &fields[j]}) {
        if (IsAdded(f->id)) continue;
        const spec::NestedField* before = schema_.FindFieldById(f->id);
        if (before != nullptr && before->name != f->name) {
          return InvalidArgument(
              "cannot rename column \"{}\" to \"{}\": a column of that name exists",
              BaseName(f->id), f->name);
        }
      }
      std::string where =
          parent_id == kSchemaRootId ? "the table" : "\"" + BaseName(parent_id) + "\"";
      return InvalidArgument("column name \"{}\" would appear twice in {}", fields[j].name, where);
    }
  }
  return Ok();
}

Result<ReplayedSchema> SchemaChangeReplay::Finish() {
  FLOE_RETURN_IF_ERROR(CheckDeletesAllowed());
  ReplayedSchema out;
  spec::Schema& schema = out.applied.schema;
  FLOE_ASSIGN_OR_RETURN(schema.fields, RebuildStruct(schema_.fields, kSchemaRootId));
  if (identifier_names_) {
    for (const std::string& name : *identifier_names_) {
      const spec::NestedField* f = schema.FindFieldByName(name, case_sensitive_);
      if (f == nullptr) {
        return InvalidArgument("cannot use \"{}\" as an identifier field: no such column", name);
      }
      schema.identifier_field_ids.push_back(f->id);
    }
  } else {
    schema.identifier_field_ids = schema_.identifier_field_ids;
  }
  FLOE_RETURN_IF_ERROR(schema.Validate());

  schema.schema_id = 0;
  for (const spec::Schema& s : base_.schemas) {
    if (s.SameSchema(schema)) {
      schema.schema_id = s.schema_id;
      out.applied.exists = true;
      break;
    }
    schema.schema_id = std::max(schema.schema_id, s.schema_id + 1);
  }
  out.applied.last_column_id = last_column_id_;

  for (const auto& [id, field] : updates_) {
    if (IsAdded(id)) continue;
    const spec::NestedField* before = schema_.FindFieldById(id);
    if (before != nullptr && before->name != field.name) {
      out.renamed[id] = field.name;
      out.renamed_columns[BaseName(id)] = schema.FindColumnName(id).value_or(field.name);
    }
  }
  for (int32_t id : deletes_) out.dropped_columns.push_back(BaseName(id));
  for (const auto& [parent_id, ids] : added_) {
    for (int32_t id : ids) out.added[parent_id].push_back(updates_.at(id));
  }
  return out;
}

}  // namespace

bool IsPromotionAllowed(const spec::Type& from, const spec::Type& to, int format_version) {
  using spec::TypeId;
  if (from.id() == TypeId::kUnknown) return format_version >= 3;
  switch (from.id()) {
    case TypeId::kInt:
      return to.id() == TypeId::kLong;
    case TypeId::kFloat:
      return to.id() == TypeId::kDouble;
    case TypeId::kDecimal:
      return to.id() == TypeId::kDecimal && to.scale() == from.scale() &&
             to.precision() > from.precision();
    default:
      return false;
  }
}

Result<ReplayedSchema> ReplaySchemaChanges(const spec::TableMetadata& base,
                                           const std::vector<UpdateSchema::Change>& changes,
                                           bool case_sensitive, bool allow_incompatible) {
  const spec::Schema* current = base.CurrentSchema();
  if (current == nullptr) {
    return Corrupt("table metadata has no schema with the current id {}", base.current_schema_id);
  }
  SchemaChangeReplay replay(base, *current, case_sensitive, allow_incompatible);
  for (const UpdateSchema::Change& change : changes) FLOE_RETURN_IF_ERROR(replay.Replay(change));
  return replay.Finish();
}

}  // namespace floe::update
