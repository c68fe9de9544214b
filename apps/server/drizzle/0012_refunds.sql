CREATE TABLE "refunds" (
	"caip_network_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"id" text NOT NULL,
	"payment_id" text NOT NULL,
	"link_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"block_number" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_caip_network_id_tx_hash_log_index_pk" PRIMARY KEY("caip_network_id","tx_hash","log_index"),
	CONSTRAINT "refunds_id_uq" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id","created_at");
