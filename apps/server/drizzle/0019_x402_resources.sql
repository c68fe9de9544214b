CREATE TABLE "x402_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"caip_network_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"pay_to" text NOT NULL,
	"target_url" text,
	"content_type" text,
	"content" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "x402_resources_merchant_idx" ON "x402_resources" USING btree ("merchant","created_at");