CREATE TABLE "x402_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"caip_network_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"scheme" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"payer" text NOT NULL,
	"pay_to" text NOT NULL,
	"authorization_nonce" text NOT NULL,
	"tx_hash" text NOT NULL,
	"resource_url" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_authorization_uq" ON "x402_payments" USING btree ("caip_network_id","asset_id","payer","authorization_nonce");--> statement-breakpoint
CREATE INDEX "x402_payments_merchant_idx" ON "x402_payments" USING btree ("merchant","created_at");