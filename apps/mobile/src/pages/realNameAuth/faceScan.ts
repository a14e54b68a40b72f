/**
 * Where the face scan is taken. The verification URL is an Alipay page: the Alipay mini-program
 * opens it in Alipay directly and comes back to realNameAuth, which waits for the result there.
 * H5 cannot open Alipay from the browser, and WeChat may not open Alipay pages at all, so both show
 * the URL on realNameCode as a QR code to scan with the Alipay app (with the link to open or copy).
 * The simulator's own page is not an Alipay page, so in Alipay it falls back to realNameCode too.
 */

declare const my: {
  ap?: {
    navigateToAlipayPage?(options: { path: string; success?(): void; fail?(error: unknown): void }): void;
  };
};

/** Opens the face scan inside the Alipay app; false where that is not possible. */
export function openFaceScanInAlipay(certifyUrl: string): Promise<boolean> {
  if (process.env.TARO_ENV !== 'alipay') return Promise.resolve(false);
  return new Promise((resolve) => {
    const ap = my.ap;
    if (!ap?.navigateToAlipayPage || !/^(?:https?|alipays?):\/\/[^/]*alipay/i.test(certifyUrl)) {
      resolve(false);
      return;
    }
    ap.navigateToAlipayPage({ path: certifyUrl, success: () => resolve(true), fail: () => resolve(false) });
  });
}
