/**
 * Plausible tracking without a tracking service: the route (two cities) comes from the tracking
 * number, and the parcel moves one step further as hours pass since the user recorded it; it is
 * delivered about 26 hours after. Its texts are catalogue references, rendered for each reader.
 */
import { createHash } from 'node:crypto';
import { textCatalogue, type TextKey } from '@maika/shared';
import type { LogisticsProvider, TrackingEvent } from './contract';

const cities = [
  'logistics.city.shenzhen',
  'logistics.city.guangzhou',
  'logistics.city.shanghai',
  'logistics.city.hangzhou',
  'logistics.city.beijing',
  'logistics.city.chengdu',
  'logistics.city.wuhan',
  'logistics.city.nanjing',
] as const satisfies readonly TextKey[];

const HOUR_MS = 3_600_000;

/** Hours after shipping at which each step happens, with its text. */
const steps: { afterHours: number; delivered?: true; key: TextKey }[] = [
  { afterHours: 0, key: 'logistics.sim.pickedUp' },
  { afterHours: 3, key: 'logistics.sim.departed' },
  { afterHours: 12, key: 'logistics.sim.arrived' },
  { afterHours: 20, key: 'logistics.sim.outForDelivery' },
  { afterHours: 26, delivered: true, key: 'logistics.sim.delivered' },
];

export function createSimLogistics(): LogisticsProvider {
  return {
    name: 'sim',
    async track(shipment, now = new Date()) {
      const digest = createHash('sha256').update(`${shipment.carrier}:${shipment.trackingNo}`).digest();
      const fromIndex = digest[0]! % cities.length;
      let toIndex = digest[1]! % cities.length;
      if (toIndex === fromIndex) toIndex = (toIndex + 1) % cities.length;
      const from = textCatalogue[cities[fromIndex]!];
      const to = textCatalogue[cities[toIndex]!];
      const start = shipment.shippedAt.getTime();
      // A few minutes of jitter from the number, so two parcels do not move in lockstep.
      const events: TrackingEvent[] = steps
        .map((s, i) => ({
          time: new Date(start + s.afterHours * HOUR_MS + (i > 0 ? (digest[2 + i]! % 50) * 60_000 : 0)),
          text: { key: s.key, params: { from, to } },
          ...(s.delivered ? { delivered: true } : {}),
        }))
        .filter((e, i) => i === 0 || e.time.getTime() <= now.getTime());
      return events.reverse();
    },
  };
}
