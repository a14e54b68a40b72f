// Alipay looks for its custom tab bar in customize-tab-bar/; it is the same bar as WeChat's.
export { default } from '../custom-tab-bar';
