// libFuzzer target for the SQL parser (sql/syntax over expr/syntax): any text either fails with
// an error or parses, and every statement that parses prints (ToSql) to a text that parses again
// and prints the same (or, near the nesting limit, is refused for its depth). Splitting a script
// and the shell's statement-end check take any text too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "floe/sql/syntax/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace syntax = floe::sql::syntax;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)syntax::SplitScript(text);
  (void)syntax::EndsWithStatementTerminator(text);
  auto statements = syntax::ParseScript(text);
  if (!statements.ok()) return 0;
  for (const syntax::Statement& statement : *statements) {
    std::string printed = syntax::ToSql(statement);
    auto again = syntax::ParseStatement(printed);
    // The canonical text parenthesizes every operation, so a statement near the nesting limit
    // may print one that is beyond it: refused with that error, which is fine.
    if (!again.ok() && again.error().message.find("levels deep") != std::string::npos) continue;
    if (!again.ok() || syntax::ToSql(*again) != printed) {
      std::fprintf(stderr, "printed: %s\nagain:   %s\n", printed.c_str(),
                   again.ok() ? syntax::ToSql(*again).c_str() : again.error().message.c_str());
      std::abort();
    }
  }
  return 0;
}
