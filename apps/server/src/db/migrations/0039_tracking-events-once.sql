-- A tracking event is stored (and so sent in a webhook's newEvents) once per order, whatever key its source
-- gave it: two rows saying the same (time, status, words, place) are one event. Older repeats go first.
DELETE FROM "order_tracking_events" e USING "order_tracking_events" kept
WHERE e."order_id" = kept."order_id"
  AND e."occurred_at" = kept."occurred_at"
  AND e."status" = kept."status"
  AND e."description" = kept."description"
  AND coalesce(e."city", '') = coalesce(kept."city", '')
  AND coalesce(e."state", '') = coalesce(kept."state", '')
  AND (e."created_at", e."id") > (kept."created_at", kept."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_events_same_idx" ON "order_tracking_events" USING btree ("order_id","occurred_at","status",md5("description"),coalesce("city", ''),coalesce("state", ''));
