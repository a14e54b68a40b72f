import { Code, updateInfoBody, updateInfoData, userInfoData } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { AppError, envelope, invalidInput, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { getUser, toUserInfo, updateInfo } from './service';

export const UPLOAD_LIMIT_MB = 5;

export default async function userRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/user/getInfo', {
    schema: { tags: ['User'], summary: 'The logged-in user', response: { 200: envelope(userInfoData) } },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ userinfo: toUserInfo(deps, await getUser(deps, userId)) });
    },
  });

  app.post('/api/user/updateInfo', {
    schema: {
      tags: ['User'],
      summary: 'Change nickname, gender or avatar',
      body: updateInfoBody,
      response: { 200: envelope(updateInfoData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const user = await updateInfo(deps, userId, request.body);
      return ok({ nickname: user.nickname, avatar: user.avatar, gender: user.gender });
    },
  });
}

export async function readUpload(request: Parameters<Parameters<AppInstance['post']>[1]['handler']>[0]): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw invalidInput('file', 'send the image as multipart/form-data field "file"');
  }
  const file = await request.file({ limits: { fileSize: UPLOAD_LIMIT_MB * 1024 * 1024, files: 1 } }).catch(unreadable);
  if (!file) throw invalidInput('file', 'is required');
  if (file.fieldname !== 'file') {
    // The first file part is not necessarily the one meant; insist on the documented field.
    file.file.resume();
    throw invalidInput('file', 'send the image as multipart/form-data field "file"');
  }
  try {
    return await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(Code.UploadTooLarge, { limitMb: UPLOAD_LIMIT_MB });
    }
    return unreadable(e);
  }
}

/** The multipart parser fails on the client's bytes (a body cut short, a malformed part): a 1001, not a 500. */
function unreadable(cause: unknown): never {
  throw new AppError(Code.InvalidInput, { field: 'file', reason: 'could not be read' }, { field: 'file' }, cause);
}
