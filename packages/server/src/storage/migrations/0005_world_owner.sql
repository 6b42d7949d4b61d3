CREATE TABLE "world_owner" (
	"id" text PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"claimedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"releasedAt" timestamp with time zone
);
