#include "floe/format/parquet/schema.h"

namespace floe::parquet {

namespace {

constexpr int kMaxSchemaDepth = 200;

}  // namespace

std::string JoinPath(const std::vector<std::string>& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out.push_back('.');
    out += path[i];
  }
  return out;
}

Result<Schema> Schema::Make(const std::vector<SchemaElement>& elements) {
  if (elements.empty()) return Corrupt("Parquet schema is empty (no root element)");
  Schema schema;
  schema.nodes_.resize(elements.size());

  // Depth-first walk with an explicit stack of (node index, children still to attach).
  struct Open {
    int node;
    int32_t remaining;
  };
  std::vector<Open> stack;
  for (size_t i = 0; i < elements.size(); ++i) {
    const SchemaElement& e = elements[i];
    SchemaNode& n = schema.nodes_[i];
    n.name = e.name;
    n.index = static_cast<int>(i);
    n.logical_type = e.logical_type;
    n.converted_type = e.converted_type;
    n.scale = e.scale.value_or(0);
    n.precision = e.precision.value_or(0);
    n.field_id = e.field_id;
    n.type_length = e.type_length.value_or(0);
    auto where = [&] { return fmt::format("schema element {} (\"{}\")", i, e.name); };

    if (i == 0) {
      if (e.num_children.value_or(0) < 0) return Corrupt("{}: negative num_children", where());
      if (e.type.has_value() && e.num_children.value_or(0) > 0) {
        return Corrupt("{}: the root is a group but has a type", where());
      }
    } else {
      if (stack.empty()) {
        return Corrupt("{}: outside the tree (the root's num_children accounts for fewer elements)",
                       where());
      }
      Open& parent = stack.back();
      n.parent = parent.node;
      schema.nodes_[parent.node].children.push_back(static_cast<int>(i));
      --parent.remaining;
      // parquet.thrift requires a repetition below the root, but some writers (hyparquet's
      // strings.parquet) leave it out and still write definition levels: read it as OPTIONAL.
      n.repetition = e.repetition_type.value_or(FieldRepetitionType::kOptional);
      const SchemaNode& p = schema.nodes_[parent.node];
      n.max_definition_level = p.max_definition_level;
      n.max_repetition_level = p.max_repetition_level;
      n.path = p.path;
      n.path.push_back(e.name);
      switch (n.repetition) {
        case FieldRepetitionType::kRequired:
          break;
        case FieldRepetitionType::kOptional:
          ++n.max_definition_level;
          break;
        case FieldRepetitionType::kRepeated:
          ++n.max_definition_level;
          ++n.max_repetition_level;
          break;
        default:
          return NotSupported("{}: repetition {} is not supported", where(),
                              RepetitionName(n.repetition));
      }
    }

    // A leaf has a type; some writers also give leaves num_children = 0. The root is always a
    // group.
    int32_t num_children = e.num_children.value_or(0);
    bool is_group = i == 0 || num_children > 0 || (e.num_children.has_value() && !e.type);
    if (is_group) {
      if (num_children < 0) return Corrupt("{}: negative num_children", where());
      if (num_children > static_cast<int64_t>(elements.size() - i - 1)) {
        return Corrupt("{}: num_children {} exceeds the {} elements that follow", where(),
                       num_children, elements.size() - i - 1);
      }
      if (i > 0 && e.type) return Corrupt("{}: a group with a physical type", where());
      if (stack.size() >= kMaxSchemaDepth) {
        return Corrupt("{}: schema nested deeper than {} levels", where(), kMaxSchemaDepth);
      }
      if (num_children > 0) stack.push_back(Open{static_cast<int>(i), num_children});
    } else {
      if (!e.type) return Corrupt("{}: a leaf without a physical type", where());
      int32_t t = static_cast<int32_t>(*e.type);
      if (t < 0 || t > static_cast<int32_t>(Type::kFixedLenByteArray)) {
        return Corrupt("{}: unknown physical type {}", where(), t);
      }
      if (*e.type == Type::kFixedLenByteArray && (!e.type_length || *e.type_length < 0)) {
        return Corrupt("{}: FIXED_LEN_BYTE_ARRAY without a valid type_length", where());
      }
      n.physical_type = e.type;
      n.column_index = static_cast<int>(schema.leaves_.size());
      schema.leaves_.push_back(static_cast<int>(i));
    }
    while (!stack.empty() && stack.back().remaining == 0) stack.pop_back();
  }
  if (!stack.empty()) {
    const SchemaNode& open = schema.nodes_[stack.back().node];
    return Corrupt(
        "schema element {} (\"{}\"): num_children counts {} more elements than the list has",
        open.index, open.name, stack.back().remaining);
  }
  return schema;
}

int Schema::FindColumn(std::string_view dotted_path) const {
  for (size_t i = 0; i < leaves_.size(); ++i) {
    if (JoinPath(nodes_[leaves_[i]].path) == dotted_path) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace floe::parquet
