#include "floe/sql/syntax/parser.h"

#include "floe/sql/syntax/sql_parser.h"

namespace floe::sql::syntax {

using expr::syntax::Tokenize;

Result<std::vector<ScriptStatement>> SplitScript(std::string_view script) {
  FLOE_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(script));
  std::vector<ScriptStatement> out;
  size_t first = 0;  // first token of the current statement
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    bool separator = t.kind == TokenKind::kSymbol && t.text == ";";
    if (!separator && t.kind != TokenKind::kEnd) continue;
    if (i > first) {
      ScriptStatement s;
      s.pos = tokens[first].pos;
      s.offset = tokens[first].begin;
      s.text = std::string(script.substr(s.offset, tokens[i - 1].end - s.offset));
      out.push_back(std::move(s));
    }
    first = i + 1;
  }
  return out;
}

bool EndsWithStatementTerminator(std::string_view text) {
  auto tokens = Tokenize(text);
  if (!tokens.ok() || tokens->size() < 2) return false;
  const Token& last = (*tokens)[tokens->size() - 2];  // before kEnd
  return last.kind == TokenKind::kSymbol && last.text == ";";
}

Result<Statement> ParseStatement(std::string_view text, SourcePosition start) {
  FLOE_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(text, start));
  SqlParser parser(text, std::move(tokens));
  FLOE_ASSIGN_OR_RETURN(Statement statement, parser.ParseStatement());
  FLOE_RETURN_IF_ERROR(parser.ExpectEndOfInput(true));
  return statement;
}

Result<std::vector<Statement>> ParseScript(std::string_view script) {
  FLOE_ASSIGN_OR_RETURN(std::vector<ScriptStatement> parts, SplitScript(script));
  std::vector<Statement> statements;
  statements.reserve(parts.size());
  for (const ScriptStatement& part : parts) {
    FLOE_ASSIGN_OR_RETURN(Statement s, ParseStatement(part.text, part.pos));
    statements.push_back(std::move(s));
  }
  return statements;
}

}  // namespace floe::sql::syntax
