DROP INDEX "player_deaths_one_active";--> statement-breakpoint
CREATE INDEX "player_deaths_character_status_idx" ON "playerDeaths" USING btree ("characterId","status");