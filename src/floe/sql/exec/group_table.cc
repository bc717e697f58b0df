#include "floe/sql/exec/group_table.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "floe/sql/exec/scalar_value.h"

namespace floe::sql {

namespace {

// The length every one of the n strings has (offsets of a string array), or -1.
int32_t CommonLength(const int32_t* offsets, size_t n) {
  if (n == 0) return -1;
  const int32_t len = offsets[1] - offsets[0];
  bool same = true;
  for (size_t i = 1; i < n; ++i) same &= offsets[i + 1] - offsets[i] == len;
  return same ? len : -1;
}

// Or-s into word[i], at bit `shift`, the packed form of string i of n non-null strings of
// kLength bytes each, back to back at p: its length + 1 in a byte, then its bytes.
template <int kLength>
void PackCommonLength(const uint8_t* p, size_t n, int shift, uint64_t* word) {
  for (size_t i = 0; i < n; ++i) {
    uint64_t w = 1 + kLength;
    for (int k = 0; k < kLength; ++k)
      w |= static_cast<uint64_t>(p[i * kLength + k]) << (8 * (k + 1));
    word[i] |= w << shift;
  }
}

using columnar::TypeId;

bool Packable(TypeId id) {
  return id == TypeId::kString || id == TypeId::kBinary || id == TypeId::kInt32 ||
         id == TypeId::kDate32;
}

// A hash of a packed key (multiply-xorshift).
uint64_t HashPackedKey(uint64_t word) {
  uint64_t h = word * 0x9e3779b97f4a7c15ULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 32);
}

// The payload bytes AppendKeyBytes writes for a non-NULL value of a column that can be encoded
// column by column (integers as 8 bytes, decimals as 16, strings as a 4-byte length and the
// bytes); 0 for the other types, which go row by row.
size_t GroupKeyFixedPayload(TypeId id) {
  switch (id) {
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kInt64:
    case TypeId::kTimestamp:
      return 8;
    case TypeId::kDecimal128:
      return 16;
    case TypeId::kString:
    case TypeId::kBinary:
      return 4;  // plus the bytes
    default:
      return 0;
  }
}

// Calls write(i, at) for each row i with the cursor `at` of the row, after writing the
// null/non-null marker; write returns the bytes it wrote.
template <typename Write>
void ForEachGroupKeyValue(const columnar::ArrayData& a, int64_t n, char* out,
                          std::vector<size_t>& cursor, Write write) {
  const bool nulls = a.null_count > 0;
  for (int64_t i = 0; i < n; ++i) {
    size_t& at = cursor[static_cast<size_t>(i)];
    if (nulls && a.IsNull(i)) {
      out[at++] = '\0';
      continue;
    }
    out[at++] = '\1';
    at += write(i, out + at);
  }
}

// Writes column `a`'s key bytes for every row at cursor[i], advancing it (the same bytes as
// AppendKeyBytes).
void EncodeGroupKeyColumn(const columnar::ArrayData& a, int64_t n, char* out,
                          std::vector<size_t>& cursor) {
  switch (a.type->id()) {
    case TypeId::kInt32:
    case TypeId::kDate32: {
      const int32_t* values = a.values<int32_t>();
      ForEachGroupKeyValue(a, n, out, cursor, [&](int64_t i, char* to) {
        int64_t v = values[i];
        std::memcpy(to, &v, 8);
        return size_t{8};
      });
      return;
    }
    case TypeId::kInt64:
    case TypeId::kTimestamp: {
      const int64_t* values = a.values<int64_t>();
      ForEachGroupKeyValue(a, n, out, cursor, [&](int64_t i, char* to) {
        std::memcpy(to, values + i, 8);
        return size_t{8};
      });
      return;
    }
    case TypeId::kDecimal128:
      ForEachGroupKeyValue(a, n, out, cursor, [&](int64_t i, char* to) {
        std::memcpy(to, a.GetFixed(i).data(), 16);
        return size_t{16};
      });
      return;
    default: {  // string, binary
      const int32_t* offsets = a.values<int32_t>(1);
      const char* bytes = reinterpret_cast<const char*>(a.buffers[2]->data());
      ForEachGroupKeyValue(a, n, out, cursor, [&](int64_t i, char* to) {
        auto len = static_cast<uint32_t>(offsets[i + 1] - offsets[i]);
        std::memcpy(to, &len, 4);
        for (uint32_t k = 0; k < len; ++k) to[4 + k] = bytes[offsets[i] + k];
        return size_t{4} + len;
      });
    }
  }
}

// A hash of a key's bytes (8 bytes at a time, multiply-xorshift mixing).
uint64_t HashGroupKey(std::string_view key) {
  const char* p = key.data();
  size_t left = key.size();
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ left;
  while (left >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
    p += 8;
    left -= 8;
  }
  uint64_t w = 0;
  if (left > 0 && key.size() >= 8) {
    std::memcpy(&w, key.data() + key.size() - 8, 8);  // the last 8 bytes, overlapping
  } else {
    for (size_t k = 0; k < left; ++k)
      w |= static_cast<uint64_t>(static_cast<uint8_t>(p[k])) << (8 * k);
  }
  h = (h ^ w) * 0x94d049bb133111ebULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 32);
}

