#include "floe/commit/metadata_file.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "floe/commit/table_properties.h"
#include "floe/format/compression/codec.h"
#include "floe/spec/table_metadata_json.h"

namespace floe::commit {
namespace {

constexpr std::string_view kMetadataSuffix = ".metadata.json";
constexpr std::string_view kGzMetadataSuffix = ".gz.metadata.json";

std::string_view BaseName(std::string_view location) {
  size_t slash = location.find_last_of('/');
  return slash == std::string_view::npos ? location : location.substr(slash + 1);
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}
bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::optional<int64_t> ParseNonNegative(std::string_view digits) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || ptr != digits.data() + digits.size() || v < 0) return std::nullopt;
  return v;
}

// The name without ".gz.metadata.json" / ".metadata.json", or nullopt for other names.
std::optional<std::string_view> MetadataStem(std::string_view name) {
  if (EndsWith(name, kGzMetadataSuffix))
    return name.substr(0, name.size() - kGzMetadataSuffix.size());
  if (EndsWith(name, kMetadataSuffix)) return name.substr(0, name.size() - kMetadataSuffix.size());
  return std::nullopt;
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::string JoinPath(std::string_view folder, std::string_view name) {
  std::string out(folder);
  if (!out.empty() && out.back() != '/') out += '/';
  out += name;
  return out;
}

// Files directly in `folder` (not below it), by name.
Result<std::vector<std::string>> ListNames(io::FileIO& io, std::string_view folder) {
  std::string prefix = JoinPath(folder, "");
  FLOE_ASSIGN_OR_RETURN(std::vector<io::FileInfo> files, io.List(prefix));
  std::vector<std::string> names;
  for (const io::FileInfo& f : files) {
    if (!StartsWith(f.location, prefix)) continue;
    std::string_view rest = std::string_view(f.location).substr(prefix.size());
    if (rest.empty() || rest.find('/') != std::string_view::npos) continue;
    names.emplace_back(rest);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string ListCandidates(const std::vector<std::string>& paths) {
  std::string out;
  for (const std::string& p : paths) out += "\n  " + p;
  return out;
}

}  // namespace

Result<std::string> ReadMetadataJson(io::FileIO& io, std::string_view location) {
  FLOE_ASSIGN_OR_RETURN(std::string bytes, io::ReadFile(io, location));
  std::optional<compression::CodecKind> kind;
  if (bytes.size() >= 2 && static_cast<uint8_t>(bytes[0]) == 0x1f &&
      static_cast<uint8_t>(bytes[1]) == 0x8b) {
    kind = compression::CodecKind::kGzip;
  } else if (bytes.size() >= 4 && static_cast<uint8_t>(bytes[0]) == 0x28 &&
             static_cast<uint8_t>(bytes[1]) == 0xb5 && static_cast<uint8_t>(bytes[2]) == 0x2f &&
             static_cast<uint8_t>(bytes[3]) == 0xfd) {
    kind = compression::CodecKind::kZstd;
  } else if (EndsWith(location, kGzMetadataSuffix) || EndsWith(location, ".metadata.json.gz")) {
    return Corrupt(
        "metadata {}: the name says gzip, but the file does not start with a gzip header",
        BaseName(location));
  }
  if (!kind) return bytes;
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<compression::Codec> codec, compression::MakeCodec(*kind));
  std::string json;
  Status st = codec->Decompress(bytes, &json);
  if (!st.ok())
    return std::move(st).error().WithContext(fmt::format("metadata {}", BaseName(location)));
  return json;
}

Result<spec::TableMetadata> ReadMetadataFile(io::FileIO& io, std::string_view location) {
  FLOE_ASSIGN_OR_RETURN(std::string json, ReadMetadataJson(io, location));
  return spec::ParseTableMetadata(json).WithContext(fmt::format("metadata {}", BaseName(location)));
}

Result<MetadataCodec> MetadataCodecOf(const spec::TableMetadata& metadata) {
  Result<std::string_view> codec = kMetadataCompressionCodec.Get(metadata.properties);
  // A codec floe does not write (Java does not either) is NotSupported, as a file's codec is.
  if (!codec.ok()) return Error{ErrorKind::kNotSupported, codec.error().message};
  return *codec == "gzip" ? MetadataCodec::kGzip : MetadataCodec::kNone;
}

std::string_view MetadataFileSuffix(MetadataCodec codec) {
  return codec == MetadataCodec::kGzip ? kGzMetadataSuffix : kMetadataSuffix;
}

std::string MetadataFileName(int64_t version, std::string_view uuid, MetadataCodec codec) {
  return fmt::format("{:05d}-{}{}", version, uuid, MetadataFileSuffix(codec));
}

Status WriteMetadataFile(io::FileIO& io, std::string_view location,
                         const spec::TableMetadata& metadata, bool overwrite) {
  FLOE_ASSIGN_OR_RETURN(MetadataCodec codec, MetadataCodecOf(metadata));
  std::string json = spec::WriteTableMetadata(metadata);
  if (codec == MetadataCodec::kGzip) {
    FLOE_ASSIGN_OR_RETURN(std::unique_ptr<compression::Codec> gzip,
                          compression::MakeCodec(compression::CodecKind::kGzip));
    std::string compressed;
    FLOE_RETURN_IF_ERROR(gzip->Compress(json, &compressed));
    return io::WriteFile(io, location, compressed, overwrite);
  }
  return io::WriteFile(io, location, json, overwrite);
}

std::optional<int64_t> MetadataFileVersion(std::string_view file_name) {
  auto stem = MetadataStem(BaseName(file_name));
  if (!stem) return std::nullopt;
  if (StartsWith(*stem, "v")) return ParseNonNegative(stem->substr(1));
  // <NNNNN>-<uuid>: digits, then a dash.
  size_t dash = stem->find('-');
  if (dash == std::string_view::npos || dash == 0) return std::nullopt;
  return ParseNonNegative(stem->substr(0, dash));
}

Result<std::string> FindCurrentMetadataFile(io::FileIO& io, std::string_view table_folder) {
  // The folder holding metadata/, or the metadata folder itself.
  std::string folder = JoinPath(table_folder, "metadata");
  FLOE_ASSIGN_OR_RETURN(std::vector<std::string> names, ListNames(io, folder));
  if (names.empty()) {
    folder = std::string(table_folder);
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
    FLOE_ASSIGN_OR_RETURN(names, ListNames(io, folder));
  }
  auto exists = [&](std::string_view name) {
    return std::binary_search(names.begin(), names.end(), std::string(name));
  };
  auto pick = [&](std::vector<std::string> candidates,
                  std::string_view what) -> Result<std::string> {
    std::vector<std::string> found;
    for (const std::string& c : candidates) {
      if (exists(c)) found.push_back(JoinPath(folder, c));
    }
    // The folder was listed before the hint was read: a writer may have published the version
    // the hint names (and rewritten the hint) in between, so ask for it directly.
    for (const std::string& c : candidates) {
      if (!found.empty()) break;
      FLOE_ASSIGN_OR_RETURN(bool now, io.Exists(JoinPath(folder, c)));
      if (now) found.push_back(JoinPath(folder, c));
    }
    if (found.empty()) {
      return NotFound("{}: {} names {}, which does not exist", table_folder, what,
                      JoinPath(folder, candidates.front()));
    }
    if (found.size() > 1) {
      return Corrupt("{}: the current metadata is ambiguous; candidates:{}", table_folder,
                     ListCandidates(found));
    }
    return found.front();
  };

  if (exists("version-hint.text")) {
    std::string hint_path = JoinPath(folder, "version-hint.text");
    FLOE_ASSIGN_OR_RETURN(std::string text, io::ReadFile(io, hint_path));
    std::string hint = Trim(text);
    if (hint.empty()) return Corrupt("{}: version-hint.text is empty", folder);
    if (std::optional<int64_t> n = ParseNonNegative(hint)) {
      return pick({fmt::format("v{}.metadata.json", *n), fmt::format("v{}.gz.metadata.json", *n)},
                  fmt::format("version-hint.text ({})", hint));
    }
    if (hint.find('/') != std::string::npos) {
      return Corrupt("{}: version-hint.text holds \"{}\", neither a version nor a file stem",
                     folder, hint);
    }
    return pick({hint + ".metadata.json", hint + ".gz.metadata.json"},
                fmt::format("version-hint.text ({})", hint));
  }

  std::map<int64_t, std::vector<std::string>> by_version;
  for (const std::string& name : names) {
    if (auto v = MetadataFileVersion(name)) by_version[*v].push_back(JoinPath(folder, name));
  }
  if (by_version.empty()) {
    return NotFound(
        "{}: no table metadata found (no version-hint.text and no "
        "v<N>.metadata.json or <NNNNN>-<uuid>.metadata.json files)",
        table_folder);
  }
  const auto& [version, files] = *by_version.rbegin();
  if (files.size() > 1) {
    return Corrupt(
        "{}: the current metadata is ambiguous: {} files have version {}; "
        "candidates:{}\nname one with --metadata FILE",
        table_folder, files.size(), version, ListCandidates(files));
  }
  return files.front();
}

}  // namespace floe::commit
