/**
 * Every enumeration and status table of SPEC.md §3–4 and §7 (plus the account status and admin
 * roles of DESIGN.md §3), shared by the server, the mobile app and the admin console.
 *
 * For each table there is
 * - a constants object with the numeric codes (`CardStatus.Unreviewed === 0`) and a type of the
 *   same name (`CardStatus` = the codes a record can hold),
 * - a table (`cardStatusTable`) whose `entries` carry `code`, a stable string `key`, zh-CN and
 *   en-US `label`s and, where SPEC.md gives one, a `color`,
 * - zod schemas (`cardStatusSchema`; tables with a filter-only "all" row also have
 *   `cardStatusFilterSchema`, which accepts 999 as well).
 *
 * Codes are what the API and the database carry. Keys are for code that wants a readable,
 * stable string (i18n resource names, CSS classes, logs, test ids); never renumber or rename.
 */
import { z } from 'zod';
import { defaultLocale, type Locale, type LocalizedText } from './i18n';

// ---------------------------------------------------------------------------------------------
// Table machinery

/** The code of the filter-only "all" row of the card and withdrawal status tables. */
export const FILTER_ALL = 999;
export type FilterAll = typeof FILTER_ALL;

/** True for the filter-only "all" code 999: apply no status filter. */
export function isFilterAll(code: number): code is FilterAll {
  return code === FILTER_ALL;
}

export interface EnumEntry<C extends number = number, K extends string = string> {
  readonly code: C;
  readonly key: K;
  readonly label: LocalizedText;
  /** Set on the "all" row (999): usable as a list filter, never as a record's value. */
  readonly filterOnly?: boolean;
}

type ValueEntry<E> = Exclude<E, { readonly filterOnly: true }>;

/** Gives every row a readable (optional) `filterOnly`, so `entry.filterOnly` type-checks. */
export type EnumRow<E> = E extends unknown ? E & { readonly filterOnly?: boolean } : never;

export interface EnumTable<E extends EnumEntry> {
  /** camelCase name of the field it describes (API field name where there is one). */
  readonly name: string;
  /** Every row in spec order, the filter-only "all" row included (what a filter tab bar lists). */
  readonly entries: readonly E[];
  /** The rows a record can hold (filter-only rows left out): what a select box lists. */
  readonly values: readonly ValueEntry<E>[];
  /** Codes a record can hold. */
  readonly codes: readonly ValueEntry<E>['code'][];
  /** Every code, 999 included where the table has it. */
  readonly filterCodes: readonly E['code'][];
  /** Keys of the rows a record can hold. */
  readonly keys: readonly ValueEntry<E>['key'][];
  /** Accepts the codes a record can hold. */
  readonly schema: z.ZodType<ValueEntry<E>['code'], ValueEntry<E>['code']>;
  /** Accepts every code, 999 included where the table has it (for list filters). */
  readonly filterSchema: z.ZodType<E['code'], E['code']>;
  /** Accepts the stable keys of the rows a record can hold. */
  readonly keySchema: z.ZodType<ValueEntry<E>['key'], ValueEntry<E>['key']>;
  byCode(code: number): E | undefined;
  byKey(key: string): E | undefined;
}

function describeEntries(entries: readonly EnumEntry[]): string {
  return entries.map((e) => `${e.code} (${e.key})`).join(', ');
}

/**
 * Builds a table from its rows. Throws at module load if a code or key repeats, so a bad edit
 * fails every test at once.
 */
export function defineEnumTable<const E extends readonly EnumEntry[]>(name: string, entries: E): EnumTable<EnumRow<E[number]>> {
  type Entry = EnumRow<E[number]>;
  const byCode = new Map<number, Entry>();
  const byKey = new Map<string, Entry>();
  for (const entry of entries as readonly EnumEntry[] as readonly Entry[]) {
    if (byCode.has(entry.code)) throw new Error(`${name}: code ${entry.code} appears twice`);
    if (byKey.has(entry.key)) throw new Error(`${name}: key ${entry.key} appears twice`);
    byCode.set(entry.code, entry);
    byKey.set(entry.key, entry);
  }
  const values = entries.filter((e) => !e.filterOnly) as unknown as ValueEntry<Entry>[];
  const codes = values.map((e) => e.code);
  const keys = values.map((e) => e.key);
  const filterCodes = entries.map((e) => e.code);

  const schema = z.literal(codes as [number, ...number[]], {
    error: `must be one of: ${describeEntries(values)}`,
  }) as unknown as z.ZodType<ValueEntry<Entry>['code'], ValueEntry<Entry>['code']>;
  const filterSchema = (
    values.length === entries.length
      ? schema
      : z.literal(filterCodes as [number, ...number[]], {
          error: `must be one of: ${describeEntries(entries)}`,
        })
  ) as z.ZodType<Entry['code'], Entry['code']>;
  const keySchema = z.enum(keys as [string, ...string[]], {
    error: `must be one of: ${keys.join(', ')}`,
  }) as unknown as z.ZodType<ValueEntry<Entry>['key'], ValueEntry<Entry>['key']>;

  return Object.freeze({
    name,
    entries: Object.freeze([...entries]) as readonly Entry[],
    values: Object.freeze(values),
    codes: Object.freeze(codes),
    filterCodes: Object.freeze(filterCodes),
    keys: Object.freeze(keys),
    schema,
    filterSchema,
    keySchema,
    byCode: (code: number) => byCode.get(code),
    byKey: (key: string) => byKey.get(key),
  });
}

