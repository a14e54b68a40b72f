const path = require('node:path');

const sharedSource = path.resolve(__dirname, '..', '..', 'packages', 'shared', 'src');

/**
 * WeChat and Alipay run the bundle as it is ("es6": false in project.config.json) on clients whose
 * JavaScript engines can be old, so mini-program builds are compiled down to Taro's own default
 * targets for them rather than package.json's browserslist, which is H5's.
 */
const miniProgramTargets = { ios: '9', android: '5' };
const miniProgram = Boolean(process.env.TARO_ENV && process.env.TARO_ENV !== 'h5');
const h5 = process.env.TARO_ENV === 'h5';

// babel-preset-taro turns our TypeScript + React into code each platform (H5, weapp, alipay) runs;
// H5 renders with Preact (see frameworkFor in config/index.ts).
module.exports = {
  presets: [
    [
      'taro',
      { framework: h5 ? 'preact' : 'react', ts: true, compiler: 'webpack5', ...(miniProgram ? { targets: miniProgramTargets } : {}) },
    ],
  ],
  // H5 only: stops the build at an import of a Taro component that is a web component on H5 (see the plugin).
  plugins: h5 ? ['./config/babel-plugin-taro-components-h5.js'] : [],
  overrides: [
    { test: (file) => Boolean(file && file.startsWith(sharedSource)), plugins: ['./config/babel-plugin-pure-shared.js'] },
    ...(miniProgram ? [{ test: /node_modules[\\/]zod[\\/]/, plugins: ['./config/babel-plugin-guard-bigint.js'] }] : []),
  ],
};
