/** The logged-in user's profile calls, from the API contract (the upload is the file module's). */
import {
  accountCalls,
  uploadCalls,
  type accountContract,
  type AnswerOf,
  type QueryOf,
  type uploadContract,
  type uploadData,
  type UserInfo,
} from '@maika/shared';
import type { z } from 'zod';
import { endpointOf } from '../endpoint';
import { request, uploadFile } from '../http';

export type ProfileUpdate = AnswerOf<typeof accountContract.updateInfo>;
export type UploadedFile = z.infer<typeof uploadData>;

export const userEndpoints = {
  info: endpointOf(accountCalls.info, { quiet: true }),
  updateInfo: endpointOf(accountCalls.updateInfo),
  upload: endpointOf(uploadCalls.upload, { query: { purpose: 'avatar' } satisfies QueryOf<typeof uploadContract.upload> }),
};

export async function fetchUserInfo(): Promise<UserInfo> {
  return (await request<AnswerOf<typeof accountContract.info>>(userEndpoints.info)).userinfo;
}

/** Changes any of nickname, gender and avatar (a path from uploadImage). */
export function updateProfile(change: { nickname?: string; gender?: number; avatar?: string }): Promise<ProfileUpdate> {
  return request<ProfileUpdate>(userEndpoints.updateInfo, change);
}

/** Uploads a local image (a path from chooseImage); answers with its server-relative path. */
export function uploadImage(filePath: string): Promise<UploadedFile> {
  return uploadFile<UploadedFile>(userEndpoints.upload, filePath);
}
