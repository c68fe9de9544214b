CREATE TABLE "unmatched_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"caip_network_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"token_address" text,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"sender" text NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"source_link_id" text,
	"block_number" bigint,
	"mined_at" timestamp with time zone,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"attached_payment_id" text,
	"refund_tx_hash" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "link_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_source_link_id_links_id_fk" FOREIGN KEY ("source_link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_attached_payment_id_payments_id_fk" FOREIGN KEY ("attached_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_payments_transfer_uq" ON "unmatched_payments" USING btree ("caip_network_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "unmatched_payments_merchant_idx" ON "unmatched_payments" USING btree ("merchant","created_at");