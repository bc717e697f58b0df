// Physical expressions: bound, typed expressions evaluated over a whole record batch at once,
// each giving one array of the batch's length (vectorized execution: no call per row here; the
// kernels loop over the values).
//
//   ColumnExpr   the batch's column i
//   LiteralExpr  one value, repeated
//   FieldExpr    a struct child of another expression's struct array (`s.a`)
//   CallExpr     a function's kernel over its arguments' arrays (operators, casts, CASE,
//                coalesce, ... all are functions: functions.h)
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/columnar/record_batch.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/util/result.h"

namespace floe::sql {

class PhysicalExpr;
using PhysicalExprPtr = std::shared_ptr<const PhysicalExpr>;

// A function's implementation: the argument arrays (all `num_rows` long) → the result array.
using Kernel = std::function<Result<columnar::ArrayPtr>(const std::vector<columnar::ArrayPtr>& args,
                                                        int64_t num_rows)>;

class PhysicalExpr : public std::enable_shared_from_this<PhysicalExpr> {
 public:
  explicit PhysicalExpr(columnar::DataTypePtr type) : type_(std::move(type)) {}
  virtual ~PhysicalExpr() = default;

  const columnar::DataTypePtr& type() const { return type_; }
  // An array of batch.num_rows() values of type().
  virtual Result<columnar::ArrayPtr> Evaluate(const columnar::RecordBatch& batch) const = 0;
  // The column index when this is a plain column reference, else -1.
  virtual int column_index() const { return -1; }
  // The literal's value when this is a literal, else nullptr.
  virtual const Scalar* literal() const { return nullptr; }
  // The expressions this one is computed from: a call's arguments, a field's struct.
  virtual std::vector<PhysicalExprPtr> children() const { return {}; }
  // This expression computed from `children` instead (as many, of the same types). Columns and
  // literals, which have none, return themselves.
  virtual PhysicalExprPtr WithChildren(std::vector<PhysicalExprPtr> children) const = 0;
  // A text that is the same for two expressions that compute the same values from a batch.
  virtual std::string Fingerprint() const = 0;

 private:
  columnar::DataTypePtr type_;
};

PhysicalExprPtr MakeColumnExpr(int index, columnar::DataTypePtr type);
PhysicalExprPtr MakeLiteralExpr(Scalar value, columnar::DataTypePtr type);
PhysicalExprPtr MakeFieldExpr(PhysicalExprPtr input, int child_index);
PhysicalExprPtr MakeCallExpr(std::string name, Kernel kernel, std::vector<PhysicalExprPtr> args,
                             columnar::DataTypePtr type);

// Evaluates an expression known to be a literal or to depend on no column (one row).
Result<Scalar> EvaluateConstant(const PhysicalExpr& expr);
// The same as an array of one element: any type, nested ones included.
Result<columnar::ArrayPtr> EvaluateConstantArray(const PhysicalExpr& expr);

}  // namespace floe::sql
