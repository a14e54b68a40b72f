-- Whether a card type's numbers and passwords ignore letter case: `AB12` and `ab12` are then one
-- card, so the second is refused as already submitted. On for every type, as issuers' codes are.
-- The fingerprints already stored were made of the text as typed and cannot be made again here
-- (they are keyed with APP_SECRET): a submission is checked against the fingerprints of its
-- upper-case, lower-case and as-typed forms (modules/cards/secretService.ts).
ALTER TABLE "card_types" ADD COLUMN "case_insensitive" boolean DEFAULT true NOT NULL;
