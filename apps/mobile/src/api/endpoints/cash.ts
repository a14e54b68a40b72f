/**
 * Money calls, declared as data: the balance, payee accounts, withdrawal channels and withdrawals.
 * Reads are quiet (pages draw their own skeletons); writes show the loading indicator.
 */
import {
  Code,
  withdrawalCalls,
  type AnswerOf,
  type CashAccount,
  type ExtractBody,
  type openBankList,
  type Payee,
  type SavePayeeBody,
  type WithdrawalChannel,
  type WithdrawalRecord,
  type WithdrawalStatusFilter,
  type WithdrawalTotals,
  type withdrawalContract,
} from '@maika/shared';
import type { z } from 'zod';
import { endpointOf } from '../endpoint';
import { request, requestEnvelope, type Endpoint } from '../http';

export type { CashAccount, Payee, WithdrawalChannel, WithdrawalRecord, WithdrawalTotals };
export type OpenBank = z.infer<typeof openBankList>['list'][number];

export interface WithdrawalPage {
  list: WithdrawalRecord[];
  total: number;
}

/** A call that needs a verified real name: 333 is a success code that carries no result. */
export type NeedsRealName<T> = { realNameRequired: true } | { realNameRequired: false; data: T };

export const cashEndpoints = {
  account: endpointOf(withdrawalCalls.account, { quiet: true }),
  channels: endpointOf(withdrawalCalls.channels, { quiet: true }),
  extract: endpointOf(withdrawalCalls.extract),
  records: endpointOf(withdrawalCalls.records, { quiet: true }),
  recordsTotal: endpointOf(withdrawalCalls.recordsTotal, { quiet: true }),
  banks: { method: 'GET', path: '/api/user/getOpenBank', auth: 'token', quiet: true },
  payees: { method: 'GET', path: '/api/user/getPayeeList', auth: 'token', quiet: true },
  savePayee: { method: 'POST', path: '/api/user/savePayee', auth: 'token' },
  deletePayee: { method: 'POST', path: '/api/user/deletePayee', auth: 'token' },
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
  return (await request<{ list: OpenBank[] }>(cashEndpoints.banks)).list;
}

export async function fetchPayees(): Promise<Payee[]> {
  return (await request<{ list: Payee[] }>(cashEndpoints.payees)).list;
}

export function savePayee(body: SavePayeeBody): Promise<NeedsRealName<{ payee: Payee }>> {
  return needingRealName<{ payee: Payee }>(cashEndpoints.savePayee, { ...body });
}

export function deletePayee(id: number): Promise<Record<string, never>> {
  return request<Record<string, never>>(cashEndpoints.deletePayee, { id });
}

export function extract(body: ExtractBody): Promise<NeedsRealName<AnswerOf<typeof withdrawalContract.extract>>> {
  return needingRealName<AnswerOf<typeof withdrawalContract.extract>>(cashEndpoints.extract, { ...body });
}

export function fetchWithdrawals(status: WithdrawalStatusFilter, page: number, pageSize: number): Promise<WithdrawalPage> {
  return request<WithdrawalPage>(cashEndpoints.records, { status, page, pageSize });
}

export function fetchWithdrawalTotals(): Promise<WithdrawalTotals> {
  return request<WithdrawalTotals>(cashEndpoints.recordsTotal);
}
