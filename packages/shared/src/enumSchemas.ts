/**
 * The zod schemas of the enumeration tables in enums.ts and cardNumber.ts, for the server's
 * request and response schemas and for forms that validate with zod. Kept out of the tables' own
 * module so a client that only shows labels and compares codes (the mobile pages) loads no zod.
 *
 * Each schema is its own top-level call so a bundler drops the ones a client does not use.
 */
import { z } from 'zod';
import { cardNumberRuleTypeTable } from './cardNumber';
import {
  accountStatusTable,
  adminRoleTable,
  bannerPositionTable,
  cardStatusTable,
  deliveryStatusTable,
  feedbackCategoryTable,
  feedbackStatusTable,
  genderTable,
  merchantCallbackStatusTable,
  merchantStatusTable,
  messageChannelTable,
  messageTypeTable,
  payeeChannelTable,
  richTextPointTable,
  settlementStatusTable,
  shipmentStatusTable,
  withdrawalStatusTable,
  type EnumEntry,
  type EnumTable,
} from './enums';

type ValueEntry<E> = Exclude<E, { readonly filterOnly: true }>;

function describeEntries(entries: readonly EnumEntry[]): string {
  return entries.map((e) => `${e.code} (${e.key})`).join(', ');
}

/** Accepts the codes a record can hold (the filter-only "all" row left out). */
export function enumCodeSchema<E extends EnumEntry>(table: EnumTable<E>): z.ZodType<ValueEntry<E>['code'], ValueEntry<E>['code']> {
  return z.literal(table.codes as unknown as [number, ...number[]], {
    error: `must be one of: ${describeEntries(table.values)}`,
  }) as unknown as z.ZodType<ValueEntry<E>['code'], ValueEntry<E>['code']>;
}

/** Accepts every code of the table, 999 included where the table has it (for list filters). */
export function enumFilterSchema<E extends EnumEntry>(table: EnumTable<E>): z.ZodType<E['code'], E['code']> {
  return z.literal(table.filterCodes as unknown as [number, ...number[]], {
    error: `must be one of: ${describeEntries(table.entries)}`,
  }) as unknown as z.ZodType<E['code'], E['code']>;
}

/** Accepts the stable keys of the rows a record can hold. */
export function enumKeySchema<E extends EnumEntry>(table: EnumTable<E>): z.ZodType<ValueEntry<E>['key'], ValueEntry<E>['key']> {
  return z.enum(table.keys as unknown as [string, ...string[]], {
    error: `must be one of: ${table.keys.join(', ')}`,
  }) as unknown as z.ZodType<ValueEntry<E>['key'], ValueEntry<E>['key']>;
}

/**
 * A schema for a code that arrives in a query string: accepts the number or its decimal digits
 * (`'999'`) and checks it with `schema`. An empty or non-numeric string fails rather than
 * becoming 0.
 */
export function queryCodeSchema<T extends number>(schema: z.ZodType<T, T>) {
  return z.union(
    [
      schema,
      z
        .string()
        .regex(/^\d{1,6}$/, { error: 'must be a whole number' })
        .transform(Number)
        .pipe(schema),
    ],
    {
      // Report the table's "must be one of: …" rather than zod's generic "Invalid input".
      error: (issue) => {
        const branches = (issue as { errors?: { code: string; message: string }[][] }).errors;
        return branches?.flat().find((i) => i.code === 'invalid_value')?.message;
      },
    },
  );
}

export const cardStatusSchema = enumCodeSchema(cardStatusTable);
/** Also accepts 999, the filter-only "all" row. */
export const cardStatusFilterSchema = enumFilterSchema(cardStatusTable);
export const settlementStatusSchema = enumCodeSchema(settlementStatusTable);
export const shipmentStatusSchema = enumCodeSchema(shipmentStatusTable);
export const feedbackStatusSchema = enumCodeSchema(feedbackStatusTable);
export const withdrawalStatusSchema = enumCodeSchema(withdrawalStatusTable);
/** Also accepts 999, the filter-only "all" row. */
export const withdrawalStatusFilterSchema = enumFilterSchema(withdrawalStatusTable);
export const genderSchema = enumCodeSchema(genderTable);
export const richTextPointSchema = enumCodeSchema(richTextPointTable);
export const feedbackCategorySchema = enumCodeSchema(feedbackCategoryTable);
export const payeeChannelSchema = enumCodeSchema(payeeChannelTable);
/** Accepts 'alipay' | 'wechat' | 'bank'. */
export const payeeChannelKeySchema = enumKeySchema(payeeChannelTable);
export const bannerPositionSchema = enumCodeSchema(bannerPositionTable);
export const accountStatusSchema = enumCodeSchema(accountStatusTable);
export const adminRoleSchema = enumCodeSchema(adminRoleTable);
/** Accepts 'admin' | 'reviewer' | 'finance' | 'support'. */
export const adminRoleKeySchema = enumKeySchema(adminRoleTable);
export const messageTypeSchema = enumCodeSchema(messageTypeTable);
export const messageChannelSchema = enumCodeSchema(messageChannelTable);
/** Accepts 'sms' | 'weapp' | 'alipay'. */
export const messageChannelKeySchema = enumKeySchema(messageChannelTable);
export const deliveryStatusSchema = enumCodeSchema(deliveryStatusTable);
export const merchantStatusSchema = enumCodeSchema(merchantStatusTable);
export const merchantCallbackStatusSchema = enumCodeSchema(merchantCallbackStatusTable);
export const cardNumberRuleTypeSchema = enumCodeSchema(cardNumberRuleTypeTable);