/**
 * The label of `code` in `locale`. An unknown code (say, from a newer server) shows as the
 * number itself rather than breaking the screen.
 */
export function labelOf(table: { byCode(code: number): EnumEntry | undefined }, code: number, locale: Locale = defaultLocale): string {
  const entry = table.byCode(code);
  return entry ? entry.label[locale] : String(code);
}

/** The stable key of `code`, or undefined when the table has no such code. */
export function keyOf<E extends EnumEntry>(table: { byCode(code: number): E | undefined }, code: number): E['key'] | undefined {
  return table.byCode(code)?.key;
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

const L = (zh: string, en: string): LocalizedText => Object.freeze({ 'zh-CN': zh, 'en-US': en });

// ---------------------------------------------------------------------------------------------
// Semantic status colours (SPEC.md §4 names them; the hex values are ours, one palette for all
// clients).

export const semanticColors = ['gray', 'green', 'danger', 'warn'] as const;
export type SemanticColor = (typeof semanticColors)[number];

export const statusPalette: Readonly<Record<SemanticColor, string>> = Object.freeze({
  gray: '#909399',
  green: '#07c160',
  danger: '#fa2c19',
  warn: '#ff9e0d',
});

/** The hex colour of a semantic colour name. */
export function colorHex(color: SemanticColor): string {
  return statusPalette[color];
}

// ---------------------------------------------------------------------------------------------
// Card status (SPEC.md §4)

export const CardStatus = {
  /** Filter only: every status. */
  All: FILTER_ALL,
  Unreviewed: 0,
  Passed: 1,
  Rejected: 2,
  NotActivated: 3,
  UnderAppeal: 4,
  Abnormal: 5,
} as const;
/** A status a card can hold (0..5). */
export type CardStatus = Exclude<(typeof CardStatus)[keyof typeof CardStatus], FilterAll>;
/** A card status or the filter-only 999. */
export type CardStatusFilter = CardStatus | FilterAll;

export const cardStatusTable = defineEnumTable('cardStatus', [
  { code: CardStatus.All, key: 'all', label: L('全部', 'All'), filterOnly: true },
  { code: CardStatus.Unreviewed, key: 'unreviewed', label: L('未审核', 'Unreviewed'), color: 'gray' },
  { code: CardStatus.Passed, key: 'passed', label: L('已通过', 'Passed'), color: 'green' },
  { code: CardStatus.Rejected, key: 'rejected', label: L('已驳回', 'Rejected'), color: 'danger' },
  {
    code: CardStatus.NotActivated,
    key: 'notActivated',
    label: L('未激活', 'Not activated'),
    color: 'warn',
  },
  { code: CardStatus.UnderAppeal, key: 'underAppeal', label: L('申诉中', 'Under appeal'), color: 'warn' },
  { code: CardStatus.Abnormal, key: 'abnormal', label: L('异常', 'Abnormal'), color: 'danger' },
] as const satisfies readonly (EnumEntry & { color?: SemanticColor })[]);

export const cardStatusSchema = cardStatusTable.schema;
export const cardStatusFilterSchema = cardStatusTable.filterSchema;

/** The semantic colour of a card status (gray for an unknown code). */
export function cardStatusColor(code: number): SemanticColor {
  const entry = cardStatusTable.byCode(code);
  return entry && 'color' in entry ? entry.color : 'gray';
}

// ---------------------------------------------------------------------------------------------
// Settlement / credit status (SPEC.md §4)

export const SettlementStatus = {
  NotCredited: 0,
  PendingCredit: 1,
  Credited: 2,
  Frozen: 3,
} as const;
export type SettlementStatus = (typeof SettlementStatus)[keyof typeof SettlementStatus];

export const settlementStatusTable = defineEnumTable('settlementStatus', [
  { code: SettlementStatus.NotCredited, key: 'notCredited', label: L('未入账', 'Not credited') },
  { code: SettlementStatus.PendingCredit, key: 'pendingCredit', label: L('待入账', 'Pending credit') },
  { code: SettlementStatus.Credited, key: 'credited', label: L('已入账', 'Credited') },
  { code: SettlementStatus.Frozen, key: 'frozen', label: L('已冻结', 'Frozen') },
] as const);
export const settlementStatusSchema = settlementStatusTable.schema;

// ---------------------------------------------------------------------------------------------
// Shipment status of an order of physical (mailed) cards. Not one of SPEC.md's card statuses: the
// cards stay unreviewed (0) while their order waits here, and are handed to the card channel only
// once it is received. Electronic orders have none.

export const ShipmentStatus = {
  AwaitingShipment: 0,
  InTransit: 1,
  Received: 2,
} as const;
export type ShipmentStatus = (typeof ShipmentStatus)[keyof typeof ShipmentStatus];

export const shipmentStatusTable = defineEnumTable('shipmentStatus', [
  { code: ShipmentStatus.AwaitingShipment, key: 'awaitingShipment', label: L('待寄出', 'Awaiting shipment'), color: 'warn' },
  { code: ShipmentStatus.InTransit, key: 'inTransit', label: L('运输中', 'In transit'), color: 'gray' },
  { code: ShipmentStatus.Received, key: 'received', label: L('已签收', 'Received'), color: 'green' },
] as const satisfies readonly (EnumEntry & { color?: SemanticColor })[]);
export const shipmentStatusSchema = shipmentStatusTable.schema;

// ---------------------------------------------------------------------------------------------
// Feedback status (SPEC.md §4)

export const FeedbackStatus = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
} as const;
export type FeedbackStatus = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];

