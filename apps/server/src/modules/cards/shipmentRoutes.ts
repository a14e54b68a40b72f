import { adminShipment, adminShipmentList, adminShipmentQuery, idParams, rolesFor } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { getShipment, listShipments, markReceived } from './shipment';
import { auditOf } from '../audit';

const tags = ['Admin shipments'];
const security = [{ admin: [] }];
const roles: readonly AdminRole[] = rolesFor('shipments', 'received');

/** Mailed physical cards: the reviewers who open the parcels mark them received, which starts checking. */
export default async function adminShipmentRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/shipments', {
    config: { roles },
    schema: {
      tags,
      security,
      summary:
        'Orders of physical cards by shipment status (0 awaiting shipment, 1 in transit, 2 received), phone, order or tracking number',
      querystring: adminShipmentQuery,
      response: { 200: envelope(adminShipmentList) },
    },
    handler: async (request) => ok(await listShipments(deps, request.query)),
  });

  app.get('/api/admin/shipments/:id', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'One order of physical cards and its shipment',
      params: idParams,
      response: { 200: envelope(adminShipment) },
    },
    handler: async (request) => ok(await getShipment(deps, request.params.id)),
  });

  app.post('/api/admin/shipments/:id/received', {
    config: { roles, audit: 'shipment.received' },
    schema: {
      tags,
      security,
      summary: 'The physical cards of this order arrived: their checking starts (once; a second call answers 1715)',
      params: idParams,
      response: { 200: envelope(adminShipment) },
    },
    handler: async (request) => {
      await markReceived(deps, request.params.id, request.admin!.id, auditOf(request, { type: 'order', id: request.params.id }));
      return ok(await getShipment(deps, request.params.id));
    },
  });
}
