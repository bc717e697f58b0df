#include "floe/columnar/variant/variant_path.h"

#include <cctype>

namespace floe::columnar::variant {

Result<VariantPath> ParsePath(std::string_view path) {
  auto bad = [&](std::string_view why) {
    return InvalidArgument("variant path '{}' is not valid: {}", path, why);
  };
  if (path.empty() || path[0] != '$') return bad("it must start with $");
  VariantPath out;
  size_t i = 1;
  while (i < path.size()) {
    if (path[i] == '.') {
      ++i;
      size_t start = i;
      while (i < path.size() && path[i] != '.' && path[i] != '[') ++i;
      if (i == start) return bad("a '.' without a field name");
      out.push_back({std::string(path.substr(start, i - start)), 0});
    } else if (path[i] == '[') {
      ++i;
      if (i < path.size() && (path[i] == '\'' || path[i] == '"')) {
        char quote = path[i++];
        size_t start = i;
        while (i < path.size() && path[i] != quote) ++i;
        if (i + 1 >= path.size() || path[i + 1] != ']') return bad("an unterminated ['name']");
        out.push_back({std::string(path.substr(start, i - start)), 0});
        i += 2;
      } else {
        size_t start = i;
        int64_t index = 0;
        while (i < path.size() && std::isdigit(static_cast<unsigned char>(path[i]))) {
          index = index * 10 + (path[i] - '0');
          if (index > INT32_MAX) return bad("an index that is too large");
          ++i;
        }
        if (i == start || i >= path.size() || path[i] != ']') return bad("an index must be digits");
        ++i;
        out.push_back({std::nullopt, index});
      }
    } else {
      return bad(fmt::format("unexpected '{}' at offset {}", path[i], i));
    }
  }
  return out;
}

Result<std::optional<VariantValue>> Extract(const VariantValue& root, const VariantPath& path) {
  VariantValue v = root;
  for (const PathStep& step : path) {
    if (step.field) {
      if (v.kind() != ValueKind::kObject) return std::optional<VariantValue>();
      FLOE_ASSIGN_OR_RETURN(std::optional<VariantValue> f, v.Field(*step.field));
      if (!f) return f;
      v = *f;
    } else {
      if (v.kind() != ValueKind::kArray || step.index >= v.num_elements()) {
        return std::optional<VariantValue>();
      }
      FLOE_ASSIGN_OR_RETURN(v, v.Element(static_cast<uint32_t>(step.index)));
    }
  }
  return std::optional<VariantValue>(v);
}

}  // namespace floe::columnar::variant
