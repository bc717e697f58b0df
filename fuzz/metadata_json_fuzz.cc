// libFuzzer target for the table metadata JSON parser: any input either fails with an error or
// parses; what parses must write, and what floe writes must parse again to the same model.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "floe/spec/table_metadata_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view json(reinterpret_cast<const char*>(data), size);
  auto metadata = floe::spec::ParseTableMetadata(json);
  if (!metadata.ok()) return 0;
  std::string written = floe::spec::WriteTableMetadata(*metadata);
  auto again = floe::spec::ParseTableMetadata(written);
  if (!again.ok() || !(*again == *metadata)) std::abort();
  if (floe::spec::WriteTableMetadata(*again) != written) std::abort();
  return 0;
}
