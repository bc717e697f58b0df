#include "floe/format/parquet/read_tree.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/columnar_type.h"

namespace floe::parquet {

namespace {

using NodeKind = ReadNode::Kind;

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool Annotated(const SchemaNode& n, LogicalType::Kind logical, ConvertedType converted) {
  if (n.logical_type) return n.logical_type->kind == logical;
  return n.converted_type == converted;
}

bool IsListGroup(const Schema& s, const SchemaNode& n) {
  return !n.is_leaf() && Annotated(n, LogicalType::Kind::kList, ConvertedType::kList) &&
         n.children.size() == 1 &&
         s.node(n.children[0]).repetition == FieldRepetitionType::kRepeated;
}

bool IsMapGroup(const Schema& s, const SchemaNode& n) {
  bool annotated = Annotated(n, LogicalType::Kind::kMap, ConvertedType::kMap) ||
                   n.converted_type == ConvertedType::kMapKeyValue;
  if (n.is_leaf() || !annotated || n.children.size() != 1) return false;
  const SchemaNode& kv = s.node(n.children[0]);
  return kv.repetition == FieldRepetitionType::kRepeated && !kv.is_leaf() &&
         kv.children.size() == 2;
}

bool IsKeyOnlyMapGroup(const Schema& s, const SchemaNode& n) {
  bool annotated = Annotated(n, LogicalType::Kind::kMap, ConvertedType::kMap) ||
                   n.converted_type == ConvertedType::kMapKeyValue;
  if (n.is_leaf() || !annotated || n.children.size() != 1) return false;
  const SchemaNode& kv = s.node(n.children[0]);
  return kv.repetition == FieldRepetitionType::kRepeated && !kv.is_leaf() &&
         kv.children.size() == 1;
}

// LogicalTypes.md: the repeated field of a LIST group is itself the element when it is a
// primitive, a group of several fields, or a one-field group named "array" or "<list>_tuple".
bool RepeatedIsElement(const Schema& s, const SchemaNode& list, const SchemaNode& repeated) {
  if (repeated.is_leaf() || repeated.children.size() != 1) return true;
  return repeated.name == "array" || repeated.name == list.name + "_tuple";
}

class TreeBuilder {
 public:
  TreeBuilder(const Schema& schema, std::vector<char> marked, columnar::TimeUnit int96_unit,
              const std::vector<int>& int96_nano_columns)
      : s_(schema),
        marked_(std::move(marked)),
        subtree_(marked_.size(), 0),
        int96_unit_(int96_unit),
        int96_nano_columns_(int96_nano_columns) {
    for (int i = s_.num_nodes() - 1; i >= 0; --i) {
      if (marked_[i]) subtree_[i] = 1;
      if (subtree_[i] && s_.node(i).parent >= 0) subtree_[s_.node(i).parent] = 1;
    }
  }

  bool subtree_marked(int i) const { return subtree_[i] != 0; }
  bool marked(int i) const { return marked_[i] != 0; }

  // A child of a struct (or of the root): repeated fields outside LIST/MAP groups are bare lists.
  Result<ReadNode> Field(const SchemaNode& n, bool whole) {
    if (n.repetition == FieldRepetitionType::kRepeated) {
      FLOE_ASSIGN_OR_RETURN(ReadNode element, Element(n));
      element.field.nullable = false;
      ReadNode list =
          ListNode(n, std::move(element), static_cast<int16_t>(n.max_definition_level - 1));
      list.field = columnar::Field(n.name, columnar::List(list.children[0].field), false);
      return list;
    }
    return Element(n, whole);
  }

