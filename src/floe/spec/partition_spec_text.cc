#include "floe/spec/partition_spec_text.h"

#include <algorithm>
#include <cctype>

#include "floe/spec/ddl_lexer.h"
#include "floe/util/ascii.h"

namespace floe::spec {

namespace {

struct Term {
  Transform transform;
  const NestedField* source = nullptr;
  std::string_view suffix;  // of the partition field name; empty for identity
};

Result<const NestedField*> Column(DdlCursor& in, const Schema& schema) {
  const DdlToken& t = in.Peek();
  FLOE_ASSIGN_OR_RETURN(std::string name, in.ExpectName("a column name"));
  const NestedField* f = schema.FindFieldByName(name, /*case_sensitive=*/false);
  if (!f) return in.ErrorAt(t, fmt::format("no column \"{}\" in the schema", name));
  if (!f->type->is_primitive()) {
    return in.ErrorAt(
        t, fmt::format("column \"{}\" is a {}, not a primitive column", name, f->type->ToString()));
  }
  return f;
}

// One term: a column, or transform(args). Checks that the transform applies to the column.
Result<Term> ParseTerm(DdlCursor& in, const Schema& schema) {
  const DdlToken& start = in.Peek();
  Term term;
  if (!(in.Peek(1).kind == DdlToken::kSymbol && in.Peek(1).text == "(")) {
    FLOE_ASSIGN_OR_RETURN(term.source, Column(in, schema));
    return term;
  }
  const std::string fn = AsciiLower(in.Next().text);
  in.Next();  // '('
  if (fn == "bucket" || fn == "truncate") {
    FLOE_ASSIGN_OR_RETURN(int32_t n,
                          in.ExpectInt(fn == "bucket" ? "the number of buckets" : "the width"));
    if (n <= 0) return in.ErrorAt(start, fmt::format("{}: the parameter must be > 0", fn));
    FLOE_RETURN_IF_ERROR(in.Expect(','));
    FLOE_ASSIGN_OR_RETURN(term.source, Column(in, schema));
    term.transform = fn == "bucket" ? Transform::Bucket(n) : Transform::Truncate(n);
    term.suffix = fn == "bucket" ? "bucket" : "trunc";
  } else {
    FLOE_ASSIGN_OR_RETURN(term.source, Column(in, schema));
    if (fn == "year" || fn == "years") {
      term.transform = Transform::Year(), term.suffix = "year";
    } else if (fn == "month" || fn == "months") {
      term.transform = Transform::Month(), term.suffix = "month";
    } else if (fn == "day" || fn == "days" || fn == "date") {
      term.transform = Transform::Day(), term.suffix = "day";
    } else if (fn == "hour" || fn == "hours" || fn == "date_hour") {
      term.transform = Transform::Hour(), term.suffix = "hour";
    } else if (fn == "void") {
      term.transform = Transform::Void(), term.suffix = "null";
    } else if (fn == "identity") {
      term.transform = Transform::Identity();
    } else {
      return in.ErrorAt(
          start,
          fmt::format(
              "unknown transform \"{}\": use identity, year, month, day, hour, bucket(N, col), "
              "truncate(W, col) or void",
              fn));
    }
  }
  FLOE_RETURN_IF_ERROR(in.Expect(')'));
  if (!term.transform.CanTransform(*term.source->type)) {
    return in.ErrorAt(start, fmt::format("{} does not apply to column \"{}\" of type {}",
                                         term.transform.ToString(), term.source->name,
                                         term.source->type->ToString()));
  }
  return term;
}

Result<DdlCursor> Cursor(std::string_view text, std::string_view what) {
  FLOE_ASSIGN_OR_RETURN(auto tokens, LexDdl(text, what));
  return DdlCursor(std::move(tokens), what, text);
}

}  // namespace

Result<PartitionSpec> ParsePartitionSpecText(std::string_view text, const Schema& schema) {
  FLOE_ASSIGN_OR_RETURN(DdlCursor in, Cursor(text, "partition spec"));
  PartitionSpec spec;
  if (in.AtEnd()) return spec;
  do {
    FLOE_ASSIGN_OR_RETURN(Term term, ParseTerm(in, schema));
    PartitionField field;
    field.source_id = term.source->id;
    field.field_id =
        PartitionSpec::kPartitionDataIdStart + static_cast<int32_t>(spec.fields.size());
    const std::string column = *schema.FindColumnName(term.source->id);
    field.name = term.suffix.empty() ? column : column + "_" + std::string(term.suffix);
    field.transform = term.transform;
    spec.fields.push_back(std::move(field));
  } while (in.Accept(','));
  if (!in.AtEnd()) return in.ErrorAt(in.Peek(), "expected ',' between partition terms");
  FLOE_RETURN_IF_ERROR(spec.Validate(schema).WithContext("partition spec"));
  return spec;
}

Result<SortOrder> ParseSortOrderText(std::string_view text, const Schema& schema) {
  FLOE_ASSIGN_OR_RETURN(DdlCursor in, Cursor(text, "sort order"));
  SortOrder order;
  if (in.AtEnd()) return order;
  order.order_id = 1;
  do {
    FLOE_ASSIGN_OR_RETURN(Term term, ParseTerm(in, schema));
    SortField field;
    field.transform = term.transform;
    field.source_id = term.source->id;
    if (in.AcceptWord("desc")) {
      field.direction = SortDirection::kDesc;
    } else {
      in.AcceptWord("asc");
    }
    field.null_order =
        field.direction == SortDirection::kAsc ? NullOrder::kNullsFirst : NullOrder::kNullsLast;
    if (in.AcceptWord("nulls")) {
      if (in.AcceptWord("first")) {
        field.null_order = NullOrder::kNullsFirst;
      } else if (in.AcceptWord("last")) {
        field.null_order = NullOrder::kNullsLast;
      } else {
        return in.ErrorAt(in.Peek(), "expected FIRST or LAST after NULLS");
      }
    }
    order.fields.push_back(std::move(field));
  } while (in.Accept(','));
  if (!in.AtEnd()) return in.ErrorAt(in.Peek(), "expected ',' between sort terms");
  FLOE_RETURN_IF_ERROR(order.Validate(schema).WithContext("sort order"));
  return order;
}

}  // namespace floe::spec
