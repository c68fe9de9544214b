CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"settings" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
