import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHARTS_DIR, generateCharts } from './charts/generate.ts';

/** `npm run charts`: rewrites docs/machines/ from the machine catalogue. */
const dir = join(fileURLToPath(new URL('..', import.meta.url)), CHARTS_DIR);
const files = generateCharts();
mkdirSync(dir, { recursive: true });
// A machine that left the catalogue takes its page and chart with it.
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
for (const [name, content] of files) writeFileSync(join(dir, name), content);
console.log(`Wrote ${files.size} files to ${CHARTS_DIR}/`);
