import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { appendOutbox } from '../../modules/otp';
import type { SmsProvider } from './index';

/** Delivers nothing: the code goes to the log and to the outbox table, where operators and tests read it. */
export function createSimulatedSms(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'sim',
    async send(message) {
      await appendOutbox(db, message);
      log?.info({ sms: { phone: message.phone, purpose: message.purpose, simulatedCode: message.code } }, 'simulated SMS sent');
    },
  };
}
