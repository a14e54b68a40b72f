import { contract, type AdminDashboard } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { dailyFigures, queueSizes } from './adminRepo';

const TREND_DAYS = 14;

/** Every operator sees it; each queue matters to its own role. */
export default async function adminDashboardRoutes(app: AppInstance) {
  const db = app.deps.database.db;

  route(app, contract.operators.dashboard, {
    tags: ['Admin'],
    summary: `Today's figures, the last ${TREND_DAYS} days (${BUSINESS_TIME_ZONE}) and the work queues`,
    handler: async () => {
      const [days, queues] = await Promise.all([dailyFigures(db, TREND_DAYS), queueSizes(db)]);
      const today = days[days.length - 1]!;
      const result: AdminDashboard = {
        today: {
          cardsSubmitted: today.cardsSubmitted,
          cardsPassed: today.cardsPassed,
          cardsCredited: today.cardsCredited,
          creditedFen: today.creditedFen,
          withdrawalsPaidCount: today.withdrawalsPaidCount,
          withdrawalsPaidFen: today.withdrawalsPaidFen,
          newUsers: today.newUsers,
        },
        trend: days.map(({ date, cardsSubmitted, cardsPassed, creditedFen, withdrawalsPaidFen, newUsers }) => ({
          date,
          cardsSubmitted,
          cardsPassed,
          creditedFen,
          withdrawalsPaidFen,
          newUsers,
        })),
        queues,
      };
      return ok(result);
    },
  });
}
