import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { machineCatalogue } from '../../../src/machines/catalogue.ts';

const machinesDir = fileURLToPath(new URL('../../../src/machines/', import.meta.url));

/** Every `export const <name>Machine` in src/machines, by file. */
function exportedMachines(): Array<{ file: string; name: string }> {
  return readdirSync(machinesDir)
    .filter((file) => file.endsWith('.ts') && file !== 'catalogue.ts')
    .flatMap((file) =>
      [...readFileSync(machinesDir + file, 'utf8').matchAll(/export const (\w+Machine)\b/g)].map((match) => ({
        file,
        name: match[1]!,
      })),
    );
}

describe('the machine catalogue', () => {
  test('registers every machine exported from src/machines, so no tool needs a list of its own', async () => {
    const exported = exportedMachines();
    expect(exported.length).toBeGreaterThanOrEqual(7);
    const catalogued = new Set(machineCatalogue.map((entry) => entry.machine));
    for (const { file, name } of exported) {
      const module = (await import(`../../../src/machines/${file}`)) as Record<string, unknown>;
      expect(catalogued.has(module[name] as never), `${name} from src/machines/${file} is not in the catalogue`).toBe(true);
    }
    expect(machineCatalogue).toHaveLength(exported.length);
  });

  test('names each machine by its own id, once', () => {
    for (const entry of machineCatalogue) expect(entry.id).toBe(entry.machine.id);
    const ids = machineCatalogue.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('says in one line what each machine governs', () => {
    for (const entry of machineCatalogue) {
      expect(entry.governs).toMatch(/^\S.*\.$/);
      expect(entry.governs).not.toContain('\n');
    }
  });
});
