#include "floe/util/cancellation.h"

#include <gtest/gtest.h>
#include <signal.h>

#include "testing/result_matchers.h"

namespace floe {
namespace {

TEST(CancellationTest, TokenAndParent) {
  CancellationToken parent;
  CancellationToken child(&parent);
  EXPECT_OK(child.Check());
  parent.Cancel();
  EXPECT_TRUE(child.cancelled());
  Status st = child.Check();
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("interrupted"), std::string::npos);
  parent.Reset();
  EXPECT_FALSE(child.cancelled());
  child.Cancel();
  EXPECT_FALSE(parent.cancelled());
}

TEST(CancellationTest, SigintCancelsTheGlobalToken) {
  InstallInterruptHandler();
  InstallInterruptHandler();  // once only
  GlobalCancellation().Reset();
  ASSERT_FALSE(GlobalCancellation().cancelled());
  ASSERT_EQ(::raise(SIGINT), 0);  // handled: the process goes on
  EXPECT_TRUE(GlobalCancellation().cancelled());
  GlobalCancellation().Reset();
}

}  // namespace
}  // namespace floe
