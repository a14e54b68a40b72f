/** What an invitation carries: the path a shared chat card opens, the rebate offer in words. */
import { formatRateBp } from '@maika/shared';
import type { Translate } from '@/i18n';
import { homeRoute, routeUrl } from '@/routes';
import type { PosterContent } from './poster';

/** The home page with the invite code as `p` (docs/product.md "Pages and routes"), as a mini-program share path. */
export function invitePath(inviteCode: string | undefined): string {
  return inviteCode ? routeUrl(homeRoute, { p: inviteCode }) : routeUrl(homeRoute);
}

export function posterContent(t: Translate, invite: { inviteCode: string; inviteUrl: string; rebateRateBp: number }): PosterContent {
  return {
    appName: t('app.name'),
    headline: t('share.poster.headline'),
    offer: t('share.hero.rate', { rate: formatRateBp(invite.rebateRateBp) }),
    inviteUrl: invite.inviteUrl,
    codeLine: t('share.poster.codeLine', { code: invite.inviteCode }),
    footnote: t('share.poster.footnote'),
  };
}
