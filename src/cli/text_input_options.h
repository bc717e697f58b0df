// The options `floe append` and `floe parquet write` share for reading CSV and NDJSON values as
// declared column types (format/csv/text_values.h): --null-string, --allow-missing-columns,
// --binary-encoding and --replace-invalid-utf8.
#pragma once

#include <vector>

#include "cli/command.h"
#include "floe/format/csv/text_values.h"

namespace floe::cli {

struct TextInputOptions {
  textformat::TextReadOptions values;
  bool allow_missing_columns = false;
  bool replace_invalid_utf8 = false;
};

std::vector<OptionSpec> TextInputOptionSpecs();

// InvalidArgument for a --binary-encoding other than hex or base64.
Result<TextInputOptions> TextInputOptionsFrom(const Args& args);

}  // namespace floe::cli