 private:
  // n read as one value (a repeated n is read as one element of its list; a repeated LIST or
  // MAP group, as old writers nest lists, is then a list or map itself).
  Result<ReadNode> Element(const SchemaNode& n, bool whole = true) {
    ReadNode out;
    out.def_level = n.max_definition_level;
    bool nullable = n.repetition == FieldRepetitionType::kOptional;
    if (n.is_leaf()) {
      out.kind = NodeKind::kLeaf;
      out.column = n.column_index;
      const bool nanos = std::find(int96_nano_columns_.begin(), int96_nano_columns_.end(),
                                   n.column_index) != int96_nano_columns_.end();
      FLOE_ASSIGN_OR_RETURN(columnar::DataTypePtr type,
                            ColumnarTypeOf(n, nanos ? columnar::TimeUnit::kNano : int96_unit_));
      out.field = WithId(columnar::Field(n.name, std::move(type), nullable), n);
      if (IsUuidLeaf(n)) out.field = columnar::WithUuidExtension(std::move(out.field));
      if (auto geo = GeoColumnOfLeaf(n)) {
        out.field = columnar::WithGeoExtension(std::move(out.field), *geo);
      }
      return out;
    }
    if (IsListGroup(s_, n)) {
      const SchemaNode& rep = s_.node(n.children[0]);
      ReadNode element;
      if (RepeatedIsElement(s_, n, rep)) {
        FLOE_ASSIGN_OR_RETURN(element, Element(rep));
        element.field.nullable = false;
      } else {
        FLOE_ASSIGN_OR_RETURN(element, Field(s_.node(rep.children[0]), true));
      }
      ReadNode list = ListNode(rep, std::move(element), n.max_definition_level);
      list.field =
          WithId(columnar::Field(n.name, columnar::List(list.children[0].field), nullable), n);
      return list;
    }
    if (IsMapGroup(s_, n)) {
      const SchemaNode& kv = s_.node(n.children[0]);
      FLOE_ASSIGN_OR_RETURN(ReadNode key, Field(s_.node(kv.children[0]), true));
      FLOE_ASSIGN_OR_RETURN(ReadNode value, Field(s_.node(kv.children[1]), true));
      ReadNode map = ListNode(kv, std::move(key), n.max_definition_level);
      map.kind = NodeKind::kMap;
      map.children.push_back(std::move(value));
      map.field =
          WithId(columnar::Field(
                     n.name, columnar::Map(map.children[0].field, map.children[1].field), nullable),
                 n);
      return map;
    }
    if (IsKeyOnlyMapGroup(s_, n)) {
      // A MAP whose entries have a key and no value (parquet-rs writes these): a list of keys.
      const SchemaNode& kv = s_.node(n.children[0]);
      FLOE_ASSIGN_OR_RETURN(ReadNode key, Field(s_.node(kv.children[0]), true));
      ReadNode list = ListNode(kv, std::move(key), n.max_definition_level);
      list.field =
          WithId(columnar::Field(n.name, columnar::List(list.children[0].field), nullable), n);
      return list;
    }
    const bool variant = n.logical_type && n.logical_type->kind == LogicalType::Kind::kVariant;
    out.kind = NodeKind::kStruct;
    std::vector<columnar::Field> fields;
    for (int c : n.children) {
      bool child_whole = whole || variant || marked(c);
      if (!child_whole && !subtree_marked(c)) continue;
      FLOE_ASSIGN_OR_RETURN(ReadNode child, Field(s_.node(c), child_whole));
      fields.push_back(child.field);
      out.children.push_back(std::move(child));
    }
    if (out.children.empty()) {
      return NotSupported("column {}: a group without fields cannot be read", JoinPath(n.path));
    }
    out.column = out.children[0].column;
    out.field = WithId(columnar::Field(n.name, columnar::Struct(std::move(fields)), nullable), n);
    if (variant) {
      ReadNode v;
      v.kind = NodeKind::kVariant;
      v.def_level = out.def_level;
      v.column = out.column;
      v.field = WithId(columnar::Field(n.name, columnar::Variant(), nullable), n);
      v.children.push_back(std::move(out));
      return v;
    }
    return out;
  }

  // A list over the repeated node `rep` whose slots are valid from `def_level`.
  static ReadNode ListNode(const SchemaNode& rep, ReadNode element, int16_t def_level) {
    ReadNode list;
    list.kind = NodeKind::kList;
    list.def_level = def_level;
    list.element_def_level = rep.max_definition_level;
    list.element_rep_level = rep.max_repetition_level;
    list.column = element.column;
    list.children.push_back(std::move(element));
    return list;
  }

  static columnar::Field WithId(columnar::Field f, const SchemaNode& n) {
    return n.field_id ? f.WithFieldId(*n.field_id) : f;
  }

  const Schema& s_;
  std::vector<char> marked_;
  std::vector<char> subtree_;
  columnar::TimeUnit int96_unit_;
  const std::vector<int>& int96_nano_columns_;
};

// Marks the node of each requested path and field id.
Result<std::vector<char>> MarkSelection(const Schema& schema, const Projection& projection) {
  std::vector<char> marked(static_cast<size_t>(schema.num_nodes()), 0);
  for (const std::string& path : projection.paths) {
    int found = -1;
    for (int pass = 0; pass < 2 && found < 0; ++pass) {
      for (int i = 1; i < schema.num_nodes(); ++i) {
        std::string p = JoinPath(schema.node(i).path);
        if (pass == 0 ? p == path : EqualsIgnoreCase(p, path)) {
          found = i;
          break;
        }
      }
    }
    if (found < 0) return NotFound("no column \"{}\" in the file", path);
    marked[static_cast<size_t>(found)] = 1;
  }
  for (int32_t id : projection.field_ids) {
    bool found = false;
    for (int i = 1; i < schema.num_nodes(); ++i) {
      if (schema.node(i).field_id == id) {
        marked[static_cast<size_t>(i)] = 1;
        found = true;
      }
    }
    if (!found) return NotFound("no column with field id {} in the file", id);
  }
  return marked;
}

void CollectLeaves(const ReadNode& n, std::vector<int>* out) {
  if (n.kind == NodeKind::kLeaf) out->push_back(n.column);
  for (const ReadNode& c : n.children) CollectLeaves(c, out);
}

}  // namespace

Result<std::vector<ReadNode>> BuildReadTree(const Schema& schema, const Projection& projection,
                                            columnar::TimeUnit int96_unit,
                                            const std::vector<int>& int96_nano_columns) {
  FLOE_ASSIGN_OR_RETURN(std::vector<char> marked, MarkSelection(schema, projection));
  bool all = projection.paths.empty() && projection.field_ids.empty();
  TreeBuilder builder(schema, std::move(marked), int96_unit, int96_nano_columns);
  std::vector<ReadNode> out;
  for (int c : schema.root().children) {
    bool whole = all || builder.marked(c);
    if (!whole && !builder.subtree_marked(c)) continue;
    FLOE_ASSIGN_OR_RETURN(ReadNode node, builder.Field(schema.node(c), whole));
    out.push_back(std::move(node));
  }
  return out;
}

std::vector<int> LeafColumns(const std::vector<ReadNode>& nodes) {
  std::vector<int> out;
  for (const ReadNode& n : nodes) CollectLeaves(n, &out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace floe::parquet
