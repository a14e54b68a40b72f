/**
 * refine's data provider over the admin API. A resource name is its path under /api/admin
 * (`withdrawals`, `content/banners`); lists come back as `{ list, total }` (or a bare array for
 * the few small tables), everything else as the envelope's `data`.
 */
import { calls, pathOf, type ApiCall, type CallMethod } from '@maika/shared';
import type { BaseKey, BaseRecord, CrudFilter, CrudSort, DataProvider, Pagination } from '@refinedev/core';
import { apiRequest, type Query } from './api';

export const API_ROOT = '/api/admin';

const declaredCalls: readonly ApiCall[] = Object.values(calls).flatMap((noun) => Object.values(noun as Record<string, ApiCall>));

/**
 * The path of a CRUD call on a resource: from its entry in the API contract when the contract
 * declares the resource's path, and then only for a method declared there; the API's
 * conventional path for a resource the contract does not cover yet.
 */
export function resourcePath(resource: string, method: CallMethod, id?: BaseKey): string {
  const path = id === undefined ? `${API_ROOT}/${resource}` : `${API_ROOT}/${resource}/:id`;
  const declared = declaredCalls.filter((call) => call.path === path);
  if (declared.length === 0) return id === undefined ? path : `${API_ROOT}/${resource}/${encodeURIComponent(String(id))}`;
  const call = declared.find((c) => c.method === method);
  if (!call) throw new Error(`${method} ${path} is not a call of the API contract`);
  return pathOf(call, id === undefined ? {} : { id: String(id) });
}

/**
 * Filters become plain query parameters (`status=1`); a date range on any field becomes the
 * API's `from` / `to`.
 */
export function filtersToQuery(filters: readonly CrudFilter[] = []): Query {
  const query: Query = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const value = filter.value as unknown;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (filter.operator === 'gte') query.from = String(value);
    else if (filter.operator === 'lte') query.to = String(value);
    else query[filter.field] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return query;
}

export function pagingToQuery(pagination?: Pagination): Query {
  if (pagination?.mode === 'off') return {};
  return { page: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 20 };
}

export function sortersToQuery(sorters: readonly CrudSort[] = []): Query {
  const first = sorters[0];
  return first ? { sort: first.field, order: first.order } : {};
}

/** `{ list, total }` or a bare array, into refine's `{ data, total }`. */
export function toListResult<T extends BaseRecord>(payload: unknown): { data: T[]; total: number } {
  if (Array.isArray(payload)) return { data: payload as T[], total: payload.length };
  const page = payload as { list?: T[]; total?: number } | null;
  const data = page?.list ?? [];
  return { data, total: page?.total ?? data.length };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const methodOf = (meta: Record<string, unknown> | undefined, fallback: Method): Method => (meta?.method as Method | undefined) ?? fallback;

export const dataProvider: DataProvider = {
  getApiUrl: () => API_ROOT,

  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const query = {
      ...pagingToQuery(pagination),
      ...filtersToQuery(filters),
      ...sortersToQuery(sorters),
      ...(meta?.query as Query | undefined),
    };
    return toListResult(await apiRequest(resourcePath(resource, 'GET'), { query }));
  },

  getOne: async ({ resource, id }) => ({ data: await apiRequest(resourcePath(resource, 'GET', id)) }),

  getMany: async ({ resource, ids }) => ({
    data: await Promise.all(ids.map((id) => apiRequest<never>(resourcePath(resource, 'GET', id)))),
  }),

  create: async ({ resource, variables, meta }) => {
    const method = methodOf(meta, 'POST');
    return { data: await apiRequest(resourcePath(resource, method), { method, body: variables }) };
  },

  update: async ({ resource, id, variables, meta }) => {
    const method = methodOf(meta, 'PUT');
    return { data: await apiRequest(resourcePath(resource, method, id), { method, body: variables }) };
  },

  deleteOne: async ({ resource, id }) => ({ data: await apiRequest(resourcePath(resource, 'DELETE', id), { method: 'DELETE' }) }),

  /** Actions that are not CRUD (approve, reject, freeze): `url` is relative to /api/admin unless absolute. */
  custom: async ({ url, method, payload, query, filters }) => {
    const path = url.startsWith('/') ? url : `${API_ROOT}/${url}`;
    const verb = method.toUpperCase() as Method;
    const data = await apiRequest(path, {
      method: verb,
      query: { ...(query as Query | undefined), ...filtersToQuery(filters) },
      body: verb === 'GET' || verb === 'DELETE' ? undefined : (payload ?? {}),
    });
    return { data: data as never };
  },
};
