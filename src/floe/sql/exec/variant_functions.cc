// Spark 4's variant functions: parse_json, try_parse_json, to_json, is_variant_null,
// schema_of_variant, and variant_get / try_variant_get (bound with their constant path and type
// by BindVariantGet). Values are cast out of a variant as Spark's VariantGet casts them
// (columnar/variant/variant_cast.h, shared with the filter language): a value that does not cast
// is an error naming the value and the type for variant_get, NULL for try_variant_get.
#include "floe/sql/exec/variant_functions.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "floe/columnar/variant/variant_array.h"
#include "floe/columnar/variant/variant_cast.h"
#include "floe/columnar/variant/variant_json.h"
#include "floe/columnar/variant/variant_path.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

namespace {

namespace v = columnar::variant;
using columnar::ArrayPtr;
using columnar::DataType;
using columnar::DataTypePtr;
using columnar::TypeId;

// The variant at `row` of a valid slot, parsed (views into the array).
struct RowVariant {
  v::VariantMetadata metadata;
  std::string_view value;
};

Result<RowVariant> RowOf(const columnar::ArrayData& a, int64_t row) {
  v::VariantBytes b = v::VariantAt(a, row);
  FLOE_ASSIGN_OR_RETURN(v::VariantMetadata m, v::VariantMetadata::Make(b.metadata));
  return RowVariant{m, b.value};
}

// schema_of_variant: Spark's type names, objects' fields sorted, array elements merged.
// Precision and scale of "DECIMAL(p,s)", or of BIGINT as Spark widens it (decimal(20,0)).
std::optional<std::pair<int, int>> DecimalOf(const std::string& s) {
  if (s == "BIGINT") return std::make_pair(20, 0);
  int p = 0, q = 0;
  if (std::sscanf(s.c_str(), "DECIMAL(%d,%d)", &p, &q) == 2) return std::make_pair(p, q);
  return std::nullopt;
}

std::string MergeSchemas(const std::string& a, const std::string& b) {
  if (a == b || b == "VOID") return a;
  if (a == "VOID") return b;
  auto da = DecimalOf(a), db = DecimalOf(b);
  if (da && db) {
    int scale = std::max(da->second, db->second);
    int digits = std::max(da->first - da->second, db->first - db->second);
    return fmt::format("DECIMAL({},{})", std::min(38, digits + scale), scale);
  }
  auto floating = [](const std::string& s) { return s == "DOUBLE" || s == "FLOAT"; };
  if ((floating(a) || da) && (floating(b) || db)) return "DOUBLE";
  return "VARIANT";
}

Result<std::string> SchemaOf(const v::VariantValue& x) {
  switch (x.kind()) {
    case v::ValueKind::kDecimal: {
      v::Decimal d = x.GetDecimal();
      __int128 u = d.unscaled < 0 ? -d.unscaled : d.unscaled;
      int digits = 0;
      while (u > 0) {
        u /= 10;
        ++digits;
      }
      int precision = std::max(digits, d.scale);
      if (precision == 0) precision = 1;
      return fmt::format("DECIMAL({},{})", precision, d.scale);
    }
    case v::ValueKind::kObject: {
      std::string out = "OBJECT<";
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        if (i > 0) out += ", ";
        FLOE_ASSIGN_OR_RETURN(std::string_view name, x.FieldName(i));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue f, x.FieldValue(i));
        FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(f));
        out += std::string(name) + ": " + s;
      }
      return out + ">";
    }
    case v::ValueKind::kArray: {
      std::string element = "VOID";
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        FLOE_ASSIGN_OR_RETURN(v::VariantValue e, x.Element(i));
        FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(e));
        element = MergeSchemas(element, s);
      }
      return "ARRAY<" + element + ">";
    }
    default:
      return std::string(v::KindName(x.kind()));
  }
}

// A kernel over one variant argument, row by row: `fn` gets each valid row's value and appends
// to the builder (of `out`).
using VariantRowFn =
    std::function<Status(const v::VariantValue& value, columnar::ArrayBuilder& builder)>;

Kernel VariantRowKernel(DataTypePtr out, VariantRowFn fn, bool null_is_false = false) {
  return [out, fn = std::move(fn), null_is_false](const std::vector<ArrayPtr>& args,
                                                  int64_t num_rows) -> Result<ArrayPtr> {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    const columnar::ArrayData& a = *args[0];
    for (int64_t row = 0; row < num_rows; ++row) {
      if (a.IsNull(row)) {
        if (null_is_false) {
          FLOE_RETURN_IF_ERROR(AppendScalar(*builder, Scalar::Bool(false)));
        } else {
          FLOE_RETURN_IF_ERROR(builder->AppendNull());
        }
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(RowVariant rv, RowOf(a, row));
      FLOE_ASSIGN_OR_RETURN(v::VariantValue value, v::VariantValue::Make(&rv.metadata, rv.value));
      FLOE_RETURN_IF_ERROR(fn(value, *builder));
    }
    return builder->Finish();
  };
}

Kernel ParseJsonKernel(bool try_parse) {
  return [try_parse](const std::vector<ArrayPtr>& args, int64_t num_rows) -> Result<ArrayPtr> {
    v::VariantArrayBuilder out;
    const columnar::ArrayData& a = *args[0];
    for (int64_t row = 0; row < num_rows; ++row) {
      if (a.IsNull(row)) {
        FLOE_RETURN_IF_ERROR(out.AppendNull());
        continue;
      }
      Result<v::EncodedVariant> parsed = v::ParseJson(a.GetView(row));
      if (!parsed.ok()) {
        if (try_parse) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        return parsed.error();
      }
      FLOE_RETURN_IF_ERROR(out.Append(parsed->metadata, parsed->value));
    }
    return out.Finish();
  };
}

bool IsVariantType(const DataTypePtr& t) { return t->is_variant(); }

}  // namespace

