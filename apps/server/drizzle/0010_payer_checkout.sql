CREATE TABLE "merchant_profiles" (
	"merchant" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"brand_color" text,
	"logo" "bytea",
	"logo_content_type" text,
	"logo_sha256" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "merchant_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipt_emails" ADD CONSTRAINT "receipt_emails_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_profiles_logo_idx" ON "merchant_profiles" USING btree ("logo_sha256");--> statement-breakpoint
CREATE INDEX "receipt_emails_unsent_idx" ON "receipt_emails" USING btree ("link_id") WHERE sent_at is null;