import { openDatabase } from "../server/db/index.ts";
import { MemoryCatalog } from "../server/catalog/memory-catalog.ts";
import { catchUp } from "../server/catalog/catalog-load.ts";
import { percentile } from "./bench/lib.ts";
const database = openDatabase({ engine: "sqlite", file: "/tmp/prof/manual/toolshelf.db" });
const mc = new MemoryCatalog({ bulk: true });
await catchUp(database, mc, -1, Date.now());
mc.compact();
const ids = [...mc.toolIds()];
for (let round = 0; round < 2; round++) {
const times: number[] = [];
let total = 0;
for (let i = 0; i < 400; i++) {
  const id = ids[(i * 7919 + round) % ids.length]!;
  const t = performance.now();
  const r = mc.similar(id, { from: 0, count: 24 });
  times.push(performance.now() - t);
  total += r!.total;
}
console.log(`similar p50 ${percentile(times.slice(100), 50).toFixed(2)} p95 ${percentile(times.slice(100), 95).toFixed(2)} ms, avg total ${(total / 400).toFixed(0)}`);
}
process.exit(0);
