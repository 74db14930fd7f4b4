-- order_stats.version now moves with every change to what the reseller's order pages show (decision 228):
-- any UPDATE of their orders, not only a change of status or owner, every change to their refund
-- requests, and, for every reseller, a change of a label type's name or uid or of the refund window. A page remembered at one
-- version is still exact at that version, so a server may answer from memory after reading the version.
--
-- order_stats_apply of migration 0016, whose UPDATE branch also counts rows that kept their status (d = 0).
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
      UNION ALL
      SELECT user_id, status, 0 AS d FROM new_rows
    ) AS changes GROUP BY user_id ORDER BY user_id
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
-- A refund request is shown on its order's row: adding, deciding or deleting one moves its reseller's version.
-- The rows of order_stats are locked in user_id order, as order_stats_apply's upserts lock them, so two
-- statements never wait for each other's rows in opposite orders.
CREATE FUNCTION order_stats_version_of(user_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE order_stats AS s SET version = s.version + 1
  FROM (SELECT user_id FROM order_stats WHERE user_id = ANY(user_ids) ORDER BY user_id FOR UPDATE) AS locked
  WHERE s.user_id = locked.user_id;
$$;--> statement-breakpoint
CREATE FUNCTION order_stats_refund_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_stats_version_of(ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_stats_version_of(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  ELSE
    PERFORM order_stats_version_of(ARRAY(SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER refund_requests_version_insert AFTER INSERT ON refund_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_refund_requests_changed();--> statement-breakpoint
CREATE TRIGGER refund_requests_version_update AFTER UPDATE ON refund_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_refund_requests_changed();--> statement-breakpoint
CREATE TRIGGER refund_requests_version_delete AFTER DELETE ON refund_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_refund_requests_changed();--> statement-breakpoint
-- Every reseller's version at once: a page shows its orders' label type names and uids, and refund
-- deadlines from the saved refund window.
CREATE FUNCTION order_stats_version_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_stats AS s SET version = s.version + 1
  FROM (SELECT user_id FROM order_stats ORDER BY user_id FOR UPDATE) AS locked
  WHERE s.user_id = locked.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER label_types_version_update AFTER UPDATE ON label_types FOR EACH ROW
  WHEN ((NEW.name, NEW.uid) IS DISTINCT FROM (OLD.name, OLD.uid))
  EXECUTE FUNCTION order_stats_version_all();--> statement-breakpoint
CREATE TRIGGER app_settings_version_insert AFTER INSERT ON app_settings FOR EACH ROW
  WHEN (NEW.key = 'refundWindowDays')
  EXECUTE FUNCTION order_stats_version_all();--> statement-breakpoint
CREATE TRIGGER app_settings_version_update AFTER UPDATE ON app_settings FOR EACH ROW
  WHEN ((NEW.key = 'refundWindowDays' OR OLD.key = 'refundWindowDays')
    AND (NEW.key, NEW.value) IS DISTINCT FROM (OLD.key, OLD.value))
  EXECUTE FUNCTION order_stats_version_all();--> statement-breakpoint
CREATE TRIGGER app_settings_version_delete AFTER DELETE ON app_settings FOR EACH ROW
  WHEN (OLD.key = 'refundWindowDays')
  EXECUTE FUNCTION order_stats_version_all();
