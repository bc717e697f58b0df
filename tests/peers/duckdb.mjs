#!/usr/bin/env node
// DuckDB for floe's tests and benchmarks: node duckdb.mjs "SQL; SQL; ..." (or the SQL on stdin).
// Each statement's rows print as one JSON array per line (numbers above 2^53 as strings, exact);
// `--time` prints each statement's wall time in milliseconds on stderr. Exit code 1 on error.
import { DuckDBInstance } from '@duckdb/node-api';
import fs from 'node:fs';

const args = process.argv.slice(2);
const time = args[0] === '--time';
if (time) args.shift();
const sql = args.length ? args.join(' ') : fs.readFileSync(0, 'utf8');
const con = await (await DuckDBInstance.create(':memory:')).connect();
try {
  const statements = await con.extractStatements(sql);
  for (let i = 0; i < statements.count; i++) {
    const start = process.hrtime.bigint();
    const result = await (await statements.prepare(i)).runAndReadAll();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (time) console.error(`statement ${i}: ${ms.toFixed(1)} ms`);
    for (const row of result.getRowsJson()) console.log(JSON.stringify(row));
  }
} catch (e) {
  console.error(String(e.message || e));
  process.exit(1);
}
