ALTER TABLE "users" ADD COLUMN "label_format" text DEFAULT 'pdf' NOT NULL CHECK ("label_format" IN ('pdf', 'letter', 'zpl', 'png'));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "label_dpi" integer DEFAULT 203 NOT NULL CHECK ("label_dpi" IN (203, 300));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "label_format" text CHECK ("label_format" IN ('pdf', 'letter', 'zpl', 'png'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "label_dpi" integer CHECK ("label_dpi" IN (203, 300));
