// Spark's stored procedures, called as `CALL [catalog.]system.<name>(…)`: each one's parameters
// (Spark's names, in Spark's order), its result columns, and its work, done through the catalog
// and update layers. Today: register_table, add_files, ancestors_of, expire_snapshots; the
// maintenance, history and repair procedures join this table as they are built.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/catalog/catalog.h"
#include "floe/columnar/data_type.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/util/result.h"

namespace floe::sql {

// A constant argument: a scalar, or the values of array(…) / map(…).
struct ProcedureValue {
  enum class Kind { kScalar, kArray, kMap };
  Kind kind = Kind::kScalar;
  Scalar scalar;
  columnar::DataTypePtr type;                      // the scalar's type (null for a NULL literal's)
  std::vector<Scalar> elements;                    // kArray
  std::vector<std::pair<Scalar, Scalar>> entries;  // kMap
};

// The arguments of one call, by parameter name; typed accessors name the parameter in errors.
class ProcedureArguments {
 public:
  ProcedureArguments(std::string procedure, std::map<std::string, ProcedureValue> values)
      : procedure_(std::move(procedure)), values_(std::move(values)) {}

  bool Has(std::string_view name) const { return values_.count(std::string(name)) > 0; }
  Result<std::string> String(std::string_view name) const;
  Result<std::optional<int64_t>> Long(std::string_view name) const;
  Result<bool> Bool(std::string_view name, bool default_value) const;
  // A TIMESTAMP value (with or without zone; without one, UTC) in epoch milliseconds, floored.
  Result<std::optional<int64_t>> TimestampMillis(std::string_view name) const;
  // array(…) of integers; empty when the argument is absent.
  Result<std::vector<int64_t>> LongArray(std::string_view name) const;
  // map(…) of strings; empty when the argument is absent.
  Result<std::vector<std::pair<std::string, std::string>>> StringMap(std::string_view name) const;

 private:
  const ProcedureValue* Find(std::string_view name) const;
  std::string procedure_;
  std::map<std::string, ProcedureValue> values_;
};

// Rows a procedure returns, in columns of Spark's names.
struct ProcedureResult {
  std::vector<std::string> names;
  std::vector<columnar::DataTypePtr> types;
  std::vector<std::vector<Scalar>> rows;
};

// What a procedure works on: the catalog of the CALL, and the table names its arguments give,
// resolved as the session resolves names.
struct ProcedureContext {
  catalog::Catalog* catalog = nullptr;
  std::function<Result<catalog::TableIdentifier>(const std::string& name)> resolve_table;
};

struct ProcedureParameter {
  std::string name;
  bool required = false;
};

struct Procedure {
  std::string name;
  std::vector<ProcedureParameter> parameters;
  std::function<Result<ProcedureResult>(const ProcedureContext&, const ProcedureArguments&)> run;
};

// The procedure of that name (ASCII case ignored), or nullptr.
const Procedure* FindProcedure(std::string_view name);
std::vector<std::string> ProcedureNames();

}  // namespace floe::sql
