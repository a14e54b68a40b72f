/**
 * H5 only. Taro's React wrappers live in one module (lib/react/components.js) that imports all 98
 * web components, so a page showing a View also fetched the swiper, picker and textarea code.
 * `components.js?component=Swiper` is loaded as a module of its own holding that one wrapper
 * (see babel-plugin-taro-components-h5.js), so each page bundles only the components it shows.
 */
module.exports = function taroComponentLoader(source) {
  const name = new URLSearchParams(this.resourceQuery.slice(1)).get('component');
  if (name === 'Block') return "export { Fragment as Block } from 'react';\n";
  const line = new RegExp(`^const ${name} = /\\*@__PURE__\\*/ createReactComponent\\('([a-z-]+)', (.*), (\\w+)\\);$`, 'm').exec(source);
  if (!line) throw new Error(`@tarojs/components has no component ${name}`);
  const [, tag, args] = line;
  return [
    "import { manipulatePropsFunction } from './helper.js';",
    "import './react-component-lib/index.js';",
    "import { createReactComponent } from './react-component-lib/createComponent.js';",
    `import { defineCustomElement } from '@tarojs/components/dist/components/${tag}.js';`,
    `export const ${name} = /*@__PURE__*/ createReactComponent('${tag}', ${args}, defineCustomElement);`,
    '',
  ].join('\n');
};
