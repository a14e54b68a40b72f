import { readFileSync } from 'node:fs';
import { describe, it, expect, expectTypeOf } from 'vitest';
import fc from 'fast-check';
import {
  AdminRole,
  CardStatus,
  FILTER_ALL,
  PayeeChannel,
  WithdrawalStatus,
  adminRoleTable,
  cardStatusColor,
  cardStatusTable,
  colorHex,
  defineEnumTable,
  enumConstants,
  enumTables,
  isFilterAll,
  keyOf,
  labelOf,
  payeeChannelTable,
  semanticColors,
  statusPalette,
  withdrawalStatusTable,
  type CardStatusFilter,
  type EnumEntry,
  type EnumTable,
} from './enums';
import {
  adminRoleKeySchema,
  cardStatusFilterSchema,
  cardStatusSchema,
  enumCodeSchema,
  enumFilterSchema,
  enumKeySchema,
  payeeChannelKeySchema,
  queryCodeSchema,
  withdrawalStatusFilterSchema,
  withdrawalStatusSchema,
} from './enumSchemas';
import { locales } from './i18n';

describe('every table', () => {
  const tables = Object.entries(enumTables);

  it('derive each constant from its row: the key capitalised, or the name the row gives', () => {
    expect(CardStatus.NotActivated).toBe(cardStatusTable.byKey('notActivated')!.code);
    expect(PayeeChannel.WeChat).toBe(payeeChannelTable.byKey('wechat')!.code);
    expect(AdminRole.Finance).toBe(adminRoleTable.byKey('finance')!.code);
    expect(Object.keys(WithdrawalStatus)).toHaveLength(withdrawalStatusTable.entries.length);
    expectTypeOf(PayeeChannel).toEqualTypeOf<{ readonly Alipay: 1; readonly WeChat: 2; readonly Bank: 3 }>();
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
    const anyTable = table as EnumTable<EnumEntry>;
    const schema = enumCodeSchema(anyTable);
    const filterSchema = enumFilterSchema(anyTable);
    const keySchema = enumKeySchema(anyTable);
    for (const entry of table.entries) {
      expect(table.byCode(entry.code)).toBe(entry);
      expect(table.byKey(entry.key)).toBe(entry);
      expect(filterSchema.safeParse(entry.code).success).toBe(true);
      expect(schema.safeParse(entry.code).success).toBe(!entry.filterOnly);
      expect(keySchema.safeParse(entry.key).success).toBe(!entry.filterOnly);
    }
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 2000 }), (code) => {
        const known = table.filterCodes.some((c) => c === code);
        expect(filterSchema.safeParse(code).success).toBe(known);
        expect(labelOf(table, code, 'en-US')).toBe(known ? table.byCode(code)!.label['en-US'] : String(code));
      }),
    );
    expect(schema.safeParse(String(table.codes[0])).success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
  });

  it('are plain data: the tables and constants modules load no zod, so a page that only shows labels stays light', () => {
    for (const file of ['./enums.ts', './constants.ts']) {
      expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).not.toMatch(/from 'zod'/);
    }
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
    const twice = defineEnumTable('x', [
      { code: 1, key: 'weChat', label: l },
      { code: 2, key: 'wechat', constant: 'WeChat', label: l },
    ]);
    expect(() => enumConstants(twice)).toThrow(/constant WeChat/);
  });
});

describe('card status', () => {
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

describe('withdrawal status', () => {
  it('999 is a filter, never a withdrawal status', () => {
    expect(withdrawalStatusSchema.safeParse(999).success).toBe(false);
    expect(withdrawalStatusFilterSchema.safeParse(999).success).toBe(true);
  });
});

describe('helpers', () => {
  it('keyOf and the key schemas go between codes and stable keys', () => {
    expect(keyOf(payeeChannelTable, PayeeChannel.Bank)).toBe('bank');
    expect(keyOf(payeeChannelTable, 42)).toBeUndefined();
    expect(payeeChannelKeySchema.parse('wechat')).toBe('wechat');
    expect(payeeChannelKeySchema.safeParse('paypal').success).toBe(false);
    expect(adminRoleKeySchema.safeParse('root').success).toBe(false);
  });

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