// a == b for two keys (short ones without a library call).
bool GroupKeysEqual(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  if (a.size() < 8 || a.size() > 16) return a == b;
  uint64_t a0, a1, b0, b1;
  std::memcpy(&a0, a.data(), 8);
  std::memcpy(&b0, b.data(), 8);
  std::memcpy(&a1, a.data() + a.size() - 8, 8);
  std::memcpy(&b1, b.data() + b.size() - 8, 8);
  return a0 == b0 && a1 == b1;
}

}  // namespace

Result<GroupTable> GroupTable::Make(const std::vector<columnar::DataTypePtr>& key_types) {
  GroupTable table;
  table.packable_ = !key_types.empty();
  for (const auto& type : key_types) {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(type));
    table.builders_.push_back(std::move(builder));
    table.packable_ = table.packable_ && Packable(type->id());
  }
  return table;
}

bool GroupTable::PackKeys(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows) {
  const auto n = static_cast<size_t>(num_rows);
  packed_.assign(n, 0);
  if (PackUniformKeys(keys, n)) return true;
  packed_bits_.assign(n, 0);
  uint64_t* word = packed_.data();
  uint8_t* bits = packed_bits_.data();
  for (const auto& column : keys) {
    const columnar::ArrayData& a = *column;
    const bool nulls = a.null_count > 0;
    if (a.type->id() == TypeId::kString || a.type->id() == TypeId::kBinary) {
      const int32_t* offsets = a.values<int32_t>(1);
      const auto* bytes = reinterpret_cast<const uint8_t*>(a.buffers[2]->data());
      for (size_t i = 0; i < n; ++i) {
        const bool null = nulls && a.IsNull(static_cast<int64_t>(i));
        const int32_t len = null ? 0 : offsets[i + 1] - offsets[i];
        if (bits[i] + 8 * (1 + len) > 64) return false;
        if (!null) {
          uint64_t w = static_cast<uint64_t>(1 + len);
          for (int32_t k = 0; k < len; ++k)
            w |= static_cast<uint64_t>(bytes[offsets[i] + k]) << (8 * (k + 1));
          word[i] |= w << bits[i];
        }
        bits[i] = static_cast<uint8_t>(bits[i] + 8 * (1 + len));
      }
    } else {  // int32, date
      const int32_t* values = a.values<int32_t>();
      for (size_t i = 0; i < n; ++i) {
        const bool null = nulls && a.IsNull(static_cast<int64_t>(i));
        const int width = null ? 8 : 40;
        if (bits[i] + width > 64) return false;
        if (!null)
          word[i] |= (1 | static_cast<uint64_t>(static_cast<uint32_t>(values[i])) << 8) << bits[i];
        bits[i] = static_cast<uint8_t>(bits[i] + width);
      }
    }
  }
  return true;
}

