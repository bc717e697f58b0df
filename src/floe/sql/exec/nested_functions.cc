// Functions on nested values (functions.h):
//   subscript(map, key) / subscript(array, i)   m['k'] and a[0] (0-based; NULL when missing)
//   element_at(map, key) / element_at(array, i) 1-based, negative from the end
//   size(array | map)                            -1 for NULL (Spark's default, legacy.sizeOfNull)
//   map_keys(map), map_values(map)
#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// Looks up element i of a list / the value of a key in a map for every row.
Kernel LookupKernel(DataTypePtr out, bool is_map, bool one_based) {
  return [out, is_map, one_based](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    const ArrayPtr& container = args[0];
    const ArrayPtr& key = args[1];
    for (int64_t row = 0; row < n; ++row) {
      if (container->IsNull(row) || key->IsNull(row)) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      int32_t start = container->ListStart(row), end = container->ListEnd(row);
      int64_t found = -1;
      if (is_map) {
        const columnar::ArrayData& entries = *container->children[0];
        const columnar::ArrayData& keys = *entries.children[0];
        for (int32_t j = start; j < end; ++j) {
          if (CompareValues(keys, entries.offset + j, *key, row) == 0) found = entries.offset + j;
        }
        if (found >= 0) {
          FLOE_RETURN_IF_ERROR(CopyValue(*entries.children[1], found, *builder));
          continue;
        }
      } else {
        int64_t i = key->values<int32_t>()[row];
        int64_t len = end - start;
        if (one_based) {
          if (i == 0) return InvalidArgument("element_at: array index 0 is invalid (indexes start at 1)");
          i = i > 0 ? i - 1 : len + i;
        }
        if (i >= 0 && i < len) {
          FLOE_RETURN_IF_ERROR(CopyValue(*container->children[0], start + i, *builder));
          continue;
        }
      }
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
    }
    return builder->Finish();
  };
}

}  // namespace

FamilyBinding BindNestedFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                 const EvalContextPtr&) {
  if (name == "subscript" || name == "element_at") {
    if (args.size() != 2) return FamilyBinding(InvalidArgument("{} takes a container and a key", name));
    const DataTypePtr& c = args[0];
    if (c->id() == TypeId::kMap) {
      DataTypePtr key = c->key_field().type;
      return FamilyBinding(FunctionBinding{c->item_field().type, {c, key}, LookupKernel(c->item_field().type, true, false)});
    }
    if (c->id() == TypeId::kList) {
      return FamilyBinding(FunctionBinding{c->value_field().type, {c, columnar::Int32()},
                                           LookupKernel(c->value_field().type, false, name == "element_at")});
    }
    return FamilyBinding(InvalidArgument("{}: {} is not an array or a map", name, SparkTypeName(*c)));
  }
  if (name == "size" || name == "cardinality") {
    if (args.size() != 1 || (args[0]->id() != TypeId::kList && args[0]->id() != TypeId::kMap)) {
      return FamilyBinding(InvalidArgument("{} takes an array or a map", name));
    }
    DataTypePtr out = columnar::Int32();
    return FamilyBinding(FunctionBinding{out, {args[0]}, [out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
      columnar::Int32Builder b(out);
      FLOE_RETURN_IF_ERROR(b.Reserve(n));
      for (int64_t i = 0; i < n; ++i) {
        b.UnsafeAppend(a[0]->IsNull(i) ? -1 : a[0]->ListEnd(i) - a[0]->ListStart(i));
      }
      return b.Finish();
    }});
  }
  if (name == "map_keys" || name == "map_values") {
    if (args.size() != 1 || args[0]->id() != TypeId::kMap) {
      return FamilyBinding(InvalidArgument("{} takes a map", name));
    }
    bool keys = name == "map_keys";
    columnar::Field element = keys ? args[0]->key_field() : args[0]->item_field();
    element.name = "element";
    element.metadata.clear();
    DataTypePtr out = columnar::List(element);
    return FamilyBinding(FunctionBinding{out, {args[0]}, [out, keys](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
      FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
      auto& lb = static_cast<columnar::ListBuilder&>(*builder);
      const ArrayPtr& m = a[0];
      for (int64_t i = 0; i < n; ++i) {
        if (m->IsNull(i)) {
          FLOE_RETURN_IF_ERROR(lb.AppendNull());
          continue;
        }
        FLOE_RETURN_IF_ERROR(lb.Append(true));
        const columnar::ArrayData& entries = *m->children[0];
        for (int32_t j = m->ListStart(i); j < m->ListEnd(i); ++j) {
          FLOE_RETURN_IF_ERROR(CopyValue(*entries.children[keys ? 0 : 1], entries.offset + j, *lb.value_builder()));
        }
      }
      return lb.Finish();
    }});
  }
  return std::nullopt;
}

}  // namespace floe::sql
