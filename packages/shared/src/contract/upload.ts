import { Code } from '../codes';
import { uploadData, uploadQuery } from '../api/auth';
import { withSchemas } from './call';
import { uploadCalls } from './calls/upload';

export const uploadContract = withSchemas(uploadCalls, {
  upload: {
    query: uploadQuery,
    // The image itself is the multipart body, read by the route (modules/upload/multipartRoutes.ts).
    file: 'file',
    answer: uploadData,
    codes: [Code.RateLimited, Code.UploadQuotaExceeded, Code.UploadRejected, Code.UploadTooLarge, Code.UploadTooManyPixels],
  },
});
