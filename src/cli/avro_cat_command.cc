// `floe avro cat <file> [--limit N]`: the records of an Avro object container file as JSON lines.
#include "cli/command.h"
#include "floe/format/avro/container_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

FLOE_REGISTER_COMMAND(
    avro_cat,
    Command{
        .name = "avro cat",
        .summary = "print the records of an Avro file as JSON lines",
        .usage = "floe avro cat <file> [--limit N]",
        .details =
            "One JSON object per record, in file order. Unions are unwrapped to their value,\n"
            "bytes and fixed are lowercase hex, maps are objects, enums are their symbols,\n"
            "longs are exact, and logical types are shown as their raw Avro values.",
        .example = "  floe avro cat metadata/snap-1-1-a.avro --limit 5",
        .options = {{"--limit", "N", "print at most the first N records"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = [](const Invocation& inv) -> Status {
          FLOE_ASSIGN_OR_RETURN(auto limit, inv.args.GetInt("--limit"));
          if (limit && *limit < 0) return InvalidArgument("--limit must not be negative");
          auto io = io::LocalFileIO();
          FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file,
                                io->OpenInput(inv.args.positionals()[0]));
          FLOE_ASSIGN_OR_RETURN(auto reader, avro::DatumFileReader::Open(file));
          std::string out;
          bool warned = false;
          for (int64_t n = 0; !limit || n < *limit; ++n) {
            avro::Datum datum;
            FLOE_ASSIGN_OR_RETURN(bool more, reader->Next(&datum));
            if (!more) break;
            JsonWriter w(false);
            avro::WriteDatumJson(datum, w);
            if (w.replaced_invalid_utf8() && !warned) {
              PrintErr("warning: invalid UTF-8 in strings was replaced by U+FFFD\n");
              warned = true;
            }
            out += w.str();
            out += '\n';
            if (out.size() > (1 << 16)) {
              Print(out);
              out.clear();
            }
          }
          Print(out);
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
