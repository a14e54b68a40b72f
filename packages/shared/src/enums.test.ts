import { describe, it, expect, expectTypeOf } from 'vitest';
import fc from 'fast-check';
import {
  AccountStatus,
  AdminRole,
  BannerPosition,
  CardStatus,
  FILTER_ALL,
  FeedbackCategory,
  FeedbackStatus,
  Gender,
  PayeeChannel,
  RichTextPoint,
  SettlementStatus,
  WithdrawalStatus,
  accountStatusTable,
  adminRoleKeySchema,
  adminRoleTable,
  bannerPositionTable,
  cardStatusColor,
  cardStatusFilterSchema,
  cardStatusSchema,
  cardStatusTable,
  colorHex,
  defineEnumTable,
  enumTables,
  feedbackCategorySchema,
  feedbackCategoryTable,
  feedbackStatusTable,
  genderSchema,
  genderTable,
  isFilterAll,
  keyOf,
  labelOf,
  payeeChannelKeySchema,
  payeeChannelTable,
  queryCodeSchema,
  richTextPointSchema,
  richTextPointTable,
  semanticColors,
  settlementStatusTable,
  ShipmentStatus,
  statusPalette,
  withdrawalStatusFilterSchema,
  withdrawalStatusSchema,
  withdrawalStatusTable,
  type CardStatusFilter,
} from './enums';
import { locales } from './i18n';

/** [code, key] pairs of a table, in row order. */
const codesAndKeys = (table: { entries: readonly { code: number; key: string }[] }) => table.entries.map((e) => [e.code, e.key]);

const constantsOf = {
  cardStatus: CardStatus,
  settlementStatus: SettlementStatus,
  shipmentStatus: ShipmentStatus,
  feedbackStatus: FeedbackStatus,
  withdrawalStatus: WithdrawalStatus,
  gender: Gender,
  richTextPoint: RichTextPoint,
  feedbackCategory: FeedbackCategory,
  payeeChannel: PayeeChannel,
  bannerPosition: BannerPosition,
  accountStatus: AccountStatus,
  adminRole: AdminRole,
} as const;

describe('every table', () => {
  const tables = Object.entries(enumTables);

  it('covers every constants object', () => {
    expect(Object.keys(enumTables).sort()).toEqual(Object.keys(constantsOf).sort());
  });

  it.each(tables)('%s: constants and rows list the same codes, each once', (name, table) => {
    const constants = Object.values(constantsOf[name as keyof typeof constantsOf]);
    expect([...table.filterCodes].sort((a, b) => a - b)).toEqual([...constants].sort((a, b) => a - b));
    expect(new Set(table.filterCodes).size).toBe(table.entries.length);
    expect(new Set(table.entries.map((e) => e.key)).size).toBe(table.entries.length);
  });

  it.each(tables)('%s: every row has a Chinese and an English label', (_name, table) => {
    for (const entry of table.entries) {
      expect(Object.keys(entry.label).sort()).toEqual([...locales].sort());
      expect(entry.label['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(entry.label['en-US']).toMatch(/^[A-Z][A-Za-z ()/-]*$/);
      expect(entry.key).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });

  it.each(tables)('%s: lookups by code and key agree; schema accepts exactly the value codes', (_n, table) => {
    for (const entry of table.entries) {
      expect(table.byCode(entry.code)).toBe(entry);
      expect(table.byKey(entry.key)).toBe(entry);
      expect(table.filterSchema.safeParse(entry.code).success).toBe(true);
      expect(table.schema.safeParse(entry.code).success).toBe(!entry.filterOnly);
      expect(table.keySchema.safeParse(entry.key).success).toBe(!entry.filterOnly);
    }
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 2000 }), (code) => {
        const known = table.filterCodes.some((c) => c === code);
        expect(table.filterSchema.safeParse(code).success).toBe(known);
        expect(labelOf(table, code, 'en-US')).toBe(known ? table.byCode(code)!.label['en-US'] : String(code));
      }),
    );
    expect(table.schema.safeParse(String(table.codes[0])).success).toBe(false);
    expect(table.schema.safeParse(undefined).success).toBe(false);
  });

  it('the table builder refuses repeated codes or keys', () => {
    const l = { 'zh-CN': '甲', 'en-US': 'A' };
    expect(() =>
      defineEnumTable('x', [
        { code: 1, key: 'a', label: l },
        { code: 1, key: 'b', label: l },
      ]),
    ).toThrow(/code 1/);
    expect(() =>
      defineEnumTable('x', [
        { code: 1, key: 'a', label: l },
        { code: 2, key: 'a', label: l },
      ]),
    ).toThrow(/key a/);
  });
});

