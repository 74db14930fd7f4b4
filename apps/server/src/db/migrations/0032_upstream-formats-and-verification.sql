CREATE TABLE "upstream_label_files" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"format" text NOT NULL CHECK ("format" IN ('zpl', 'png')),
	"dpi" integer NOT NULL CHECK ("dpi" IN (203, 300)),
	"file_id" uuid NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("order_id", "format", "dpi")
);
