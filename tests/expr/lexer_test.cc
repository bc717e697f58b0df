// The lexer of the expression language (and of floe SQL): words, numbers, quoted names,
// strings, symbols, comments and their positions.
#include "floe/expr/syntax/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testing/result_matchers.h"

namespace floe::expr::syntax {
namespace {

TEST(LexerTest, TokensAndPositions) {
  auto tokens = Tokenize("a.5 .5 1st x1 `q``q` <=> <> != || -- c\n/* x */ 'z'");
  ASSERT_OK(tokens);
  std::vector<std::string> texts;
  std::vector<TokenKind> kinds;
  for (const Token& t : *tokens) {
    texts.push_back(t.text);
    kinds.push_back(t.kind);
  }
  EXPECT_EQ(texts, (std::vector<std::string>{"a", ".", "5", ".5", "1st", "x1", "q`q", "<=>", "<>",
                                             "!=", "||", "z", ""}));
  EXPECT_EQ(kinds[2], TokenKind::kNumber);
  EXPECT_EQ(kinds[3], TokenKind::kNumber);
  EXPECT_EQ(kinds[4], TokenKind::kWord);
  EXPECT_EQ(kinds[6], TokenKind::kQuotedIdentifier);
  EXPECT_EQ(kinds[11], TokenKind::kString);
  EXPECT_EQ(kinds[12], TokenKind::kEnd);
  EXPECT_EQ((*tokens)[11].pos.line, 2);
  EXPECT_EQ((*tokens)[11].pos.column, 9);
}

}  // namespace
}  // namespace floe::expr::syntax
