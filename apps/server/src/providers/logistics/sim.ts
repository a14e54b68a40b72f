/**
 * Plausible tracking without a tracking service: the route (two cities) comes from the tracking
 * number, and the parcel moves one step further as hours pass since the user recorded it; it is
 * delivered about 26 hours after.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@maika/shared';
import type { LogisticsProvider, TrackingEvent } from './index';

const cities = [
  { 'zh-CN': '深圳', 'en-US': 'Shenzhen' },
  { 'zh-CN': '广州', 'en-US': 'Guangzhou' },
  { 'zh-CN': '上海', 'en-US': 'Shanghai' },
  { 'zh-CN': '杭州', 'en-US': 'Hangzhou' },
  { 'zh-CN': '北京', 'en-US': 'Beijing' },
  { 'zh-CN': '成都', 'en-US': 'Chengdu' },
  { 'zh-CN': '武汉', 'en-US': 'Wuhan' },
  { 'zh-CN': '南京', 'en-US': 'Nanjing' },
] as const;

const HOUR_MS = 3_600_000;

/** Hours after shipping at which each step happens, with its text. */
const steps: { afterHours: number; delivered?: true; text: (from: string, to: string, locale: Locale) => string }[] = [
  { afterHours: 0, text: (from, _to, l) => (l === 'zh-CN' ? `【${from}】快件已揽收` : `Picked up in ${from}`) },
  { afterHours: 3, text: (from, _to, l) => (l === 'zh-CN' ? `快件已从【${from}转运中心】发出` : `Left the ${from} sorting centre`) },
  { afterHours: 12, text: (_from, to, l) => (l === 'zh-CN' ? `快件已到达【${to}转运中心】` : `Arrived at the ${to} sorting centre`) },
  { afterHours: 20, text: (_from, to, l) => (l === 'zh-CN' ? `【${to}】快件派送中，派件员正在为您派件` : `Out for delivery in ${to}`) },
  {
    afterHours: 26,
    delivered: true,
    text: (_from, _to, l) => (l === 'zh-CN' ? '快件已签收，签收人：前台代收' : 'Delivered; signed for at the front desk'),
  },
];

export function createSimLogistics(): LogisticsProvider {
  return {
    name: 'sim',
    async track(shipment, locale, now = new Date()) {
      const digest = createHash('sha256').update(`${shipment.carrier}:${shipment.trackingNo}`).digest();
      const from = cities[digest[0]! % cities.length]![locale];
      let toIndex = digest[1]! % cities.length;
      if (cities[toIndex]![locale] === from) toIndex = (toIndex + 1) % cities.length;
      const to = cities[toIndex]![locale];
      const start = shipment.shippedAt.getTime();
      // A few minutes of jitter from the number, so two parcels do not move in lockstep.
      const events: TrackingEvent[] = steps
        .map((s, i) => ({
          time: new Date(start + s.afterHours * HOUR_MS + (i > 0 ? (digest[2 + i]! % 50) * 60_000 : 0)),
          text: s.text(from, to, locale),
          ...(s.delivered ? { delivered: true } : {}),
        }))
        .filter((e, i) => i === 0 || e.time.getTime() <= now.getTime());
      return events.reverse();
    },
  };
}
