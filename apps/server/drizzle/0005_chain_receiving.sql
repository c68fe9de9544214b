CREATE TABLE "derivation_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_chain_keys" (
	"merchant" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_chain_keys_merchant_namespace_pk" PRIMARY KEY("merchant","namespace")
);
--> statement-breakpoint
ALTER TABLE "link_options" ADD COLUMN "deposit_address" text;--> statement-breakpoint
ALTER TABLE "link_options" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "link_options_deposit_uq" ON "link_options" USING btree ("caip_network_id","deposit_address");--> statement-breakpoint
CREATE UNIQUE INDEX "link_options_reference_uq" ON "link_options" USING btree ("reference");