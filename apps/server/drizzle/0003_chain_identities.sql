CREATE TABLE "chain_identities" (
	"caip_network_id" text PRIMARY KEY NOT NULL,
	"identity" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
