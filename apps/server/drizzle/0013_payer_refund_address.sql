ALTER TABLE "payments" ADD COLUMN "refund_address" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_address_signer" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_address_message" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_address_signature" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_address_given_at" timestamp with time zone;