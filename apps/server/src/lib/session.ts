import type { UserStatus } from '../db/schema';

/** What a valid `token` header stands for: an anonymous device, or a logged-in user. */
export interface Session {
  tokenId: number;
  kind: 'anonymous' | 'user';
  userId: number | null;
  userStatus: UserStatus | null;
  deviceId: string;
  referralCode: string | null;
}
