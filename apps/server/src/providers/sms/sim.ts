import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { SmsGateway } from './contract';

/**
 * Delivers nothing: the code goes to the log and to the outbox table, where operators and tests read
 * it (modules/otp lists it); a notice goes there too, purpose `notice` with its whole text as
 * `content`. The row is written here, as the face simulator keeps its own, so no provider imports
 * a module.
 */
export function createSimulatedSms(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsGateway {
  return {
    name: 'sim',
    async send(message) {
      await db.insert(smsOutbox).values({ phone: message.phone, purpose: message.purpose, code: message.code });
      log?.info({ sms: { phone: message.phone, purpose: message.purpose, simulatedCode: message.code } }, 'simulated SMS sent');
    },
    async sendNotice(notice) {
      await db.insert(smsOutbox).values({ phone: notice.phone, purpose: 'notice', content: notice.text });
      log?.info({ sms: { phone: notice.phone, purpose: 'notice', templateId: notice.templateId } }, 'simulated SMS notice sent');
      return { status: 'sent', answer: `simulated: ${notice.templateId}` };
    },
  };
}
