// How the columns of a Parquet file become columnar arrays: a tree of read nodes over the schema
// tree, one per output array (LogicalTypes.md "Nested Types", with its backward-compatibility
// rules for lists and maps written by old tools):
//   - a group annotated LIST with a repeated child R: a list; its element is R's only child
//     (three levels), or R itself when R is a primitive, has several fields, or is named "array"
//     or "<list name>_tuple" (two levels);
//   - a group annotated MAP (or MAP_KEY_VALUE) whose repeated child has a key and a value: a map;
//   - any other repeated field: a required list of required elements (the field itself);
//   - a group annotated VARIANT (VariantEncoding.md, "Variant in Parquet"): a variant, read as
//     the struct of its fields (metadata, value and any shredded typed_value) and then reassembled
//     into the variant's binary encoding (variant_reassembly.h);
//   - other groups: structs; primitives: leaves (types by columnar_type.h).
// Each node records the definition and repetition levels that place its values, which is all the
// level assembly (level_assembly.h) needs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "floe/columnar/data_type.h"
#include "floe/format/parquet/schema.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct ReadNode {
  // kVariant: children[0] is the struct of the VARIANT group as stored.
  enum class Kind { kLeaf, kStruct, kList, kMap, kVariant };
  Kind kind = Kind::kLeaf;
  columnar::Field field;  // the output field (name, type, nullability, field id)
  // A slot of this node is valid (not null) when its definition level is at least def_level.
  int16_t def_level = 0;
  // Lists and maps: the repeated node's levels. An element exists when the definition level is at
  // least element_def_level; a new element starts when the repetition level is at most
  // element_rep_level (and is not a new slot of the list itself).
  int16_t element_def_level = 0;
  int16_t element_rep_level = 0;
  // Leaves: the column (chunk) index. Other nodes: the first leaf below, whose levels give the
  // node's structure.
  int column = -1;
  std::vector<ReadNode> children;  // struct fields; the list element; the map key and value
};

// The nodes to read. Empty column lists select everything.
struct Projection {
  // Dotted paths of leaves or groups ("a", "b.c"); a path inside a list or map selects the whole
  // list or map. Matched case-sensitively, then case-insensitively.
  std::vector<std::string> paths;
  // Field ids of any node; a list or map's element ids select the whole list or map.
  std::vector<int32_t> field_ids;
};

// The read tree of the selected top-level fields (in schema order, keeping only selected
// children inside structs). NotFound when a path or field id matches nothing.
// INT96 leaves become timestamps in `int96_unit` (columnar_type.h), except the columns (leaf
// indices) in `int96_nano_columns`, which read in nanoseconds.
Result<std::vector<ReadNode>> BuildReadTree(
    const Schema& schema, const Projection& projection,
    columnar::TimeUnit int96_unit = columnar::TimeUnit::kNano,
    const std::vector<int>& int96_nano_columns = {});

// The leaves a read tree reads, ascending.
std::vector<int> LeafColumns(const std::vector<ReadNode>& nodes);

}  // namespace floe::parquet
