/** What the users export carries: money in yuan, Beijing time. */
import { accountStatusTable, type AdminUser } from '@maika/shared';
import { beijingTime, codeLabel, exportHeader as h, yesNo, yuan, type Column } from '../../lib/csv';

export const userColumns: readonly Column<AdminUser>[] = [
  { header: h('export.user.id'), value: (u) => u.id },
  { header: h('export.user.phone'), value: (u) => u.phone },
  { header: h('export.user.nickname'), value: (u) => u.nickname },
  { header: h('export.user.status'), value: (u, l) => codeLabel(accountStatusTable, u.status, l) },
  { header: h('export.user.verified'), value: (u, l) => yesNo(u.verified, l) },
  { header: h('export.user.referrerId'), value: (u) => u.referrerId },
  { header: h('export.user.available'), value: (u) => yuan(u.availableFen) },
  { header: h('export.user.joinedAt'), value: (u) => beijingTime(u.createdAt) },
];
