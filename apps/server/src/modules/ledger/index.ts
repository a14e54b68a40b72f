export { checkLedger, formatReport } from './checkService';
export {
  accountBalances,
  creditedTotal,
  findTransferByKey,
  listUserEntries,
  lockCreditableUser,
  lockUsersForCredit,
  lockUserAccounts,
  rollUpPlatformBalances,
} from './repo';
export {
  AccountCancelled,
  creditUser,
  creditUsers,
  hold,
  InsufficientFunds,
  LedgerReason,
  openAccounts,
  platformAccount,
  postHold,
  transfer,
  userAccounts,
  type UserCredit,
  voidHold,
} from './service';
