import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import {
  getMessageList,
  getMessageSettings,
  getSubscribeTemplates,
  getUnreadCount,
  readMessages,
  saveMessageSettings,
  storeConsents,
} from './centreService';

const tags = ['Messages'];
const calls = contract.messages;

export default async function messageRoutes(app: AppInstance) {
  const { deps } = app;
  const userOf = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(deps, request)).userId;

  route(app, calls.list, {
    tags,
    summary: "The caller's messages, newest first, in the reader's language (lang), with the page each opens and the unread count",
    handler: async (request) => ok(await getMessageList(deps, await userOf(request), request.query, localeOf(request))),
  });

  route(app, calls.unreadCount, {
    tags,
    summary: "How many of the caller's messages are unread (the bell's number)",
    handler: async (request) => ok(await getUnreadCount(deps, await userOf(request))),
  });

  route(app, calls.read, {
    tags,
    summary:
      "Mark the caller's messages read: those named (others' ids are ignored), or all when ids is left out; answers the unread count",
    handler: async (request) => ok(await readMessages(deps, await userOf(request), request.body.ids)),
  });

  route(app, calls.settings, {
    tags,
    summary: 'Per message type, whether the caller gets it by SMS and as a mini-program message; and which channels are on',
    handler: async (request) => ok(await getMessageSettings(deps, await userOf(request))),
  });

  route(app, calls.saveSettings, {
    tags,
    summary: 'Save the choices for the types named (each once); the others keep theirs',
    handler: async (request) => ok(await saveMessageSettings(deps, await userOf(request), request.body.list)),
  });

  route(app, calls.subscribeTemplates, {
    tags,
    summary:
      'The subscribe-message template ids the submit and the withdraw taps ask consent for (at most 3 each; none while the channel is off)',
    handler: async (request) => ok(await getSubscribeTemplates(deps, request.query.platform)),
  });

  route(app, calls.subscribe, {
    tags,
    summary: 'Store the templates the caller accepted in a consent request (each allows one message); ids not configured are ignored',
    handler: async (request) => ok(await storeConsents(deps, await userOf(request), request.body.platform, request.body.accepted)),
  });
}
