CREATE TABLE "idempotency_keys" (
	"merchant" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"owner" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"response_body" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_merchant_key_pk" PRIMARY KEY("merchant","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");