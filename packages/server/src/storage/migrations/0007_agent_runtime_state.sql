ALTER TABLE "agents" ADD COLUMN "worldId" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "running" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "agents_world_idx" ON "agents" USING btree ("worldId");