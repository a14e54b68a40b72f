ALTER TABLE "card_orders" ADD COLUMN "shipment_status" smallint;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "received_by" bigint;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_received_by_admins_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Physical orders from before shipments were tracked: those whose cards already went to the
-- channel (or were decided) count as received, the others wait as their tracking number says.
UPDATE "card_orders" o SET
  "shipment_status" = CASE
    WHEN EXISTS (SELECT 1 FROM "cards" c WHERE c."order_id" = o."id" AND (c."channel_submitted_at" IS NOT NULL OR c."status" <> 0)) THEN 2
    WHEN o."carrier" IS NOT NULL AND o."tracking_no" IS NOT NULL THEN 1
    ELSE 0
  END,
  "received_at" = CASE
    WHEN EXISTS (SELECT 1 FROM "cards" c WHERE c."order_id" = o."id" AND (c."channel_submitted_at" IS NOT NULL OR c."status" <> 0))
      THEN coalesce((SELECT min(c."channel_submitted_at") FROM "cards" c WHERE c."order_id" = o."id"), o."created_at")
  END
WHERE o."physical";--> statement-breakpoint
CREATE INDEX "card_orders_in_transit_idx" ON "card_orders" USING btree ("shipped_at") WHERE "card_orders"."shipment_status" = 1;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_shipment" CHECK (("card_orders"."physical" and "card_orders"."shipment_status" between 0 and 2) or (not "card_orders"."physical" and "card_orders"."shipment_status" is null));--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_received" CHECK (("card_orders"."shipment_status" = 2) = ("card_orders"."received_at" is not null));