#!/usr/bin/env node
// Rewrites a Parquet file with parquet-wasm (arrow-rs) for floe's tests: node rewrite_parquet.mjs
// IN OUT [ROWS_PER_ROW_GROUP] [DATA_PAGE_BYTES]. arrow-rs writes page-level statistics, so the
// output has a page index (ColumnIndex + OffsetIndex) on every column; small data pages make
// many pages per column chunk.
import * as pw from 'parquet-wasm/node';
import fs from 'node:fs';

const [src, dst, rowGroup = '1048576', pageBytes = '1048576'] = process.argv.slice(2);
if (!src || !dst) {
  console.error('usage: node rewrite_parquet.mjs IN OUT [ROWS_PER_ROW_GROUP] [DATA_PAGE_BYTES]');
  process.exit(2);
}
const table = pw.readParquet(new Uint8Array(fs.readFileSync(src)));
const props = new pw.WriterPropertiesBuilder()
  .setMaxRowGroupSize(Number(rowGroup))
  .setDataPageSizeLimit(Number(pageBytes))
  .setWriteBatchSize(64)
  .setStatisticsEnabled(pw.EnabledStatistics.Page)
  .build();
fs.writeFileSync(dst, pw.writeParquet(table, props));
