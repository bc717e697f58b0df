#!/usr/bin/env bash
# read_parquet in `floe sql` against DuckDB, one thread, same file, same run (issue #25):
#   SELECT sum(d) FROM read_parquet('f.parquet') WHERE k < 10
# on a 10 M-row Parquet file (k int, d double, s string, ts timestamp, flag boolean) written by
# DuckDB, in two layouts: k ascending (row groups and pages prune) and k scattered (a hash of
# the row: no pruning, the filter keeps 1 row in 1,000,000 spread over the file).
# Reports the best of 5 wall times of the whole floe process and of the whole node process, and
# DuckDB's query time alone (inside node).
#
#   bench/read_parquet_sql.sh [FLOE_BINARY] [WORK_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
floe="${1:-$here/build/release/floe}"
work="${2:-$(mktemp -d)}"
duckdb="$here/tests/peers/duckdb.mjs"
runs=5
query_for() { echo "SELECT sum(d) FROM read_parquet('$1') WHERE k < 10"; }

make_file() {  # $1 path, $2 SQL for k from i
  [ -f "$1" ] && return
  node "$duckdb" "COPY (SELECT ($2)::INT AS k, i * 0.5 AS d, 'name' || (i % 1000) AS s,
      TIMESTAMP '2026-01-01' + INTERVAL (i) SECOND AS ts, i % 3 = 0 AS flag
      FROM range(10000000) t(i)) TO '$1' (FORMAT parquet)" > /dev/null
}

best() {  # best wall seconds of $runs runs of "$@"
  local best=""
  for _ in $(seq $runs); do
    local s e t
    s=$(date +%s.%N)
    "$@" > /dev/null
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

duck_query_best() {  # best query-only milliseconds inside one node process per run
  local best=""
  for _ in $(seq $runs); do
    local ms
    ms=$(node "$duckdb" --time "SET threads=1; $1" 2>&1 > /dev/null | sed -n 's/statement 1: \(.*\) ms/\1/p')
    if [ -z "$best" ] || [ "$(echo "$ms < $best" | bc)" = 1 ]; then best=$ms; fi
  done
  echo "$best"
}

make_file "$work/sorted.parquet" "i"
make_file "$work/scattered.parquet" "(hash(i) % 10000000)"
for layout in sorted scattered; do
  f="$work/$layout.parquet"
  q="$(query_for "$f")"
  floe_out=$("$floe" --threads 1 sql --format csv "$q" | tail -1)
  duck_out=$(node "$duckdb" "SET threads=1; $q" | tail -1)
  floe_s=$(best "$floe" --threads 1 sql --format csv "$q")
  node_s=$(best node "$duckdb" "SET threads=1; $q")
  duck_ms=$(duck_query_best "$q")
  echo "$layout: floe sql ${floe_s}s (sum $floe_out) | duckdb node process ${node_s}s," \
       "query ${duck_ms}ms (sum $duck_out) | floe/duckdb-process $(echo "scale=2; $floe_s / $node_s" | bc)x" \
       "floe/duckdb-query $(echo "scale=2; $floe_s * 1000 / $duck_ms" | bc)x"
done
