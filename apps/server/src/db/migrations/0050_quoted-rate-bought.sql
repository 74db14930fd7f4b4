-- The upstream rate that was quoted is the one bought: kept with the purchase beside its shipment (decision 332).
ALTER TABLE "label_purchases" ADD COLUMN "quoted_rate_id" text;