bool GroupTable::PackUniformKeys(const std::vector<columnar::ArrayPtr>& keys, size_t n) {
  // Every key column without NULLs, its strings all of one length of 1-3 bytes: each column then
  // takes the same bits of every row's word, and is packed by a loop of its own.
  std::vector<int32_t> lengths;  // by column: the strings' length, 0 for an int or date column
  int bits = 0;
  for (const auto& column : keys) {
    const columnar::ArrayData& a = *column;
    if (a.null_count > 0 || n == 0) return false;
    int32_t len = 0;
    if (a.type->id() == TypeId::kString || a.type->id() == TypeId::kBinary) {
      len = CommonLength(a.values<int32_t>(1), n);
      if (len < 1 || len > 3) return false;
    }
    lengths.push_back(len);
    bits += len == 0 ? 40 : 8 * (1 + len);
  }
  if (bits > 64) return false;
  uint64_t* word = packed_.data();
  int shift = 0;
  for (size_t c = 0; c < keys.size(); ++c) {
    const columnar::ArrayData& a = *keys[c];
    if (lengths[c] == 0) {  // int32, date: 1, then the value's 32 bits
      const int32_t* values = a.values<int32_t>();
      for (size_t i = 0; i < n; ++i)
        word[i] |= (1 | static_cast<uint64_t>(static_cast<uint32_t>(values[i])) << 8) << shift;
      shift += 40;
      continue;
    }
    const uint8_t* p =
        reinterpret_cast<const uint8_t*>(a.buffers[2]->data()) + a.values<int32_t>(1)[0];
    switch (lengths[c]) {
      case 1:
        PackCommonLength<1>(p, n, shift, word);
        break;
      case 2:
        PackCommonLength<2>(p, n, shift, word);
        break;
      default:
        PackCommonLength<3>(p, n, shift, word);
        break;
    }
    shift += 8 * (1 + lengths[c]);
  }
  return true;
}

Status GroupTable::InsertPacked(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows,
                                std::vector<uint32_t>* group_ids) {
  for (int64_t i = 0; i < num_rows; ++i) {
    const uint64_t word = packed_[static_cast<size_t>(i)];
    if ((packed_count_ + 1) * 2 > packed_words_.size()) GrowPacked();
    const size_t mask = packed_words_.size() - 1;
    size_t s = HashPackedKey(word) & mask;
    while (packed_groups_[s] != 0 && packed_words_[s] != word) s = (s + 1) & mask;
    if (packed_groups_[s] != 0) {
      (*group_ids)[static_cast<size_t>(i)] = packed_groups_[s] - 1;
      continue;
    }
    // A word not seen yet: its group by the key bytes (another thread's merged table may hold it).
    row_key_.clear();
    for (const auto& column : keys) AppendKeyBytes(*column, i, &row_key_);
    bool added = false;
    const uint32_t group = FindOrAdd(row_key_, HashGroupKey(row_key_), &added);
    if (added) {
      for (size_t k = 0; k < keys.size(); ++k)
        FLOE_RETURN_IF_ERROR(CopyValue(*keys[k], i, *builders_[k]));
    }
    packed_words_[s] = word;
    packed_groups_[s] = group + 1;
    ++packed_count_;
    (*group_ids)[static_cast<size_t>(i)] = group;
  }
  return Ok();
}

void GroupTable::GrowPacked() {
  std::vector<uint64_t> words = std::move(packed_words_);
  std::vector<uint32_t> groups = std::move(packed_groups_);
  const size_t size = std::max<size_t>(64, words.size() * 2);
  packed_words_.assign(size, 0);
  packed_groups_.assign(size, 0);
  const size_t mask = size - 1;
  for (size_t k = 0; k < words.size(); ++k) {
    if (groups[k] == 0) continue;
    size_t s = HashPackedKey(words[k]) & mask;
    while (packed_groups_[s] != 0) s = (s + 1) & mask;
    packed_words_[s] = words[k];
    packed_groups_[s] = groups[k];
  }
}

void GroupTable::EncodeKeys(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows) {
  batch_keys_.clear();
  batch_key_ends_.clear();
  const auto n = static_cast<size_t>(num_rows);
  bool by_column = true;
  for (const auto& column : keys)
    by_column = by_column && GroupKeyFixedPayload(column->type->id()) > 0;
  if (!by_column) {
    for (int64_t i = 0; i < num_rows; ++i) {
      for (const auto& column : keys) AppendKeyBytes(*column, i, &batch_keys_);
      batch_key_ends_.push_back(batch_keys_.size());
    }
    return;
  }
  // Column by column: each row's length first, then every column's bytes at the rows' cursors.
  batch_key_ends_.assign(n, 0);
  for (const auto& column : keys) {
    const columnar::ArrayData& a = *column;
    const size_t payload = GroupKeyFixedPayload(a.type->id());
    const bool strings = a.type->id() == TypeId::kString || a.type->id() == TypeId::kBinary;
    for (size_t i = 0; i < n; ++i) {
      if (a.null_count > 0 && a.IsNull(static_cast<int64_t>(i))) {
        batch_key_ends_[i] += 1;
      } else {
        batch_key_ends_[i] +=
            1 + payload + (strings ? a.GetView(static_cast<int64_t>(i)).size() : 0);
      }
    }
  }
  cursor_.resize(n);
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) {
    cursor_[i] = total;
    total += batch_key_ends_[i];
    batch_key_ends_[i] = total;
  }
  batch_keys_.resize(total);
  for (const auto& column : keys)
    EncodeGroupKeyColumn(*column, num_rows, batch_keys_.data(), cursor_);
}

