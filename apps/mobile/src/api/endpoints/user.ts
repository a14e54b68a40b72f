/** The logged-in user's profile calls, declared as data. */
import type { updateInfoData, uploadData, UserInfo } from '@maika/shared';
import type { z } from 'zod';
import { request, uploadFile, type Endpoint } from '../http';

export type ProfileUpdate = z.infer<typeof updateInfoData>;
export type UploadedFile = z.infer<typeof uploadData>;

export const userEndpoints = {
  info: { method: 'GET', path: '/api/user/getInfo', auth: 'token', quiet: true },
  updateInfo: { method: 'POST', path: '/api/user/updateInfo', auth: 'token' },
  upload: { method: 'POST', path: '/api/file/upload?purpose=avatar', auth: 'token' },
} as const satisfies Record<string, Endpoint>;

export async function fetchUserInfo(): Promise<UserInfo> {
  return (await request<{ userinfo: UserInfo }>(userEndpoints.info)).userinfo;
}

/** Changes any of nickname, gender and avatar (a path from uploadImage). */
export function updateProfile(change: { nickname?: string; gender?: number; avatar?: string }): Promise<ProfileUpdate> {
  return request<ProfileUpdate>(userEndpoints.updateInfo, change);
}

/** Uploads a local image (a path from chooseImage); answers with its server-relative path. */
export function uploadImage(filePath: string): Promise<UploadedFile> {
  return uploadFile<UploadedFile>(userEndpoints.upload, filePath);
}
