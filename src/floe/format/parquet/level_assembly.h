// Level assembly (the Dremel record shredding, reversed): the definition and repetition levels of
// each leaf and its dense values become nested columnar arrays, following the read tree.
//
// A node's slots are the level entries of its first leaf with definition level >= A and
// repetition level <= R, where A and R are the levels of the nearest enclosing repeated node
// (0 and 0 at the top: one slot per row). A slot is valid when its definition level reaches the
// node's def_level. A list or map slot holds the entries that follow it with a repetition level
// in (R, element_rep_level] and a definition level >= element_def_level; its elements are the
// slots of the child under A = element_def_level, R = element_rep_level.
#pragma once

#include <span>

#include "floe/columnar/array.h"
#include "floe/format/parquet/column_chunk_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The array of a top-level read node for one batch; `leaves` is indexed by column (null for
// columns not read). Corrupt when the leaves disagree with each other or with their levels.
Result<columnar::ArrayPtr> AssembleArray(const ReadNode& node,
                                         std::span<const LeafBatch* const> leaves);

}  // namespace floe::parquet
