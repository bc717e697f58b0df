// `floe version`: the same as `floe --version`, for scripts that prefer a command.
#include <fmt/format.h>

#include "cli/command.h"
#include "floe/util/version.h"

namespace floe::cli {

FLOE_REGISTER_COMMAND(version, Command{
                                   .name = "version",
                                   .summary = "print floe's version",
                                   .usage = "floe version",
                                   .example = "  floe version",
                                   .run = [](const Invocation&) -> Status {
                                     Print(fmt::format("floe {}\n", kFloeVersion));
                                     return Ok();
                                   },
                               });

}  // namespace floe::cli
