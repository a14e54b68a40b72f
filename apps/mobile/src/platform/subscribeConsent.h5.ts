/** H5: browsers have no mini-program subscribe messages, so nothing is asked and nothing accepted. */
export function askSubscribeConsent(): Promise<string[]> {
  return Promise.resolve([]);
}
