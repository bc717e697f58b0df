// PrintExpression: the text form of unbound and bound expressions (included by expression.h).
// Parentheses are added only where precedence (NOT > AND > OR, AND/OR left-associative)
// requires them, so parsing the printed text gives back the same tree.
#pragma once

#include <string>

namespace floe::expr {

namespace print_detail {

inline int Precedence(Operation op) {
  switch (op) {
    case Operation::kOr:
      return 1;
    case Operation::kAnd:
      return 2;
    case Operation::kNot:
      return 3;
    default:
      return 4;
  }
}

template <typename E, typename TP, typename VP>
void Print(const E& e, const TP& term, const VP& value, std::string& out) {
  auto child = [&](const E& c, bool parens) {
    if (parens) out += '(';
    Print(c, term, value, out);
    if (parens) out += ')';
  };
  Operation op = e.op();
  switch (op) {
    case Operation::kTrue:
      out += "TRUE";
      return;
    case Operation::kFalse:
      out += "FALSE";
      return;
    case Operation::kAnd:
    case Operation::kOr: {
      int p = Precedence(op);
      child(e.child(0), Precedence(e.child(0).op()) < p);
      out += op == Operation::kAnd ? " AND " : " OR ";
      child(e.child(1), Precedence(e.child(1).op()) <= p);
      return;
    }
    case Operation::kNot:
      out += "NOT ";
      child(e.child(0), Precedence(e.child(0).op()) < Precedence(op));
      return;
    case Operation::kStartsWith:
    case Operation::kNotStartsWith:
      out += op == Operation::kStartsWith ? "starts_with(" : "not_starts_with(";
      out += term(e.term());
      out += ", ";
      out += value(e.term(), e.value());
      out += ')';
      return;
    case Operation::kLike:
    case Operation::kNotLike:
      out += term(e.term());
      out += ' ';
      out += OperationSymbol(op);
      out += ' ';
      out += value(e.term(), e.value());
      return;
    case Operation::kIsNull:
    case Operation::kNotNull:
    case Operation::kIsNan:
    case Operation::kNotNan:
      out += term(e.term());
      out += ' ';
      out += OperationSymbol(op);
      return;
    case Operation::kIn:
    case Operation::kNotIn: {
      out += term(e.term());
      out += ' ';
      out += OperationSymbol(op);
      out += " (";
      for (size_t i = 0; i < e.values().size(); ++i) {
        if (i > 0) out += ", ";
        out += value(e.term(), e.values()[i]);
      }
      out += ')';
      return;
    }
    default:  // comparisons
      out += term(e.term());
      out += ' ';
      out += OperationSymbol(op);
      out += ' ';
      out += value(e.term(), e.value());
      return;
  }
}

}  // namespace print_detail

template <typename E, typename TermPrinter, typename ValuePrinter>
std::string PrintExpression(const E& e, const TermPrinter& term, const ValuePrinter& value) {
  std::string out;
  print_detail::Print(e, term, value, out);
  return out;
}

}  // namespace floe::expr
