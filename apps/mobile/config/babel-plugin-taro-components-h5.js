const { readFileSync } = require('node:fs');
const path = require('node:path');

const sourceRoot = path.resolve(__dirname, '..', 'src') + path.sep;

/** The components @tarojs/components-react draws itself as plain elements (`export { default as View } from './components/view/…'`). */
const plain = new Set(
  [
    ...readFileSync(require.resolve('@tarojs/components-react'), 'utf8').matchAll(
      /^export \{ default as (\w+) \} from '\.\/components\//gm,
    ),
  ].map(([, name]) => name),
);

/** Every component Taro has as a web component (its React wrappers' export list); other names imported beside them are types. */
const webComponents = /^export \{([^}]+)\};$/m
  .exec(
    readFileSync(path.join(path.dirname(require.resolve('@tarojs/components/package.json')), 'lib', 'react', 'components.js'), 'utf8'),
  )[1]
  .split(',')
  .map((name) => name.trim());

/** Why a component may not be imported on H5, by name: those components-react re-exports from the web components, and its Swiper. */
const refused = new Map(
  webComponents
    .filter((name) => !plain.has(name))
    .map((name) => [name, 'is a Taro web component on H5, and one loads their whole runtime']),
);
refused.set('Swiper', 'brings the whole swiper library on H5 (components/Carousel has a plain one)');
refused.set('SwiperItem', refused.get('Swiper'));

/**
 * H5 only (babel.config.js). config/index.ts sets `useHtmlComponents`, so `@tarojs/components` is
 * @tarojs/components-react there: plain React components for the few it implements, Taro's web
 * components for the rest. One web component on a page loads their runtime before its first paint,
 * so the build stops at an import of one from the app's own code: such a component needs an H5 file
 * of plain elements beside it (`x.h5.tsx`, as components/Textarea has), or a native-only file with
 * an H5 stand-in (pages/share/PosterCanvas.tsx). Libraries' own imports are theirs (webpack also
 * compiles NutUI components the app never shows).
 */
module.exports = function taroComponentsH5({ types: t }) {
  const nameOf = (node) => (t.isIdentifier(node) ? node.name : node.value);
  const refuse = (nodePath, name) => {
    const reason = name === '*' ? 'imports every component, web components included' : `${name} ${refused.get(name)}`;
    throw nodePath.buildCodeFrameError(
      `@tarojs/components ${reason}. Give it an H5 file of plain elements beside it (x.h5.tsx) and import that instead.`,
    );
  };
  const check = (nodePath, state) => {
    const { node } = nodePath;
    if (!state.filename?.startsWith(sourceRoot) || node.source?.value !== '@tarojs/components') return;
    if (node.importKind === 'type' || node.exportKind === 'type') return;
    for (const specifier of node.specifiers ?? []) {
      if (t.isImportNamespaceSpecifier(specifier) || t.isExportNamespaceSpecifier(specifier)) refuse(nodePath, '*');
      if (specifier.importKind === 'type' || specifier.exportKind === 'type') continue;
      const name = t.isImportSpecifier(specifier)
        ? nameOf(specifier.imported)
        : t.isExportSpecifier(specifier)
          ? nameOf(specifier.local)
          : null;
      if (name && refused.has(name)) refuse(nodePath, name);
    }
  };
  return {
    name: 'taro-components-h5',
    visitor: {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration(nodePath, state) {
        if (state.filename?.startsWith(sourceRoot) && nodePath.node.source.value === '@tarojs/components') refuse(nodePath, '*');
      },
    },
  };
};
