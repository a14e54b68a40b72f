export { checkLedger, formatReport } from './check';
export { accountBalances, creditedTotal, findTransferByKey, listUserEntries, lockAccounts, lockUserAccounts } from './repo';
export {
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
