import type { MiniProgramPlatform } from '@maika/shared';
import type { FastifyBaseLogger } from 'fastify';
import { fitField, type SubscribeMessageSender } from './contract';

/**
 * Sends nothing: the message as the platform would get it is the answer, which the delivery keeps
 * (the console shows it), and goes to the log, so the demo and tests read what would have been sent.
 */
export function createSimulatedSubscribeSender(
  platform: MiniProgramPlatform,
  log?: Pick<FastifyBaseLogger, 'info'>,
): SubscribeMessageSender {
  return {
    name: 'sim',
    async send(message) {
      const wouldSend = {
        platform,
        toUser: message.toUser,
        templateId: message.templateId,
        page: message.page,
        fields: message.fields.map(fitField),
      };
      log?.info({ subscribeMessage: wouldSend }, 'simulated subscribe message sent');
      return { status: 'sent', answer: `simulated: ${JSON.stringify(wouldSend)}` };
    },
  };
}
