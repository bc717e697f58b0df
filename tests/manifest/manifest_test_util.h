// Random tables, partition specs, data files and manifests for the manifest tests.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"

namespace floe::manifest::testing {

using spec::Literal;
using spec::NestedField;
using spec::Transform;
using spec::Type;
using spec::TypeId;

inline spec::Schema AllTypesSchema() {
  std::vector<spec::TypePtr> types = {Type::Boolean(),
                                      Type::Int(),
                                      Type::Long(),
                                      Type::Float(),
                                      Type::Double(),
                                      Type::Decimal(9, 2),
                                      Type::Decimal(38, 10),
                                      Type::Date(),
                                      Type::Time(),
                                      Type::Timestamp(),
                                      Type::TimestampTz(),
                                      Type::Primitive(TypeId::kTimestampNs),
                                      Type::Primitive(TypeId::kTimestampTzNs),
                                      Type::String(),
                                      Type::Uuid(),
                                      Type::Fixed(7),
                                      Type::Binary(),
                                      Type::Decimal(18, 0)};
  spec::Schema s;
  s.schema_id = 3;
  for (size_t i = 0; i < types.size(); ++i) {
    s.fields.push_back(NestedField{.id = static_cast<int32_t>(i + 1),
                                   .name = fmt::format("c{}_{}", i + 1, types[i]->ToString()),
                                   .required = false,
                                   .type = types[i]});
  }
  return s;
}

inline spec::PartitionSpec RandomSpec(std::mt19937_64& rng, const spec::Schema& schema,
                                      int32_t spec_id) {
  spec::PartitionSpec spec;
  spec.spec_id = spec_id;
  int n = static_cast<int>(rng() % 7);
  for (int i = 0; i < n; ++i) {
    const NestedField& src = schema.fields[rng() % schema.fields.size()];
    std::vector<Transform> candidates = {Transform::Identity(),
                                         Transform::Bucket(1 + rng() % 64),
                                         Transform::Truncate(1 + rng() % 10),
                                         Transform::Year(),
                                         Transform::Month(),
                                         Transform::Day(),
                                         Transform::Hour(),
                                         Transform::Void()};
    std::vector<Transform> ok;
    for (const Transform& t : candidates) {
      if (t.CanTransform(*src.type)) ok.push_back(t);
    }
    spec::PartitionField f;
    f.source_id = src.id;
    f.field_id = 1000 + i;
    f.transform = ok[rng() % ok.size()];
    f.name = fmt::format("p{}_{}", i, src.name);
    spec.fields.push_back(f);
  }
  return spec;
}

namespace detail {

inline std::string RandomString(std::mt19937_64& rng, size_t max_len) {
  size_t n = rng() % (max_len + 1);
  std::string s;
  while (s.size() < n) {
    switch (rng() % 8) {
      case 0:
        s += "\xc3\xa9";
        break;  // é
      case 1:
        s += "\xf0\x9f\x90\x9f";
        break;  // a fish
      default:
        s.push_back(static_cast<char>('a' + rng() % 26));
    }
  }
  return s;
}

inline std::vector<uint8_t> RandomBytes(std::mt19937_64& rng, size_t n) {
  std::vector<uint8_t> b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

inline __int128 RandomDecimal(std::mt19937_64& rng, int precision) {
  __int128 max = 1;
  for (int i = 0; i < precision; ++i) max *= 10;
  unsigned __int128 r = (static_cast<unsigned __int128>(rng()) << 64) | rng();
  __int128 v = static_cast<__int128>(r % static_cast<unsigned __int128>(max));
  return rng() % 2 ? -v : v;
}

}  // namespace detail

inline Literal RandomValue(std::mt19937_64& rng, const Type& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
      return Literal::Boolean(rng() % 2);
    case TypeId::kInt:
    case TypeId::kDate:
      return Literal::Int(static_cast<int32_t>(rng()));
    case TypeId::kLong:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      return Literal::Long(static_cast<int64_t>(rng()) >> (rng() % 60));
    case TypeId::kFloat: {
      switch (rng() % 6) {
        case 0:
          return Literal::Float(std::nanf(""));
        case 1:
          return Literal::Float(-INFINITY);
        case 2:
          return Literal::Float(-0.0f);
        default:
          return Literal::Float(static_cast<float>(static_cast<int32_t>(rng())) / 1000.0f);
      }
    }
    case TypeId::kDouble: {
      switch (rng() % 6) {
        case 0:
          return Literal::Double(std::nan(""));
        case 1:
          return Literal::Double(INFINITY);
        default:
          return Literal::Double(static_cast<double>(static_cast<int64_t>(rng())) / 1e6);
      }
    }
    case TypeId::kDecimal:
      return Literal::MakeDecimal(detail::RandomDecimal(rng, type.precision()), type.scale());
    case TypeId::kString:
      return Literal::String(detail::RandomString(rng, rng() % 4 == 0 ? 300 : 12));
    case TypeId::kUuid: {
      Uuid u;
      for (auto& b : u.bytes) b = static_cast<uint8_t>(rng());
      return Literal::MakeUuid(u);
    }
    case TypeId::kFixed:
      return Literal::Binary(detail::RandomBytes(rng, static_cast<size_t>(type.length())));
    case TypeId::kBinary:
      return Literal::Binary(detail::RandomBytes(rng, rng() % 40));
    default:
      return Literal();
  }
}

inline DataFile RandomDataFile(std::mt19937_64& rng, int v, const Type& partition_type,
                               FileContent content) {
  DataFile f;
  f.content = content;
  f.file_path = fmt::format("s3://bucket/wh/t/data/{}-{}.parquet", detail::RandomString(rng, 20),
                            rng() % 100000);
  f.file_format = rng() % 2
                      ? "PARQUET"
                      : (content == FileContent::kPositionDeletes && v >= 3 ? "PUFFIN" : "AVRO");
  for (const NestedField& pf : partition_type.fields()) {
    f.partition.push_back(rng() % 5 == 0 ? Literal() : RandomValue(rng, *pf.type));
  }
  f.record_count = static_cast<int64_t>(rng() % 10000000);
  f.file_size_in_bytes = static_cast<int64_t>(rng() % (int64_t{1} << 40));
  int columns = static_cast<int>(rng() % 26);
  bool metrics = rng() % 6 != 0;  // some files carry no metrics at all (null maps)
  for (int c = 1; metrics && c <= columns; ++c) {
    f.column_sizes.emplace_back(c, static_cast<int64_t>(rng() % 100000));
    f.value_counts.emplace_back(c, static_cast<int64_t>(rng() % 100000));
    f.null_value_counts.emplace_back(c, static_cast<int64_t>(rng() % 1000));
    if (c % 3 == 0) f.nan_value_counts.emplace_back(c, static_cast<int64_t>(rng() % 10));
    if (rng() % 4 != 0) {
      std::string lo = detail::RandomString(rng, rng() % 8 == 0 ? 600 : 16);
      f.lower_bounds.emplace_back(c, lo);
      f.upper_bounds.emplace_back(c, lo + "\xff");
    }
  }
  if (rng() % 3 == 0) {
    auto b = detail::RandomBytes(rng, 24);
    f.key_metadata = std::string(b.begin(), b.end());
  }
  if (rng() % 2) {
    f.split_offsets.emplace();
    for (int i = 0, n = static_cast<int>(rng() % 5); i < n; ++i)
      f.split_offsets->push_back(4 + i * 1000);
  }
  if (rng() % 2) f.sort_order_id = static_cast<int32_t>(rng() % 3);
  if (v >= 2) {
    if (content == FileContent::kEqualityDeletes) f.equality_ids = std::vector<int32_t>{1, 3};
    if (content == FileContent::kPositionDeletes && rng() % 2) {
      f.referenced_data_file = "s3://bucket/wh/t/data/ref.parquet";
    }
  }
  if (v >= 3) {
    if (content == FileContent::kData && rng() % 2)
      f.first_row_id = static_cast<int64_t>(rng() % 1000000);
    if (content == FileContent::kPositionDeletes && f.file_format == "PUFFIN") {
      f.content_offset = 4;
      f.content_size_in_bytes = static_cast<int64_t>(rng() % 5000);
    }
  }
  return f;
}

namespace detail {
inline Literal Canonical(const Literal& l) {
  if (l.holds<float>() && std::isnan(l.get<float>())) return Literal::String("<NaN>");
  if (l.holds<double>() && std::isnan(l.get<double>())) return Literal::String("<NaN>");
  return l;
}
}  // namespace detail

inline bool SameEntry(const ManifestEntry& a, const ManifestEntry& b) {
  ManifestEntry x = a, y = b;
  for (auto& l : x.data_file.partition) l = detail::Canonical(l);
  for (auto& l : y.data_file.partition) l = detail::Canonical(l);
  return x == y;
}

inline std::string Describe(const ManifestEntry& e) {
  std::string out = fmt::format(
      "status={} snapshot={} seq={} fseq={} content={} path={} format={} records={} size={} "
      "partition=[",
      static_cast<int>(e.status), e.snapshot_id ? std::to_string(*e.snapshot_id) : "null",
      e.sequence_number ? std::to_string(*e.sequence_number) : "null",
      e.file_sequence_number ? std::to_string(*e.file_sequence_number) : "null",
      static_cast<int>(e.data_file.content), e.data_file.file_path, e.data_file.file_format,
      e.data_file.record_count, e.data_file.file_size_in_bytes);
  for (const auto& l : e.data_file.partition) out += fmt::format("{} ", l.value().index());
  out += fmt::format("] cols={} lower={} first_row_id={} spec={}", e.data_file.column_sizes.size(),
                     e.data_file.lower_bounds.size(),
                     e.data_file.first_row_id ? std::to_string(*e.data_file.first_row_id) : "null",
                     e.data_file.spec_id);
  return out;
}

}  // namespace floe::manifest::testing