export const feedbackStatusTable = defineEnumTable('feedbackStatus', [
  { code: FeedbackStatus.Pending, key: 'pending', label: L('待处理', 'Pending') },
  { code: FeedbackStatus.Accepted, key: 'accepted', label: L('已采纳', 'Accepted') },
  { code: FeedbackStatus.Rejected, key: 'rejected', label: L('已驳回', 'Rejected') },
] as const);
export const feedbackStatusSchema = feedbackStatusTable.schema;

// ---------------------------------------------------------------------------------------------
// Withdrawal status (SPEC.md §4; DESIGN.md §3 gives the life cycle)

export const WithdrawalStatus = {
  /** Filter only: every status. */
  All: FILTER_ALL,
  Unpaid: 0,
  Paid: 1,
  PaymentFailed: 2,
  Repay: 3,
  OfflineSettlement: 4,
  Processing: 5,
  AwaitingConfirmation: 6,
} as const;
/** A status a withdrawal can hold (0..6). */
export type WithdrawalStatus = Exclude<(typeof WithdrawalStatus)[keyof typeof WithdrawalStatus], FilterAll>;
export type WithdrawalStatusFilter = WithdrawalStatus | FilterAll;

export const withdrawalStatusTable = defineEnumTable('withdrawalStatus', [
  { code: WithdrawalStatus.All, key: 'all', label: L('全部', 'All'), filterOnly: true },
  { code: WithdrawalStatus.Unpaid, key: 'unpaid', label: L('未打款', 'Unpaid') },
  { code: WithdrawalStatus.Paid, key: 'paid', label: L('打款成功', 'Paid') },
  { code: WithdrawalStatus.PaymentFailed, key: 'paymentFailed', label: L('打款失败', 'Payment failed') },
  { code: WithdrawalStatus.Repay, key: 'repay', label: L('重新打款', 'Paying again') },
  {
    code: WithdrawalStatus.OfflineSettlement,
    key: 'offlineSettlement',
    label: L('线下结算', 'Settled offline'),
  },
  { code: WithdrawalStatus.Processing, key: 'processing', label: L('处理中', 'Processing') },
  {
    code: WithdrawalStatus.AwaitingConfirmation,
    key: 'awaitingConfirmation',
    label: L('待确认收款', 'Awaiting confirmation'),
  },
] as const);
export const withdrawalStatusSchema = withdrawalStatusTable.schema;
export const withdrawalStatusFilterSchema = withdrawalStatusTable.filterSchema;

// ---------------------------------------------------------------------------------------------
// Gender (SPEC.md §3)