Status GroupTable::Insert(const std::vector<columnar::ArrayPtr>& keys, int64_t num_rows,
                          std::vector<uint32_t>* group_ids) {
  group_ids->resize(static_cast<size_t>(num_rows));
  if (packable_ && PackKeys(keys, num_rows)) return InsertPacked(keys, num_rows, group_ids);
  EncodeKeys(keys, num_rows);
  size_t start = 0;
  for (int64_t i = 0; i < num_rows; ++i) {
    size_t end = batch_key_ends_[static_cast<size_t>(i)];
    std::string_view key(batch_keys_.data() + start, end - start);
    start = end;
    bool added = false;
    uint32_t group = FindOrAdd(key, HashGroupKey(key), &added);
    if (added) {
      for (size_t k = 0; k < keys.size(); ++k)
        FLOE_RETURN_IF_ERROR(CopyValue(*keys[k], i, *builders_[k]));
    }
    (*group_ids)[static_cast<size_t>(i)] = group;
  }
  return Ok();
}

Status GroupTable::Merge(GroupTable& other, std::vector<uint32_t>* mapping) {
  FLOE_ASSIGN_OR_RETURN(std::vector<columnar::ArrayPtr> other_keys, other.FinishKeys());
  mapping->resize(static_cast<size_t>(other.num_groups()));
  for (uint32_t g = 0; g < static_cast<uint32_t>(other.num_groups()); ++g) {
    bool added = false;
    uint32_t group = FindOrAdd(other.Key(g), other.group_hashes_[g], &added);
    if (added) {
      for (size_t k = 0; k < other_keys.size(); ++k)
        FLOE_RETURN_IF_ERROR(CopyValue(*other_keys[k], g, *builders_[k]));
    }
    (*mapping)[g] = group;
  }
  return Ok();
}

std::string_view GroupTable::Key(uint32_t group) const {
  size_t begin = group == 0 ? 0 : key_ends_[group - 1];
  return std::string_view(key_bytes_.data() + begin, key_ends_[group] - begin);
}

uint32_t GroupTable::FindOrAdd(std::string_view key, uint64_t hash, bool* added) {
  if ((group_hashes_.size() + 1) * 2 > slots_.size()) Grow();
  const size_t mask = slots_.size() - 1;
  for (size_t s = hash & mask;; s = (s + 1) & mask) {
    int64_t slot = slots_[s];
    if (slot == 0) {
      auto group = static_cast<uint32_t>(group_hashes_.size());
      key_bytes_.append(key);
      key_ends_.push_back(key_bytes_.size());
      group_hashes_.push_back(hash);
      slots_[s] = group + 1;
      *added = true;
      return group;
    }
    auto group = static_cast<uint32_t>(slot - 1);
    if (group_hashes_[group] == hash && GroupKeysEqual(Key(group), key)) return group;
  }
}

void GroupTable::Grow() {
  slots_.assign(std::max<size_t>(1024, slots_.size() * 2), 0);
  const size_t mask = slots_.size() - 1;
  for (size_t g = 0; g < group_hashes_.size(); ++g) {
    size_t s = group_hashes_[g] & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = static_cast<int64_t>(g) + 1;
  }
}

Result<std::vector<columnar::ArrayPtr>> GroupTable::FinishKeys() {
  std::vector<columnar::ArrayPtr> out;
  for (auto& builder : builders_) {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr array, builder->Finish());
    out.push_back(std::move(array));
  }
  return out;
}

}  // namespace floe::sql
