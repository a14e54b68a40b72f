const path = require('node:path');

/** Taro's React wrappers of its web components, all in one module (see taro-component-loader.js). */
const wrappers = path.join(path.dirname(require.resolve('@tarojs/components/package.json')), 'lib', 'react', 'components.js');
/** The names it exports: other names imported from '@tarojs/components' are types, left as they are. */
const components = new Set(
  /^export \{([^}]+)\};$/m
    .exec(require('node:fs').readFileSync(wrappers, 'utf8'))[1]
    .split(',')
    .map((name) => name.trim()),
);

/**
 * H5 only: `import { Swiper, View } from '@tarojs/components'` becomes one import per component,
 * each from a module holding only that wrapper, so a page's chunk carries only what it shows.
 * Types imported beside them stay in the original import, which TypeScript then erases.
 */
module.exports = function taroComponentsH5({ types: t }) {
  const importedName = (specifier) => (t.isIdentifier(specifier.imported) ? specifier.imported.name : specifier.imported.value);
  return {
    name: 'taro-components-h5',
    visitor: {
      ImportDeclaration(importPath) {
        const { node } = importPath;
        if (node.source.value !== '@tarojs/components' || node.importKind === 'type') return;
        const split = node.specifiers.filter((s) => t.isImportSpecifier(s) && s.importKind !== 'type' && components.has(importedName(s)));
        if (split.length === 0) return;
        node.specifiers = node.specifiers.filter((s) => !split.includes(s));
        const imports = split.map((specifier) =>
          t.importDeclaration(
            [t.importSpecifier(t.identifier(specifier.local.name), t.identifier(importedName(specifier)))],
            t.stringLiteral(`${wrappers}?component=${importedName(specifier)}`),
          ),
        );
        if (node.specifiers.length === 0) importPath.replaceWithMultiple(imports);
        else importPath.insertAfter(imports);
      },
    },
  };
};
