/**
 * Tracking events for a mailed card, from a carrier-tracking service. A delivery event marks the
 * order received (modules/cards/shipmentService.ts), which starts checking its cards.
 */
import type { CarrierCode, StoredText } from '@maika/shared';

export interface TrackingEvent {
  time: Date;
  /** The carrier's own words, or a catalogue text (the simulator's), rendered for each reader. */
  text: StoredText;
  /** The carrier reports the parcel delivered (signed for) at this event. */
  delivered?: boolean;
}

export interface LogisticsProvider {
  readonly name: string;
  /** Events newest first. */
  track(shipment: { carrier: CarrierCode; trackingNo: string; shippedAt: Date }, now?: Date): Promise<TrackingEvent[]>;
}
