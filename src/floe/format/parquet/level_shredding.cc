#include "floe/format/parquet/level_shredding.h"

namespace floe::parquet {

namespace {

class Shredder {
 public:
  Shredder(const WriteSchema& schema, std::vector<ShreddedColumn>* columns)
      : schema_(schema), columns_(*columns) {}

  // Slot i of `array` (a value of `node`); def is the level its parent reached, rep the
  // repetition level of its first entry.
  void Slot(const WriteNode& node, const columnar::ArrayData& array, int64_t i, int16_t def,
            int16_t rep) {
    if (array.IsNull(i)) {
      Empty(node, def, rep);
      return;
    }
    switch (node.kind) {
      case WriteNode::Kind::kLeaf:
        Entry(node.column, node.def_level, rep);
        columns_[static_cast<size_t>(node.column)].indices.push_back(i);
        return;
      case WriteNode::Kind::kStruct:
        for (size_t c = 0; c < node.children.size(); ++c) {
          Slot(node.children[c], *array.children[c], array.offset + i, node.def_level, rep);
        }
        return;
      case WriteNode::Kind::kList:
      case WriteNode::Kind::kMap: {
        int32_t start = array.ListStart(i), end = array.ListEnd(i);
        if (start == end) {
          Empty(node.children[0], node.def_level, rep);
          return;
        }
        const columnar::ArrayData& child = *array.children[0];
        for (int32_t k = start; k < end; ++k) {
          Slot(node.children[0], child, k, node.element_def_level,
               k == start ? rep : node.element_rep_level);
        }
        return;
      }
    }
  }

  // One entry without a value at level `def` for every leaf below `node`.
  void Empty(const WriteNode& node, int16_t def, int16_t rep) {
    if (node.kind == WriteNode::Kind::kLeaf) {
      Entry(node.column, def, rep);
      return;
    }
    for (const WriteNode& child : node.children) Empty(child, def, rep);
  }

 private:
  void Entry(int column, int16_t def, int16_t rep) {
    ShreddedColumn& c = columns_[static_cast<size_t>(column)];
    const WriteLeaf& leaf = schema_.leaves[static_cast<size_t>(column)];
    if (leaf.max_def_level > 0) c.def_levels.push_back(def);
    if (leaf.max_rep_level > 0) c.rep_levels.push_back(rep);
    if (rep == 0) ++c.num_rows;
    ++c.num_levels;
  }

  const WriteSchema& schema_;
  std::vector<ShreddedColumn>& columns_;
};

// The leaf arrays below a node, found by following first children (struct fields by position).
void SetLeafArrays(const WriteNode& node, const columnar::ArrayData& array,
                   std::vector<ShreddedColumn>* columns) {
  if (node.kind == WriteNode::Kind::kLeaf) {
    (*columns)[static_cast<size_t>(node.column)].values = &array;
    return;
  }
  for (size_t c = 0; c < node.children.size(); ++c) {
    const columnar::ArrayData& child =
        node.kind == WriteNode::Kind::kStruct ? *array.children[c] : *array.children[0];
    SetLeafArrays(node.children[c], child, columns);
  }
}

}  // namespace

void ShredField(const WriteNode& node, const WriteSchema& schema, const columnar::ArrayData& array,
                std::vector<ShreddedColumn>* columns) {
  SetLeafArrays(node, array, columns);
  Shredder shredder(schema, columns);
  if (node.kind == WriteNode::Kind::kLeaf && array.null_count == 0) {
    // The common flat case without nulls: every row is one value.
    ShreddedColumn& c = (*columns)[static_cast<size_t>(node.column)];
    size_t old = c.indices.size();
    c.indices.resize(old + static_cast<size_t>(array.length));
    for (int64_t i = 0; i < array.length; ++i) c.indices[old + static_cast<size_t>(i)] = i;
    if (schema.leaves[static_cast<size_t>(node.column)].max_def_level > 0) {
      c.def_levels.insert(c.def_levels.end(), static_cast<size_t>(array.length), node.def_level);
    }
    c.num_levels += array.length;
    c.num_rows += array.length;
    return;
  }
  for (int64_t i = 0; i < array.length; ++i) shredder.Slot(node, array, i, 0, 0);
}

}  // namespace floe::parquet
