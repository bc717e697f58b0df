// The schema tree of a Parquet file, built from FileMetaData's flat, depth-first SchemaElement
// list. Each node keeps its element's types and field id; each leaf is one column chunk per row
// group and knows its column path and maximum definition and repetition levels
// (https://parquet.apache.org/docs/file-format/nestedencoding/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/format/parquet/file_metadata.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct SchemaNode {
  std::string name;
  // The root has no repetition in the file; it is reported as kRequired.
  FieldRepetitionType repetition = FieldRepetitionType::kRequired;
  std::optional<Type> physical_type;  // set on leaves only
  int32_t type_length = 0;            // FIXED_LEN_BYTE_ARRAY width
  std::optional<LogicalType> logical_type;
  std::optional<ConvertedType> converted_type;
  int32_t scale = 0;  // legacy decimal annotation
  int32_t precision = 0;
  std::optional<int32_t> field_id;

  int index = 0;                     // position in FileMetaData::schema (and in Schema::node)
  int parent = -1;                   // index of the parent node, -1 for the root
  std::vector<int> children;         // indices of the child nodes
  int16_t max_definition_level = 0;  // at this node (counting it)
  int16_t max_repetition_level = 0;
  int column_index = -1;          // leaves: position among the leaves (the column chunk index)
  std::vector<std::string> path;  // names from below the root to this node

  bool is_leaf() const { return physical_type.has_value(); }
};

class Schema {
 public:
  // Builds and validates the tree: num_children consistent with the list, every leaf typed,
  // repetition set below the root, FIXED_LEN_BYTE_ARRAY with a length, nesting bounded.
  static Result<Schema> Make(const std::vector<SchemaElement>& elements);

  const SchemaNode& root() const { return nodes_[0]; }
  const SchemaNode& node(int index) const { return nodes_[index]; }
  int num_nodes() const { return static_cast<int>(nodes_.size()); }

  int num_columns() const { return static_cast<int>(leaves_.size()); }
  const SchemaNode& column(int i) const { return nodes_[leaves_[i]]; }
  // The leaf with this dotted path ("a.b.c"), or -1.
  int FindColumn(std::string_view dotted_path) const;

 private:
  std::vector<SchemaNode> nodes_;
  std::vector<int> leaves_;
};

// "a.b.c" for a path.
std::string JoinPath(const std::vector<std::string>& path);

}  // namespace floe::parquet
