/**
 * Every enumeration and status table of docs/product.md (the statuses and "Other enumerations"),
 * shared by the server, the mobile app and the admin console.
 *
 * For each table there is
 * - a table (`cardStatusTable`) whose `entries` carry `code`, a stable string `key`, zh-CN and
 *   en-US `label`s and, where the status has one, a `color`: the one place each code is written,
 * - a constants object derived from it (`CardStatus.Unreviewed === 0`, named after each key) and
 *   a type of the same name (`CardStatus` = the codes a record can hold),
 * - zod schemas, in enumSchemas.ts (`cardStatusSchema`; tables with a filter-only "all" row also
 *   have `cardStatusFilterSchema`, which accepts 999 as well). They live apart so a client that
 *   only shows labels and compares codes does not load zod.
 *
 * Codes are what the API and the database carry. Keys are for code that wants a readable,
 * stable string (i18n resource names, CSS classes, logs, test ids); never renumber or rename.
 */
import { defaultLocale, L, type Locale, type LocalizedText } from './i18n';

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
  /** Name of the row's constant when it is not the key capitalised (`WeChat` for `wechat`). */
  readonly constant?: string;
}

type ValueEntry<E> = Exclude<E, { readonly filterOnly: true }>;

/** Gives every row a readable (optional) `filterOnly`, so `entry.filterOnly` type-checks. */
export type EnumRow<E> = E extends unknown ? E & { readonly filterOnly?: boolean } : never;

export interface EnumTable<E extends EnumEntry> {
  /** camelCase name of the field it describes (API field name where there is one). */
  readonly name: string;
  /** Every row in the order docs/product.md lists them, the filter-only "all" row included (what a filter tab bar lists). */
  readonly entries: readonly E[];
  /** The rows a record can hold (filter-only rows left out): what a select box lists. */
  readonly values: readonly ValueEntry<E>[];
  /** Codes a record can hold. */
  readonly codes: readonly ValueEntry<E>['code'][];
  /** Every code, 999 included where the table has it. */
  readonly filterCodes: readonly E['code'][];
  /** Keys of the rows a record can hold. */
  readonly keys: readonly ValueEntry<E>['key'][];
  byCode(code: number): E | undefined;
  byKey(key: string): E | undefined;
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

  return Object.freeze({
    name,
    entries: Object.freeze([...entries]) as readonly Entry[],
    values: Object.freeze(values),
    codes: Object.freeze(codes),
    filterCodes: Object.freeze(filterCodes),
    keys: Object.freeze(keys),
    byCode: (code: number) => byCode.get(code),
    byKey: (key: string) => byKey.get(key),
  });
}

/** The constant name of a row: its `constant`, else its key with a capital first letter. */
type ConstantName<E> = E extends { readonly constant: infer N extends string }
  ? N
  : E extends { readonly key: infer K extends string }
    ? Capitalize<K>
    : never;

/** `{ Unreviewed: 0, Passed: 1, … }`: the constants object of a table, one member per row. */
export type EnumConstants<E extends EnumEntry> = { readonly [R in E as ConstantName<R>]: R['code'] };

