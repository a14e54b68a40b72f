import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { getMessageChannels, getUserMessages, resendDelivery, saveMessageChannel } from './adminService';

const tags = ['Admin messages'];
const calls = contract.messages;

/** A user's messages and deliveries (support reads and resends), and the channels' settings (administrators edit). */
export default async function adminMessageRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.adminUserMessages, {
    tags,
    summary: "A user's messages, newest first, in the operator's language, each with its deliveries",
    handler: async (request) => ok(await getUserMessages(deps, request.params.id, request.query, localeOf(request))),
  });

  route(app, calls.resend, {
    tags,
    summary: 'Send a failed delivery again: back to waiting, due now (2001 for any other status)',
    audit: 'message.resend',
    handler: async (request) => {
      const { id } = request.params;
      return ok(await resendDelivery(deps, id, auditOf(request, { type: 'messageDelivery', id })));
    },
  });

  route(app, calls.adminChannels, {
    tags,
    summary: 'Each channel: on or off, and its template id per message type',
    handler: async () => ok(await getMessageChannels(deps)),
  });

  route(app, calls.saveChannel, {
    tags,
    summary: 'Turn a channel on or off and set its template ids; on needs one for every type (2002)',
    audit: 'messageChannel.update',
    handler: async (request) => {
      const { channel } = request.params;
      return ok(await saveMessageChannel(deps, channel, request.body, auditOf(request, { type: 'messageChannel', id: channel })));
    },
  });
}
