// Bound expressions: predicates refer to a column of a columnar schema (BoundReference) and hold
// their values as spec::Literals in the column's physical form:
//   bool → Boolean; int8/16/32, uint8/16 → Int (int32); int64, uint32 → Long; uint64 → Long
//   holding the bits (ordered unsigned); float32 → Float; float64 → Double; decimal128(p,s) →
//   Decimal of scale s; string → String; binary, fixed_size_binary (uuid included) → Binary;
//   date32 → Date (days); time32/time64/timestamp → Long in the column's own unit.
// A null value (comparison with NULL, NULL in an IN list) is kept: it compares as unknown.
#pragma once

#include <string>
#include <vector>

#include "floe/columnar/data_type.h"
#include "floe/expr/expression.h"
#include "floe/spec/literal.h"

namespace floe::expr {

struct BoundReference {
  ColumnRef column;       // the schema's own names: [a, b] for a.b
  std::vector<int> path;  // field index at each level (top-level field, then struct children)
  columnar::DataTypePtr type;
  bool nullable = true;  // the field and every struct above it

  std::string name() const { return column.ToString(); }
  bool operator==(const BoundReference& o) const {
    return path == o.path && column == o.column &&
           (type == o.type || (type && o.type && type->Equals(*o.type)));
  }
};

using BoundExpression = BasicExpression<BoundReference, spec::Literal>;

// A value of a column's physical form as an unbound literal, as a filter writes it: 42, 1.50,
// 'abc', DATE '2026-03-05', TIMESTAMP '2026-03-05T10:00:00.000000+00:00', NULL.
UnboundLiteral ToUnboundLiteral(const columnar::DataType& type, const spec::Literal& value);
// The same as filter text (ToUnboundLiteral(type, value).ToString()).
std::string ValueToString(const columnar::DataType& type, const spec::Literal& value);
// Binding the printed text to the same schema gives an equal expression.
std::string ToString(const BoundExpression& e);

// The expression unbound again: the schema's own column names, each value as ToUnboundLiteral
// writes it — what parsing ToString(e) gives, without the text. Binding it case-sensitively to
// another schema with the same names moves the filter onto that schema, each value taking that
// schema's column type (a data file's int column for the table's long column).
Expression Unbind(const BoundExpression& e);

}  // namespace floe::expr