/** Builds the constants object of a table from its rows, so each code is written down once. */
export function enumConstants<E extends EnumEntry>(table: EnumTable<E>): EnumConstants<E> {
  const constants: Record<string, number> = {};
  for (const entry of table.entries) {
    const name = entry.constant ?? entry.key.charAt(0).toUpperCase() + entry.key.slice(1);
    if (name in constants) throw new Error(`${table.name}: constant ${name} appears twice`);
    constants[name] = entry.code;
  }
  return Object.freeze(constants) as EnumConstants<E>;
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

// ---------------------------------------------------------------------------------------------
// Semantic status colours (docs/product.md "Card statuses" names them; the hex values are ours, one
// palette for all clients).

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
// Card status (docs/product.md "Card statuses")

export const cardStatusTable = defineEnumTable('cardStatus', [
  { code: FILTER_ALL, key: 'all', label: L('全部', 'All'), filterOnly: true },
  { code: 0, key: 'unreviewed', label: L('未审核', 'Unreviewed'), color: 'gray' },
  { code: 1, key: 'passed', label: L('已通过', 'Passed'), color: 'green' },
  { code: 2, key: 'rejected', label: L('已驳回', 'Rejected'), color: 'danger' },
  {
    code: 3,
    key: 'notActivated',
    label: L('未激活', 'Not activated'),
    color: 'warn',
  },
  { code: 4, key: 'underAppeal', label: L('申诉中', 'Under appeal'), color: 'warn' },
  // The channel reported another face value or an anomaly: a reviewer decides the card by hand,
  // so the user is told where it is, not a verdict. Key and colour stay as they were.
  { code: 5, key: 'abnormal', label: L('人工审核中', 'In manual review'), color: 'danger' },
] as const satisfies readonly (EnumEntry & { color?: SemanticColor })[]);
export const CardStatus = enumConstants(cardStatusTable);
/** A status a card can hold (0..5). */
export type CardStatus = (typeof cardStatusTable.codes)[number];

/**
 * Cards not decided yet: waiting for the channel, in manual review, or appealed. Every other
 * status is an outcome the user is told; an order is settled once none of its cards is in these.
 */
export const cardStatusesInProgress: readonly CardStatus[] = Object.freeze([
  CardStatus.Unreviewed,
  CardStatus.Abnormal,
  CardStatus.UnderAppeal,
]);

/** Whether a card is still being decided (see cardStatusesInProgress). */
export function isCardInProgress(status: number): boolean {
  return (cardStatusesInProgress as readonly number[]).includes(status);
}
/** A card status or the filter-only 999. */
export type CardStatusFilter = (typeof cardStatusTable.filterCodes)[number];

/** The semantic colour of a card status (gray for an unknown code). */
export function cardStatusColor(code: number): SemanticColor {
  const entry = cardStatusTable.byCode(code);
  return entry && 'color' in entry ? entry.color : 'gray';
}

// ---------------------------------------------------------------------------------------------
// Settlement / credit status (docs/product.md "Card statuses")

export const settlementStatusTable = defineEnumTable('settlementStatus', [
  { code: 0, key: 'notCredited', label: L('未入账', 'Not credited') },
  { code: 1, key: 'pendingCredit', label: L('待入账', 'Pending credit') },
  { code: 2, key: 'credited', label: L('已入账', 'Credited') },
  { code: 3, key: 'frozen', label: L('已冻结', 'Frozen') },
] as const);
export const SettlementStatus = enumConstants(settlementStatusTable);
export type SettlementStatus = (typeof settlementStatusTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Shipment status of an order of physical (mailed) cards. Not one of the card statuses: the
// cards stay unreviewed (0) while their order waits here, and are handed to the card channel only
// once it is received. Electronic orders have none.

export const shipmentStatusTable = defineEnumTable('shipmentStatus', [
  { code: 0, key: 'awaitingShipment', label: L('待寄出', 'Awaiting shipment'), color: 'warn' },
  { code: 1, key: 'inTransit', label: L('运输中', 'In transit'), color: 'gray' },
  { code: 2, key: 'received', label: L('已签收', 'Received'), color: 'green' },
] as const satisfies readonly (EnumEntry & { color?: SemanticColor })[]);
export const ShipmentStatus = enumConstants(shipmentStatusTable);
export type ShipmentStatus = (typeof shipmentStatusTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Feedback status (docs/product.md "Feedback")

export const feedbackStatusTable = defineEnumTable('feedbackStatus', [
  { code: 0, key: 'pending', label: L('待处理', 'Pending') },
  { code: 1, key: 'accepted', label: L('已采纳', 'Accepted') },
  { code: 2, key: 'rejected', label: L('已驳回', 'Rejected') },
] as const);
export const FeedbackStatus = enumConstants(feedbackStatusTable);
export type FeedbackStatus = (typeof feedbackStatusTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Withdrawal status and its life cycle (docs/product.md "Withdrawal statuses")

export const withdrawalStatusTable = defineEnumTable('withdrawalStatus', [
  { code: FILTER_ALL, key: 'all', label: L('全部', 'All'), filterOnly: true },
  { code: 0, key: 'unpaid', label: L('未打款', 'Unpaid') },
  { code: 1, key: 'paid', label: L('打款成功', 'Paid') },
  { code: 2, key: 'paymentFailed', label: L('打款失败', 'Payment failed') },
  { code: 3, key: 'repay', label: L('重新打款', 'Paying again') },
  {
    code: 4,
    key: 'offlineSettlement',
    label: L('线下结算', 'Settled offline'),
  },
  { code: 5, key: 'processing', label: L('处理中', 'Processing') },
  {
    code: 6,
    key: 'awaitingConfirmation',
    label: L('待确认收款', 'Awaiting confirmation'),
  },
] as const);
export const WithdrawalStatus = enumConstants(withdrawalStatusTable);
/** A status a withdrawal can hold (0..6). */
export type WithdrawalStatus = (typeof withdrawalStatusTable.codes)[number];
export type WithdrawalStatusFilter = (typeof withdrawalStatusTable.filterCodes)[number];

// ---------------------------------------------------------------------------------------------
// Gender (docs/product.md "Other enumerations")

export const genderTable = defineEnumTable('gender', [
  { code: 0, key: 'unknown', label: L('未知', 'Not specified') },
  { code: 1, key: 'male', label: L('男', 'Male') },
  { code: 2, key: 'female', label: L('女', 'Female') },
] as const);
export const Gender = enumConstants(genderTable);
export type Gender = (typeof genderTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Rich-text template points (docs/product.md "Other enumerations", query `point` of
// /api/file/getRichTextTemplate)

export const richTextPointTable = defineEnumTable('point', [
  { code: 1, key: 'productTip', label: L('产品提示', 'Product tip') },
  {
    code: 2,
    key: 'recyclingProtocol',
    label: L('回收协议', 'Card sale agreement'),
  },
  { code: 3, key: 'privacyProtocol', label: L('隐私协议', 'Privacy policy') },
  {
    code: 4,
    key: 'serviceProtocol',
    label: L('服务协议', 'Terms of service'),
  },
  {
    code: 5,
    key: 'businessCooperation',
    label: L('商务合作', 'Business cooperation'),
  },
  { code: 6, key: 'aboutUs', label: L('关于我们', 'About us') },
  { code: 7, key: 'companyInfo', label: L('公司信息', 'Company information') },
  { code: 8, key: 'purchaseIntent', label: L('收购意向', 'Purchase intent') },
  { code: 9, key: 'rebateTip', label: L('返佣说明', 'Rebate rules') },
  { code: 10, key: 'footerInfo', label: L('页脚信息', 'Footer information') },
] as const);
export const RichTextPoint = enumConstants(richTextPointTable);
export type RichTextPoint = (typeof richTextPointTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Feedback categories (docs/product.md "Feedback"; the numbers are ours)

export const feedbackCategoryTable = defineEnumTable('category', [
  { code: 1, key: 'home', label: L('首页', 'Home') },
  { code: 2, key: 'categoryPage', label: L('分类页', 'Category page') },
  { code: 3, key: 'recyclingFlow', label: L('回收流程', 'Selling a card') },
  { code: 4, key: 'orderRecords', label: L('订单记录', 'Order records') },
  { code: 5, key: 'modifyInfo', label: L('修改资料', 'Editing my profile') },
  { code: 6, key: 'realNameAuth', label: L('实名认证', 'Real-name verification') },
  { code: 7, key: 'shareFlow', label: L('分享流程', 'Sharing and rebates') },
  { code: 8, key: 'loginRegister', label: L('登录注册', 'Log in / sign up') },
  { code: 9, key: 'withdrawalFlow', label: L('提现流程', 'Withdrawing') },
  { code: 10, key: 'other', label: L('其他', 'Other') },
] as const);
export const FeedbackCategory = enumConstants(feedbackCategoryTable);
export type FeedbackCategory = (typeof feedbackCategoryTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Payee channels, each with a colour (docs/product.md "Other enumerations"; the numbers are ours)

export const payeeChannelTable = defineEnumTable('channel', [
  { code: 1, key: 'alipay', label: L('支付宝', 'Alipay'), color: '#1677ff' },
  { code: 2, key: 'wechat', constant: 'WeChat', label: L('微信', 'WeChat'), color: '#07c160' },
  // Bank card: UnionPay's red would read as an error beside the status colours, so a neutral
  // deep gold that still reads as "bank card" in Chinese payment UIs.
  { code: 3, key: 'bank', label: L('银行卡', 'Bank card'), color: '#d48806' },
] as const satisfies readonly (EnumEntry & { color: string })[]);
export const PayeeChannel = enumConstants(payeeChannelTable);
export type PayeeChannel = (typeof payeeChannelTable.codes)[number];
export type PayeeChannelKey = (typeof payeeChannelTable.keys)[number];

// ---------------------------------------------------------------------------------------------
// Banner positions (docs/product.md "Other enumerations")

export const bannerPositionTable = defineEnumTable('position', [
  { code: 1, key: 'home', label: L('首页', 'Home') },
  { code: 2, key: 'sellCard', label: L('卖卡', 'Sell card') },
  { code: 3, key: 'personalCentre', label: L('个人中心', 'Personal centre') },
  { code: 4, key: 'member', label: L('会员', 'Member') },
  { code: 5, key: 'homeCopy', label: L('首页（副本）', 'Home (copy)') },
  { code: 6, key: 'task', label: L('任务', 'Task') },
] as const);
export const BannerPosition = enumConstants(bannerPositionTable);
export type BannerPosition = (typeof bannerPositionTable.codes)[number];
/**
 * The positions whose banners the app shows: the home page's carousel. The other codes stay valid
 * for the API, but nothing reads them, so the console offers only these.
 */
export const bannerPositionsInApp: readonly BannerPosition[] = [BannerPosition.Home];

// ---------------------------------------------------------------------------------------------
// User account status (docs/product.md "Other enumerations"; the numbers are ours)

export const accountStatusTable = defineEnumTable('accountStatus', [
  { code: 0, key: 'active', label: L('正常', 'Active') },
  { code: 1, key: 'frozen', label: L('已冻结', 'Frozen') },
  { code: 2, key: 'cancelled', label: L('已注销', 'Cancelled') },
] as const);
export const AccountStatus = enumConstants(accountStatusTable);
export type AccountStatus = (typeof accountStatusTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Admin roles (docs/product.md "Other enumerations"; the numbers are ours)

export const adminRoleTable = defineEnumTable('role', [
  { code: 1, key: 'admin', label: L('管理员', 'Administrator') },
  { code: 2, key: 'reviewer', label: L('审核员', 'Reviewer') },
  { code: 3, key: 'finance', label: L('财务', 'Finance') },
  { code: 4, key: 'support', label: L('客服', 'Support') },
] as const);
export const AdminRole = enumConstants(adminRoleTable);
export type AdminRole = (typeof adminRoleTable.codes)[number];
export type AdminRoleKey = (typeof adminRoleTable.keys)[number];

// ---------------------------------------------------------------------------------------------
// Messages to sellers (docs/product.md "Messages"; the numbers are ours)

/** What a message reports; each is recorded in the transaction of the change it reports. */
export const messageTypeTable = defineEnumTable('type', [
  { code: 1, key: 'orderDecided', label: L('订单处理完成', 'Order completed') },
  { code: 2, key: 'cardsNeedSeller', label: L('卡密需要您处理', 'Cards need your attention') },
  { code: 3, key: 'appealDecided', label: L('申诉结果', 'Appeal decided') },
  { code: 4, key: 'withdrawalPaid', label: L('提现到账', 'Withdrawal paid') },
  { code: 5, key: 'withdrawalReturned', label: L('提现失败退回', 'Withdrawal returned') },
  { code: 6, key: 'shipmentReceived', label: L('邮寄卡已签收', 'Mailed cards received') },
  { code: 7, key: 'balanceAdjusted', label: L('余额调整', 'Balance adjusted') },
  { code: 8, key: 'accountFrozen', label: L('账户冻结', 'Account frozen') },
  { code: 9, key: 'accountUnfrozen', label: L('账户解冻', 'Account unfrozen') },
] as const);
export const MessageType = enumConstants(messageTypeTable);
export type MessageType = (typeof messageTypeTable.codes)[number];
export type MessageTypeKey = (typeof messageTypeTable.keys)[number];

/** Where a message goes besides the message centre, which every message reaches. */
export const messageChannelTable = defineEnumTable('channel', [
  { code: 1, key: 'sms', label: L('短信', 'SMS') },
  { code: 2, key: 'weapp', label: L('微信订阅消息', 'WeChat subscribe message') },
  { code: 3, key: 'alipay', label: L('支付宝订阅消息', 'Alipay subscribe message') },
] as const);
export const MessageChannel = enumConstants(messageChannelTable);
export type MessageChannel = (typeof messageChannelTable.codes)[number];
export type MessageChannelKey = (typeof messageChannelTable.keys)[number];

/**
 * One message on one channel. Sending is claimed once and never repeated by itself: a delivery
 * left "sending" by a killed worker ends as failed, and only support's resend tries it again.
 */
export const deliveryStatusTable = defineEnumTable('status', [
  { code: 0, key: 'pending', label: L('待发送', 'Waiting'), color: '#faad14' },
  { code: 1, key: 'sending', label: L('发送中', 'Sending'), color: '#1677ff' },
  { code: 2, key: 'sent', label: L('已发送', 'Sent'), color: '#52c41a' },
  { code: 3, key: 'refused', label: L('被拒绝', 'Refused'), color: '#8c8c8c' },
  { code: 4, key: 'failed', label: L('发送失败', 'Failed'), color: '#ff4d4f' },
] as const satisfies readonly (EnumEntry & { color: string })[]);
export const DeliveryStatus = enumConstants(deliveryStatusTable);
export type DeliveryStatus = (typeof deliveryStatusTable.codes)[number];

// ---------------------------------------------------------------------------------------------
// Merchants: resellers selling through the signed API (docs/product.md "Merchant API"; the numbers are ours)

/** Where a merchant's application stands; only an approved merchant's keys sign requests. */
export const merchantStatusTable = defineEnumTable('merchantStatus', [
  { code: 0, key: 'waiting', label: L('待审核', 'Waiting for review'), color: 'warn' },
  { code: 1, key: 'approved', label: L('已开通', 'Approved'), color: 'green' },
  { code: 2, key: 'refused', label: L('未通过', 'Refused'), color: 'danger' },
  { code: 3, key: 'suspended', label: L('已暂停', 'Suspended'), color: 'gray' },
] as const satisfies readonly (EnumEntry & { color: SemanticColor })[]);
export const MerchantStatus = enumConstants(merchantStatusTable);
export type MerchantStatus = (typeof merchantStatusTable.codes)[number];

/** One attempt to deliver a merchant order's callback, as kept for the merchant and the console. */
export const merchantCallbackStatusTable = defineEnumTable('merchantCallbackStatus', [
  { code: 1, key: 'delivered', label: L('已送达', 'Delivered'), color: 'green' },
  { code: 2, key: 'failed', label: L('发送失败', 'Failed'), color: 'danger' },
  // Not sent at all: the address is not https or leads to a private network.
  { code: 3, key: 'blocked', label: L('地址被拒绝', 'Address refused'), color: 'gray' },
] as const satisfies readonly (EnumEntry & { color: SemanticColor })[]);
export const MerchantCallbackStatus = enumConstants(merchantCallbackStatusTable);
export type MerchantCallbackStatus = (typeof merchantCallbackStatusTable.codes)[number];

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
  messageType: messageTypeTable,
  messageChannel: messageChannelTable,
  deliveryStatus: deliveryStatusTable,
  merchantStatus: merchantStatusTable,
  merchantCallbackStatus: merchantCallbackStatusTable,
} as const;
