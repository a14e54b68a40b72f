import { uploadData, uploadQuery } from '../api/auth';
import { withSchemas } from './call';
import { uploadCalls } from './calls/upload';

export const uploadContract = withSchemas(uploadCalls, {
  // The image itself is the multipart body, read by the route (modules/upload/readUpload.ts).
  upload: { query: uploadQuery, answer: uploadData },
});