export const Gender = {
  Unknown: 0,
  Male: 1,
  Female: 2,
} as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const genderTable = defineEnumTable('gender', [
  { code: Gender.Unknown, key: 'unknown', label: L('未知', 'Not specified') },
  { code: Gender.Male, key: 'male', label: L('男', 'Male') },
  { code: Gender.Female, key: 'female', label: L('女', 'Female') },
] as const);
export const genderSchema = genderTable.schema;

// ---------------------------------------------------------------------------------------------
// Rich-text template points (SPEC.md §7, query `point` of /api/file/getRichTextTemplate)

export const RichTextPoint = {
  ProductTip: 1,
  RecyclingProtocol: 2,
  PrivacyProtocol: 3,
  ServiceProtocol: 4,
  BusinessCooperation: 5,
  AboutUs: 6,
  CompanyInfo: 7,
  PurchaseIntent: 8,
  RebateTip: 9,
  FooterInfo: 10,
} as const;
export type RichTextPoint = (typeof RichTextPoint)[keyof typeof RichTextPoint];

export const richTextPointTable = defineEnumTable('point', [
  { code: RichTextPoint.ProductTip, key: 'productTip', label: L('产品提示', 'Product tip') },
  {
    code: RichTextPoint.RecyclingProtocol,
    key: 'recyclingProtocol',
    label: L('回收协议', 'Recycling agreement'),
  },
  { code: RichTextPoint.PrivacyProtocol, key: 'privacyProtocol', label: L('隐私协议', 'Privacy policy') },
  {
    code: RichTextPoint.ServiceProtocol,
    key: 'serviceProtocol',
    label: L('服务协议', 'Terms of service'),
  },
  {
    code: RichTextPoint.BusinessCooperation,
    key: 'businessCooperation',
    label: L('商务合作', 'Business cooperation'),
  },
  { code: RichTextPoint.AboutUs, key: 'aboutUs', label: L('关于我们', 'About us') },
  { code: RichTextPoint.CompanyInfo, key: 'companyInfo', label: L('公司信息', 'Company information') },
  { code: RichTextPoint.PurchaseIntent, key: 'purchaseIntent', label: L('收购意向', 'Purchase intent') },
  { code: RichTextPoint.RebateTip, key: 'rebateTip', label: L('返佣说明', 'Rebate rules') },
  { code: RichTextPoint.FooterInfo, key: 'footerInfo', label: L('页脚信息', 'Footer information') },
] as const);
export const richTextPointSchema = richTextPointTable.schema;

// ---------------------------------------------------------------------------------------------
// Feedback categories (SPEC.md §7; the numbers are ours, in spec order)

export const FeedbackCategory = {
  Home: 1,
  CategoryPage: 2,
  RecyclingFlow: 3,
  OrderRecords: 4,
  ModifyInfo: 5,
  RealNameAuth: 6,
  ShareFlow: 7,
  LoginRegister: 8,
  WithdrawalFlow: 9,
  Other: 10,
} as const;
export type FeedbackCategory = (typeof FeedbackCategory)[keyof typeof FeedbackCategory];

export const feedbackCategoryTable = defineEnumTable('category', [
  { code: FeedbackCategory.Home, key: 'home', label: L('首页', 'Home') },
  { code: FeedbackCategory.CategoryPage, key: 'categoryPage', label: L('分类页', 'Category page') },
  { code: FeedbackCategory.RecyclingFlow, key: 'recyclingFlow', label: L('回收流程', 'Selling a card') },
  { code: FeedbackCategory.OrderRecords, key: 'orderRecords', label: L('订单记录', 'Order records') },
  { code: FeedbackCategory.ModifyInfo, key: 'modifyInfo', label: L('修改资料', 'Editing my profile') },
  { code: FeedbackCategory.RealNameAuth, key: 'realNameAuth', label: L('实名认证', 'Real-name verification') },
  { code: FeedbackCategory.ShareFlow, key: 'shareFlow', label: L('分享流程', 'Sharing and rebates') },
  { code: FeedbackCategory.LoginRegister, key: 'loginRegister', label: L('登录注册', 'Log in / sign up') },
  { code: FeedbackCategory.WithdrawalFlow, key: 'withdrawalFlow', label: L('提现流程', 'Withdrawing') },
  { code: FeedbackCategory.Other, key: 'other', label: L('其他', 'Other') },
] as const);
export const feedbackCategorySchema = feedbackCategoryTable.schema;

// ---------------------------------------------------------------------------------------------
// Payee channels (SPEC.md §7 "each with a colour"; the numbers are ours)

