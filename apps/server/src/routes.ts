/** Every route plugin of the modules, and the development-only ones: the HTTP routes that know a module. */
import type { AppInstance } from './http/appInstance';
import { registerDevOnly } from './http/devOnly';
import { adminUserRoutes, authRoutes, userRoutes } from './modules/accounts';
import { cancellationRoutes } from './modules/cancellation';
import { adminCardRoutes, adminShipmentRoutes, cardCallbackRoutes, cardRoutes } from './modules/cards';
import { adminCatalogueRoutes, catalogueRoutes } from './modules/catalogue';
import { adminContentRoutes, contentRoutes } from './modules/content';
import { adminDashboardRoutes } from './modules/dashboard';
import { adminFeedbackRoutes, feedbackRoutes } from './modules/feedback';
import { devRoutes } from './modules/dev';
import { adminExportRoutes } from './modules/export';
import { identityRoutes, simFaceRoutes } from './modules/identity';
import { adminApprovalRoutes, adminOperatorRoutes } from './modules/operators';
import { payeeRoutes } from './modules/payees';
import { adminReferralRoutes, referralRoutes } from './modules/referrals';
import { adminRiskRoutes } from './modules/risk';
import { uploadRoutes } from './modules/upload';
import { adminWithdrawalChannelRoutes, adminWithdrawalRoutes, withdrawalRoutes } from './modules/withdrawals';

/** Every module's routes, in one list; each module's admin routes sit with the module of their noun. */
const routes = [
  authRoutes,
  cancellationRoutes,
  userRoutes,
  uploadRoutes,
  contentRoutes,
  catalogueRoutes,
  adminOperatorRoutes,
  adminDashboardRoutes,
  adminUserRoutes,
  adminContentRoutes,
  adminWithdrawalChannelRoutes,
  adminExportRoutes,
  adminWithdrawalRoutes,
  withdrawalRoutes,
  payeeRoutes,
  identityRoutes,
  cardRoutes,
  cardCallbackRoutes,
  adminCardRoutes,
  adminApprovalRoutes,
  adminRiskRoutes,
  adminCatalogueRoutes,
  referralRoutes,
  feedbackRoutes,
  adminFeedbackRoutes,
  adminShipmentRoutes,
  adminReferralRoutes,
];

export async function registerRoutes(app: AppInstance): Promise<void> {
  for (const plugin of routes) await app.register(plugin);
}

/** The development routes: the demo's helpers, and the face simulator's page when it is the face provider. */
export async function registerDevRoutes(app: AppInstance): Promise<void> {
  await registerDevOnly(app, app.deps.config.FACE_PROVIDER === 'sim' ? [devRoutes, simFaceRoutes] : [devRoutes]);
}
