import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/*
 * One way to wire a flow: the actors of every flow are provided in src/wiring/,
 * and a screen gets its running actor from useFlow. These rules read the sources,
 * so a screen that goes around them fails here, not in review.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

function sourcesUnder(folder: string): { path: string; text: string }[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const path = relative(root, join(entry.parentPath, entry.name));
      return { path, text: readFileSync(join(root, path), 'utf8') };
    });
}

const ui = sourcesUnder('src/ui');
/** Every module a source names: static, type-only, re-exported and dynamic imports, in either quote. */
const importsOf = (text: string) => [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*(['"])([^'"]+)\1/g)].map((match) => match[2]!);
/** Whether `file` imports a module inside `folder` (relative imports resolved from the file, so `../../api` counts too). */
const importsFrom = (file: { path: string; text: string }, folder: string) =>
  importsOf(file.text)
    .filter((name) => name.startsWith('.'))
    .some((name) => {
      const target = join(dirname(file.path), name);
      return target === folder || target.startsWith(folder + sep);
    });

/** The files of `files` for which `breaks` holds, by path: the failure names them. */
const breaking = (files: typeof ui, breaks: (text: string) => boolean) => files.filter(({ text }) => breaks(text)).map(({ path }) => path);

describe('screens get their flows from the one hook', () => {
  test('the rules see the screens', () => {
    expect(ui.length).toBeGreaterThan(40);
  });

  test('no file in src/ui imports the API client', () => {
    expect(ui.filter((file) => importsFrom(file, join('src', 'api'))).map(({ path }) => path)).toEqual([]);
  });

  test('no file in src/ui provides a machine with its actors', () => {
    expect(breaking(ui, (text) => /(\.\s*provide|\[\s*['"]provide['"]\s*\])\s*(\?\.)?\(/.test(text))).toEqual([]);
  });

  test('no file in src/ui starts an actor but the one hook', () => {
    const starters = ui.filter(({ path }) => path !== join('src', 'ui', 'kit', 'services.tsx'));
    expect(breaking(starters, (text) => /\buse(ActorRef|Machine)\(|\bcreateActor\(/.test(text))).toEqual([]);
  });

  test('no file in src/ui imports the inspector; it arrives with the services', () => {
    expect(breaking(ui, (text) => importsOf(text).some((path) => path.endsWith('platform/inspector.ts')))).toEqual([]);
  });

  test("the caller's tenant is read in one place", () => {
    const everywhere = [...ui, ...sourcesUnder('src/wiring'), ...sourcesUnder('src/machines')];
    expect(breaking(everywhere, (text) => /tenant_id\s*(\|\||\?\?)/.test(text))).toEqual([]);
  });
});
