CREATE TABLE "pos_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"merchant" text NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pos_devices" ADD CONSTRAINT "pos_devices_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_devices_token_idx" ON "pos_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pos_devices_link_idx" ON "pos_devices" USING btree ("link_id","created_at");