// A real full disk (issue 24): the warehouse, catalog database included, on a small tmpfs in a
// mount namespace of its own, filled up; then appends while space is freed one page at a time.
// Every refused append names the full disk and leaves the warehouse's files as they were (no
// data, manifest or metadata file), one of them is refused by the catalog swap itself after its
// metadata file was written (the commit layer deletes that file), the table reads at its old
// state, and once space is freed an append works.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

// $1 mount point, $2 output folder, $3 floe, $4 a CSV to append. Exit 99: no tmpfs here.
constexpr const char* kScript = R"sh(set -u
M=$1; OUT=$2; FLOE=$3; CSV=$4
mount -t tmpfs -o size=1m tmpfs "$M" || exit 99
F() { "$FLOE" --warehouse "$M/wh" "$@"; }
F create namespace db >/dev/null || exit 98
F create table db.t --schema "id long, name string" >/dev/null || exit 98
F append db.t "$CSV" >/dev/null || exit 98
F metadata-location db.t > "$OUT/location-before"
# SQLite's own -wal and -shm files come and go with its connections.
tree() { (cd "$M/wh" && find . -type f ! -name 'catalog.db-*' | sort); }
tree > "$OUT/tree-before"
dd if=/dev/zero of="$M/fill" bs=4096 2>/dev/null
i=0
while [ $i -lt 100 ]; do
  i=$((i+1))
  truncate -s -4096 "$M/fill" || break
  F append db.t "$CSV" >/dev/null 2>"$OUT/err-$i"; echo $? > "$OUT/rc-$i"
  tree > "$OUT/tree-$i"
  if grep -q "the commit was not recorded" "$OUT/err-$i"; then break; fi
  if [ "$(cat "$OUT/rc-$i")" = 0 ]; then break; fi
done
echo $i > "$OUT/attempts"
rm -f "$M/fill"
F metadata-location db.t > "$OUT/location-after" 2>&1
F count db.t > "$OUT/count-after" 2>&1
F append db.t "$CSV" >/dev/null 2>"$OUT/err-final"; echo $? > "$OUT/rc-final"
F count db.t > "$OUT/count-final" 2>&1
)sh";

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

TEST(DiskFullTest, AppendsOnAFullDiskNameItLeaveNoFilesAndWorkOnceSpaceIsFreed) {
  if (geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root (tests run as root in CI)";
  TempDir dir;
  const std::string mount_point = dir.Join("mnt");
  const std::string out = dir.Join("out");
  std::filesystem::create_directories(mount_point);
  std::filesystem::create_directories(out);
  std::ofstream(dir.Join("rows.csv")) << "id,name\n1,a\n2,b\n";
  std::ofstream(dir.Join("full.sh")) << kScript;
  CommandResult r = RunCommand("unshare -m sh " + ShellQuote(dir.Join("full.sh")) + " " +
                               ShellQuote(mount_point) + " " + ShellQuote(out) + " " +
                               ShellQuote(FloeBinary()) + " " + ShellQuote(dir.Join("rows.csv")));
  if (r.exit_code == 99 || r.err.find("unshare:") != std::string::npos) {
    GTEST_SKIP() << "no mount namespace or tmpfs here (unshare -m / mount -t tmpfs failed): "
                 << r.err;
  }
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  auto read = [&](const std::string& name) { return ReadFileToString(out + "/" + name); };
  const int attempts = std::stoi(read("attempts"));
  const std::string tree_before = read("tree-before");
  bool swap_refused = false;
  for (int i = 1; i <= attempts; ++i) {
    SCOPED_TRACE(fmt::format("attempt {} (one more free page each)", i));
    std::string err = read(fmt::format("err-{}", i));
    ASSERT_NE(read(fmt::format("rc-{}", i)), "0\n") << "appended before the catalog refused one";
    EXPECT_NE(Lower(err).find("no space left on device"), std::string::npos) << err;
    EXPECT_EQ(read(fmt::format("tree-{}", i)), tree_before) << err;
    if (err.find("the commit was not recorded") != std::string::npos) {
      swap_refused = true;
      EXPECT_NE(err.find("the disk holding the catalog database is full"), std::string::npos)
          << err;
      EXPECT_EQ(err.find("gave up after"), std::string::npos) << "a full disk is not retried";
    }
  }
  EXPECT_TRUE(swap_refused) << "no attempt reached the catalog swap in " << attempts << " pages";
  EXPECT_EQ(read("location-after"), read("location-before"));
  EXPECT_EQ(read("count-after"), "2\n");
  EXPECT_EQ(read("rc-final"), "0\n") << read("err-final");
  EXPECT_EQ(read("count-final"), "4\n");
}

}  // namespace
}  // namespace floe::testing
