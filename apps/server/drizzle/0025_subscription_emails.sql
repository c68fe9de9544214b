CREATE TABLE "subscription_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"renewal_id" text NOT NULL,
	"kind" text NOT NULL,
	"manage_token_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "subscription_emails" ADD CONSTRAINT "subscription_emails_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_emails" ADD CONSTRAINT "subscription_emails_renewal_id_subscription_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."subscription_renewals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_emails_renewal_kind_uq" ON "subscription_emails" USING btree ("renewal_id","kind");--> statement-breakpoint
CREATE INDEX "subscription_emails_token_idx" ON "subscription_emails" USING btree ("subscription_id","manage_token_hash");--> statement-breakpoint
CREATE INDEX "subscription_emails_unsent_idx" ON "subscription_emails" USING btree ("created_at") WHERE sent_at is null;