/**
 * Money calls, declared as data: the balance, payee accounts, withdrawal channels and withdrawals.
 * Reads are quiet (pages draw their own skeletons); writes show the loading indicator.
 */
import {
  Code,
  payeeCalls,
  withdrawalCalls,
  type AnswerOf,
  type CashAccount,
  type ExtractBody,
  type Payee,
  type SavePayeeBody,
  type WithdrawalChannel,
  type WithdrawalRecord,
  type WithdrawalStatusFilter,
  type WithdrawalTotals,
  type payeeContract,
  type withdrawalContract,
} from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request, requestEnvelope, type Endpoint } from '../http';

export type { CashAccount, Payee, WithdrawalChannel, WithdrawalRecord, WithdrawalTotals };
export type OpenBank = AnswerOf<typeof payeeContract.banks>['list'][number];

/** A page of records and the user's totals, read at one moment. */
export interface WithdrawalPage {
  list: WithdrawalRecord[];
  total: number;
  totals: WithdrawalTotals;
}

/** A call that needs a verified real name: 333 is a success code that carries no result. */
export type NeedsRealName<T> = { realNameRequired: true } | { realNameRequired: false; data: T };

export const cashEndpoints = {
  account: endpointOf(withdrawalCalls.account, { quiet: true }),
  channels: endpointOf(withdrawalCalls.channels, { quiet: true }),
  extract: endpointOf(withdrawalCalls.extract),
  records: endpointOf(withdrawalCalls.records, { quiet: true }),
  banks: endpointOf(payeeCalls.banks, { quiet: true }),
  payees: endpointOf(payeeCalls.list, { quiet: true }),
  savePayee: endpointOf(payeeCalls.save),
  deletePayee: endpointOf(payeeCalls.delete),
} as const satisfies Record<string, Endpoint>;

async function needingRealName<T>(endpoint: Endpoint, body: Record<string, unknown>): Promise<NeedsRealName<T>> {
  const envelope = await requestEnvelope<T>(endpoint, body);
  return envelope.code === Code.RealNameRequired ? { realNameRequired: true } : { realNameRequired: false, data: envelope.data };
}

export function fetchAccount(): Promise<CashAccount> {
  return request<CashAccount>(cashEndpoints.account);
}

export async function fetchChannels(): Promise<WithdrawalChannel[]> {
  return (await request<AnswerOf<typeof withdrawalContract.channels>>(cashEndpoints.channels)).list;
}

export async function fetchBanks(): Promise<OpenBank[]> {
  return (await request<AnswerOf<typeof payeeContract.banks>>(cashEndpoints.banks)).list;
}

export async function fetchPayees(): Promise<Payee[]> {
  return (await request<AnswerOf<typeof payeeContract.list>>(cashEndpoints.payees)).list;
}

export function savePayee(body: SavePayeeBody): Promise<NeedsRealName<AnswerOf<typeof payeeContract.save>>> {
  return needingRealName<AnswerOf<typeof payeeContract.save>>(cashEndpoints.savePayee, { ...body });
}

export function deletePayee(id: number): Promise<AnswerOf<typeof payeeContract.delete>> {
  return request<AnswerOf<typeof payeeContract.delete>>(cashEndpoints.deletePayee, { id });
}

export function extract(body: ExtractBody): Promise<NeedsRealName<AnswerOf<typeof withdrawalContract.extract>>> {
  return needingRealName<AnswerOf<typeof withdrawalContract.extract>>(cashEndpoints.extract, { ...body });
}

export function fetchWithdrawals(status: WithdrawalStatusFilter, page: number, pageSize: number): Promise<WithdrawalPage> {
  return request<WithdrawalPage>(cashEndpoints.records, { status, page, pageSize });
}
