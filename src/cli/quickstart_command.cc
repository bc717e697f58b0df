// `floe quickstart [DIR]`: floe's main job, the multi-engine walkthrough (issue 8). It writes a
// floe.yaml naming an embedded SQLite catalog `lake` in DIR, generates nine days of orders as CSV
// files, and runs each step as a separate `floe` process, printing the command and its output:
// create a table partitioned by days(order_ts) and append a week in one commit; refuse a file
// whose timestamps have no zone, then append the right one; aggregate; count with the plan
// showing the skipped days; read through a stale metadata pointer; rename a column; CREATE TABLE
// AS SELECT; list the snapshots with the engine that wrote each.
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli/command.h"
#include "floe/util/time.h"

namespace floe::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kRegions[] = {"seoul", "tokyo", "paris", "berlin", "austin"};
constexpr const char* kProducts[] = {"widget", "gadget", "gizmo", "sprocket"};
constexpr int kOrdersPerDay = 240;

// A day of orders as CSV: deterministic, so every run of the walkthrough shows the same numbers.
// `with_zone` false writes timestamps without an offset (a timestamp without time zone).
std::string OrdersCsv(int day, bool with_zone) {
  std::string out = "order_id,customer_id,region,product,amount,order_ts\n";
  uint64_t state = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(day);
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 33;
  };
  for (int i = 0; i < kOrdersPerDay; ++i) {
    uint64_t seconds = next() % 86400;
    out += fmt::format("o{:02}{:04},{},{},{},{},2026-03-{:02}T{:02}:{:02}:{:02}{}\n", day, i,
                       1000 + next() % 60, kRegions[next() % 5], kProducts[next() % 4],
                       1 + next() % 500, day, seconds / 3600, seconds / 60 % 60, seconds % 60,
                       with_zone ? "+00:00" : "");
  }
  return out;
}

Status WriteText(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return IoError("{}: cannot write", path.string());
  return Ok();
}

