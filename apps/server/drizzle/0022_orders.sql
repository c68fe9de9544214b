ALTER TABLE "links" ADD COLUMN "reusable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "order_of" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "max_orders" integer;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "order_form" jsonb;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "payer_details" jsonb;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_order_of_links_id_fk" FOREIGN KEY ("order_of") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "links_order_of_idx" ON "links" USING btree ("order_of","created_at") WHERE order_of is not null;