CREATE TABLE "order_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"processing" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_stats" ADD CONSTRAINT "order_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps order_stats in step with orders: one upsert per statement and reseller (a quantity-100 order
-- or a 100,000-row import touches each reseller's row once), only for rows whose status changed.
CREATE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_stats AS s (user_id, pending, processing, completed, cancelled)
    SELECT user_id,
      count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'processing'),
      count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'cancelled')
    FROM new_rows GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET pending = s.pending + excluded.pending,
      processing = s.processing + excluded.processing, completed = s.completed + excluded.completed,
      cancelled = s.cancelled + excluded.cancelled;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_stats AS s (user_id, pending, processing, completed, cancelled)
    SELECT user_id, sum(d * (status = 'pending')::int), sum(d * (status = 'processing')::int),
      sum(d * (status = 'completed')::int), sum(d * (status = 'cancelled')::int)
    FROM (
      SELECT n.user_id, n.status, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.status IS DISTINCT FROM o.status OR n.user_id IS DISTINCT FROM o.user_id
      UNION ALL
      SELECT o.user_id, o.status, -1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.status IS DISTINCT FROM o.status OR n.user_id IS DISTINCT FROM o.user_id
    ) AS changes GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET pending = s.pending + excluded.pending,
      processing = s.processing + excluded.processing, completed = s.completed + excluded.completed,
      cancelled = s.cancelled + excluded.cancelled;
  ELSE
    UPDATE order_stats AS s SET pending = s.pending - d.pending, processing = s.processing - d.processing,
      completed = s.completed - d.completed, cancelled = s.cancelled - d.cancelled
    FROM (
      SELECT user_id,
        count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'processing') AS processing,
        count(*) FILTER (WHERE status = 'completed') AS completed, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
      FROM old_rows GROUP BY user_id
    ) AS d WHERE s.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
INSERT INTO order_stats (user_id, pending, processing, completed, cancelled)
SELECT user_id,
  count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'processing'),
  count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'cancelled')
FROM orders GROUP BY user_id;
