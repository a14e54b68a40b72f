/**
 * The schema builds each enumeration's CHECK from packages/shared (schema/enumCheck.ts), but the
 * database has what the migrations wrote. This reads every CHECK of the migrated database and holds
 * it to the table or list it restates, so an enum that gains a value fails here until a migration
 * lets the database store it.
 */
import {
  bannerPositionTable,
  cardNumberRuleTypeTable,
  cardStatusTable,
  deliveryStatusTable,
  feedbackCategoryTable,
  feedbackStatusTable,
  genderTable,
  isOperatorApprovalKind,
  locales,
  merchantCallbackStatusTable,
  merchantStatusTable,
  messageChannelTable,
  messageTypeTable,
  richTextPointTable,
  secondApprovalKinds,
  secondApprovalStatuses,
  settlementStatusTable,
  shipmentStatusTable,
  withdrawalStatusTable,
} from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { faceCertifyStatuses, miniProgramPlatforms, uploadPurposes } from './schema';

type Value = number | string;

/** Each CHECK that restates a list of values: its column and the values it must accept, exactly. */
const restated: Record<string, { column: string; values: readonly Value[] }> = {
  users_gender_check: { column: 'gender', values: genderTable.codes },
  banners_position_check: { column: 'position', values: bannerPositionTable.codes },
  rich_texts_point_check: { column: 'point', values: richTextPointTable.codes },
  card_types_card_no_rule_check: { column: 'card_no_rule_type', values: cardNumberRuleTypeTable.codes },
  card_types_pwd_rule_check: { column: 'pwd_rule_type', values: cardNumberRuleTypeTable.codes },
  cards_status_range: { column: 'status', values: cardStatusTable.codes },
  cards_settlement_range: { column: 'settlement_status', values: settlementStatusTable.codes },
  card_orders_shipment: { column: 'shipment_status', values: shipmentStatusTable.codes },
  feedback_category_range: { column: 'category', values: feedbackCategoryTable.codes },
  feedback_status_range: { column: 'status', values: feedbackStatusTable.codes },
  withdrawals_status_check: { column: 'status', values: withdrawalStatusTable.codes },
  second_approvals_kind: { column: 'kind', values: secondApprovalKinds },
  second_approvals_status: { column: 'status', values: secondApprovalStatuses },
  // Single approvals count money: the card and adjustment kinds, never an operator change.
  single_approval_credits_kind: { column: 'kind', values: secondApprovalKinds.filter((k) => !isOperatorApprovalKind(k)) },
  face_certifications_status_check: { column: 'status', values: faceCertifyStatuses },
  mini_program_logins_platform_check: { column: 'platform', values: miniProgramPlatforms },
  uploads_purpose_check: { column: 'purpose', values: uploadPurposes },
  users_locale_check: { column: 'locale', values: locales },
  messages_type_range: { column: 'type', values: messageTypeTable.codes },
  message_preferences_type_range: { column: 'type', values: messageTypeTable.codes },
  message_deliveries_channel_range: { column: 'channel', values: messageChannelTable.codes },
  message_deliveries_status_range: { column: 'status', values: deliveryStatusTable.codes },
  subscribe_consents_channel_range: { column: 'channel', values: messageChannelTable.codes },
  merchants_status_range: { column: 'status', values: merchantStatusTable.codes },
  merchant_callbacks_status_range: { column: 'status', values: merchantCallbackStatusTable.codes },
};

/**
 * CHECKs of the same shape that are no enumeration: bounds of a number, and the user's own ledger
 * account kinds (a subset of the kinds, by design).
 */
const notEnumerations = [
  'card_orders_card_count',
  'card_orders_rate_range',
  'face_values_rate_range',
  'merchant_rates_rate_range',
  'rebates_rate_range',
  'withdrawal_channels_fee',
  'ledger_accounts_owner',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values a CHECK as PostgreSQL prints it (pg_get_constraintdef) accepts in `column`: a range
 * `((col >= a) AND (col <= b))` or a list `(col = ANY (ARRAY[…]))`; undefined when it is neither.
 */
function acceptedValues(definition: string, column: string): Value[] | undefined {
  const col = `"?${escape(column)}"?`;
  const range = new RegExp(`\\(${col} >= (-?\\d+)\\) AND \\(${col} <= (-?\\d+)\\)`).exec(definition);
  if (range) return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i);
  const list = new RegExp(`\\(${col} = ANY \\(ARRAY\\[([^\\]]*)\\]\\)\\)`).exec(definition);
  if (!list) return undefined;
  return list[1]!.split(', ').map((item) => {
    const text = /^'(.*)'::\w+$/.exec(item);
    return text ? text[1]!.replace(/''/g, "'") : Number(item);
  });
}

const sorted = (values: readonly Value[]) => [...values].sort((a, b) => String(a).localeCompare(String(b), 'en', { numeric: true }));

let checks: Map<string, string>;

beforeAll(async () => {
  const { database } = await createTestDatabase();
  const { rows } = await database.pool.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`,
  );
  checks = new Map(rows.map((r) => [r.name, r.definition]));
});

describe("the database's CHECK constraints", () => {
  for (const [name, { column, values }] of Object.entries(restated)) {
    it(`${name} accepts exactly the ${column} values the shared code knows`, () => {
      const definition = checks.get(name);
      expect(definition, `no CHECK ${name} after the migrations`).toBeDefined();
      const accepted = acceptedValues(definition!, column);
      expect(accepted, `${name} is neither a range nor a list of ${column}: ${definition}`).toBeDefined();
      expect(sorted(accepted!)).toEqual(sorted(values));
    });
  }

  it('that list values or a range of codes are all held to the shared code', () => {
    const shaped = [...checks].filter(([, definition]) => /= ANY \(ARRAY\[|>= -?\d+\) AND \([^)]* <= -?\d+\)/.test(definition));
    const unheld = shaped.map(([name]) => name).filter((name) => !(name in restated) && !notEnumerations.includes(name));
    expect(unheld.sort()).toEqual([]);
  });
});
