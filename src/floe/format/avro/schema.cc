#include "floe/format/avro/schema.h"

#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace floe::avro {

std::string_view TypeName(Type type) {
  switch (type) {
    case Type::kNull:
      return "null";
    case Type::kBoolean:
      return "boolean";
    case Type::kInt:
      return "int";
    case Type::kLong:
      return "long";
    case Type::kFloat:
      return "float";
    case Type::kDouble:
      return "double";
    case Type::kBytes:
      return "bytes";
    case Type::kString:
      return "string";
    case Type::kRecord:
      return "record";
    case Type::kEnum:
      return "enum";
    case Type::kArray:
      return "array";
    case Type::kMap:
      return "map";
    case Type::kUnion:
      return "union";
    case Type::kFixed:
      return "fixed";
  }
  return "?";
}

bool IsNamed(Type type) {
  return type == Type::kRecord || type == Type::kEnum || type == Type::kFixed;
}

int Node::FindField(std::string_view field_name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field_name) return static_cast<int>(i);
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    for (const std::string& alias : fields[i].aliases) {
      if (alias == field_name) return static_cast<int>(i);
    }
  }
  return -1;
}

int Node::NullBranch() const {
  for (size_t i = 0; i < branches.size(); ++i) {
    if (branches[i]->type == Type::kNull) return static_cast<int>(i);
  }
  return -1;
}

Node* Schema::New(Type type) {
  nodes_.push_back(std::make_unique<Node>());
  nodes_.back()->type = type;
  return nodes_.back().get();
}

namespace {

int64_t MinSize(const Node& node, std::unordered_set<const Node*>& visiting) {
  switch (node.type) {
    case Type::kNull:
      return 0;
    case Type::kFloat:
      return 4;
    case Type::kDouble:
      return 8;
    case Type::kFixed:
      return node.size;
    case Type::kUnion: {
      int64_t best = INT64_MAX;
      for (const Node* b : node.branches) best = std::min(best, MinSize(*b, visiting));
      return 1 + (node.branches.empty() ? 0 : best);
    }
    case Type::kRecord: {
      // A record reached again while sizing itself cannot end (it would be infinite); count 0.
      if (!visiting.insert(&node).second) return 0;
      int64_t sum = 0;
      for (const Field& f : node.fields) sum += MinSize(*f.type, visiting);
      visiting.erase(&node);
      return sum;
    }
    default:
      return 1;
  }
}

}  // namespace

int64_t MinEncodedSize(const Node& node) {
  std::unordered_set<const Node*> visiting;
  return MinSize(node, visiting);
}

Result<std::shared_ptr<const Schema>> Schema::ParseShared(std::string_view json) {
  // Few distinct texts at a time: when full, the cache starts over.
  constexpr size_t kMaxSharedSchemas = 32;
  static std::mutex mutex;
  static std::unordered_map<std::string, std::shared_ptr<const Schema>> parsed;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = parsed.find(std::string(json));
    if (it != parsed.end()) return it->second;
  }
  FLOE_ASSIGN_OR_RETURN(std::shared_ptr<const Schema> schema, Parse(json));
  std::lock_guard<std::mutex> lock(mutex);
  if (parsed.size() >= kMaxSharedSchemas) parsed.clear();
  parsed.emplace(std::string(json), schema);
  return schema;
}

}  // namespace floe::avro
