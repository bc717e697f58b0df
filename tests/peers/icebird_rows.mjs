// Reads a whole Iceberg table with icebird (an independent JavaScript reader) and prints every
// row as one JSON line (64-bit integers as decimal strings, dates/timestamps as ISO text).
// Usage: node icebird_rows.mjs <table folder> <metadata file name>
import fs from 'node:fs';
import { icebergRead, icebergMetadata } from 'icebird';

const [tableDir, metadataFileName] = process.argv.slice(2);
// icebird fetches URLs: serve local paths (with Range requests) from the file system.
globalThis.fetch = async (input, init = {}) => {
  const url = String(input);
  const p = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  if (!fs.existsSync(p)) return new Response('not found', { status: 404 });
  const buf = fs.readFileSync(p);
  if ((init.method || 'GET') === 'HEAD') {
    return new Response(null, { status: 200, headers: { 'content-length': String(buf.length) } });
  }
  const h = init.headers || {};
  const range = h.Range || h.range || (h.get && h.get('range'));
  if (range) {
    const [, s, e] = /bytes=(\d+)-(\d*)/.exec(range);
    const end = e ? Number(e) + 1 : buf.length;
    return new Response(buf.subarray(Number(s), end), { status: 206 });
  }
  return new Response(buf, { status: 200, headers: { 'content-length': String(buf.length) } });
};

const metadata = await icebergMetadata({ tableUrl: tableDir, metadataFileName });
const rows = await icebergRead({ tableUrl: tableDir, metadata });
const text = (v) => (typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v);
for (const row of rows) {
  console.log(JSON.stringify(row, (k, v) => text(v)));
}
