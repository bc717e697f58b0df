// Functions on nested values (functions.h):
//   subscript(map, key) / subscript(array, i)   m['k'] and a[0] (0-based; NULL when missing)
//   element_at(map, key) / element_at(array, i) 1-based, negative from the end
//   size(array | map)                            -1 for NULL (Spark's default, legacy.sizeOfNull)
//   map_keys(map), map_values(map)
//   array(a, b, …)                               an array of the arguments (their common type)
//   map(k1, v1, k2, v2, …)                       a map of the pairs (keys and values each in a
//   common type) struct(a, b, …), named_struct('x', a, …)     a struct of the arguments
//   (BindStructConstructor)
#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// Looks up element i of a list / the value of a key in a map for every row.
Kernel LookupKernel(DataTypePtr out, bool is_map, bool one_based) {
  return
      [out, is_map, one_based](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
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
              if (CompareValues(keys, entries.offset + j, *key, row) == 0)
                found = entries.offset + j;
            }
            if (found >= 0) {
              FLOE_RETURN_IF_ERROR(CopyValue(*entries.children[1], found, *builder));
              continue;
            }
          } else {
            int64_t i = key->values<int32_t>()[row];
            int64_t len = end - start;
            if (one_based) {
              if (i == 0)
                return InvalidArgument("element_at: array index 0 is invalid (indexes start at 1)");
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

// The common type of some arguments (NULL when there are none).
Result<DataTypePtr> NestedCommonType(std::string_view name, const std::vector<DataTypePtr>& args,
                                     size_t first, size_t step) {
  DataTypePtr common = columnar::Null();
  for (size_t i = first; i < args.size(); i += step) {
    auto next = CommonType(common, args[i]);
    if (!next.ok()) return InvalidArgument("{}: {}", name, next.error().message);
    common = NormalizeType(*next);
  }
  return common;
}

// array(a, b, …): each row's arguments as one list.
FamilyBinding BindArrayConstructor(const std::vector<DataTypePtr>& args) {
  auto element = NestedCommonType("array", args, 0, 1);
  if (!element.ok()) return FamilyBinding(std::move(element).error());
  DataTypePtr out = columnar::List(columnar::Field("element", *element));
  std::vector<DataTypePtr> arg_types(args.size(), *element);
  return FamilyBinding(FunctionBinding{
      out, arg_types, [out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
        FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
        auto& lb = static_cast<columnar::ListBuilder&>(*builder);
        for (int64_t row = 0; row < n; ++row) {
          FLOE_RETURN_IF_ERROR(lb.Append(true));
          for (const ArrayPtr& arg : a)
            FLOE_RETURN_IF_ERROR(CopyValue(*arg, row, *lb.value_builder()));
        }
        return lb.Finish();
      }});
}

// map(k1, v1, …): each row's pairs as one map; a NULL or repeated key is an error, as in Spark
// (spark.sql.mapKeyDedupPolicy=EXCEPTION).
FamilyBinding BindMapConstructor(const std::vector<DataTypePtr>& args) {
  if (args.size() % 2 != 0) {
    return FamilyBinding(
        InvalidArgument("map takes keys and values in pairs, not {} arguments", args.size()));
  }
  auto key = NestedCommonType("map", args, 0, 2);
  if (!key.ok()) return FamilyBinding(std::move(key).error());
  auto value = NestedCommonType("map", args, 1, 2);
  if (!value.ok()) return FamilyBinding(std::move(value).error());
  DataTypePtr out =
      columnar::Map(columnar::Field("key", *key, false), columnar::Field("value", *value));
  std::vector<DataTypePtr> arg_types;
  for (size_t i = 0; i < args.size(); ++i) arg_types.push_back(i % 2 == 0 ? *key : *value);
  return FamilyBinding(FunctionBinding{
      out, arg_types, [out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
        FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
        auto& mb = static_cast<columnar::ListBuilder&>(*builder);
        for (int64_t row = 0; row < n; ++row) {
          FLOE_RETURN_IF_ERROR(mb.Append(true));
          for (size_t i = 0; i + 1 < a.size(); i += 2) {
            if (a[i]->IsNull(row))
              return InvalidArgument("key {} is NULL (map keys cannot be NULL)", i / 2 + 1);
            for (size_t j = 0; j < i; j += 2) {
              if (CompareValues(*a[j], row, *a[i], row) == 0) {
                return InvalidArgument("key {} repeats key {} (map keys must be unique)", i / 2 + 1,
                                       j / 2 + 1);
              }
            }
            FLOE_RETURN_IF_ERROR(mb.entries_builder()->Append(true));
            FLOE_RETURN_IF_ERROR(CopyValue(*a[i], row, *mb.key_builder()));
            FLOE_RETURN_IF_ERROR(CopyValue(*a[i + 1], row, *mb.item_builder()));
          }
        }
        return mb.Finish();
      }});
}

}  // namespace

Result<FunctionBinding> BindStructConstructor(const std::vector<std::string>& names,
                                              const std::vector<DataTypePtr>& args) {
  if (args.empty()) return InvalidArgument("a struct needs at least one field");
  std::vector<columnar::Field> fields;
  for (size_t i = 0; i < args.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (AsciiEqualsIgnoreCase(names[i], names[j])) {
        return InvalidArgument("struct field {} is named twice (fields {} and {})", names[i], j + 1,
                               i + 1);
      }
    }
    fields.emplace_back(names[i], args[i]);
  }
  DataTypePtr out = columnar::Struct(std::move(fields));
  // The arguments become the children as they are: no copy. A struct value is never NULL itself.
  return FunctionBinding{out, args,
                         [out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
                           return columnar::ArrayData::Make(out, n, {nullptr}, 0, 0, a);
                         }};
}

