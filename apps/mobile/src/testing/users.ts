/** A logged-in user as the server describes one (docs/product.md "Client state and storage"), for the app's unit tests. */
import type { UserInfo } from '@maika/shared';

export const ann: UserInfo = {
  id: 7,
  nickname: 'Ann',
  avatar: '/uploads/ann.png',
  phone: '138****5678',
  gender: 2,
  inviteCode: 'ANN123',
  hasReferrer: false,
  createdAt: '2024-12-02T11:00:00.000Z',
  realInfo: { verified: false, name: null, idNum: null },
};
