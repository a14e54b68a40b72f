import type { Foundation } from '@maika/shared';

/** How this build reaches customer service, by the site settings; null shows no entry at all. */
export type CustomerServiceWay = { kind: 'weappContact' } | { kind: 'chat'; url: string } | { kind: 'phone'; phone: string; hours: string };

/**
 * WeChat's own service chat where the operators turned it on, else the chat link set for this
 * platform, else the service phone. Nothing set: no entry, rather than one that leads nowhere.
 */
export function customerServiceWay(
  site: Foundation | undefined,
  platform: keyof Foundation['customerServiceUrl'],
): CustomerServiceWay | null {
  if (!site) return null;
  if (platform === 'weapp' && site.weappContact) return { kind: 'weappContact' };
  const url = site.customerServiceUrl[platform];
  if (url) return { kind: 'chat', url };
  if (site.servicePhone) return { kind: 'phone', phone: site.servicePhone, hours: site.serviceHours };
  return null;
}
