/** Referral calls, from the API contract: the invite, the user's referees and the rebates they earned. */
import { referralCalls, type LevelUser, type LevelUserList, type ShareDetail, type ShareDetailList, type ShareInfo } from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request } from '../http';

export type { LevelUser, LevelUserList, ShareDetail, ShareDetailList, ShareInfo };

export const shareEndpoints = {
  info: endpointOf(referralCalls.info, { quiet: true }),
  levelUsers: endpointOf(referralCalls.levelUsers, { quiet: true }),
  details: endpointOf(referralCalls.details, { quiet: true }),
};

export function fetchShareInfo(): Promise<ShareInfo> {
  return request<ShareInfo>(shareEndpoints.info);
}

export function fetchLevelUsers(page: number, pageSize: number): Promise<LevelUserList> {
  return request<LevelUserList>(shareEndpoints.levelUsers, { page, pageSize });
}

export function fetchShareDetails(page: number, pageSize: number): Promise<ShareDetailList> {
  return request<ShareDetailList>(shareEndpoints.details, { page, pageSize });
}
