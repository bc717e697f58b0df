#include "floe/spec/partition_spec_text.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "floe/spec/ddl_lexer.h"
#include "floe/util/ascii.h"

namespace floe::spec {

namespace {

struct Term {
  Transform transform;
  const NestedField* source = nullptr;
  std::string_view suffix;  // of the partition field name; empty for identity
};

// "<what>: column N: <message>", as DdlCursor::ErrorAt says it.
Error TermError(std::string_view what, int position, std::string_view message) {
  return InvalidArgument("{}: column {}: {}", what, position, message);
}

Result<const NestedField*> Column(const TransformTerm& written, const Schema& schema,
                                  std::string_view what) {
  const std::string& name = written.column;
  const NestedField* f = schema.FindFieldByName(name, /*case_sensitive=*/false);
  if (!f) {
    return TermError(what, written.column_position,
                     fmt::format("no column \"{}\" in the schema", name));
  }
  if (!f->type->is_primitive()) {
    return TermError(
        what, written.column_position,
        fmt::format("column \"{}\" is a {}, not a primitive column", name, f->type->ToString()));
  }
  return f;
}

// One term resolved against the schema: checks that the transform applies to the column.
Result<Term> ResolveTerm(const TransformTerm& written, const Schema& schema,
                         std::string_view what) {
  Term term;
  if (written.transform.empty()) {
    FLOE_ASSIGN_OR_RETURN(term.source, Column(written, schema, what));
    return term;
  }
  const std::string fn = AsciiLower(written.transform);
  if (fn == "bucket" || fn == "truncate") {
    std::string_view role = fn == "bucket" ? "the number of buckets" : "the width";
    if (!written.argument || *written.argument > INT32_MAX || *written.argument < INT32_MIN) {
      std::string found = written.argument ? std::to_string(*written.argument) : written.column;
      return TermError(what, written.argument ? written.position : written.column_position,
                       fmt::format("expected {} (a number), found \"{}\"", role, found));
    }
    const auto n = static_cast<int32_t>(*written.argument);
    if (n <= 0) {
      return TermError(what, written.position, fmt::format("{}: the parameter must be > 0", fn));
    }
    FLOE_ASSIGN_OR_RETURN(term.source, Column(written, schema, what));
    term.transform = fn == "bucket" ? Transform::Bucket(n) : Transform::Truncate(n);
    term.suffix = fn == "bucket" ? "bucket" : "trunc";
  } else {
    if (written.argument) {
      return TermError(what, written.position,
                       fmt::format("expected a column name, found \"{}\"", *written.argument));
    }
    FLOE_ASSIGN_OR_RETURN(term.source, Column(written, schema, what));
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
      return TermError(
          what, written.position,
          fmt::format(
              "unknown transform \"{}\": use identity, year, month, day, hour, bucket(N, col), "
              "truncate(W, col) or void",
              fn));
    }
  }
  if (!term.transform.CanTransform(*term.source->type)) {
    return TermError(
        what, written.position,
        fmt::format("{} does not apply to column \"{}\" of type {}", term.transform.ToString(),
                    term.source->name, term.source->type->ToString()));
  }
  return term;
}

// One term's text: a column, or transform(args) (bucket and truncate take their number first).
Result<TransformTerm> ParseTerm(DdlCursor& in) {
  TransformTerm term;
  term.position = static_cast<int>(in.Peek().position);
  auto column = [&]() -> Status {
    term.column_position = static_cast<int>(in.Peek().position);
    FLOE_ASSIGN_OR_RETURN(term.column, in.ExpectName("a column name"));
    return Ok();
  };
  if (!(in.Peek(1).kind == DdlToken::kSymbol && in.Peek(1).text == "(")) {
    FLOE_RETURN_IF_ERROR(column());
    return term;
  }
  term.transform = in.Next().text;
  in.Next();  // '('
  const std::string fn = AsciiLower(term.transform);
  if (fn == "bucket" || fn == "truncate") {
    FLOE_ASSIGN_OR_RETURN(term.argument,
                          in.ExpectInt(fn == "bucket" ? "the number of buckets" : "the width"));
    FLOE_RETURN_IF_ERROR(in.Expect(','));
  }
  FLOE_RETURN_IF_ERROR(column());
  FLOE_RETURN_IF_ERROR(in.Expect(')'));
  return term;
}

Result<DdlCursor> Cursor(std::string_view text, std::string_view what) {
  FLOE_ASSIGN_OR_RETURN(auto tokens, LexDdl(text, what));
  return DdlCursor(std::move(tokens), what, text);
}

// The spec's field for a resolved term: ids from 1000 in order, Java's names.
PartitionField SpecField(const Term& term, const Schema& schema, size_t index) {
  PartitionField field;
  field.source_id = term.source->id;
  field.field_id = PartitionSpec::kPartitionDataIdStart + static_cast<int32_t>(index);
  const std::string column = *schema.FindColumnName(term.source->id);
  field.name = term.suffix.empty() ? column : column + "_" + std::string(term.suffix);
  field.transform = term.transform;
  return field;
}

}  // namespace

Result<PartitionSpec> MakePartitionSpec(const std::vector<TransformTerm>& terms,
                                        const Schema& schema) {
  PartitionSpec spec;
  for (const TransformTerm& written : terms) {
    FLOE_ASSIGN_OR_RETURN(Term term, ResolveTerm(written, schema, "partition spec"));
    spec.fields.push_back(SpecField(term, schema, spec.fields.size()));
  }
  FLOE_RETURN_IF_ERROR(spec.Validate(schema).WithContext("partition spec"));
  return spec;
}

Result<PartitionSpec> ParsePartitionSpecText(std::string_view text, const Schema& schema) {
  FLOE_ASSIGN_OR_RETURN(DdlCursor in, Cursor(text, "partition spec"));
  PartitionSpec spec;
  if (in.AtEnd()) return spec;
  // Each term resolved as soon as it is read: errors come in the order of the text.
  do {
    FLOE_ASSIGN_OR_RETURN(TransformTerm written, ParseTerm(in));
    FLOE_ASSIGN_OR_RETURN(Term term, ResolveTerm(written, schema, "partition spec"));
    spec.fields.push_back(SpecField(term, schema, spec.fields.size()));
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
    FLOE_ASSIGN_OR_RETURN(TransformTerm written, ParseTerm(in));
    FLOE_ASSIGN_OR_RETURN(Term term, ResolveTerm(written, schema, "sort order"));
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