FamilyBinding BindVariantFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                  const EvalContextPtr&) {
  if (name == "parse_json" || name == "try_parse_json") {
    if (args.size() != 1) return FamilyBinding(InvalidArgument("{} takes one string", name));
    return FamilyBinding(FunctionBinding{
        columnar::Variant(), {columnar::Utf8()}, ParseJsonKernel(name == "try_parse_json")});
  }
  const bool variant_fn =
      name == "to_json" || name == "is_variant_null" || name == "schema_of_variant";
  if (!variant_fn) return std::nullopt;
  if (args.size() != 1 || !IsVariantType(args[0])) {
    if (name == "to_json") return std::nullopt;  // to_json of other types: not floe's yet
    return FamilyBinding(
        InvalidArgument("{} takes one variant, not {}", name, FunctionSignature(name, args)));
  }
  if (name == "to_json") {
    return FamilyBinding(FunctionBinding{
        columnar::Utf8(),
        {args[0]},
        VariantRowKernel(columnar::Utf8(),
                         [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                           std::string json;
                           FLOE_RETURN_IF_ERROR(v::AppendJson(x, &json));
                           return AppendScalar(b, Scalar::String(std::move(json)));
                         })});
  }
  if (name == "is_variant_null") {
    return FamilyBinding(
        FunctionBinding{columnar::Boolean(),
                        {args[0]},
                        VariantRowKernel(
                            columnar::Boolean(),
                            [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                              return AppendScalar(b, Scalar::Bool(x.kind() == v::ValueKind::kNull));
                            },
                            /*null_is_false=*/true)});
  }
  return FamilyBinding(FunctionBinding{
      columnar::Utf8(),
      {args[0]},
      VariantRowKernel(columnar::Utf8(),
                       [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                         FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(x));
                         return AppendScalar(b, Scalar::String(std::move(s)));
                       })});
}

Result<FunctionBinding> BindVariantGet(const DataTypePtr& input, const std::string& path_text,
                                       const DataTypePtr& target, bool try_get,
                                       const DataTypePtr& range_type) {
  const DataTypePtr cast_type = range_type ? range_type : target;
  const char* name = try_get ? "try_variant_get" : "variant_get";
  if (!input->is_variant() && input->id() != TypeId::kNull) {
    return InvalidArgument("{}: argument 1 is {}, not a variant", name, SparkTypeName(*input));
  }
  FLOE_ASSIGN_OR_RETURN(v::VariantPath path, v::ParsePath(path_text));
  FLOE_RETURN_IF_ERROR(v::CheckVariantCastTarget(*cast_type, SparkTypeName(*cast_type)));
  const v::VariantGetSpec spec{path, target, cast_type, try_get, SparkTypeName(*cast_type)};
  Kernel kernel = [path, target, spec](const std::vector<ArrayPtr>& args,
                                       int64_t num_rows) -> Result<ArrayPtr> {
    const columnar::ArrayData& a = *args[0];
    const bool null_input = a.type->id() == TypeId::kNull;
    if (target->is_variant()) {
      v::VariantArrayBuilder out;
      v::VariantBuilder b;
      for (int64_t row = 0; row < num_rows; ++row) {
        if (null_input || a.IsNull(row)) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        FLOE_ASSIGN_OR_RETURN(RowVariant rv, RowOf(a, row));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue root, v::VariantValue::Make(&rv.metadata, rv.value));
        FLOE_ASSIGN_OR_RETURN(std::optional<v::VariantValue> found, v::Extract(root, path));
        if (!found) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        b.Reset();
        FLOE_RETURN_IF_ERROR(b.AppendValue(*found));
        std::string value = b.TakeValue();
        FLOE_RETURN_IF_ERROR(out.Append(b.Metadata(), value));
      }
      return out.Finish();
    }
    if (null_input) {
      FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(target));
      FLOE_RETURN_IF_ERROR(builder->AppendNulls(num_rows));
      return builder->Finish();
    }
    return v::VariantGetColumn(a, 0, num_rows, nullptr, spec);
  };
  return FunctionBinding{target, {input}, std::move(kernel)};
}

}  // namespace floe::sql
