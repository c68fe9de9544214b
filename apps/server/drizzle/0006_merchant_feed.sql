CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"merchant" text NOT NULL,
	"link_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "webhook_previous_secret" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "webhook_previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "success_url" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_feed_idx" ON "webhook_events" USING btree ("merchant","tx_id","seq");