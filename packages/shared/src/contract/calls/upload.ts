/** Uploads: a user's image (an avatar or a feedback screenshot). */
import type { ApiCall } from '../call';

export const uploadCalls = {
  upload: { method: 'POST', path: '/api/file/upload', auth: 'user' },
} as const satisfies Readonly<Record<string, ApiCall>>;
