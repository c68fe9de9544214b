CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"merchant_address" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "link_options" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"position" integer NOT NULL,
	"asset_id" text NOT NULL,
	"caip_network_id" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"token_address" text,
	"amount" numeric(78, 0) NOT NULL,
	"recipient" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"merchant_address" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone,
	"webhook_url" text,
	"webhook_secret" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_credits" (
	"caip_network_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"payment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credits_caip_network_id_tx_hash_log_index_pk" PRIMARY KEY("caip_network_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"caip_network_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"option_id" text,
	"log_index" integer,
	"amount" numeric(78, 0),
	"payer" text,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"watch_until_block" bigint,
	"missing_since" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detected_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"link_id" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"give_up_at" timestamp with time zone NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "link_options" ADD CONSTRAINT "link_options_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_option_id_link_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."link_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_uq" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_merchant_idx" ON "api_keys" USING btree ("merchant");--> statement-breakpoint
CREATE UNIQUE INDEX "link_options_position_uq" ON "link_options" USING btree ("link_id","position");--> statement-breakpoint
CREATE INDEX "links_merchant_idx" ON "links" USING btree ("merchant","created_at");--> statement-breakpoint
CREATE INDEX "links_expiry_idx" ON "links" USING btree ("expires_at") WHERE status in ('open', 'partially_paid');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_credits_payment_uq" ON "payment_credits" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_submission_uq" ON "payments" USING btree ("link_id","caip_network_id","tx_hash");--> statement-breakpoint
CREATE INDEX "payments_link_idx" ON "payments" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_tracking_idx" ON "payments" USING btree ("caip_network_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_uq" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_link_idx" ON "webhook_deliveries" USING btree ("link_id","created_at");