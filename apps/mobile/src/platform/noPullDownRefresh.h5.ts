/**
 * H5 only: takes the place of Taro's pull-down refresh (see config/index.ts), which Taro's entry
 * imports for pages whose config turns `enablePullDownRefresh` on. No page does (pageConfig.ts):
 * the pages that refresh by pulling draw components/PullRefresh themselves. Should a page turn it
 * on, it fails on first show with this message rather than silently not refreshing.
 */
export default function PullDownRefresh(): never {
  throw new Error('Taro pull-down refresh is left out of the H5 build: draw components/PullRefresh in the page instead');
}
