import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { getShipment, listShipments, markReceived } from './shipmentService';
import { auditOf } from '../audit';

const tags = ['Admin shipments'];
const calls = contract.cards;

/** Mailed physical cards: the reviewers who open the parcels mark them received, which starts checking. */
export default async function adminShipmentRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.shipments, {
    tags,
    summary: 'Orders of physical cards by shipment status (0 awaiting shipment, 1 in transit, 2 received), phone, order or tracking number',
    handler: async (request) => ok(await listShipments(deps, request.query)),
  });

  route(app, calls.shipment, {
    tags,
    summary: 'One order of physical cards and its shipment',
    handler: async (request) => ok(await getShipment(deps, request.params.id)),
  });

  route(app, calls.received, {
    tags,
    summary: 'The physical cards of this order arrived: their checking starts (once; a second call answers 1715)',
    audit: 'shipment.received',
    handler: async (request) => {
      await markReceived(deps, request.params.id, request.admin!.id, auditOf(request, { type: 'order', id: request.params.id }));
      return ok(await getShipment(deps, request.params.id));
    },
  });
}
