#include "floe/columnar/array_equal.h"

#include <fmt/format.h>

#include <cstring>

namespace floe::columnar {

namespace {

// "" when slot i of a equals slot j of b.
std::string SlotDifference(const ArrayData& a, int64_t i, const ArrayData& b, int64_t j) {
  if (a.IsNull(i) != b.IsNull(j)) return a.IsNull(i) ? "null vs value" : "value vs null";
  if (a.IsNull(i)) return "";
  switch (a.type->id()) {
    case TypeId::kNull:
      return "";
    case TypeId::kBool:
      return a.GetBool(i) == b.GetBool(j) ? "" : "booleans differ";
    case TypeId::kString:
    case TypeId::kBinary:
      return a.GetView(i) == b.GetView(j)
                 ? ""
                 : fmt::format("\"{}\" vs \"{}\"", a.GetView(i), b.GetView(j));
    case TypeId::kStruct:
      for (int c = 0; c < a.type->num_children(); ++c) {
        const ArrayData& ac = *a.children[static_cast<size_t>(c)];
        const ArrayData& bc = *b.children[static_cast<size_t>(c)];
        std::string d = SlotDifference(ac, a.offset + i, bc, b.offset + j);
        if (!d.empty()) return fmt::format("field {}: {}", a.type->child(c).name, d);
      }
      return "";
    case TypeId::kList:
    case TypeId::kMap: {
      const int64_t an = a.ListEnd(i) - a.ListStart(i);
      const int64_t bn = b.ListEnd(j) - b.ListStart(j);
      if (an != bn) return fmt::format("{} vs {} elements", an, bn);
      for (int64_t k = 0; k < an; ++k) {
        std::string d =
            SlotDifference(*a.children[0], a.ListStart(i) + k, *b.children[0], b.ListStart(j) + k);
        if (!d.empty()) return fmt::format("element {}: {}", k, d);
      }
      return "";
    }
    default: {
      const int w = a.type->byte_width();
      const uint8_t* av = a.buffers[1]->data() + (a.offset + i) * w;
      const uint8_t* bv = b.buffers[1]->data() + (b.offset + j) * w;
      return std::memcmp(av, bv, static_cast<size_t>(w)) == 0 ? "" : "values differ";
    }
  }
}

}  // namespace

std::string ArrayDifference(const ArrayData& a, const ArrayData& b) {
  if (!a.type->Equals(*b.type, false)) {
    return fmt::format("types differ: {} vs {}", a.type->ToString(), b.type->ToString());
  }
  if (a.length != b.length) return fmt::format("lengths differ: {} vs {}", a.length, b.length);
  for (int64_t i = 0; i < a.length; ++i) {
    std::string d = SlotDifference(a, i, b, i);
    if (!d.empty()) return fmt::format("row {}: {}", i, d);
  }
  return "";
}

bool ArrayEquals(const ArrayData& a, const ArrayData& b) { return ArrayDifference(a, b).empty(); }

bool BatchEquals(const RecordBatch& a, const RecordBatch& b) {
  if (a.num_rows() != b.num_rows() || !a.schema()->Equals(*b.schema(), false)) return false;
  for (int c = 0; c < a.num_columns(); ++c) {
    if (!ArrayEquals(*a.column(c), *b.column(c))) return false;
  }
  return true;
}

}  // namespace floe::columnar
