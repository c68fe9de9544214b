CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"merchant_address" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_currency" text,
	"price_amount" text,
	"options" jsonb NOT NULL,
	"interval" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"period" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"link_id" text,
	"tx_hash" text,
	"pull_tx" text,
	"lease_until" timestamp with time zone,
	"pull_error" text,
	"past_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"merchant" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"manage_token_hash" text NOT NULL,
	"renewal" text NOT NULL,
	"payer_address" text,
	"auto_asset_id" text,
	"collector_id" text,
	"first_collect_at" integer,
	"paid_periods" integer DEFAULT 0 NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"first_link_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_link_id_links_id_fk" FOREIGN KEY ("first_link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_merchant_idx" ON "plans" USING btree ("merchant","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_period_uq" ON "subscription_renewals" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "subscription_renewals_open_idx" ON "subscription_renewals" USING btree ("status") WHERE status <> 'paid';--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_idx" ON "subscriptions" USING btree ("merchant","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE status in ('trialing', 'active');