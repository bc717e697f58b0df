#!/usr/bin/env node
// hyparquet's decode of a Parquet file for floe's tests: node hyparquet_rows.mjs FILE prints all
// rows as one JSON array of row arrays, in hyparquet's toJson forms (the shape of the corpus's
// hyparquet/test/files/*.json).
import { parquetRead, toJson } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import fs from 'node:fs';

const bytes = fs.readFileSync(process.argv[2]);
const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
try {
  await parquetRead({ file, compressors, onComplete: (rows) => console.log(JSON.stringify(toJson(rows))) });
} catch (e) {
  console.error(String(e.message || e));
  process.exit(1);
}
