import { updateInfoBody, updateInfoData, userInfoData } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { getUser, toUserInfo, updateInfo } from './service';

export default async function userRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/user/getInfo', {
    schema: { tags: ['User'], summary: 'The logged-in user', response: { 200: envelope(userInfoData) } },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ userinfo: toUserInfo(deps, await getUser(deps, userId)) });
    },
  });

  app.post('/api/user/updateInfo', {
    schema: {
      tags: ['User'],
      summary: 'Change nickname, gender or avatar',
      body: updateInfoBody,
      response: { 200: envelope(updateInfoData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const user = await updateInfo(deps, userId, request.body);
      return ok({ nickname: user.nickname, avatar: user.avatar, gender: user.gender });
    },
  });
}
