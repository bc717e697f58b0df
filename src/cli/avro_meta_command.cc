// `floe avro meta <file> [--json]`: an Avro object container file's schema, codec, header
// metadata, and its block and record counts.
#include <fmt/format.h>

#include "cli/command.h"
#include "floe/format/avro/container_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

std::string MetaJson(const avro::ContainerSummary& s) {
  JsonWriter w(true);
  w.BeginObject();
  w.Member("file", s.location);
  w.Member("size", s.file_size);
  w.Member("header_size", s.header_size);
  w.Member("codec", s.codec);
  w.Member("blocks", s.blocks);
  w.Member("records", s.records);
  w.Key("schema");
  w.Raw(s.schema->ToJson());
  w.Key("metadata");
  w.BeginObject();
  for (const auto& [k, v] : s.metadata) {
    if (k != "avro.schema") w.Member(k, v);
  }
  w.EndObject();
  w.EndObject();
  return w.Take() + "\n";
}

std::string MetaText(const avro::ContainerSummary& s) {
  std::string out;
  out += fmt::format("file: {}\n", s.location);
  out += fmt::format("size: {} bytes (header {} bytes)\n", s.file_size, s.header_size);
  out += fmt::format("codec: {}\n", s.codec);
  out += fmt::format("blocks: {}\n", s.blocks);
  out += fmt::format("records: {}\n", s.records);
  out += "metadata:\n";
  for (const auto& [k, v] : s.metadata) {
    if (k == "avro.schema") continue;
    JsonWriter w;
    w.String(v.size() > 300 ? v.substr(0, 300) + "..." : v);
    out += fmt::format("  {} = {}\n", k, w.str());
  }
  out += "schema:\n" + s.schema->ToJson(/*pretty=*/true) + "\n";
  return out;
}

FLOE_REGISTER_COMMAND(
    avro_meta,
    Command{
        .name = "avro meta",
        .summary = "print an Avro file's schema, codec, metadata, block and record counts",
        .usage = "floe avro meta <file> [--json]",
        .details = "Reads the header and walks the blocks (records are counted, not decoded).",
        .example = "  floe avro meta metadata/snap-1-1-a.avro\n"
                   "  floe avro meta metadata/a-m0.avro --json",
        .options = {{"--json", "", "print one JSON document"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = [](const Invocation& inv) -> Status {
          auto io = io::LocalFileIO();
          FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file,
                                io->OpenInput(inv.args.positionals()[0]));
          FLOE_ASSIGN_OR_RETURN(auto summary, avro::SummarizeContainer(file));
          Print(inv.args.Has("--json") ? MetaJson(summary) : MetaText(summary));
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