describe('card status (SPEC.md §4)', () => {
  it('has the spec codes, in order, with the spec colours', () => {
    expect(cardStatusTable.entries.map((e) => [e.code, e.key, 'color' in e ? e.color : null])).toEqual([
      [999, 'all', null],
      [0, 'unreviewed', 'gray'],
      [1, 'passed', 'green'],
      [2, 'rejected', 'danger'],
      [3, 'notActivated', 'warn'],
      [4, 'underAppeal', 'warn'],
      [5, 'abnormal', 'danger'],
    ]);
    expect(CardStatus.Unreviewed).toBe(0);
    expect(CardStatus.All).toBe(999);
    expect(cardStatusTable.codes).toEqual([0, 1, 2, 3, 4, 5]);
    expect(cardStatusTable.byCode(0)!.label).toEqual({ 'zh-CN': '未审核', 'en-US': 'Unreviewed' });
  });

  it('999 is a filter, never a card status', () => {
    expect(cardStatusSchema.safeParse(999).success).toBe(false);
    expect(cardStatusFilterSchema.safeParse(999).success).toBe(true);
    expect(cardStatusSchema.safeParse(6).success).toBe(false);
    expect(cardStatusTable.byCode(999)!.filterOnly).toBe(true);
    expect(cardStatusTable.values.map((e) => e.code)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('schema errors list the allowed codes', () => {
    const result = cardStatusSchema.safeParse(7);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(
      'must be one of: 0 (unreviewed), 1 (passed), 2 (rejected), 3 (notActivated), 4 (underAppeal), 5 (abnormal)',
    );
  });

  it('colours map to the palette', () => {
    expect(cardStatusColor(CardStatus.Passed)).toBe('green');
    expect(cardStatusColor(CardStatus.Abnormal)).toBe('danger');
    expect(cardStatusColor(42)).toBe('gray');
    expect(colorHex(cardStatusColor(CardStatus.UnderAppeal))).toBe(statusPalette.warn);
    for (const c of semanticColors) expect(statusPalette[c]).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(Object.values(statusPalette)).size).toBe(semanticColors.length);
  });

  it('types: CardStatus excludes 999, CardStatusFilter includes it', () => {
    expectTypeOf<CardStatus>().toEqualTypeOf<0 | 1 | 2 | 3 | 4 | 5>();
    expectTypeOf<CardStatusFilter>().toEqualTypeOf<999 | 0 | 1 | 2 | 3 | 4 | 5>();
    expectTypeOf(cardStatusSchema.parse(0)).toEqualTypeOf<0 | 1 | 2 | 3 | 4 | 5>();
  });
});

describe('the other spec tables', () => {
  it('settlement status', () => {
    expect(codesAndKeys(settlementStatusTable)).toEqual([
      [0, 'notCredited'],
      [1, 'pendingCredit'],
      [2, 'credited'],
      [3, 'frozen'],
    ]);
  });

  it('feedback status', () => {
    expect(codesAndKeys(feedbackStatusTable)).toEqual([
      [0, 'pending'],
      [1, 'accepted'],
      [2, 'rejected'],
    ]);
  });

  it('withdrawal status, with 999 as a filter only', () => {
    expect(codesAndKeys(withdrawalStatusTable)).toEqual([
      [999, 'all'],
      [0, 'unpaid'],
      [1, 'paid'],
      [2, 'paymentFailed'],
      [3, 'repay'],
      [4, 'offlineSettlement'],
      [5, 'processing'],
      [6, 'awaitingConfirmation'],
    ]);
    expect(withdrawalStatusSchema.safeParse(999).success).toBe(false);
    expect(withdrawalStatusFilterSchema.safeParse(999).success).toBe(true);
    expect(labelOf(withdrawalStatusTable, WithdrawalStatus.Paid, 'zh-CN')).toBe('打款成功');
  });

  it('gender', () => {
    expect(codesAndKeys(genderTable)).toEqual([
      [0, 'unknown'],
      [1, 'male'],
      [2, 'female'],
    ]);
    expect(genderSchema.safeParse(3).success).toBe(false);
  });

  it('rich-text points 1..10', () => {
    expect(codesAndKeys(richTextPointTable)).toEqual([
      [1, 'productTip'],
      [2, 'recyclingProtocol'],
      [3, 'privacyProtocol'],
      [4, 'serviceProtocol'],
      [5, 'businessCooperation'],
      [6, 'aboutUs'],
      [7, 'companyInfo'],
      [8, 'purchaseIntent'],
      [9, 'rebateTip'],
      [10, 'footerInfo'],
    ]);
    expect(richTextPointSchema.safeParse(0).success).toBe(false);
    expect(richTextPointSchema.safeParse(11).success).toBe(false);
  });

  it('feedback categories 1..10 in spec order', () => {
    expect(codesAndKeys(feedbackCategoryTable)).toEqual([
      [1, 'home'],
      [2, 'categoryPage'],
      [3, 'recyclingFlow'],
      [4, 'orderRecords'],
      [5, 'modifyInfo'],
      [6, 'realNameAuth'],
      [7, 'shareFlow'],
      [8, 'loginRegister'],
      [9, 'withdrawalFlow'],
      [10, 'other'],
    ]);
    expect(feedbackCategorySchema.safeParse(10).success).toBe(true);
  });

  it('payee channels with brand colours', () => {
    expect(payeeChannelTable.entries.map((e) => [e.code, e.key, e.color])).toEqual([
      [1, 'alipay', '#1677ff'],
      [2, 'wechat', '#07c160'],
      [3, 'bank', expect.stringMatching(/^#[0-9a-f]{6}$/)],
    ]);
    expect(payeeChannelKeySchema.parse('wechat')).toBe('wechat');
    expect(payeeChannelKeySchema.safeParse('paypal').success).toBe(false);
    expect(keyOf(payeeChannelTable, PayeeChannel.Bank)).toBe('bank');
  });

  it('banner positions', () => {
    expect(codesAndKeys(bannerPositionTable)).toEqual([
      [1, 'home'],
      [2, 'sellCard'],
      [3, 'personalCentre'],
      [4, 'member'],
      [5, 'homeCopy'],
      [6, 'task'],
    ]);
  });

  it('account status and admin roles', () => {
    expect(accountStatusTable.keys).toEqual(['active', 'frozen', 'cancelled']);
    expect(adminRoleTable.keys).toEqual(['admin', 'reviewer', 'finance', 'support']);
    expect(adminRoleKeySchema.parse('finance')).toBe('finance');
    expect(labelOf(adminRoleTable, AdminRole.Reviewer, 'zh-CN')).toBe('审核员');
  });
});

describe('helpers', () => {
  it('labelOf looks up a label, defaulting to zh-CN and showing unknown codes as numbers', () => {
    expect(labelOf(cardStatusTable, 0, 'zh-CN')).toBe('未审核');
    expect(labelOf(cardStatusTable, 0, 'en-US')).toBe('Unreviewed');
    expect(labelOf(cardStatusTable, 999, 'en-US')).toBe('All');
    expect(labelOf(cardStatusTable, 0)).toBe('未审核');
    expect(labelOf(cardStatusTable, 77, 'en-US')).toBe('77');
  });

  it('isFilterAll is true for 999 only', () => {
    expect(isFilterAll(999)).toBe(true);
    expect(isFilterAll(FILTER_ALL)).toBe(true);
    expect(isFilterAll(0)).toBe(false);
    const status = 3 as CardStatusFilter;
    if (!isFilterAll(status)) expectTypeOf(status).toEqualTypeOf<CardStatus>();
  });

  it('queryCodeSchema accepts a code as number or digits and nothing else', () => {
    const q = queryCodeSchema(cardStatusFilterSchema);
    expect(q.parse('999')).toBe(999);
    expect(q.parse('3')).toBe(3);
    expect(q.parse(3)).toBe(3);
    for (const bad of ['', ' ', 'abc', '7', '-1', '1.5', 7, null, undefined]) {
      const result = q.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/^must be one of: 999 \(all\), 0 \(unreviewed\)/);
    }
  });
});
