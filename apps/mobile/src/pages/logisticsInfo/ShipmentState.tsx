import { ShipmentStatus, colorHex, labelOf, shipmentStatusTable, type SemanticColor } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { formatDateTime } from '@/format/date';
import { useLocale, useT, type MessageKey } from '@/i18n';
import './ShipmentState.scss';

const nextStep: Record<ShipmentStatus, MessageKey> = {
  [ShipmentStatus.AwaitingShipment]: 'shipment.next.awaitingShipment',
  [ShipmentStatus.InTransit]: 'shipment.next.inTransit',
  [ShipmentStatus.Received]: 'shipment.next.received',
};

/**
 * Where the mailed cards of an order are and what happens next: the user mails them and enters
 * the tracking number, then we wait for the parcel, then the cards are checked.
 */
export function ShipmentState({ status, receivedAt }: { status: ShipmentStatus; receivedAt: string | null }) {
  const t = useT();
  const locale = useLocale();
  const entry = shipmentStatusTable.byCode(status);
  const color = colorHex((entry && 'color' in entry ? entry.color : 'gray') as SemanticColor);
  return (
    <View className="shipment-state" data-shipment-status={String(status)}>
      <Text className="shipment-state__status" style={{ color, borderColor: color, background: `${color}14` }}>
        {labelOf(shipmentStatusTable, status, locale)}
      </Text>
      <Text className="shipment-state__next">{t(nextStep[status], { time: receivedAt ? formatDateTime(receivedAt) : '' })}</Text>
    </View>
  );
}
