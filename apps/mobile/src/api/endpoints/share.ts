/** Referral calls, declared as data: the invite, the user's referees and the rebates they earned. */
import type { LevelUser, LevelUserList, ShareDetail, ShareDetailList, ShareInfo } from '@maika/shared';
import { request, type Endpoint } from '../http';

export type { LevelUser, LevelUserList, ShareDetail, ShareDetailList, ShareInfo };

export const shareEndpoints = {
  info: { method: 'GET', path: '/api/share/getInfo', auth: 'token', quiet: true },
  levelUsers: { method: 'GET', path: '/api/share/levelUsers', auth: 'token', quiet: true },
  details: { method: 'GET', path: '/api/share/details', auth: 'token', quiet: true },
} as const satisfies Record<string, Endpoint>;

export function fetchShareInfo(): Promise<ShareInfo> {
  return request<ShareInfo>(shareEndpoints.info);
}

export function fetchLevelUsers(page: number, pageSize: number): Promise<LevelUserList> {
  return request<LevelUserList>(shareEndpoints.levelUsers, { page, pageSize });
}

export function fetchShareDetails(page: number, pageSize: number): Promise<ShareDetailList> {
  return request<ShareDetailList>(shareEndpoints.details, { page, pageSize });
}
