export { checkLedger, formatReport } from './checkService';
export {
  accountBalances,
  creditedTotal,
  findTransferByKey,
  listUserEntries,
  lockAccounts,
  lockCreditableUser,
  lockUserAccounts,
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
