#include "floe/io/location_map.h"

#include <utility>

namespace floe::io {
namespace {

std::string_view StripTrailingSlashes(std::string_view s) {
  while (s.size() > 1 && s.back() == '/') s.remove_suffix(1);
  return s;
}

// The mapped location: TO, then what follows FROM's path in `path`, one '/' between.
std::string Replace(const LocationMap::Rule& rule, std::string_view path) {
  std::string_view rest = path.substr(rule.from_location.path().size());
  while (!rest.empty() && rest[0] == '/') rest.remove_prefix(1);
  if (rest.empty()) return rule.to;
  std::string out = rule.to;
  if (out.back() != '/') out += '/';
  out += rest;
  return out;
}

}  // namespace

Result<LocationMap> LocationMap::Make(const std::vector<std::string>& rules,
                                      std::optional<std::string> base) {
  LocationMap map;
  for (const std::string& rule : rules) FLOE_RETURN_IF_ERROR(map.AddRule(rule));
  if (base) FLOE_RETURN_IF_ERROR(map.SetBase(*base));
  return map;
}

Status LocationMap::AddRule(std::string_view text) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    return InvalidArgument("--location-map \"{}\": expected FROM=TO", text);
  }
  std::string_view raw_from = text.substr(0, eq);
  std::string_view raw_to = text.substr(eq + 1);
  if (raw_from.empty()) return InvalidArgument("--location-map \"{}\": FROM is empty", text);
  if (raw_to.empty()) return InvalidArgument("--location-map \"{}\": TO is empty", text);
  std::string context = fmt::format("--location-map \"{}\"", text);
  FLOE_RETURN_IF_ERROR(Location::Parse(raw_from).WithContext(context));
  FLOE_RETURN_IF_ERROR(Location::Parse(raw_to).WithContext(context));
  // "s3://b/wh/" and "s3://b/wh" are the same folder.
  std::string_view from = StripTrailingSlashes(raw_from);
  Rule rule;
  rule.from = std::string(from);
  rule.to = std::string(StripTrailingSlashes(raw_to));
  auto from_location = Location::Parse(from);
  if (!from_location.ok()) return std::move(from_location).error().WithContext(context);
  rule.from_location = std::move(from_location).value();
  rule.from_has_scheme = !rule.from_location.scheme().empty();
  rules_.push_back(std::move(rule));
  return Ok();
}

Status LocationMap::SetBase(std::string_view base) {
  auto parsed = Location::Parse(base);
  if (!parsed.ok()) return std::move(parsed).error().WithContext("--base");
  base_ = std::move(parsed).value();
  return Ok();
}

const LocationMap::Rule* LocationMap::MatchingRule(std::string_view text) const {
  auto parsed = Location::Parse(text);
  if (!parsed.ok()) return nullptr;
  const Location& loc = *parsed;
  const Rule* best = nullptr;
  for (const Rule& rule : rules_) {
    bool matches = rule.from_has_scheme
                       ? loc.IsWithin(rule.from_location)
                       // No scheme in FROM: the same path under any scheme and authority.
                       : IsPathPrefix(rule.from_location.path(), loc.path());
    if (matches && (best == nullptr || rule.from.size() > best->from.size())) best = &rule;
  }
  return best;
}

std::string LocationMap::Apply(std::string_view text) const {
  std::string out(text);
  if (const Rule* rule = MatchingRule(text)) {
    auto loc = Location::Parse(text);  // parses: MatchingRule found a rule for it
    out = Replace(*rule, loc->path());
  }
  if (base_) {
    auto loc = Location::Parse(out);
    if (loc.ok() && loc->IsRelative()) out = loc->ResolveAgainst(*base_).ToString();
  }
  return out;
}

namespace {

Error Remapped(Error error, std::string_view asked, const std::string& read) {
  if (asked == read) return error;
  error.message += fmt::format(" (location {} mapped to {})", asked, read);
  return error;
}

class RemappedFileIOImpl : public FileIO {
 public:
  RemappedFileIOImpl(std::shared_ptr<FileIO> inner, LocationMap map)
      : inner_(std::move(inner)), map_(std::move(map)) {}

  Result<std::unique_ptr<InputFile>> OpenInput(std::string_view location,
                                               std::optional<int64_t> known_length) override {
    std::string mapped = map_.Apply(location);
    auto file = inner_->OpenInput(mapped, known_length);
    if (!file.ok()) return Remapped(std::move(file).error(), location, mapped);
    return file;
  }

  Result<std::unique_ptr<OutputFile>> Create(std::string_view location, bool overwrite) override {
    if (map_.has_rules()) return ReadOnly(location);
    std::string mapped = map_.Apply(location);
    auto file = inner_->Create(mapped, overwrite);
    if (!file.ok()) return Remapped(std::move(file).error(), location, mapped);
    return file;
  }

  Status Delete(std::string_view location) override {
    if (map_.has_rules()) return ReadOnly(location);
    std::string mapped = map_.Apply(location);
    Status st = inner_->Delete(mapped);
    if (!st.ok()) return Remapped(std::move(st).error(), location, mapped);
    return st;
  }

  Result<bool> Exists(std::string_view location) override {
    std::string mapped = map_.Apply(location);
    auto exists = inner_->Exists(mapped);
    if (!exists.ok()) return Remapped(std::move(exists).error(), location, mapped);
    return exists;
  }

  std::string ReadLocation(std::string_view location) const override {
    return inner_->ReadLocation(map_.Apply(location));
  }

  Result<std::vector<FileInfo>> List(std::string_view prefix) override {
    std::string mapped = map_.Apply(prefix);
    auto listed = inner_->List(mapped);
    if (!listed.ok()) return Remapped(std::move(listed).error(), prefix, mapped);
    // Give the files back under the prefix the caller used, so that names it builds from them
    // map again the same way. A local inner FileIO may answer with plain paths for file: URIs.
    std::string mapped_path = mapped;
    if (auto loc = Location::Parse(mapped); loc.ok() && loc->IsLocal())
      mapped_path = loc->FilePath();
    for (FileInfo& info : *listed) {
      std::string_view l = info.location;
      if (l.substr(0, mapped.size()) == mapped) {
        info.location = std::string(prefix) + std::string(l.substr(mapped.size()));
      } else if (l.substr(0, mapped_path.size()) == mapped_path) {
        info.location = std::string(prefix) + std::string(l.substr(mapped_path.size()));
      }
    }
    return listed;
  }

 private:
  static Error ReadOnly(std::string_view location) {
    return InvalidArgument("{}: a remapped table is read-only (drop --location-map to write)",
                           location);
  }

  std::shared_ptr<FileIO> inner_;
  LocationMap map_;
};

}  // namespace

std::shared_ptr<FileIO> RemappedFileIO(std::shared_ptr<FileIO> inner, LocationMap map) {
  return std::make_shared<RemappedFileIOImpl>(std::move(inner), std::move(map));
}

}  // namespace floe::io
