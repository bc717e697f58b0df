#include "cli/text_input_options.h"

namespace floe::cli {

std::vector<OptionSpec> TextInputOptionSpecs() {
  return {{"--null-string", "S",
           "the text that is null in CSV/NDJSON, in every column (default: NULL, in columns other "
           "than string)"},
          {"--allow-missing-columns", "",
           "CSV rows with fewer fields than the header: the missing trailing fields are null "
           "(default: an error naming the line)"},
          {"--binary-encoding", "E", "binary and fixed values are hex (default) or base64"},
          {"--replace-invalid-utf8", "",
           "store U+FFFD for invalid UTF-8 and NUL bytes in CSV/NDJSON strings (default: refuse "
           "the file, naming line and column)"}};
}

Result<TextInputOptions> TextInputOptionsFrom(const Args& args) {
  TextInputOptions options;
  options.replace_invalid_utf8 = args.Has("--replace-invalid-utf8");
  options.allow_missing_columns = args.Has("--allow-missing-columns");
  if (std::optional<std::string> null_string = args.Get("--null-string")) {
    options.values.null_string = *null_string;
    options.values.null_string_in_strings = true;  // as Spark's nullValue, DuckDB's nullstr
  }
  std::string encoding = args.Get("--binary-encoding").value_or("hex");
  if (encoding == "base64") {
    options.values.binary = textformat::BinaryEncoding::kBase64;
  } else if (encoding != "hex") {
    return InvalidArgument("--binary-encoding: expected hex or base64, got \"{}\"", encoding);
  }
  return options;
}

}  // namespace floe::cli
