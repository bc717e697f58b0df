#include "floe/expr/row_evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "floe/expr/like_pattern.h"
#include "floe/expr/variant_term.h"

namespace floe::expr {
namespace {

using columnar::ArrayData;
using columnar::DataType;
using columnar::RecordBatch;
using columnar::TypeId;

// Three-valued results, one byte per row: t[i] = 1 when true, f[i] = 1 when false, neither
// when unknown.
struct Truth {
  std::vector<uint8_t> t, f;
};

// A column as the batch's rows see it: row i is element base + i of `array`, and valid[i] is 0
// when the element or any struct above it is null.
struct ColumnView {
  const ArrayData* array = nullptr;
  int64_t base = 0;
  std::vector<uint8_t> valid;
  columnar::ArrayPtr owned;  // a variant_get term's extracted values (`array`)
};

void AndValidity(const ArrayData& a, int64_t base, std::vector<uint8_t>& valid) {
  if (a.type->id() == TypeId::kNull) {
    std::fill(valid.begin(), valid.end(), 0);
    return;
  }
  if (a.buffers.empty() || !a.buffers[0]) return;
  const uint8_t* bits = a.buffers[0]->data();
  int64_t start = a.offset + base;
  for (size_t i = 0; i < valid.size(); ++i) {
    valid[i] &= columnar::GetBit(bits, start + static_cast<int64_t>(i));
  }
}

Result<ColumnView> Resolve(const BoundReference& ref, const RecordBatch& batch) {
  auto mismatch = [&]() {
    return InvalidArgument("filter: the batch has no column {} of type {} (schema: {})", ref.name(),
                           ref.type ? ref.type->ToString() : "?", batch.schema()->ToString());
  };
  if (ref.path.empty() || ref.path[0] < 0 || ref.path[0] >= batch.num_columns()) {
    return mismatch();
  }
  ColumnView v;
  v.array = batch.column(ref.path[0]).get();
  v.valid.assign(static_cast<size_t>(batch.num_rows()), 1);
  AndValidity(*v.array, 0, v.valid);
  for (size_t k = 1; k < ref.path.size(); ++k) {
    const ArrayData& parent = *v.array;
    int idx = ref.path[k];
    if (parent.type->id() != TypeId::kStruct || idx < 0 ||
        idx >= static_cast<int>(parent.children.size())) {
      return mismatch();
    }
    v.base += parent.offset;
    v.array = parent.children[static_cast<size_t>(idx)].get();
    AndValidity(*v.array, v.base, v.valid);
  }
  if (ref.column.variant_get) {
    // The variant column's values cast as the term says, for the rows whose variant is valid.
    if (!v.array->type->is_variant()) return mismatch();
    FLOE_ASSIGN_OR_RETURN(columnar::variant::VariantGetSpec spec, VariantGetSpecOf(ref.column));
    auto extracted = columnar::variant::VariantGetColumn(
        *v.array, v.base, static_cast<int64_t>(v.valid.size()), v.valid.data(), spec);
    if (!extracted.ok()) {
      const Error& e = extracted.error();
      return Error{e.kind, fmt::format("filter: {}: {}", ref.name(), e.message)};
    }
    v.owned = *std::move(extracted);
    v.array = v.owned.get();
    v.base = 0;
    AndValidity(*v.array, 0, v.valid);
  }
  if (!ref.type || !v.array->type->Equals(*ref.type, false)) return mismatch();
  return v;
}

template <typename T>
auto Values(const ArrayData& a, int64_t base) {
  const T* p = a.values<T>() + base;
  return [p](int64_t i) { return p[i]; };
}

// Calls fn(get), get(i) giving row i's value as the column's C++ type: integers, float,
// double, bool, __int128 (decimal), std::string_view (string, binary, fixed).
template <typename Fn>
Status WithValues(const ColumnView& c, Fn&& fn) {
  const ArrayData& a = *c.array;
  int64_t base = c.base;
  switch (a.type->id()) {
    case TypeId::kBool: {
      const uint8_t* bits = a.buffers[1]->data();
      int64_t start = a.offset + base;
      return fn([bits, start](int64_t i) { return columnar::GetBit(bits, start + i) != 0; });
    }
    case TypeId::kInt8:
      return fn(Values<int8_t>(a, base));
    case TypeId::kInt16:
      return fn(Values<int16_t>(a, base));
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      return fn(Values<int32_t>(a, base));
    case TypeId::kInt64:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return fn(Values<int64_t>(a, base));
    case TypeId::kUInt8:
      return fn(Values<uint8_t>(a, base));
    case TypeId::kUInt16:
      return fn(Values<uint16_t>(a, base));
    case TypeId::kUInt32:
      return fn(Values<uint32_t>(a, base));
    case TypeId::kUInt64:
      return fn(Values<uint64_t>(a, base));
    case TypeId::kFloat32:
      return fn(Values<float>(a, base));
    case TypeId::kFloat64:
      return fn(Values<double>(a, base));
    case TypeId::kString:
    case TypeId::kBinary: {
      const int32_t* offs = a.values<int32_t>(1) + base;
      const char* data = reinterpret_cast<const char*>(a.buffers[2]->data());
      return fn([offs, data](int64_t i) {
        return std::string_view(data + offs[i], static_cast<size_t>(offs[i + 1] - offs[i]));
      });
    }
    case TypeId::kFixedSizeBinary: {
      size_t w = static_cast<size_t>(a.type->byte_width());
      const char* data = reinterpret_cast<const char*>(a.buffers[1]->data()) +
                         static_cast<size_t>(a.offset + base) * w;
      return fn([data, w](int64_t i) { return std::string_view(data + i * w, w); });
    }
    case TypeId::kDecimal128: {
      const uint8_t* data = a.buffers[1]->data() + (a.offset + base) * 16;
      return fn([data](int64_t i) {
        __int128 v;
        std::memcpy(&v, data + i * 16, 16);
        return v;
      });
    }
    default:
      return NotSupported("filter: cannot compare values of type {}", a.type->ToString());
  }
}

// A bound value as the column's C++ type T.
template <typename T>
Result<T> ValueAs(const spec::Literal& lit, const DataType& type) {
  auto bad = [&]() {
    return InvalidArgument("filter: value {} does not fit column type {}", ValueToString(type, lit),
                           type.ToString());
  };
  if constexpr (std::is_same_v<T, bool>) {
    if (lit.holds<bool>()) return lit.get<bool>();
  } else if constexpr (std::is_floating_point_v<T>) {
    if (lit.holds<float>()) return static_cast<T>(lit.get<float>());
    if (lit.holds<double>()) return static_cast<T>(lit.get<double>());
  } else if constexpr (std::is_same_v<T, __int128>) {
    if (lit.holds<spec::Decimal>() && lit.get<spec::Decimal>().scale == type.scale()) {
      return lit.get<spec::Decimal>().unscaled;
    }
  } else if constexpr (std::is_same_v<T, std::string_view>) {
    if (lit.holds<std::string>()) return std::string_view(lit.get<std::string>());
    if (lit.holds<spec::Bytes>()) {
      const auto& d = lit.get<spec::Bytes>().data;
      return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
    }
    if (lit.holds<Uuid>()) {
      const auto& b = lit.get<Uuid>().bytes;
      return std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
    }
  } else {  // integers
    int64_t v;
    if (lit.holds<int32_t>()) {
      v = lit.get<int32_t>();
    } else if (lit.holds<int64_t>()) {
      v = lit.get<int64_t>();
    } else {
      return bad();
    }
    if constexpr (std::is_same_v<T, uint64_t>) return static_cast<uint64_t>(v);  // the bits
    if (v < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
        (v >= 0 &&
         static_cast<uint64_t>(v) > static_cast<uint64_t>(std::numeric_limits<T>::max()))) {
      return bad();
    }
    return static_cast<T>(v);
  }
  return bad();
}

template <typename T, typename Get>
void CompareLoop(Operation op, int64_t n, const Get& get, const T& lit, uint8_t* m) {
  switch (op) {
    case Operation::kLt:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) < lit;
      break;
    case Operation::kLtEq:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) <= lit;
      break;
    case Operation::kGt:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) > lit;
      break;
    case Operation::kGtEq:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) >= lit;
      break;
    case Operation::kEq:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) == lit;
      break;
    default:
      for (int64_t i = 0; i < n; ++i) m[i] = get(i) != lit;
      break;
  }
}

