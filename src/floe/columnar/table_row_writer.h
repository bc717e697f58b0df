// The `table` format of row_writer.h: aligned columns for people, laid out by a TableLayout.
#pragma once

#include <memory>

#include "floe/columnar/row_writer.h"

namespace floe::columnar {

std::unique_ptr<RowWriter> MakeTableRowWriter(const TableLayout& layout);

}  // namespace floe::columnar
