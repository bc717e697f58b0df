#include "floe/table/iceberg_metrics.h"

#include "floe/spec/single_value.h"
#include "floe/util/bytes.h"

namespace floe::table {

namespace {

// Length in bytes of the UTF-8 sequence starting with `lead` (1 for stray bytes, so a string
// that is not valid UTF-8 is cut by bytes rather than overrun).
size_t Utf8Length(uint8_t lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

// Byte length of the first `n` code points of `s` (or all of it).
size_t PrefixBytes(std::string_view s, int32_t n) {
  size_t pos = 0;
  for (int32_t i = 0; i < n && pos < s.size(); ++i) {
    pos += Utf8Length(static_cast<uint8_t>(s[pos]));
  }
  return std::min(pos, s.size());
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

uint32_t DecodeUtf8(std::string_view s) {
  auto b = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(s[i])); };
  switch (s.size()) {
    case 1:
      return b(0);
    case 2:
      return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
    case 3:
      return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    default:
      return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  }
}

bool InsideListOrMap(const spec::Schema& schema, int32_t field_id) {
  auto parents = schema.FindParentIds(field_id);
  if (!parents) return false;
  for (int32_t id : *parents) {
    const spec::NestedField* p = schema.FindFieldById(id);
    if (p != nullptr && (p->type->is_list() || p->type->is_map())) return true;
  }
  return false;
}

// A Parquet PLAIN bound as Iceberg's single-value binary for the column's type.
Result<std::string> IcebergBound(const spec::Type& type, const parquet::ColumnMetrics& c,
                                 const std::string& plain) {
  if (type.id() != spec::TypeId::kDecimal) return plain;
  // Decimals: Parquet stores INT32/INT64 little-endian or fixed big-endian bytes; Iceberg wants
  // the minimal big-endian two's complement of the unscaled value.
  __int128 unscaled = 0;
  const auto* p = reinterpret_cast<const uint8_t*>(plain.data());
  if (c.physical_type == parquet::Type::kInt32 && plain.size() == 4) {
    unscaled = LoadLittleEndian<int32_t>(p);
  } else if (c.physical_type == parquet::Type::kInt64 && plain.size() == 8) {
    unscaled = LoadLittleEndian<int64_t>(p);
  } else if (!plain.empty() && plain.size() <= 16) {
    unscaled = LoadBigEndianInt128(p, plain.size());
  } else {
    return Corrupt("column {}: a decimal bound of {} bytes", c.path.empty() ? "" : c.path.back(),
                   plain.size());
  }
  return spec::DecimalToBigEndian(unscaled);
}

template <typename Map, typename V>
void Put(Map& map, int32_t id, V value) {
  map.emplace_back(id, std::move(value));
}

}  // namespace

std::string TruncateStringLower(std::string_view s, int32_t length) {
  return std::string(s.substr(0, PrefixBytes(s, length)));
}

std::optional<std::string> TruncateStringUpper(std::string_view s, int32_t length) {
  size_t n = PrefixBytes(s, length);
  if (n == s.size()) return std::string(s);
  // Increment the last code point that can be (skipping the surrogate range, which UTF-8 cannot
  // hold, and stopping at U+10FFFF); drop it and try the one before otherwise.
  std::string_view prefix = s.substr(0, n);
  while (!prefix.empty()) {
    size_t start = prefix.size() - 1;
    while (start > 0 && (static_cast<uint8_t>(prefix[start]) & 0xC0) == 0x80) --start;
    uint32_t cp = DecodeUtf8(prefix.substr(start));
    uint32_t next = cp + 1;
    if (next == 0xD800) next = 0xE000;
    if (next <= 0x10FFFF) {
      std::string out(prefix.substr(0, start));
      AppendUtf8(out, next);
      return out;
    }
    prefix = prefix.substr(0, start);
  }
  return std::nullopt;
}

std::string TruncateBinaryLower(std::string_view s, int32_t length) {
  return std::string(s.substr(0, static_cast<size_t>(length)));
}

std::optional<std::string> TruncateBinaryUpper(std::string_view s, int32_t length) {
  if (s.size() <= static_cast<size_t>(length)) return std::string(s);
  std::string out(s.substr(0, static_cast<size_t>(length)));
  while (!out.empty()) {
    auto last = static_cast<uint8_t>(out.back());
    if (last != 0xFF) {
      out.back() = static_cast<char>(last + 1);
      return out;
    }
    out.pop_back();
  }
  return std::nullopt;
}

Status SetDataFileMetrics(const parquet::FileMetrics& metrics, const spec::Schema& schema,
                          const MetricsConfig& config, manifest::DataFile* file) {
  file->record_count = metrics.row_count;
  file->file_size_in_bytes = metrics.file_size;
  file->split_offsets = metrics.split_offsets;
  for (const parquet::ColumnMetrics& c : metrics.columns) {
    if (!c.field_id) continue;
    int32_t id = *c.field_id;
    const spec::NestedField* field = schema.FindFieldById(id);
    if (field == nullptr || !field->type->is_primitive()) continue;
    MetricsMode mode = config.ModeFor(id);
    if (mode.kind == MetricsMode::Kind::kNone) continue;
    Put(file->column_sizes, id, c.column_size);
    Put(file->value_counts, id, c.value_count);
    Put(file->null_value_counts, id, c.null_count);
    if (c.nan_count) Put(file->nan_value_counts, id, *c.nan_count);
    if (mode.kind == MetricsMode::Kind::kCounts || InsideListOrMap(schema, id)) continue;
    const spec::Type& type = *field->type;
    bool truncate = mode.kind == MetricsMode::Kind::kTruncate;
    if (c.min) {
      FLOE_ASSIGN_OR_RETURN(std::string lower, IcebergBound(type, c, *c.min));
      if (truncate && type.id() == spec::TypeId::kString) {
        lower = TruncateStringLower(lower, mode.length);
      } else if (truncate && type.id() == spec::TypeId::kBinary) {
        lower = TruncateBinaryLower(lower, mode.length);
      }
      Put(file->lower_bounds, id, std::move(lower));
    }
    if (c.max) {
      FLOE_ASSIGN_OR_RETURN(std::string upper, IcebergBound(type, c, *c.max));
      std::optional<std::string> bound = std::move(upper);
      if (truncate && type.id() == spec::TypeId::kString) {
        bound = TruncateStringUpper(*bound, mode.length);
      } else if (truncate && type.id() == spec::TypeId::kBinary) {
        bound = TruncateBinaryUpper(*bound, mode.length);
      }
      if (bound) Put(file->upper_bounds, id, std::move(*bound));
    }
  }
  return Ok();
}

}  // namespace floe::table
