import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the console's first load (the entry and everything it imports statically) may hold: the
 * login page and the providers, not the pages nor the libraries only pages use, which load by
 * route (pageRoutes.tsx). Read from the sources, so it holds for any build.
 */
const src = dirname(fileURLToPath(import.meta.url));

interface Imported {
  from: string;
  names: string[];
}

/** The value imports of a module (type-only imports and dynamic `import()` leave nothing in the first load). */
function staticImports(file: string): Imported[] {
  const code = readFileSync(file, 'utf8');
  const found: Imported[] = [];
  for (const match of code.matchAll(/^(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?'([^']+)';/gm)) {
    if (match[1]) continue;
    const clause = match[2] ?? '';
    const names = [...(/\{([\s\S]*)\}/.exec(clause)?.[1] ?? '').split(',')]
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!);
    if (clause && !clause.includes('{') && !clause.startsWith('*')) names.push('default');
    found.push({ from: match[3]!, names });
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
  if (!file) throw new Error(`${relative(src, from)} imports ${specifier}, which is not there`);
  return file;
}

/** Every own module the entry reaches statically, and every package import among them. */
function firstLoad() {
  const modules = new Set<string>();
  const packages: (Imported & { by: string })[] = [];
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const imported of staticImports(file)) {
      if (imported.from.startsWith('.')) {
        if (!imported.from.endsWith('.css')) visit(resolveLocal(file, imported.from));
      } else packages.push({ ...imported, by: relative(src, file) });
    }
  };
  visit(join(src, 'main.tsx'));
  return { modules: [...modules].map((file) => relative(src, file)), packages };
}

describe('the console first load', () => {
  const { modules, packages } = firstLoad();

  it('holds the login page and no other page', () => {
    expect(modules).toContain('pages/login.tsx');
    expect(modules.filter((m) => m.startsWith('pages/') && m !== 'pages/login.tsx')).toEqual([]);
    expect(modules).not.toContain('components/ConsoleLayout.tsx');
  });

  it('imports none of the libraries only the frame and the pages use', () => {
    // antd/locale/* are CommonJS copies that drag antd/lib modules in beside antd/es.
    const heavy = /^(@refinedev\/antd(?!\/dist\/reset\.css$)|recharts|@tiptap\/|papaparse|zod|qs$|antd\/(lib|locale)\/)/;
    expect(packages.filter((p) => heavy.test(p.from)).map((p) => `${p.by}: ${p.from}`)).toEqual([]);
  });

  it('takes from antd only what the login page and the loading state show', () => {
    // Card too: it imports Tabs and Skeleton for its tab list and loading state (PlainCard stands in).
    const pageOnly = [
      'Card',
      'Table',
      'Result',
      'List',
      'Select',
      'Tabs',
      'Modal',
      'Drawer',
      'Descriptions',
      'DatePicker',
      'Upload',
      'Menu',
      'Layout',
    ];
    const used = packages.filter((p) => p.from === 'antd').flatMap((p) => p.names.map((name) => `${p.by}: ${name}`));
    expect(used.filter((entry) => pageOnly.includes(entry.split(': ')[1]!))).toEqual([]);
  });
});
