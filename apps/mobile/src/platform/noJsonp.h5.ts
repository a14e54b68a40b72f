/**
 * H5 only: takes the place of jsonp-retry, which Taro's request imports for its `jsonp` option (see
 * config/index.ts). The app never asks for JSONP, so the library was only bytes in the entry; a
 * request that did ask would fail with this error instead of going out.
 */
export default function jsonpUnsupported(): Promise<never> {
  return Promise.reject(new Error('JSONP requests are not supported by this app'));
}
