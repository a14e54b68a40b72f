import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { SmsProvider } from './contract';

/**
 * Delivers nothing: the code goes to the log and to the outbox table, where operators and tests read
 * it (modules/otp lists it). The row is written here, as the face simulator keeps its own, so no
 * provider imports a module.
 */
export function createSimulatedSms(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'sim',
    async send(message) {
      await db.insert(smsOutbox).values({ phone: message.phone, purpose: message.purpose, code: message.code });
      log?.info({ sms: { phone: message.phone, purpose: message.purpose, simulatedCode: message.code } }, 'simulated SMS sent');
    },
  };
}
