ALTER TABLE "links" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_tx_hash_lower_idx" ON "payments" USING btree (lower("tx_hash"));--> statement-breakpoint
CREATE INDEX "payments_payer_lower_idx" ON "payments" USING btree (lower("payer"));