// The diagnostics sink: messages reach the installed sink with their level, none without one,
// and SetDiagnosticSink hands back the sink it replaces.
#include "floe/util/diagnostics.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace floe {
namespace {

TEST(DiagnosticsTest, WarningsAndNotesReachTheSink) {
  std::vector<std::pair<DiagnosticLevel, std::string>> seen;
  DiagnosticSink previous = SetDiagnosticSink(
      [&](DiagnosticLevel level, const std::string& m) { seen.emplace_back(level, m); });
  Warn("file {} has {} bytes", "a.parquet", 12);
  Note("read by position");
  DiagnosticSink mine = SetDiagnosticSink(nullptr);
  Warn("dropped");  // no sink
  SetDiagnosticSink(std::move(previous));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].first, DiagnosticLevel::kWarning);
  EXPECT_EQ(seen[0].second, "file a.parquet has 12 bytes");
  EXPECT_EQ(seen[1].first, DiagnosticLevel::kNote);
  EXPECT_EQ(seen[1].second, "read by position");
  EXPECT_TRUE(static_cast<bool>(mine));
}

}  // namespace
}  // namespace floe
