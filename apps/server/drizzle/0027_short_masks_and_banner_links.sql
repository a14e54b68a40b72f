-- Masked card and account numbers hide their middle behind one run of four stars, whatever its
-- length, so a long number fits one width of a list (maskCardNumber in packages/shared). Masks
-- stored before keep what they showed; only their runs of stars get shorter.
UPDATE "cards" SET "masked_no" = regexp_replace("masked_no", '\*{5,}', '****') WHERE "masked_no" ~ '\*{5,}';--> statement-breakpoint
UPDATE "payees" SET "account_masked" = regexp_replace("account_masked", '\*{5,}', '****') WHERE "account_masked" ~ '\*{5,}';--> statement-breakpoint
UPDATE "withdrawals" SET "payee_account_masked" = regexp_replace("payee_account_masked", '\*{5,}', '****') WHERE "payee_account_masked" ~ '\*{5,}';--> statement-breakpoint
-- The demo banners named their app pages without the leading / that a content link needs, so an
-- edit of such a banner was refused until its link was retyped.
UPDATE "banners" SET "link" = '/' || "link" WHERE "link" LIKE 'pages/%';
