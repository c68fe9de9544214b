CREATE TABLE "merchant_embed_origins" (
	"merchant" text PRIMARY KEY NOT NULL,
	"origins" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
