// Level shredding (Dremel's record shredding; the inverse of level_assembly.h): the arrays of a
// batch become, per leaf column, definition and repetition levels and the positions of the
// defined values in the leaf array, following the write tree (write_schema.h).
//
// A null at any node gives its leaves one entry at the parent's definition level; an empty list
// one entry at the list's own level; a list's first element continues the enclosing repetition
// level, the others repeat at the list's element_rep_level.
#pragma once

#include <cstdint>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/format/parquet/write_schema.h"

namespace floe::parquet {

struct ShreddedColumn {
  std::vector<int16_t> def_levels;  // empty when the column's max definition level is 0
  std::vector<int16_t> rep_levels;  // empty when the column's max repetition level is 0
  int64_t num_levels = 0;           // level entries (values and nulls)
  int64_t num_rows = 0;
  const columnar::ArrayData* values = nullptr;  // the leaf array
  std::vector<int64_t> indices;  // logical positions in `values` of the defined values

  void Clear() {
    def_levels.clear();
    rep_levels.clear();
    indices.clear();
    num_levels = 0;
    num_rows = 0;
    values = nullptr;
  }
};

// Shreds one top-level field's array (`node` its write node) into the columns of its leaves;
// `columns` is indexed by column, and the leaves' entries are appended.
void ShredField(const WriteNode& node, const WriteSchema& schema, const columnar::ArrayData& array,
                std::vector<ShreddedColumn>* columns);

}  // namespace floe::parquet
