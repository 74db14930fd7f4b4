CREATE TABLE "order_day_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"processing" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "order_stats" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_day_counts" ADD CONSTRAINT "order_day_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- order_stats_apply of migration 0004, now also moving order_stats.version on every change it counts
-- (a row made here starts at version 1, above the 0 read for a reseller who has no row yet).
CREATE OR REPLACE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_stats AS s (user_id, pending, processing, completed, cancelled, version)
    SELECT user_id,
      count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'processing'),
      count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'cancelled'), 1
    FROM new_rows GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET pending = s.pending + excluded.pending,
      processing = s.processing + excluded.processing, completed = s.completed + excluded.completed,
      cancelled = s.cancelled + excluded.cancelled, version = s.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_stats AS s (user_id, pending, processing, completed, cancelled, version)
    SELECT user_id, sum(d * (status = 'pending')::int), sum(d * (status = 'processing')::int),
      sum(d * (status = 'completed')::int), sum(d * (status = 'cancelled')::int), 1
    FROM (
      SELECT n.user_id, n.status, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.status IS DISTINCT FROM o.status OR n.user_id IS DISTINCT FROM o.user_id
      UNION ALL
      SELECT o.user_id, o.status, -1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.status IS DISTINCT FROM o.status OR n.user_id IS DISTINCT FROM o.user_id
    ) AS changes GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET pending = s.pending + excluded.pending,
      processing = s.processing + excluded.processing, completed = s.completed + excluded.completed,
      cancelled = s.cancelled + excluded.cancelled, version = s.version + 1;
  ELSE
    UPDATE order_stats AS s SET pending = s.pending - d.pending, processing = s.processing - d.processing,
      completed = s.completed - d.completed, cancelled = s.cancelled - d.cancelled,
      version = s.version + 1
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
-- Keeps order_day_counts in step with orders, like order_stats (migration 0004): one upsert per statement,
-- grouped by reseller and UTC day, only for rows whose status, owner or creation time changed. Rows are
-- touched in key order so two statements never lock the same day rows in opposite orders.
CREATE FUNCTION order_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_counts AS c (user_id, day, pending, processing, completed, cancelled)
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'processing'),
      count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'cancelled')
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET pending = c.pending + excluded.pending,
      processing = c.processing + excluded.processing, completed = c.completed + excluded.completed,
      cancelled = c.cancelled + excluded.cancelled;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_day_counts AS c (user_id, day, pending, processing, completed, cancelled)
    SELECT user_id, day, sum(d * (status = 'pending')::int), sum(d * (status = 'processing')::int),
      sum(d * (status = 'completed')::int), sum(d * (status = 'cancelled')::int)
    FROM (
      SELECT n.user_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, n.status, 1 AS d
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.status, n.user_id, n.created_at) IS DISTINCT FROM (o.status, o.user_id, o.created_at)
      UNION ALL
      SELECT o.user_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.status, -1 AS d
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.status, n.user_id, n.created_at) IS DISTINCT FROM (o.status, o.user_id, o.created_at)
    ) AS changes GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET pending = c.pending + excluded.pending,
      processing = c.processing + excluded.processing, completed = c.completed + excluded.completed,
      cancelled = c.cancelled + excluded.cancelled;
  ELSE
    UPDATE order_day_counts AS c SET pending = c.pending - d.pending, processing = c.processing - d.processing,
      completed = c.completed - d.completed, cancelled = c.cancelled - d.cancelled
    FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day,
        count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'processing') AS processing,
        count(*) FILTER (WHERE status = 'completed') AS completed, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
      FROM old_rows GROUP BY 1, 2
    ) AS d WHERE c.user_id = d.user_id AND c.day = d.day;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_day_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER orders_day_counts_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER orders_day_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();--> statement-breakpoint
INSERT INTO order_day_counts (user_id, day, pending, processing, completed, cancelled)
SELECT user_id, (created_at AT TIME ZONE 'UTC')::date,
  count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'processing'),
  count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'cancelled')
FROM orders GROUP BY 1, 2;
