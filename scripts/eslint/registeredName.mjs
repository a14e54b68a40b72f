/**
 * ESLint rule: a module's index.ts registers a route plugin under a name
 * (`export { default as cardRoutes } from './routes'`), and the plugin's default export carries
 * that same name (`export default async function cardRoutes`), so a search for either finds both.
 * Where the plugins are registered, they keep that name: no `import { cardRoutes as orderRoutes }`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const defaultExport = /export\s+default\s+(?:async\s+)?(?:function\s*\*?\s*([A-Za-z_$][\w$]*)?|([A-Za-z_$][\w$]*)\s*;)/;

function sourceFile(from, specifier) {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => existsSync(file));
}

/** @type {import('eslint').Rule.RuleModule} */
export const registeredName = {
  meta: {
    type: 'problem',
    docs: { description: 'A default export re-exported under a name carries that name in its own file.' },
    schema: [],
    messages: {
      mismatch: "'{{file}}' exports '{{actual}}' by default but is registered as '{{registered}}': give both the same name.",
      anonymous: "'{{file}}' has no named default export; name it '{{registered}}'.",
      renamed: "'{{registered}}' is registered under its own name: import it without 'as {{local}}'.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !/(^|\/)modules\/[^/]+$/.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.imported.type !== 'Identifier') continue;
          const registered = specifier.imported.name;
          if (registered.endsWith('Routes') && specifier.local.name !== registered) {
            context.report({ node: specifier, messageId: 'renamed', data: { registered, local: specifier.local.name } });
          }
        }
      },
      ExportNamedDeclaration(node) {
        if (!node.source || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
        for (const specifier of node.specifiers) {
          if (specifier.local.type !== 'Identifier' || specifier.local.name !== 'default') continue;
          if (specifier.exported.type !== 'Identifier') continue;
          const registered = specifier.exported.name;
          const file = sourceFile(filename, node.source.value);
          if (!file) continue; // an unresolved import is import-x's and TypeScript's to report
          const match = defaultExport.exec(readFileSync(file, 'utf8'));
          const actual = match?.[1] ?? match?.[2];
          const data = { file: node.source.value, registered, actual };
          if (!actual) context.report({ node: specifier, messageId: 'anonymous', data });
          else if (actual !== registered) context.report({ node: specifier, messageId: 'mismatch', data });
        }
      },
    };
  },
};
