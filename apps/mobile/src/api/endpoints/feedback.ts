/** Feedback calls, from the API contract: sending one (with its uploaded images) and reading the answers. */
import {
  feedbackCalls,
  uploadCalls,
  type AnswerOf,
  type FeedbackAddBody,
  type FeedbackRecord,
  type FeedbackRecordList,
  type feedbackContract,
  type QueryOf,
  type uploadContract,
  type uploadData,
} from '@maika/shared';
import type { z } from 'zod';
import { endpointOf } from '../endpoint';
import { request, uploadFile } from '../http';

export type { FeedbackAddBody, FeedbackRecord, FeedbackRecordList };
export type FeedbackAdded = AnswerOf<typeof feedbackContract.add>;
export type UploadedImage = z.infer<typeof uploadData>;

export const feedbackEndpoints = {
  add: endpointOf(feedbackCalls.add),
  records: endpointOf(feedbackCalls.records, { quiet: true }),
  // Quiet: each image shows its own progress, so the page-covering indicator would only block the form.
  // Feedback screenshots are private: the server keeps them out of public storage.
  uploadImage: endpointOf(uploadCalls.upload, {
    quiet: true,
    query: { purpose: 'feedback' } satisfies QueryOf<typeof uploadContract.upload>,
  }),
};

export function addFeedback(body: FeedbackAddBody): Promise<FeedbackAdded> {
  return request<FeedbackAdded>(feedbackEndpoints.add, { ...body });
}

export function fetchFeedbackRecords(page: number, pageSize: number): Promise<FeedbackRecordList> {
  return request<FeedbackRecordList>(feedbackEndpoints.records, { page, pageSize });
}

/** Uploads one picked image (a local path from chooseImage); answers with its server-relative path. */
export function uploadFeedbackImage(filePath: string): Promise<UploadedImage> {
  return uploadFile<UploadedImage>(feedbackEndpoints.uploadImage, filePath);
}
