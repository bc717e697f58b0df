#include "floe/catalog/config/yaml_node.h"

#include <yaml.h>

#include <memory>

namespace floe::catalog {

YamlNode::YamlNode() = default;
YamlNode::YamlNode(const YamlNode&) = default;
YamlNode::YamlNode(YamlNode&&) noexcept = default;
YamlNode& YamlNode::operator=(const YamlNode&) = default;
YamlNode& YamlNode::operator=(YamlNode&&) noexcept = default;
YamlNode::~YamlNode() = default;

const YamlNode* YamlNode::Find(std::string_view key) const {
  for (const auto& [k, v] : mapping) {
    if (k == key) return &v;
  }
  return nullptr;
}

namespace {

class Parser {
 public:
  Parser(std::string_view text, std::string_view source) : source_(source) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
  }
  ~Parser() {
    if (have_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  Result<YamlNode> Document() {
    YamlNode root;
    while (true) {
      FLOE_RETURN_IF_ERROR(Next());
      switch (event_.type) {
        case YAML_STREAM_END_EVENT:
          return root;
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_START_EVENT:
          continue;
        default:
          return Node();
      }
    }
  }

 private:
  Status Next() {
    if (have_event_) yaml_event_delete(&event_);
    have_event_ = false;
    if (!yaml_parser_parse(&parser_, &event_)) {
      return InvalidArgument("{}: line {}: {}", source_, parser_.problem_mark.line + 1,
                             parser_.problem ? parser_.problem : "YAML syntax error");
    }
    have_event_ = true;
    return Ok();
  }

  // The node whose first event is the current one.
  Result<YamlNode> Node() {
    YamlNode node;
    switch (event_.type) {
      case YAML_SCALAR_EVENT:
        node.kind = YamlNode::Kind::kScalar;
        node.scalar.assign(reinterpret_cast<const char*>(event_.data.scalar.value),
                           event_.data.scalar.length);
        if (event_.data.scalar.plain_implicit &&
            (node.scalar.empty() || node.scalar == "~" || node.scalar == "null")) {
          node.kind = YamlNode::Kind::kNull;
          node.scalar.clear();
        }
        return node;
      case YAML_ALIAS_EVENT:
        return InvalidArgument("{}: YAML aliases are not supported", source_);
      case YAML_MAPPING_START_EVENT:
        node.kind = YamlNode::Kind::kMapping;
        while (true) {
          FLOE_RETURN_IF_ERROR(Next());
          if (event_.type == YAML_MAPPING_END_EVENT) return node;
          FLOE_ASSIGN_OR_RETURN(YamlNode key, Node());
          if (key.kind == YamlNode::Kind::kMapping || key.kind == YamlNode::Kind::kSequence) {
            return InvalidArgument("{}: only plain keys are supported", source_);
          }
          FLOE_RETURN_IF_ERROR(Next());
          FLOE_ASSIGN_OR_RETURN(YamlNode value, Node());
          node.mapping.emplace_back(std::move(key.scalar), std::move(value));
        }
      case YAML_SEQUENCE_START_EVENT:
        node.kind = YamlNode::Kind::kSequence;
        while (true) {
          FLOE_RETURN_IF_ERROR(Next());
          if (event_.type == YAML_SEQUENCE_END_EVENT) return node;
          FLOE_ASSIGN_OR_RETURN(YamlNode item, Node());
          node.sequence.push_back(std::move(item));
        }
      default:
        return InvalidArgument("{}: unexpected YAML structure", source_);
    }
  }

  std::string source_;
  yaml_parser_t parser_;
  yaml_event_t event_;
  bool have_event_ = false;
};

}  // namespace

Result<YamlNode> ParseYaml(std::string_view text, std::string_view source) {
  Parser parser(text, source);
  return parser.Document();
}

}  // namespace floe::catalog
