import { z } from 'zod';
import { adminRoleKeySchema } from '../enumSchemas';
import { pageFields, phoneDigitsSchema as phoneDigits } from './common';

export const adminLoginBody = z.object({
  username: z.string().trim().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(256),
  /** The authenticator's 6-digit code or a recovery code, once two-factor login is on. */
  otp: z.string().trim().max(32, 'must be the 6-digit code or a recovery code').optional(),
});
export const adminProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  role: adminRoleKeySchema,
  twoFactorEnabled: z.boolean(),
  /** The session may only set up two-factor login (admin and finance must have it). */
  enrolmentRequired: z.boolean(),
});
export const adminLoginData = z.object({ token: z.string(), admin: adminProfile });

export const adminTotpSetupData = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
/** The code an authenticator app shows (a recovery code is anything else). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const adminTotpConfirmBody = z.object({
  code: z.string({ error: 'is required' }).trim().regex(TOTP_CODE_PATTERN, 'must be the 6-digit code your authenticator app shows'),
  /** Setting it up again while it is on: a code of the current app, or a recovery code. */
  currentCode: z.string().trim().min(1, 'must not be empty').max(32, 'must be the 6-digit code or a recovery code').optional(),
});
/** Shown once: only their hashes are kept. */
export const adminTotpConfirmData = z.object({ recoveryCodes: z.array(z.string()) });

export const adminAccount = adminProfile.omit({ enrolmentRequired: true }).extend({
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
/** An operator's password, chosen by the operator on the set-up page (never by an administrator). */
export const operatorPassword = z.string().min(12, 'must be at least 12 characters').max(256);
/** An operator's username, checked by the server and by the console's form. */
export const OPERATOR_USERNAME_PATTERN = /^[a-zA-Z0-9_.-]{3,32}$/;

export const adminCreateBody = z.object({
  username: z.string().trim().regex(OPERATOR_USERNAME_PATTERN, 'must be 3 to 32 letters, digits, dot, dash or underscore'),
  role: adminRoleKeySchema,
});
export const adminUpdateBody = z
  .object({
    role: adminRoleKeySchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of role, disabled');

/**
 * A one-time set-up code: whoever opens its link chooses the account's password. Shown once, to the
 * administrator who created or reset the account (or approved that), kept only as a keyed hash.
 */
export const adminSetup = z.object({
  username: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
/** The console's set-up page for a code (a hash route: the code never reaches a server log). */
export const adminSetupRoute = (code: string) => `/setup/${encodeURIComponent(code)}`;
/** The whole set-up link on a console served at `origin`/admin/. */
export const adminSetupLink = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/admin/#${adminSetupRoute(code)}`;
export const adminSetupBody = z.object({
  code: z.string().trim().min(1, 'is required').max(128, 'must be the code of the set-up link'),
  password: operatorPassword,
});

/**
 * A change of an operator account: done at once (`account`, with `setup` after a creation or a
 * password reset), or recorded for a second administrator when the deployment has two
 * (`approvalId`; nothing changed yet).
 */
export const adminChange = z.object({
  account: adminAccount.nullable(),
  setup: adminSetup.nullable(),
  approvalId: z.number().int().nullable(),
});
export const idParams = z.object({ id: z.coerce.number().int().positive('must be a positive id') });

export const auditQuery = z.object({
  ...pageFields({ defaultSize: 50, maxSize: 200 }),
  adminId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(64).optional(),
  // The audit log reads any ISO bound, clamping the calendar's edges itself (modules/operators/repo.ts).
  from: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
});
export const auditEntry = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});

export const smsOutboxAdminQuery = z.object({
  phone: phoneDigits.optional(),
  ...pageFields({ defaultSize: 50, maxSize: 200 }),
});

export const richTextSaveBody = z.object({
  html: z.string().max(200_000, 'must be at most 200,000 characters'),
  /** The English version: left out keeps the stored one, empty removes it (English readers then get the Chinese). */
  htmlEn: z.string().max(200_000, 'must be at most 200,000 characters').optional(),
});
