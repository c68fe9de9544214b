CREATE TABLE "link_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"option_id" text NOT NULL,
	"rate" numeric(78, 0),
	"rate_source" text,
	"amount" numeric(78, 0),
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_options" ALTER COLUMN "amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "price_amount" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "underpayment_tolerance_percent" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "late_payment_grace_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "link_quotes" ADD CONSTRAINT "link_quotes_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_quotes" ADD CONSTRAINT "link_quotes_option_id_link_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."link_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_quotes_option_idx" ON "link_quotes" USING btree ("option_id","created_at");