import { contract, nicknameIn } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { getUser, toUserInfo, updateInfo } from './service';

const tags = ['User'];
const calls = contract.accounts;

export default async function userRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.info, {
    tags,
    summary: 'The logged-in user',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ userinfo: toUserInfo(deps, await getUser(deps, userId), localeOf(request)) });
    },
  });

  route(app, calls.updateInfo, {
    tags,
    summary: 'Change nickname, gender or avatar',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const user = await updateInfo(deps, userId, request.body);
      return ok({ nickname: nicknameIn(user, localeOf(request)), avatar: user.avatar, gender: user.gender });
    },
  });
}
