export { checkLedger, formatReport } from './checkService';
export {
  accountBalances,
  creditedTotal,
  findTransferByKey,
  listUserEntries,
  lockCreditableUser,
  lockUserAccounts,
  rollUpPlatformBalances,
} from './repo';
export {
  AccountCancelled,
  creditUser,
  hold,
  InsufficientFunds,
  LedgerReason,
  openAccounts,
  platformAccount,
  postHold,
  transfer,
  userAccounts,
  voidHold,
} from './service';
