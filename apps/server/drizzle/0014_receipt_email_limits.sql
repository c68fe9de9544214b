ALTER TABLE "links" ADD COLUMN "receipt_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_emails" ADD COLUMN "email_hash" text;