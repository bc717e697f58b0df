#include "floe/format/parquet/level_assembly.h"

#include <cstring>
#include <vector>

#include "floe/columnar/bit_util.h"
#include "floe/columnar/buffer.h"
#include "floe/format/parquet/variant_reassembly.h"

namespace floe::parquet {

namespace {

using columnar::ArrayData;
using columnar::ArrayPtr;
using columnar::Buffer;
using columnar::BufferPtr;
using columnar::TypeId;

// The validity of a node's slots: one bit per slot, and the null count.
struct Slots {
  int64_t count = 0;
  int64_t null_count = 0;
  BufferPtr validity;  // null when every slot is valid
};

Result<BufferPtr> AllocateBits(int64_t n) { return Buffer::Allocate(columnar::BytesForBits(n)); }

class Assembler {
 public:
  explicit Assembler(std::span<const LeafBatch* const> leaves) : leaves_(leaves) {}

  Result<ArrayPtr> Assemble(const ReadNode& node, int16_t a, int16_t r) {
    switch (node.kind) {
      case ReadNode::Kind::kLeaf:
        return Leaf(node, a, r);
      case ReadNode::Kind::kStruct:
        return Struct(node, a, r);
      case ReadNode::Kind::kVariant: {
        FLOE_ASSIGN_OR_RETURN(ArrayPtr stored, Struct(node.children[0], a, r));
        return ReassembleVariant(*stored).WithContext(fmt::format("column {}", node.field.name));
      }
      default:
        return List(node, a, r);
    }
  }

 private:
  const LeafBatch& LeafOf(const ReadNode& node) const { return *leaves_[node.column]; }

  static int16_t Def(const LeafBatch& b, int64_t i) { return b.def_level(i); }
  static int16_t Rep(const LeafBatch& b, int64_t i) { return b.rep_level(i); }

  // The slots of `node` under (a, r) and their validity.
  Result<Slots> SlotsOf(const ReadNode& node, int16_t a, int16_t r) const {
    const LeafBatch& b = LeafOf(node);
    Slots s;
    if (b.rep_levels.empty() && b.def_levels.empty()) {
      s.count = b.num_levels;  // every entry a valid slot: no nulls, no repetition
      return s;
    }
    FLOE_ASSIGN_OR_RETURN(BufferPtr bits, AllocateBits(b.num_levels));
    uint8_t* v = bits->mutable_data();
    for (int64_t i = 0; i < b.num_levels; ++i) {
      int16_t def = Def(b, i);
      if (def < a || Rep(b, i) > r) continue;
      if (def >= node.def_level) {
        columnar::SetBit(v, s.count);
      } else {
        ++s.null_count;
      }
      ++s.count;
    }
    if (s.null_count > 0) s.validity = std::move(bits);
    return s;
  }

  Result<ArrayPtr> Leaf(const ReadNode& node, int16_t a, int16_t r) {
    const LeafBatch& b = LeafOf(node);
    FLOE_ASSIGN_OR_RETURN(Slots s, SlotsOf(node, a, r));
    const ArrayData& dense = *b.values;
    if (s.count - s.null_count != dense.length) {
      return Corrupt("column {}: {} values for {} non-null slots", node.field.name, dense.length,
                     s.count - s.null_count);
    }
    if (s.null_count == 0) return b.values;
    return Spread(dense, s);
  }

  // The dense values placed in the valid slots.
  static Result<ArrayPtr> Spread(const ArrayData& dense, const Slots& s) {
    const uint8_t* valid = s.validity->data();
    const TypeId id = dense.type->id();
    if (id == TypeId::kNull) {
      return ArrayData::Make(dense.type, s.count, {}, s.count);
    }
    if (id == TypeId::kBool) {
      FLOE_ASSIGN_OR_RETURN(BufferPtr bits, AllocateBits(s.count));
      for (int64_t i = 0, j = 0; i < s.count; ++i) {
        if (columnar::GetBit(valid, i) && dense.GetBool(j++))
          columnar::SetBit(bits->mutable_data(), i);
      }
      return ArrayData::Make(dense.type, s.count, {s.validity, bits}, s.null_count);
    }
    if (dense.type->is_binary_like()) {
      FLOE_ASSIGN_OR_RETURN(BufferPtr offsets, Buffer::Allocate((s.count + 1) * 4));
      auto* out = offsets->mutable_data_as<int32_t>();
      const int32_t* in = dense.values<int32_t>(1);
      int64_t j = 0;
      out[0] = in[0];
      for (int64_t i = 0; i < s.count; ++i) {
        if (columnar::GetBit(valid, i)) ++j;
        out[i + 1] = in[j];
      }
      return ArrayData::Make(dense.type, s.count, {s.validity, offsets, dense.buffers[2]},
                             s.null_count);
    }
    const int w = dense.type->byte_width();
    FLOE_ASSIGN_OR_RETURN(BufferPtr values, Buffer::Allocate(s.count * w));
    const uint8_t* in = dense.buffers[1]->data() + dense.offset * w;
    uint8_t* out = values->mutable_data();
    for (int64_t i = 0, j = 0; i < s.count; ++i) {
      if (columnar::GetBit(valid, i))
        std::memcpy(out + i * w, in + (j++) * w, static_cast<size_t>(w));
    }
    return ArrayData::Make(dense.type, s.count, {s.validity, values}, s.null_count);
  }

