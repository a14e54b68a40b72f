import { Code } from '../codes';
import { z } from 'zod';
import {
  adminAccount,
  adminChange,
  adminCreateBody,
  adminLoginBody,
  adminLoginData,
  adminProfile,
  adminSetupBody,
  adminTotpConfirmBody,
  adminTotpConfirmData,
  adminTotpSetupData,
  adminUpdateBody,
  auditEntry,
  auditQuery,
  idParams,
  smsOutboxAdminQuery,
} from '../api/admin';
import { smsOutboxEntry } from '../api/auth';
import { adminDashboard } from '../api/adminConsole';
import { withSchemas } from './call';
import { operatorCalls } from './calls/operators';

const auditEntryList = z.object({ list: z.array(auditEntry), total: z.number().int() });
/** What the SMS simulator sent. */
const smsOutboxList = z.object({
  list: z.array(smsOutboxEntry),
  total: z.number().int(),
});

export const operatorContract = withSchemas(operatorCalls, {
  login: {
    body: adminLoginBody,
    answer: adminLoginData,
    codes: [
      Code.AdminDisabled,
      Code.AdminLoginFailed,
      Code.AdminOtpInvalid,
      Code.AdminOtpRequired,
      Code.AdminSecondFactorLocked,
      Code.NotFound,
      Code.RateLimited,
    ],
  },
  setup: { body: adminSetupBody, answer: z.null(), codes: [Code.AdminSetupCodeInvalid] },
  logout: { answer: z.null() },
  me: { answer: adminProfile },
  setupTwoFactor: { answer: adminTotpSetupData, codes: [Code.NotFound] },
  confirmTwoFactor: {
    body: adminTotpConfirmBody,
    answer: adminTotpConfirmData,
    codes: [
      Code.AdminCurrentCodeInvalid,
      Code.AdminCurrentCodeRequired,
      Code.AdminEnrolmentNotStarted,
      Code.AdminOtpInvalid,
      Code.AdminSecondFactorLocked,
    ],
  },
  resetTwoFactor: { params: idParams, answer: adminChange, codes: [Code.AdminTwoFactorSelfReset, Code.NotFound] },
  resetPassword: { params: idParams, answer: adminChange, codes: [Code.NotFound] },
  admins: { answer: z.array(adminAccount) },
  createAdmin: { body: adminCreateBody, answer: adminChange, codes: [Code.AdminUsernameTaken] },
  updateAdmin: { params: idParams, body: adminUpdateBody, answer: adminChange, codes: [Code.AdminLastAdmin, Code.NotFound] },
  audit: { query: auditQuery, answer: auditEntryList },
  smsOutbox: { query: smsOutboxAdminQuery, answer: smsOutboxList },
  dashboard: { answer: adminDashboard },
});
