CREATE TABLE "character_leases" (
	"characterId" text PRIMARY KEY NOT NULL,
	"worldId" integer NOT NULL,
	"instance" text NOT NULL,
	"sessionId" text,
	"acquiredAt" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeatAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worlds" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"capacity" integer NOT NULL,
	"activity" text DEFAULT '' NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"instance" text NOT NULL,
	"startedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeatAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worlds_status" CHECK ("worlds"."status" IN ('online', 'draining', 'offline')),
	CONSTRAINT "worlds_capacity_positive" CHECK ("worlds"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "playerDeaths" ADD COLUMN "worldId" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "playerSessions" ADD COLUMN "worldId" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ground_regions" ADD COLUMN "worldId" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "save_quarantine" ADD COLUMN "worldId" integer;--> statement-breakpoint
ALTER TABLE "store_stock" ADD COLUMN "worldId" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "worldChunks" ADD COLUMN "worldId" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ground_regions" DROP CONSTRAINT "ground_regions_pkey";--> statement-breakpoint
ALTER TABLE "ground_regions" ADD CONSTRAINT "ground_regions_pk" PRIMARY KEY("worldId","regionKey");--> statement-breakpoint
ALTER TABLE "worldChunks" DROP CONSTRAINT "worldChunks_pkey";--> statement-breakpoint
ALTER TABLE "worldChunks" ADD CONSTRAINT "world_chunks_pk" PRIMARY KEY("worldId","chunkKey");--> statement-breakpoint
ALTER TABLE "store_stock" DROP CONSTRAINT "store_stock_pk";--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_pk" PRIMARY KEY("worldId","storeId","itemId");--> statement-breakpoint
ALTER TABLE "character_leases" ADD CONSTRAINT "character_leases_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_leases_instance_idx" ON "character_leases" USING btree ("instance");--> statement-breakpoint
CREATE INDEX "character_leases_world_idx" ON "character_leases" USING btree ("worldId");--> statement-breakpoint
CREATE INDEX "player_deaths_world_status_idx" ON "playerDeaths" USING btree ("worldId","status");--> statement-breakpoint
-- Sessions left open by the single-world era's crashes: at most one open row per character from here on.
UPDATE "playerSessions" SET "logoutAt" = now(), "reason" = 'server_restart'
	WHERE "logoutAt" IS NULL AND "id" NOT IN (
		SELECT DISTINCT ON ("characterId") "id" FROM "playerSessions"
		WHERE "logoutAt" IS NULL ORDER BY "characterId", "loginAt" DESC, "id" DESC
	);--> statement-breakpoint
DROP INDEX "player_sessions_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "player_sessions_open_idx" ON "playerSessions" USING btree ("characterId") WHERE "playerSessions"."logoutAt" IS NULL;--> statement-breakpoint
CREATE INDEX "player_sessions_world_open_idx" ON "playerSessions" USING btree ("worldId") WHERE "playerSessions"."logoutAt" IS NULL;--> statement-breakpoint
UPDATE "world_owner" SET "id" = '1' WHERE "id" = 'world';