FamilyBinding BindNestedFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                 const EvalContextPtr&) {
  if (name == "subscript" || name == "element_at") {
    if (args.size() != 2)
      return FamilyBinding(InvalidArgument("{} takes a container and a key", name));
    const DataTypePtr& c = args[0];
    if (c->id() == TypeId::kMap) {
      DataTypePtr key = c->key_field().type;
      return FamilyBinding(FunctionBinding{
          c->item_field().type, {c, key}, LookupKernel(c->item_field().type, true, false)});
    }
    if (c->id() == TypeId::kList) {
      return FamilyBinding(
          FunctionBinding{c->value_field().type,
                          {c, columnar::Int32()},
                          LookupKernel(c->value_field().type, false, name == "element_at")});
    }
    return FamilyBinding(
        InvalidArgument("{}: {} is not an array or a map", name, SparkTypeName(*c)));
  }
  if (name == "array") return BindArrayConstructor(args);
  if (name == "map") return BindMapConstructor(args);
  if (name == "size" || name == "cardinality") {
    if (args.size() != 1 || (args[0]->id() != TypeId::kList && args[0]->id() != TypeId::kMap)) {
      return FamilyBinding(InvalidArgument("{} takes an array or a map", name));
    }
    DataTypePtr out = columnar::Int32();
    return FamilyBinding(FunctionBinding{
        out, {args[0]}, [out](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
          columnar::Int32Builder b(out);
          FLOE_RETURN_IF_ERROR(b.Reserve(n));
          for (int64_t i = 0; i < n; ++i) {
            b.UnsafeAppend(a[0]->IsNull(i) ? -1 : a[0]->ListEnd(i) - a[0]->ListStart(i));
          }
          return b.Finish();
        }});
  }
  if (name == "array_contains") {
    // array_contains(a, v): true when an element equals v; NULL when a or v is NULL, or when
    // v is not found and a has a NULL element (Spark's three-valued answer).
    if (args.size() != 2 || args[0]->id() != TypeId::kList)
      return FamilyBinding(InvalidArgument("array_contains takes an array and a value"));
    auto common = CommonType(args[0]->value_field().type, args[1]);
    if (!common.ok()) {
      return FamilyBinding(InvalidArgument("array_contains: cannot look for {} in {}",
                                           SparkTypeName(*args[1]), SparkTypeName(*args[0])));
    }
    DataTypePtr element = NormalizeType(*common);
    DataTypePtr list = element == args[0]->value_field().type
                           ? args[0]
                           : columnar::List(columnar::Field("element", element));
    DataTypePtr out = columnar::Boolean();
    return FamilyBinding(FunctionBinding{
        out, {list, element}, [](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
          columnar::BooleanBuilder b;
          FLOE_RETURN_IF_ERROR(b.Reserve(n));
          const columnar::ArrayData& items = *a[0]->children[0];
          for (int64_t i = 0; i < n; ++i) {
            if (a[0]->IsNull(i) || a[1]->IsNull(i)) {
              FLOE_RETURN_IF_ERROR(b.AppendNull());
              continue;
            }
            bool found = false, saw_null = false;
            for (int32_t j = a[0]->ListStart(i); j < a[0]->ListEnd(i) && !found; ++j) {
              if (items.IsNull(j)) {
                saw_null = true;
              } else {
                found = CompareValues(items, j, *a[1], i) == 0;
              }
            }
            if (!found && saw_null) {
              FLOE_RETURN_IF_ERROR(b.AppendNull());
            } else {
              FLOE_RETURN_IF_ERROR(b.Append(found));
            }
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
    return FamilyBinding(FunctionBinding{
        out, {args[0]}, [out, keys](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
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
              FLOE_RETURN_IF_ERROR(CopyValue(*entries.children[keys ? 0 : 1], entries.offset + j,
                                             *lb.value_builder()));
            }
          }
          return lb.Finish();
        }});
  }
  return std::nullopt;
}

}  // namespace floe::sql
