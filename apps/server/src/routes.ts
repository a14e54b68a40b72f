/** Every route plugin of the modules, and the development-only ones: the HTTP routes that know a module. */
import type { AppInstance } from './http/appInstance';
import { registerDevOnly } from './http/devOnly';
import { adminUserRoutes, authRoutes, userRoutes } from './modules/accounts';
import { cancellationRoutes } from './modules/cancellation';
import { adminApprovalRoutes, type ApprovalOwners } from './modules/approvals';
import { adminCardRoutes, adminShipmentRoutes, cardApprovalExecutors, cardCallbackRoutes, cardRoutes, submitOrder } from './modules/cards';
import { adminCatalogueRoutes, catalogueRoutes } from './modules/catalogue';
import { adminContentRoutes, contentRoutes } from './modules/content';
import { adminDashboardRoutes } from './modules/dashboard';
import { adminFeedbackRoutes, feedbackRoutes } from './modules/feedback';
import { devRoutes } from './modules/dev';
import { adminExportRoutes } from './modules/export';
import { identityRoutes, simFaceRoutes } from './modules/identity';
import { adminMessageRoutes, messageRoutes } from './modules/messages';
import { adminMerchantRoutes, merchantApiRoutes, merchantRoutes, type MerchantRoutesOptions } from './modules/merchants';
import { adminOperatorRoutes, operatorApprovalExecutors, refuseVouchedDecider } from './modules/operators';
import { payeeRoutes } from './modules/payees';
import { adminReferralRoutes, referralRoutes } from './modules/referrals';
import { adminRiskRoutes } from './modules/risk';
import { uploadRoutes } from './modules/upload';
import { adjustmentApprovalExecutors, adminWithdrawalChannelRoutes, adminWithdrawalRoutes, withdrawalRoutes } from './modules/withdrawals';

/**
 * What approving a second approval carries out, lent by the module that owns each kind: they record
 * their requests through approvals, so approvals is handed their executors here instead of
 * importing them. A kind without an executor fails the type check.
 */
const approvalOwners: ApprovalOwners = {
  executors: { ...cardApprovalExecutors, ...adjustmentApprovalExecutors, ...operatorApprovalExecutors },
  refuseVouchedDecider,
};

/**
 * The merchant API sells cards through the app's own submission: lent here, since the card
 * pipeline tells merchants of its decisions and so cards imports merchants, not the other way.
 */
const merchantOwners: MerchantRoutesOptions = { submitCards: submitOrder };

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
  [adminApprovalRoutes, approvalOwners] as const,
  adminRiskRoutes,
  adminCatalogueRoutes,
  referralRoutes,
  feedbackRoutes,
  adminFeedbackRoutes,
  adminShipmentRoutes,
  adminReferralRoutes,
  messageRoutes,
  adminMessageRoutes,
  merchantRoutes,
  adminMerchantRoutes,
];

export async function registerRoutes(app: AppInstance): Promise<void> {
  for (const entry of routes) await (typeof entry === 'function' ? app.register(entry) : app.register(entry[0], entry[1]));
  await app.register(merchantApiRoutes, merchantOwners);
}

/** The development routes: the demo's helpers, and the face simulator's page when it is the face provider. */
export async function registerDevRoutes(app: AppInstance): Promise<void> {
  await registerDevOnly(app, app.deps.config.FACE_PROVIDER === 'sim' ? [devRoutes, simFaceRoutes] : [devRoutes]);
}
