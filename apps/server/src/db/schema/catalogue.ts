import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CardNumberRuleType, cardNumberRuleTypeTable } from '@maika/shared';
import { oneOf } from './enumCheck';

/** "Goods classes": phone, fuel, e-commerce, ... */
export const categories = pgTable('categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  // English name for English readers; null serves the Chinese one.
  nameEn: text('name_en'),
  icon: text('icon'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card type users can sell. Card-number and password rules use the rule types of docs/product.md
 * "Card numbers" (1 digits, 2 letters, 3 digits and letters); a null length accepts any length up
 * to the maximum.
 */
export const cardTypes = pgTable(
  'card_types',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    logo: text('logo'),
    cardNoRuleType: smallint('card_no_rule_type').$type<CardNumberRuleType>().notNull().default(CardNumberRuleType.DigitsAndLetters),
    cardNoLength: smallint('card_no_length'),
    // Some cards (e.g. many e-commerce gift cards) are redeemed by the password alone.
    needsCardNo: boolean('needs_card_no').notNull().default(true),
    pwdRuleType: smallint('pwd_rule_type').$type<CardNumberRuleType>().notNull().default(CardNumberRuleType.DigitsAndLetters),
    pwdLength: smallint('pwd_length'),
    // `AB12` and `ab12` are one card: its fingerprint is taken of the upper-case form (modules/cards/secretService.ts).
    caseInsensitive: boolean('case_insensitive').notNull().default(true),
    physical: boolean('physical').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    maintenanceNote: text('maintenance_note'),
    maintenanceNoteEn: text('maintenance_note_en'),
    dailyCapPerUser: integer('daily_cap_per_user'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_types_category_idx').on(t.categoryId, t.sort),
    check('card_types_card_no_rule_check', sql`${t.cardNoRuleType} ${oneOf(cardNumberRuleTypeTable.codes)}`),
    check('card_types_pwd_rule_check', sql`${t.pwdRuleType} ${oneOf(cardNumberRuleTypeTable.codes)}`),
  ],
);

/** Each face value of a card type has its own recycle rate, in basis points (9650 = 96.50%). */
export const faceValues = pgTable(
  'face_values',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardTypeId: bigint('card_type_id', { mode: 'number' })
      .notNull()
      .references(() => cardTypes.id),
    faceValueFen: bigint('face_value_fen', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('face_values_type_value_key').on(t.cardTypeId, t.faceValueFen),
    check('face_values_positive', sql`${t.faceValueFen} > 0`),
    check('face_values_rate_range', sql`${t.rateBp} between 1 and 10000`),
  ],
);
