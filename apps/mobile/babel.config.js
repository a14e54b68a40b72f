const path = require('node:path');

const sharedSource = path.resolve(__dirname, '..', '..', 'packages', 'shared', 'src');

// babel-preset-taro turns our TypeScript + React into code each platform (H5, weapp, alipay) runs.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
  overrides: [{ test: (file) => Boolean(file && file.startsWith(sharedSource)), plugins: ['./config/babel-plugin-pure-shared.js'] }],
};
