#include "floe/table/metrics_config.h"

#include <charconv>

#include "floe/commit/table_properties.h"
#include "floe/util/ascii.h"

namespace floe::table {

Result<MetricsMode> MetricsMode::Parse(std::string_view text) {
  std::string t = AsciiLower(text);
  MetricsMode m;
  if (t == "none") {
    m.kind = Kind::kNone;
  } else if (t == "counts") {
    m.kind = Kind::kCounts;
  } else if (t == "full") {
    m.kind = Kind::kFull;
  } else if (t.starts_with("truncate(") && t.ends_with(")")) {
    std::string_view n(t.data() + 9, t.size() - 10);
    int32_t length = 0;
    auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), length);
    if (ec != std::errc() || end != n.data() + n.size() || length <= 0) {
      return InvalidArgument("metrics mode \"{}\": the truncate length must be a positive integer",
                             text);
    }
    m.kind = Kind::kTruncate;
    m.length = length;
  } else {
    return InvalidArgument("metrics mode \"{}\" is not one of none, counts, truncate(N), full",
                           text);
  }
  return m;
}

std::string MetricsMode::ToString() const {
  switch (kind) {
    case Kind::kNone:
      return "none";
    case Kind::kCounts:
      return "counts";
    case Kind::kFull:
      return "full";
    case Kind::kTruncate:
      return "truncate(" + std::to_string(length) + ")";
  }
  return "";
}

Result<MetricsConfig> MetricsConfig::Make(const spec::Schema& schema,
                                          const std::map<std::string, std::string>& properties) {
  MetricsConfig config;
  const std::string* explicit_default = commit::kMetricsDefault.Find(properties);
  FLOE_ASSIGN_OR_RETURN(int32_t max_inferred,
                        commit::kMetricsMaxInferredColumnDefaults.Get(properties));
  if (explicit_default != nullptr) {
    auto m = MetricsMode::Parse(*explicit_default);
    if (!m.ok()) {
      return InvalidArgument("property {}: {}", commit::kMetricsDefault.name, m.error().message);
    }
    config.default_mode_ = *m;
  } else {
    // Without an explicit default, columns past the limit get none (Java's inferred defaults).
    int64_t count = 0;
    spec::VisitFields(schema.fields, [&](const spec::NestedField& f, const std::string&,
                                         const std::vector<int32_t>&) {
      if (f.type->is_primitive()) {
        ++count;
        if (count > max_inferred) config.modes_[f.id] = MetricsMode{MetricsMode::Kind::kNone, 0};
      }
      return true;
    });
  }
  for (const auto& [key, value] : properties) {
    std::optional<std::string_view> column = commit::kMetricsColumn.ColumnOf(key);
    if (!column) continue;
    auto m = MetricsMode::Parse(value);
    if (!m.ok()) return InvalidArgument("property {}: {}", key, m.error().message);
    const spec::NestedField* f = schema.FindFieldByName(*column);
    if (f == nullptr) continue;
    // A mode set on a struct, list or map applies to the primitive columns inside it.
    spec::VisitFields(
        std::vector<spec::NestedField>{*f},
        [&](const spec::NestedField& inner, const std::string&, const std::vector<int32_t>&) {
          config.modes_[inner.id] = *m;
          return true;
        });
  }
  return config;
}

MetricsMode MetricsConfig::ModeFor(int32_t field_id) const {
  auto it = modes_.find(field_id);
  return it != modes_.end() ? it->second : default_mode_;
}

}  // namespace floe::table