  Result<ArrayPtr> Struct(const ReadNode& node, int16_t a, int16_t r) {
    FLOE_ASSIGN_OR_RETURN(Slots s, SlotsOf(node, a, r));
    std::vector<ArrayPtr> children;
    for (const ReadNode& child : node.children) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr c, Assemble(child, a, r));
      if (c->length != s.count) {
        return Corrupt("struct {}: field {} has {} values, the struct {}", node.field.name,
                       child.field.name, c->length, s.count);
      }
      children.push_back(std::move(c));
    }
    return ArrayData::Make(node.field.type, s.count, {s.validity}, s.null_count, 0,
                           std::move(children));
  }

  // Lists and maps: offsets from the levels, then the elements.
  Result<ArrayPtr> List(const ReadNode& node, int16_t a, int16_t r) {
    const LeafBatch& b = LeafOf(node);
    std::vector<int32_t> offsets;
    offsets.reserve(static_cast<size_t>(b.num_levels) + 1);
    FLOE_ASSIGN_OR_RETURN(BufferPtr bits, AllocateBits(b.num_levels));
    int64_t null_count = 0;
    int64_t elements = 0;
    for (int64_t i = 0; i < b.num_levels; ++i) {
      const int16_t def = Def(b, i);
      const int16_t rep = Rep(b, i);
      if (rep <= r) {
        if (def < a) continue;  // an empty or null enclosing list: no slot here
        if (def >= node.def_level) {
          columnar::SetBit(bits->mutable_data(), static_cast<int64_t>(offsets.size()));
        } else {
          ++null_count;
        }
        offsets.push_back(static_cast<int32_t>(elements));
        if (def >= node.element_def_level) ++elements;
      } else if (rep <= node.element_rep_level && def >= node.element_def_level) {
        if (offsets.empty()) return Corrupt("list {}: an element before its list", node.field.name);
        ++elements;
      }
      if (elements > INT32_MAX)
        return NotSupported("list {} of more than 2^31 elements", node.field.name);
    }
    const auto count = static_cast<int64_t>(offsets.size());
    offsets.push_back(static_cast<int32_t>(elements));
    FLOE_ASSIGN_OR_RETURN(BufferPtr offset_buffer, Buffer::Allocate((count + 1) * 4));
    std::memcpy(offset_buffer->mutable_data(), offsets.data(), offsets.size() * 4);

    ArrayPtr child;
    const int16_t ea = node.element_def_level;
    const int16_t er = node.element_rep_level;
    if (node.kind == ReadNode::Kind::kMap) {
      FLOE_ASSIGN_OR_RETURN(ArrayPtr keys, Assemble(node.children[0], ea, er));
      FLOE_ASSIGN_OR_RETURN(ArrayPtr items, Assemble(node.children[1], ea, er));
      if (keys->length != elements || items->length != elements) {
        return Corrupt("map {}: {} keys and {} values for {} entries", node.field.name,
                       keys->length, items->length, elements);
      }
      child = ArrayData::Make(node.field.type->value_field().type, elements, {nullptr}, 0, 0,
                              {std::move(keys), std::move(items)});
    } else {
      FLOE_ASSIGN_OR_RETURN(child, Assemble(node.children[0], ea, er));
      if (child->length != elements) {
        return Corrupt("list {}: {} elements, the levels say {}", node.field.name, child->length,
                       elements);
      }
    }
    return ArrayData::Make(node.field.type, count, {null_count > 0 ? bits : nullptr, offset_buffer},
                           null_count, 0, {std::move(child)});
  }

  std::span<const LeafBatch* const> leaves_;
};

}  // namespace

Result<ArrayPtr> AssembleArray(const ReadNode& node, std::span<const LeafBatch* const> leaves) {
  return Assembler(leaves).Assemble(node, 0, 0);
}

}  // namespace floe::parquet
