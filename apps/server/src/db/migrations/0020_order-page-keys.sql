-- The keys (order numbers) of one page of a reseller's history, found by the statement text the server
-- passes (decision 223): EXECUTE plans it for these values on every call, as a statement of its own
-- would be, while the statement that calls this function (the page's joined rows) keeps one generic plan.
-- The text is the server's own, built from fixed parts; the values arrive as $1 to $5.
CREATE FUNCTION order_page_keys(keys_sql text, user_id uuid, status text, ts_query text, lim bigint, off bigint)
RETURNS SETOF bigint LANGUAGE plpgsql STABLE ROWS 50 AS $$
BEGIN
  RETURN QUERY EXECUTE keys_sql USING user_id, status, ts_query, lim, off;
END;
$$;
