/** An address with a scheme of its own (https:, data:) or a host of its own (//cdn…), never joined to ours. */
export const isAbsoluteAddress = (address: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(address);

/**
 * A stored file's address (docs/product.md "Client state and storage"): server paths from
 * `origin` (the API host, or '' for the page's own), absolute addresses as they are.
 */
export const assetAddress = (path: string, origin = '') =>
  isAbsoluteAddress(path) ? path : `${origin}${path.startsWith('/') ? path : `/${path}`}`;