// m[i] = 1 when row i's value (as if valid) satisfies the predicate; *has_null for IN lists
// holding NULL. Unknown results are decided by the caller from the validity.
Status MatchValues(const BoundExpression& e, const ColumnView& c, int64_t n, uint8_t* m,
                   bool* has_null) {
  const DataType& type = *c.array->type;
  Operation op = e.op();
  return WithValues(c, [&](const auto& get) -> Status {
    using T = std::decay_t<decltype(get(0))>;
    if (IsComparison(op)) {
      FLOE_ASSIGN_OR_RETURN(T lit, ValueAs<T>(e.value(), type));
      CompareLoop(op, n, get, lit, m);
      return Ok();
    }
    if (IsSetOp(op)) {
      using Elem = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;  // no vector<bool>
      std::vector<Elem> set;
      for (const spec::Literal& v : e.values()) {
        if (v.is_null()) {
          *has_null = true;
          continue;
        }
        FLOE_ASSIGN_OR_RETURN(T x, ValueAs<T>(v, type));
        set.push_back(x);
      }
      std::sort(set.begin(), set.end());
      for (int64_t i = 0; i < n; ++i) {
        Elem v = get(i);
        if constexpr (std::is_floating_point_v<T>) {
          if (std::isnan(v)) {
            m[i] = 0;
            continue;
          }
        }
        m[i] = std::binary_search(set.begin(), set.end(), v);
      }
      return Ok();
    }
    if constexpr (std::is_same_v<T, std::string_view>) {
      if (op == Operation::kStartsWith || op == Operation::kNotStartsWith) {
        FLOE_ASSIGN_OR_RETURN(std::string_view prefix, ValueAs<T>(e.value(), type));
        for (int64_t i = 0; i < n; ++i) m[i] = get(i).substr(0, prefix.size()) == prefix;
        return Ok();
      }
      if (op == Operation::kLike || op == Operation::kNotLike) {
        FLOE_ASSIGN_OR_RETURN(std::string_view text, ValueAs<T>(e.value(), type));
        LikePattern pattern(text);
        for (int64_t i = 0; i < n; ++i) m[i] = pattern.Matches(get(i));
        return Ok();
      }
    }
    if constexpr (std::is_floating_point_v<T>) {
      if (op == Operation::kIsNan || op == Operation::kNotNan) {
        for (int64_t i = 0; i < n; ++i) m[i] = std::isnan(get(i));
        return Ok();
      }
    }
    return InvalidArgument("filter: {} does not apply to column {} of type {}", OperationSymbol(op),
                           e.term().name(), type.ToString());
  });
}

