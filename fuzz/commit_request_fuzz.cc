// libFuzzer target for the REST commit body (commit/commit_table_request.h): any input either
// fails with an error or parses; what parses writes JSON that parses again to the same request
// and writes the same JSON.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "floe/commit/commit_table_request.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view json(reinterpret_cast<const char*>(data), size);
  auto request = floe::commit::ParseCommitTableRequest(json);
  if (!request.ok()) return 0;
  std::string written = floe::commit::WriteCommitTableRequest(*request);
  auto again = floe::commit::ParseCommitTableRequest(written);
  if (!again.ok()) {
    std::fprintf(stderr, "written: %s\nerror:   %s\n", written.c_str(),
                 again.error().message.c_str());
    std::abort();
  }
  std::string rewritten = floe::commit::WriteCommitTableRequest(*again);
  if (rewritten != written || !(*again == *request)) {
    std::fprintf(stderr, "written:   %s\nrewritten: %s\n", written.c_str(), rewritten.c_str());
    std::abort();
  }
  return 0;
}
