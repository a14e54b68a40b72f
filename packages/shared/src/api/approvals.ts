/** Four eyes on money and on operator accounts (GET /api/admin/approvals, POST /api/admin/approvals/:id/{approve,decline}). */
import { z } from 'zod';
import { adminRoleKeySchema } from '../enumSchemas';
import { adminSetup } from './admin';
import { pageFields } from './common';

/**
 * Changes of operator accounts that would give someone a say in second approvals, or take another
 * administrator out (disabling; a demotion is an `admin.role`), which would leave one deciding alone.
 */
export const operatorApprovalKinds = [
  'admin.create',
  'admin.role',
  'admin.resetPassword',
  'admin.resetTwoFactor',
  'admin.disable',
] as const;
/** Passing a card at a value or amount that needs a second reviewer: the kinds whose target is a card. */
export const cardApprovalKinds = ['card.approve', 'card.appeal'] as const;
export const secondApprovalKinds = [...cardApprovalKinds, 'ledger.adjust', ...operatorApprovalKinds] as const;
export type SecondApprovalKind = (typeof secondApprovalKinds)[number];
export type OperatorApprovalKind = (typeof operatorApprovalKinds)[number];
export type CardApprovalKind = (typeof cardApprovalKinds)[number];
export const isOperatorApprovalKind = (kind: SecondApprovalKind): kind is OperatorApprovalKind =>
  (operatorApprovalKinds as readonly string[]).includes(kind);
export const isCardApprovalKind = (kind: SecondApprovalKind): kind is CardApprovalKind =>
  (cardApprovalKinds as readonly string[]).includes(kind);

export const secondApprovalStatuses = ['pending', 'approved', 'declined'] as const;

export const adminSecondApprovalQuery = z.object({
  status: z.enum([...secondApprovalStatuses, 'all'], { error: 'must be pending, approved, declined or all' }).default('pending'),
  ...pageFields(),
});
export type AdminSecondApprovalQuery = z.infer<typeof adminSecondApprovalQuery>;

export const adminSecondApproval = z.object({
  id: z.number().int(),
  kind: z.enum(secondApprovalKinds),
  /** The card (card kinds) or the user (adjustments). */
  targetId: z.number().int(),
  /** The money at stake: the settlement a card would pay, or the adjustment. */
  amountFen: z.number().int(),
  /** A card's settlement rate as the request recorded it (null for adjustments and requests recorded before rates were kept). */
  settlementRateBp: z.number().int().nullable(),
  actualFaceValueFen: z.number().int().nullable(),
  declaredFaceValueFen: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The account an operator kind creates or changes, and the role it gets (creation, role change, a disabling that also demotes). */
  operator: z.object({ username: z.string(), role: adminRoleKeySchema.nullable() }).nullable(),
  requestedBy: z.number().int(),
  requestedByName: z.string(),
  status: z.enum(secondApprovalStatuses),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminSecondApproval = z.infer<typeof adminSecondApproval>;
export const adminSecondApprovalList = z.object({ list: z.array(adminSecondApproval), total: z.number().int() });

/** Approving a creation or a password reset answers its set-up code, shown this once. */
export const adminApproveData = z.object({ setup: adminSetup.nullable() });

export const adminDeclineBody = z.object({
  reason: z.string().trim().min(1, 'must not be empty: say why').max(200, 'must be at most 200 characters'),
});

/** A reveal says why, in the operator's words; it is kept with the audit. */
export const adminRevealBody = z.object({
  reason: z.string().trim().min(4, 'must say why, in at least 4 characters').max(200, 'must be at most 200 characters'),
});

// ---------------------------------------------------------------------------------------------
// Payout limits (GET/PUT /api/admin/settings/payoutLimits) and risk flags (GET /api/admin/risk)

const dailyLimit = z
  .number({ error: 'must be an amount in fen (a whole number)' })
  .int('must be a whole number of fen')
  .min(0, 'must not be negative')
  .max(100_000_000_000, 'must be at most 1,000,000,000 yuan');

/** Automatic payouts per Beijing day; above them a withdrawal waits for one finance approval. */
export const payoutLimits = z.object({ userDailyFen: dailyLimit, platformDailyFen: dailyLimit });
export type PayoutLimits = z.infer<typeof payoutLimits>;

export const riskFlag = z.object({
  /** userCredits: a user credited far above their own history in 24 h; operatorApprovals: an operator approving more than the threshold in 24 h. */
  kind: z.enum(['userCredits', 'operatorApprovals']),
  subjectId: z.number().int(),
  /** The user's phone or the operator's username. */
  subject: z.string(),
  /** Fen credited in 24 h, or approvals in 24 h. */
  value: z.number().int(),
  /** The user's daily average over the 30 days before (fen), or the operator threshold. */
  baseline: z.number().int(),
});
export type RiskFlag = z.infer<typeof riskFlag>;
export const riskFlagList = z.object({ list: z.array(riskFlag) });
