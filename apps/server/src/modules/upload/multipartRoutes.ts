import { Code } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { AppError, invalidInput } from '../../http/envelope';

export const UPLOAD_LIMIT_MB = 5;

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