Result<Truth> EvalPredicate(const BoundExpression& e, const RecordBatch& batch) {
  FLOE_ASSIGN_OR_RETURN(ColumnView c, Resolve(e.term(), batch));
  size_t n = c.valid.size();
  Truth out{std::vector<uint8_t>(n, 0), std::vector<uint8_t>(n, 0)};
  const std::vector<uint8_t>& valid = c.valid;
  Operation op = e.op();
  if (op == Operation::kIsNull || op == Operation::kNotNull) {
    uint8_t want = op == Operation::kNotNull;
    for (size_t i = 0; i < n; ++i) {
      out.t[i] = valid[i] == want;
      out.f[i] = !out.t[i];
    }
    return out;
  }
  if ((IsComparison(op) || op == Operation::kStartsWith || op == Operation::kNotStartsWith ||
       op == Operation::kLike || op == Operation::kNotLike) &&
      e.value().is_null()) {
    return out;  // compared with NULL: unknown for every row
  }
  std::vector<uint8_t> m(n, 0);
  bool has_null = false;
  FLOE_RETURN_IF_ERROR(MatchValues(e, c, static_cast<int64_t>(n), m.data(), &has_null));
  // One loop per kind of operation (a switch inside the loop would cost more than the loop's
  // work): `hit` = valid and matched, `miss` = valid and not matched.
  uint8_t* t = out.t.data();
  uint8_t* f = out.f.data();
  const uint8_t* v = valid.data();
  const uint8_t* mm = m.data();
  const uint8_t no_null = has_null ? 0 : 1;
  switch (op) {
    case Operation::kIsNan:
      for (size_t i = 0; i < n; ++i) t[i] = mm[i] & v[i], f[i] = !(mm[i] & v[i]);
      break;
    case Operation::kNotNan:
      for (size_t i = 0; i < n; ++i) t[i] = !(mm[i] & v[i]), f[i] = mm[i] & v[i];
      break;
    case Operation::kIn:
      for (size_t i = 0; i < n; ++i) t[i] = mm[i] & v[i], f[i] = v[i] & (mm[i] ^ 1) & no_null;
      break;
    case Operation::kNotIn:
      for (size_t i = 0; i < n; ++i) t[i] = v[i] & (mm[i] ^ 1) & no_null, f[i] = mm[i] & v[i];
      break;
    case Operation::kNotStartsWith:
    case Operation::kNotLike:
      for (size_t i = 0; i < n; ++i) t[i] = v[i] & (mm[i] ^ 1), f[i] = mm[i] & v[i];
      break;
    default:
      for (size_t i = 0; i < n; ++i) t[i] = mm[i] & v[i], f[i] = v[i] & (mm[i] ^ 1);
      break;
  }
  return out;
}

