import { contract } from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { UPLOADS_PER_MINUTE_LIMIT } from '../../lib/limits';
import { MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_SIDE } from '../../providers/storage/reencode';
import { readUpload, UPLOAD_LIMIT_MB } from './multipartRoutes';
import { readPrivateFile, saveUpload } from './service';

const mimeOf: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

const privateFileParams = z.object({
  folder: z.literal('feedback', { error: 'is not a private folder' }),
  month: z.string().regex(/^\d{4}-\d{2}$/, 'must be a month like 2026-01'),
  name: z.string().regex(/^[0-9a-f-]{36}\.(?:jpg|png|gif|webp)$/, 'is not a stored image name'),
});
const privateFileQuery = z.object({
  expires: z.coerce.number({ error: 'must be a number' }).int('must be a whole number'),
  signature: z.string({ error: 'is required' }).max(100, 'is too long'),
});

export default async function uploadRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, contract.upload.upload, {
    tags: ['File'],
    summary: `Upload one image (JPG, PNG, GIF or WebP, at most ${UPLOAD_LIMIT_MB} MB) as multipart field "file", for purpose avatar (default) or feedback; re-encoded without metadata, at most ${MAX_IMAGE_MEGAPIXELS} megapixels, kept at most ${MAX_IMAGE_SIDE} px a side; at most ${UPLOADS_PER_MINUTE_LIMIT} a minute and a daily quota per user`,
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await saveUpload(deps, userId, request.query.purpose, await readUpload(request)));
    },
  });

  // No token header here: an <img> cannot send one. The address itself, signed for a while and
  // handed only to the image's author and to support, is the permission.
  app.get('/api/file/private/:folder/:month/:name', {
    schema: {
      tags: ['File'],
      summary: 'A private image (feedback) through the signed, short-lived address the API issued in imageUrls',
      params: privateFileParams,
      querystring: privateFileQuery,
    },
    handler: async (request, reply) => {
      const { folder, month, name } = request.params;
      const bytes = await readPrivateFile(deps, `/private/${folder}/${month}/${name}`, request.query.expires, request.query.signature);
      return reply
        .header('cache-control', 'private, no-store')
        .type(mimeOf[name.slice(name.lastIndexOf('.') + 1)]!)
        .send(bytes);
    },
  });
}
