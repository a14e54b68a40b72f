import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { receiveCallback } from './callbackService';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Card suppliers call back here (no user token, no device id). The body is kept as the exact
 * text received, because the signature covers those bytes, not a re-serialised object.
 */
export default async function cardCallbackRoutes(app: AppInstance) {
  const { deps } = app;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // The simulator calls back our own address; learn it when the server starts listening.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      deps.cardChannels.setListeningUrl(`http://${host}:${address.port}`);
    }
  });

  app.addHook('onClose', async () => deps.cardChannels.stop());

  app.post('/api/channel/callback/:channel', {
    schema: {
      tags: ['Card channel'],
      summary: "A supplier's signed verdict: headers x-timestamp, x-nonce, x-signature = hex HMAC-SHA256(secret, `timestamp.nonce.body`)",
      params: z.object({ channel: z.string().min(1).max(32) }),
      response: { 200: envelope(z.object({ result: z.enum(['applied', 'ignored']) })) },
    },
    handler: async (request) => {
      const result = await receiveCallback(deps, {
        channel: request.params.channel,
        timestamp: header(request.headers['x-timestamp']),
        nonce: header(request.headers['x-nonce']),
        signature: header(request.headers['x-signature']),
        body: typeof request.body === 'string' ? request.body : '',
      });
      return ok({ result });
    },
  });
}
