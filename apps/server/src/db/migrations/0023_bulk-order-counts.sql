CREATE TABLE "bulk_order_counts" (
	"bulk_order_id" uuid PRIMARY KEY NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"processing" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_order_counts" ADD CONSTRAINT "bulk_order_counts_bulk_order_id_bulk_orders_id_fk" FOREIGN KEY ("bulk_order_id") REFERENCES "public"."bulk_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps bulk_order_counts in step with the orders of each bulk order (their batch_id is its id), like
-- order_stats (migration 0004): one upsert per statement, only for rows whose status or batch changed,
-- grouped by bulk order and taken in its id order, so two statements never lock the same rows in opposite
-- orders. Orders whose batch is not a bulk order (single and fast orders) are not counted here.
CREATE FUNCTION bulk_order_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bulk_order_counts AS c (bulk_order_id, pending, processing, completed, cancelled)
    SELECT n.batch_id,
      count(*) FILTER (WHERE n.status = 'pending'), count(*) FILTER (WHERE n.status = 'processing'),
      count(*) FILTER (WHERE n.status = 'completed'), count(*) FILTER (WHERE n.status = 'cancelled')
    FROM new_rows n JOIN bulk_orders b ON b.id = n.batch_id
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (bulk_order_id) DO UPDATE SET pending = c.pending + excluded.pending,
      processing = c.processing + excluded.processing, completed = c.completed + excluded.completed,
      cancelled = c.cancelled + excluded.cancelled;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Each changed row counts out of its old bulk order and status and into its new ones.
    INSERT INTO bulk_order_counts AS c (bulk_order_id, pending, processing, completed, cancelled)
    SELECT changes.batch_id, sum(d * (status = 'pending')::int), sum(d * (status = 'processing')::int),
      sum(d * (status = 'completed')::int), sum(d * (status = 'cancelled')::int)
    FROM (
      SELECT n.batch_id, n.status, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.status, n.batch_id) IS DISTINCT FROM (o.status, o.batch_id)
      UNION ALL
      SELECT o.batch_id, o.status, -1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.status, n.batch_id) IS DISTINCT FROM (o.status, o.batch_id)
    ) AS changes JOIN bulk_orders b ON b.id = changes.batch_id
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (bulk_order_id) DO UPDATE SET pending = c.pending + excluded.pending,
      processing = c.processing + excluded.processing, completed = c.completed + excluded.completed,
      cancelled = c.cancelled + excluded.cancelled;
  ELSE
    -- Deleted rows count out. A bulk order deleted by the same statement has no row left to change.
    PERFORM 1 FROM bulk_order_counts WHERE bulk_order_id IN (SELECT batch_id FROM old_rows)
      ORDER BY bulk_order_id FOR UPDATE;
    UPDATE bulk_order_counts AS c SET pending = c.pending - d.pending, processing = c.processing - d.processing,
      completed = c.completed - d.completed, cancelled = c.cancelled - d.cancelled
    FROM (
      SELECT batch_id,
        count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'processing') AS processing,
        count(*) FILTER (WHERE status = 'completed') AS completed, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
      FROM old_rows GROUP BY batch_id
    ) AS d WHERE c.bulk_order_id = d.batch_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Named to fire after orders_stats_* (a table's triggers for one event fire in name order): every
-- statement then takes its reseller's order_stats row before its bulk orders' rows.
CREATE TRIGGER orders_tally_bulk_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bulk_order_counts_apply();--> statement-breakpoint
CREATE TRIGGER orders_tally_bulk_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bulk_order_counts_apply();--> statement-breakpoint
CREATE TRIGGER orders_tally_bulk_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bulk_order_counts_apply();--> statement-breakpoint
INSERT INTO bulk_order_counts (bulk_order_id, pending, processing, completed, cancelled)
SELECT b.id,
  count(o.id) FILTER (WHERE o.status = 'pending'), count(o.id) FILTER (WHERE o.status = 'processing'),
  count(o.id) FILTER (WHERE o.status = 'completed'), count(o.id) FILTER (WHERE o.status = 'cancelled')
FROM bulk_orders b LEFT JOIN orders o ON o.batch_id = b.id
GROUP BY b.id;
