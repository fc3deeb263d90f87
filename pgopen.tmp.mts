import { mkdtempSync, rmSync, cpSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './server/db/open.ts';
import { migrate } from './server/db/migrate.ts';
import { seedDemoData } from './server/db/seed.ts';
const tpl = '/tmp/hsuite-pgtpl';
if (!existsSync(tpl)) { const db = await openDatabase({ dataDir: tpl }); await migrate(db); await seedDemoData(db, { demoPassword: 'demo-password' }); await db.close(); console.log('template made'); process.exit(0); }
const dir = mkdtempSync(join(tmpdir(), 'hsuite-pgcopy-'));
let t = Date.now();
cpSync(tpl, dir, { recursive: true });
console.log('copy', Date.now() - t); t = Date.now();
const db = await openDatabase({ dataDir: dir });
console.log('open', Date.now() - t); t = Date.now();
const r = await db.query('select count(*)::int as n from opportunities');
console.log('first query', Date.now() - t, r); t = Date.now();
for (let i = 0; i < 20; i++) await db.query('select * from opportunities order by revenue desc limit 50');
console.log('20 queries', Date.now() - t); t = Date.now();
await db.close(); rmSync(dir, { recursive: true, force: true });