std::string ShellQuote(const std::string& a) {
  if (a.find_first_of(" '\"*()<>;=") == std::string::npos) return a;
  std::string out = "\"";
  for (char c : a) {
    if (c == '"' || c == '\\' || c == '$') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

// Runs `floe --config <config> <args>` as a child process, echoing the command first. Its
// output goes to ours, or into *captured. Returns the exit code.
Result<int> RunFloe(const std::string& config, const std::vector<std::string>& args,
                    std::string* captured = nullptr) {
  std::string line = "$ floe";
  for (const auto& a : args) line += " " + ShellQuote(a);
  Print(line + "\n");
  std::fflush(stdout);
  std::vector<std::string> argv_storage{"floe", "--config", config};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  int fds[2] = {-1, -1};
  if (captured && pipe(fds) != 0) return IoError("quickstart: pipe failed");
  pid_t pid = fork();
  if (pid < 0) return IoError("quickstart: fork failed");
  if (pid == 0) {
    if (captured) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
    }
    execv("/proc/self/exe", argv.data());
    _exit(127);
  }
  if (captured) {
    close(fds[1]);
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) captured->append(buf, static_cast<size_t>(n));
    close(fds[0]);
    Print(*captured);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return IoError("quickstart: waitpid failed");
  Print("\n");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

Status Expect(const Result<int>& code, bool success, std::string_view step) {
  if (!code.ok()) return code.error();
  if ((*code == 0) != success) {
    return Internal("quickstart: step \"{}\" {} (exit code {})", step,
                    success ? "failed" : "should have failed", *code);
  }
  return Ok();
}

void Heading(std::string_view text) { Print(fmt::format("== {}\n\n", text)); }

Status RunQuickstart(const Invocation& inv) {
  fs::path dir =
      fs::absolute(inv.args.positionals().empty() ? "floe-quickstart" : inv.args.positionals()[0]);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return IoError("{}: {}", dir.string(), ec.message());
  // A previous run's catalog and data are replaced; nothing else in DIR is touched.
  fs::remove_all(dir / "lake", ec);
  fs::remove_all(dir / "data", ec);
  fs::create_directories(dir / "data", ec);
  std::string config = (dir / "floe.yaml").string();
  FLOE_RETURN_IF_ERROR(
      WriteText(dir / "floe.yaml",
                fmt::format("catalog:\n  lake:\n    type: sql\n    uri: sqlite:///{}\n"
                            "    warehouse: {}\ndefault-catalog: lake\n",
                            (dir / "lake" / "catalog.db").string(), (dir / "lake").string())));
  for (int day = 1; day <= 9; ++day) {
    FLOE_RETURN_IF_ERROR(WriteText(dir / "data" / fmt::format("orders-2026-03-{:02}.csv", day),
                                   OrdersCsv(day, true)));
  }
  FLOE_RETURN_IF_ERROR(
      WriteText(dir / "data" / "orders-2026-03-08-no-zone.csv", OrdersCsv(8, false)));
  auto data = [&](std::string name) { return (dir / "data" / name).string(); };
  Print(
      fmt::format("floe quickstart in {}: floe.yaml names the SQLite catalog `lake`; orders for "
                  "2026-03-01..09 ({} a day) are CSV files in data/.\n\n",
                  dir.string(), kOrdersPerDay));

  Heading(
      "1. Create lake.eng.orders, partitioned by days(order_ts), and append March 1-7 in one "
      "commit");
  FLOE_RETURN_IF_ERROR(Expect(
      RunFloe(config,
              {"sql",
               "CREATE NAMESPACE lake.eng; CREATE TABLE lake.eng.orders (order_id string, "
               "customer_id bigint, "
               "region string, product string, amount int, order_ts timestamp) USING iceberg "
               "PARTITIONED BY (days(order_ts)) TBLPROPERTIES ('format-version' = '2')"}),
      true, "create"));
  std::vector<std::string> week{"append", "lake.eng.orders"};
  for (int day = 1; day <= 7; ++day)
    week.push_back(data(fmt::format("orders-2026-03-{:02}.csv", day)));
  FLOE_RETURN_IF_ERROR(Expect(RunFloe(config, week), true, "append March 1-7"));

  Heading(
      "2. Append March 8 from another process: a file without time zones is refused, the right one "
      "lands");
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"append", "lake.eng.orders", data("orders-2026-03-08-no-zone.csv")}),
             false, "refuse timestamps without zone"));
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"append", "lake.eng.orders", data("orders-2026-03-08.csv")}), true,
             "append March 8"));

  Heading("3. Revenue by region");
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"sql",
                              "SELECT region, sum(amount) AS amount, count(*) AS orders FROM "
                              "lake.eng.orders GROUP BY region ORDER BY region"}),
             true, "sum by region"));

  Heading("4. Seoul orders since March 5: the days before are never read");
  FLOE_RETURN_IF_ERROR(Expect(
      RunFloe(config, {"sql",
                       "SELECT count(*) AS orders FROM lake.eng.orders WHERE region = 'seoul' AND "
                       "order_ts >= TIMESTAMP '2026-03-05 00:00:00+00:00'"}),
      true, "count"));
  FLOE_RETURN_IF_ERROR(Expect(
      RunFloe(config, {"scan", "lake.eng.orders", "--filter",
                       "region = 'seoul' and order_ts >= '2026-03-05T00:00:00+00:00'", "--plan"}),
      true, "plan"));

  Heading("5. A stale pointer: keep the current metadata path, append March 9, read through both");
  std::string old_path;
  FLOE_RETURN_IF_ERROR(Expect(RunFloe(config, {"metadata-location", "lake.eng.orders"}, &old_path),
                              true, "metadata-location"));
  while (!old_path.empty() && (old_path.back() == '\n' || old_path.back() == '\r'))
    old_path.pop_back();
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"append", "lake.eng.orders", data("orders-2026-03-09.csv")}), true,
             "append March 9"));
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"count", old_path}), true, "count through the old path"));
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"count", "lake.eng.orders"}), true, "count through the catalog"));

  Heading("6. Rename region to area: the old files' values appear under the new name");
  FLOE_RETURN_IF_ERROR(Expect(
      RunFloe(config,
              {"sql",
               "ALTER TABLE lake.eng.orders RENAME COLUMN region TO area; "
               "SELECT area, count(*) AS orders FROM lake.eng.orders GROUP BY area ORDER BY area"}),
      true, "rename"));

  Heading("7. CREATE TABLE AS SELECT: a daily summary");
  FLOE_RETURN_IF_ERROR(Expect(
      RunFloe(config, {"sql",
                       "CREATE TABLE lake.eng.daily AS SELECT to_date(order_ts) AS d, count(*) AS "
                       "orders, sum(amount) AS amount "
                       "FROM lake.eng.orders GROUP BY 1; SELECT * FROM lake.eng.daily ORDER BY d"}),
      true, "ctas"));

  Heading("8. The snapshots, each with the engine that wrote it");
  FLOE_RETURN_IF_ERROR(Expect(RunFloe(config, {"sql", "SELECT * FROM lake.eng.orders.snapshots"}),
                              true, "snapshots"));
  FLOE_RETURN_IF_ERROR(
      Expect(RunFloe(config, {"sql",
                              "SELECT snapshot_id, operation, summary['engine-name'] AS engine, "
                              "summary['added-records'] AS added "
                              "FROM lake.eng.orders.snapshots ORDER BY committed_at"}),
             true, "snapshots summary"));

  Print(fmt::format("Done. Use the tables with: floe --config {} sql \"SELECT ...\"\n", config));
  return Ok();
}

}  // namespace

FLOE_REGISTER_COMMAND(
    quickstart,
    Command{
        .name = "quickstart",
        .summary =
            "run floe's walkthrough: create, append, query, evolve and inspect an orders table",
        .usage = "floe quickstart [DIR]",
        .details =
            "Writes DIR/floe.yaml (an embedded SQLite catalog `lake` under DIR/lake) and nine days "
            "of\n"
            "orders as CSV in DIR/data, then runs each step as its own floe command, printing the\n"
            "command and its output. DIR defaults to ./floe-quickstart; a previous run's lake/ "
            "and\n"
            "data/ there are replaced.",
        .example = "  floe quickstart /tmp/qs",
        .min_positionals = 0,
        .max_positionals = 1,
        .run = RunQuickstart,
    });

}  // namespace floe::cli
