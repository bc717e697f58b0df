#include "floe/write/row_partitioner.h"

#include <cstring>

#include "floe/util/bytes.h"

namespace floe::write {

spec::Literal LiteralAt(const columnar::ArrayData& a, int64_t i, const spec::Type& type) {
  using spec::Literal;
  if (a.IsNull(i)) return Literal::Null();
  switch (type.id()) {
    case spec::TypeId::kBoolean:
      return Literal::Boolean(a.GetBool(i));
    case spec::TypeId::kInt:
    case spec::TypeId::kDate:
      return Literal::Int(a.values<int32_t>()[i]);
    case spec::TypeId::kFloat:
      return Literal::Float(a.values<float>()[i]);
    case spec::TypeId::kDouble:
      return Literal::Double(a.values<double>()[i]);
    case spec::TypeId::kDecimal: {
      std::string_view b = a.GetFixed(i);
      __int128 v = 0;
      std::memcpy(&v, b.data(), 16);  // little-endian two's complement
      return Literal::MakeDecimal(v, type.scale());
    }
    case spec::TypeId::kString:
      return Literal::String(std::string(a.GetView(i)));
    case spec::TypeId::kUuid: {
      Uuid u;
      std::memcpy(u.bytes.data(), a.GetFixed(i).data(), 16);
      return Literal::MakeUuid(u);
    }
    case spec::TypeId::kFixed: {
      std::string_view b = a.GetFixed(i);
      return Literal::Binary(std::vector<uint8_t>(b.begin(), b.end()));
    }
    case spec::TypeId::kBinary: {
      std::string_view b = a.GetView(i);
      return Literal::Binary(std::vector<uint8_t>(b.begin(), b.end()));
    }
    default:
      return Literal::Long(a.values<int64_t>()[i]);  // long, time, timestamps
  }
}

Result<RowPartitioner> RowPartitioner::Make(const spec::Schema& schema,
                                            const spec::PartitionSpec& spec) {
  RowPartitioner p;
  for (const spec::PartitionField& pf : spec.fields) {
    if (pf.transform.is_unknown() || !pf.source_ids.empty()) {
      return NotSupported("partition field {}: transform {} cannot be written by floe", pf.name,
                          pf.transform.ToString());
    }
    Source s;
    s.transform = pf.transform;
    const spec::NestedField* f = schema.FindFieldById(pf.source_id);
    if (f == nullptr) {
      if (!pf.transform.is_void()) {
        return InvalidArgument("partition field {}: source column {} is not in the schema", pf.name,
                               pf.source_id);
      }
      p.sources_.push_back(std::move(s));  // void: always null, no source needed
      continue;
    }
    s.type = f->type;
    auto parents = schema.FindParentIds(pf.source_id);
    const std::vector<spec::NestedField>* fields = &schema.fields;
    std::vector<int32_t> chain = parents ? *parents : std::vector<int32_t>{};
    chain.push_back(pf.source_id);
    for (int32_t id : chain) {
      int index = -1;
      for (size_t k = 0; k < fields->size(); ++k) {
        if ((*fields)[k].id == id) index = static_cast<int>(k);
      }
      if (index < 0) {
        return NotSupported("partition field {}: its source is inside a list or map", pf.name);
      }
      s.path.push_back(index);
      const spec::NestedField& nf = (*fields)[static_cast<size_t>(index)];
      if (id != pf.source_id) {
        if (!nf.type->is_struct()) {
          return NotSupported("partition field {}: its source is inside a list or map", pf.name);
        }
        fields = &nf.type->fields();
      }
    }
    p.sources_.push_back(std::move(s));
  }
  return p;
}

Result<std::vector<spec::Literal>> RowPartitioner::PartitionOf(const columnar::RecordBatch& batch,
                                                               int64_t row) const {
  std::vector<spec::Literal> tuple;
  tuple.reserve(sources_.size());
  for (const Source& s : sources_) {
    if (s.transform.is_void() || s.path.empty()) {
      tuple.push_back(spec::Literal::Null());
      continue;
    }
    // Struct children are indexed like their parent (the parent's offset applies to them).
    const columnar::ArrayData* a = batch.column(s.path[0]).get();
    int64_t i = row;
    bool null = false;
    for (size_t k = 1; k < s.path.size(); ++k) {
      if (a->IsNull(i)) {
        null = true;
        break;
      }
      i += a->offset;
      a = a->children[static_cast<size_t>(s.path[k])].get();
    }
    spec::Literal v = null ? spec::Literal::Null() : LiteralAt(*a, i, *s.type);
    FLOE_ASSIGN_OR_RETURN(spec::Literal t, s.transform.Apply(*s.type, v));
    tuple.push_back(std::move(t));
  }
  return tuple;
}

std::string PartitionKey(const std::vector<spec::Literal>& tuple) {
  std::string key;
  for (const spec::Literal& v : tuple) {
    key.push_back(static_cast<char>(v.value().index()));
    std::visit(
        [&](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, std::string>) {
            AppendLittleEndian<uint64_t>(key, x.size());
            key += x;
          } else if constexpr (std::is_same_v<T, spec::Bytes>) {
            AppendLittleEndian<uint64_t>(key, x.data.size());
            key.append(reinterpret_cast<const char*>(x.data.data()), x.data.size());
          } else if constexpr (std::is_same_v<T, spec::Decimal>) {
            key.append(reinterpret_cast<const char*>(&x.unscaled), sizeof(x.unscaled));
          } else if constexpr (std::is_same_v<T, Uuid>) {
            key.append(reinterpret_cast<const char*>(x.bytes.data()), 16);
          } else if constexpr (!std::is_same_v<T, std::monostate>) {
            key.append(reinterpret_cast<const char*>(&x), sizeof(x));
          }
        },
        v.value());
  }
  return key;
}

}  // namespace floe::write
