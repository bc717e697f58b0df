// A YAML document as a plain tree (scalars, mappings, sequences), read with libyaml's event
// parser. Enough for floe.yaml; anchors and tags are not interpreted.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/result.h"

namespace floe::catalog {

// The special members are defined in the .cc file: `mapping` holds pairs of this still incomplete
// type, which clang (unlike g++) refuses to instantiate inline.
struct YamlNode {
  YamlNode();
  YamlNode(const YamlNode&);
  YamlNode(YamlNode&&) noexcept;
  YamlNode& operator=(const YamlNode&);
  YamlNode& operator=(YamlNode&&) noexcept;
  ~YamlNode();

  enum class Kind { kNull, kScalar, kMapping, kSequence };
  Kind kind = Kind::kNull;
  std::string scalar;
  std::vector<std::pair<std::string, YamlNode>> mapping;  // in document order
  std::vector<YamlNode> sequence;

  // The value under `key` of a mapping, or nullptr.
  const YamlNode* Find(std::string_view key) const;
};

// Parses the first document of `text`; `source` names it in errors. An empty text is a null node.
Result<YamlNode> ParseYaml(std::string_view text, std::string_view source);

}  // namespace floe::catalog