export const PayeeChannel = {
  Alipay: 1,
  WeChat: 2,
  Bank: 3,
} as const;
export type PayeeChannel = (typeof PayeeChannel)[keyof typeof PayeeChannel];

export const payeeChannelTable = defineEnumTable('channel', [
  { code: PayeeChannel.Alipay, key: 'alipay', label: L('支付宝', 'Alipay'), color: '#1677ff' },
  { code: PayeeChannel.WeChat, key: 'wechat', label: L('微信', 'WeChat'), color: '#07c160' },
  // Bank card: UnionPay's red would read as an error beside the status colours, so a neutral
  // deep gold that still reads as "bank card" in Chinese payment UIs.
  { code: PayeeChannel.Bank, key: 'bank', label: L('银行卡', 'Bank card'), color: '#d48806' },
] as const satisfies readonly (EnumEntry & { color: string })[]);
export type PayeeChannelKey = (typeof payeeChannelTable.keys)[number];
export const payeeChannelSchema = payeeChannelTable.schema;
/** Accepts 'alipay' | 'wechat' | 'bank'. */
export const payeeChannelKeySchema = payeeChannelTable.keySchema;

// ---------------------------------------------------------------------------------------------
// Banner positions (SPEC.md §7)

export const BannerPosition = {
  Home: 1,
  SellCard: 2,
  PersonalCentre: 3,
  Member: 4,
  HomeCopy: 5,
  Task: 6,
} as const;
export type BannerPosition = (typeof BannerPosition)[keyof typeof BannerPosition];

export const bannerPositionTable = defineEnumTable('position', [
  { code: BannerPosition.Home, key: 'home', label: L('首页', 'Home') },
  { code: BannerPosition.SellCard, key: 'sellCard', label: L('卖卡', 'Sell card') },
  { code: BannerPosition.PersonalCentre, key: 'personalCentre', label: L('个人中心', 'Personal centre') },
  { code: BannerPosition.Member, key: 'member', label: L('会员', 'Member') },
  { code: BannerPosition.HomeCopy, key: 'homeCopy', label: L('首页（副本）', 'Home (copy)') },
  { code: BannerPosition.Task, key: 'task', label: L('任务', 'Task') },
] as const);
export const bannerPositionSchema = bannerPositionTable.schema;

// ---------------------------------------------------------------------------------------------
// User account status (DESIGN.md §3; the numbers are ours)

export const AccountStatus = {
  Active: 0,
  Frozen: 1,
  Cancelled: 2,
} as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

export const accountStatusTable = defineEnumTable('accountStatus', [
  { code: AccountStatus.Active, key: 'active', label: L('正常', 'Active') },
  { code: AccountStatus.Frozen, key: 'frozen', label: L('已冻结', 'Frozen') },
  { code: AccountStatus.Cancelled, key: 'cancelled', label: L('已注销', 'Cancelled') },
] as const);
export const accountStatusSchema = accountStatusTable.schema;

// ---------------------------------------------------------------------------------------------
// Admin roles (DESIGN.md §3; the numbers are ours)

export const AdminRole = {
  Admin: 1,
  Reviewer: 2,
  Finance: 3,
  Support: 4,
} as const;
export type AdminRole = (typeof AdminRole)[keyof typeof AdminRole];

export const adminRoleTable = defineEnumTable('role', [
  { code: AdminRole.Admin, key: 'admin', label: L('管理员', 'Administrator') },
  { code: AdminRole.Reviewer, key: 'reviewer', label: L('审核员', 'Reviewer') },
  { code: AdminRole.Finance, key: 'finance', label: L('财务', 'Finance') },
  { code: AdminRole.Support, key: 'support', label: L('客服', 'Support') },
] as const);
export type AdminRoleKey = (typeof adminRoleTable.keys)[number];
export const adminRoleSchema = adminRoleTable.schema;
/** Accepts 'admin' | 'reviewer' | 'finance' | 'support'. */
export const adminRoleKeySchema = adminRoleTable.keySchema;

/** Every table, for tests and for an admin "dictionaries" endpoint. */
export const enumTables = {
  cardStatus: cardStatusTable,
  settlementStatus: settlementStatusTable,
  shipmentStatus: shipmentStatusTable,
  feedbackStatus: feedbackStatusTable,
  withdrawalStatus: withdrawalStatusTable,
  gender: genderTable,
  richTextPoint: richTextPointTable,
  feedbackCategory: feedbackCategoryTable,
  payeeChannel: payeeChannelTable,
  bannerPosition: bannerPositionTable,
  accountStatus: accountStatusTable,
  adminRole: adminRoleTable,
} as const;