Result<Truth> Eval(const BoundExpression& e, const RecordBatch& batch) {
  size_t n = static_cast<size_t>(batch.num_rows());
  switch (e.op()) {
    case Operation::kTrue:
      return Truth{std::vector<uint8_t>(n, 1), std::vector<uint8_t>(n, 0)};
    case Operation::kFalse:
      return Truth{std::vector<uint8_t>(n, 0), std::vector<uint8_t>(n, 1)};
    case Operation::kNot: {
      FLOE_ASSIGN_OR_RETURN(Truth a, Eval(e.child(0), batch));
      std::swap(a.t, a.f);
      return a;
    }
    case Operation::kAnd:
    case Operation::kOr: {
      FLOE_ASSIGN_OR_RETURN(Truth a, Eval(e.child(0), batch));
      FLOE_ASSIGN_OR_RETURN(Truth b, Eval(e.child(1), batch));
      if (e.op() == Operation::kAnd) {
        for (size_t i = 0; i < n; ++i) a.t[i] &= b.t[i], a.f[i] |= b.f[i];
      } else {
        for (size_t i = 0; i < n; ++i) a.t[i] |= b.t[i], a.f[i] &= b.f[i];
      }
      return a;
    }
    default:
      return EvalPredicate(e, batch);
  }
}

}  // namespace

std::vector<int64_t> Selection::Indices() const {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(count));
  for (int64_t byte = 0; byte * 8 < num_rows; ++byte) {
    unsigned bits = bitmap[static_cast<size_t>(byte)];
    while (bits != 0) {  // the set bits, lowest first
      int64_t i = byte * 8 + __builtin_ctz(bits);
      if (i >= num_rows) break;
      out.push_back(i);
      bits &= bits - 1;
    }
  }
  return out;
}

Result<Selection> EvaluateRows(const BoundExpression& expr, const RecordBatch& batch) {
  Selection s;
  s.num_rows = batch.num_rows();
  s.bitmap.assign(static_cast<size_t>(columnar::BytesForBits(s.num_rows)), 0);
  if (s.num_rows == 0) return s;
  FLOE_ASSIGN_OR_RETURN(Truth t, Eval(expr, batch));
  const uint8_t* truth = t.t.data();
  for (int64_t i = 0; i < s.num_rows; ++i) s.count += truth[i];
  for (int64_t byte = 0; byte * 8 < s.num_rows; ++byte) {  // 8 rows' bits at a time
    unsigned bits = 0;
    for (int64_t k = 0; k < 8 && byte * 8 + k < s.num_rows; ++k)
      bits |= unsigned{truth[byte * 8 + k]} << k;
    s.bitmap[static_cast<size_t>(byte)] = static_cast<uint8_t>(bits);
  }
  return s;
}

}  // namespace floe::expr
