#include "floe/table/parquet_name_mapping.h"

namespace floe::table {

namespace {

using spec::MappedField;
using spec::NameMapping;

bool IsList(const parquet::SchemaNode& n) {
  if (n.logical_type && n.logical_type->kind == parquet::LogicalType::Kind::kList) return true;
  return n.converted_type == parquet::ConvertedType::kList;
}

bool IsMap(const parquet::SchemaNode& n) {
  if (n.logical_type && n.logical_type->kind == parquet::LogicalType::Kind::kMap) return true;
  return n.converted_type == parquet::ConvertedType::kMap ||
         n.converted_type == parquet::ConvertedType::kMapKeyValue;
}

// Sets the ids of the nodes below `node` from `scope` (the mapping of node's children).
class Mapper {
 public:
  Mapper(const parquet::Schema& schema, std::vector<parquet::SchemaElement>& elements)
      : schema_(schema), elements_(elements) {}

  void MapChildren(const parquet::SchemaNode& node, const std::vector<MappedField>& scope) {
    if (node.index != 0 && IsList(node) && node.children.size() == 1) {
      MapList(node, scope);
      return;
    }
    if (node.index != 0 && IsMap(node) && node.children.size() == 1) {
      const parquet::SchemaNode& repeated = schema_.node(node.children[0]);
      const char* fallback[] = {"key", "value"};
      for (size_t i = 0; i < repeated.children.size(); ++i) {
        const parquet::SchemaNode& c = schema_.node(repeated.children[i]);
        const MappedField* m = NameMapping::Find(scope, c.name);
        if (m == nullptr && i < 2) m = NameMapping::Find(scope, fallback[i]);
        MapNode(c, m);
      }
      return;
    }
    for (int c : node.children) {
      const parquet::SchemaNode& child = schema_.node(c);
      MapNode(child, NameMapping::Find(scope, child.name));
    }
  }

 private:
  // A list's element: the repeated node's only child (three levels), or the repeated node itself
  // (the two-level forms of read_tree.h).
  void MapList(const parquet::SchemaNode& list, const std::vector<MappedField>& scope) {
    const parquet::SchemaNode& repeated = schema_.node(list.children[0]);
    bool three_levels = !repeated.is_leaf() && repeated.children.size() == 1 &&
                        repeated.name != "array" && repeated.name != list.name + "_tuple";
    const parquet::SchemaNode& element =
        three_levels ? schema_.node(repeated.children[0]) : repeated;
    const MappedField* m = NameMapping::Find(scope, "element");
    if (m == nullptr) m = NameMapping::Find(scope, element.name);
    MapNode(element, m);
  }

  void MapNode(const parquet::SchemaNode& node, const MappedField* mapped) {
    elements_[static_cast<size_t>(node.index)].field_id =
        mapped ? mapped->field_id : std::optional<int32_t>();
    static const std::vector<MappedField> kNone;
    MapChildren(node, mapped ? mapped->fields : kNone);
  }

  const parquet::Schema& schema_;
  std::vector<parquet::SchemaElement>& elements_;
};

}  // namespace

bool HasFieldIds(const parquet::Schema& schema) {
  for (int i = 1; i < schema.num_nodes(); ++i) {
    if (schema.node(i).field_id) return true;
  }
  return false;
}

Result<parquet::Schema> ApplyNameMapping(const spec::NameMapping& mapping,
                                         const std::vector<parquet::SchemaElement>& elements) {
  FLOE_ASSIGN_OR_RETURN(parquet::Schema schema, parquet::Schema::Make(elements));
  std::vector<parquet::SchemaElement> mapped = elements;
  Mapper(schema, mapped).MapChildren(schema.root(), mapping.fields());
  return parquet::Schema::Make(mapped);
}

Result<parquet::Schema> ApplyFallbackIds(const std::vector<parquet::SchemaElement>& elements) {
  FLOE_ASSIGN_OR_RETURN(parquet::Schema schema, parquet::Schema::Make(elements));
  std::vector<parquet::SchemaElement> with_ids = elements;
  int32_t next_id = 1;
  for (int child : schema.root().children) {
    with_ids[static_cast<size_t>(schema.node(child).index)].field_id = next_id++;
  }
  return parquet::Schema::Make(with_ids);
}

}  // namespace floe::table
