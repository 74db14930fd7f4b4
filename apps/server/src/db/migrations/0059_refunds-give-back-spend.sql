-- A refund gives a member's daily spend limit back for the day the purchase was charged (decision 354):
-- the refund names the member (member_id) and when the purchase it returns was charged.
ALTER TABLE "ledger_entries" ADD COLUMN "spent_at" timestamp with time zone;
