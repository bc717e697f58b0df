// A python3 driver that runs `floe --warehouse WH sql` (the interactive shell) under a
// pseudo-terminal, for tests of what a user at a terminal sees. The driver is this prelude and a
// test's own body: argv is floe, the warehouse, HOME, then the test's arguments (`args`); the
// body can use
//   out                          every byte the terminal showed so far
//   wait_for(pattern, s, start)  read until `pattern` appears in out[start:] (True) or s seconds
//   wait_exit(s)                 the shell's exit status once it ends within s seconds, else None
// The terminal is `rows` x `cols` when both are given.
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>

namespace floe::testing {

inline std::string PtyShellDriver(std::string_view body, int rows = 0, int cols = 0) {
  const std::string size = rows > 0 && cols > 0
                               ? fmt::format(
                                     "    fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, "
                                     "struct.pack(\"HHHH\", {}, {}, 0, 0))\n",
                                     rows, cols)
                               : std::string();
  return R"py(import fcntl, os, pty, select, signal, struct, sys, termios, time
floe, wh, home = sys.argv[1:4]
args = sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
)py" + size +
         R"py(    os.environ["HOME"] = home
    os.execv(floe, [floe, "--warehouse", wh, "sql"])
out = b""
def wait_for(pattern, seconds, start=0):
    global out
    end = time.time() + seconds
    while pattern not in out[start:] and time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out += data
    return pattern in out[start:]
def wait_exit(seconds):
    end = time.time() + seconds
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        wait_for(b"\x00", 0.05)
    return None
)py" + std::string(body);
}

}  // namespace floe::testing
