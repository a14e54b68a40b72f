/**
 * Mini-programs: the consent request for one-time subscribe messages (docs/product.md "Messages").
 * WeChat shows it only when it starts inside a tap, with nothing awaited before it, so the tap
 * handler calls this synchronously with template ids it already has. H5 has no such messages
 * (subscribeConsent.h5.ts).
 */
import Taro from '@tarojs/taro';
import { acceptedTemplateIds } from './subscribeAnswer';

/**
 * Asks for `templateIds` (at most three) and answers with the ones the user accepted. A refusal, a
 * request the client does not show or a client without the API all answer "none"; it never fails.
 */
export function askSubscribeConsent(templateIds: readonly string[]): Promise<string[]> {
  if (templateIds.length === 0) return Promise.resolve([]);
  const ids = [...templateIds];
  // WeChat takes them as tmplIds, Alipay's my.requestSubscribeMessage as entityIds; Taro's type asks
  // for both, but each client is given only the name it knows.
  const option = (process.env.TARO_ENV === 'alipay'
    ? { entityIds: ids }
    : { tmplIds: ids }) as unknown as Taro.requestSubscribeMessage.Option;
  try {
    return Taro.requestSubscribeMessage(option).then(
      (answer) => acceptedTemplateIds(ids, answer),
      () => [],
    );
  } catch {
    return Promise.resolve([]);
  }
}
