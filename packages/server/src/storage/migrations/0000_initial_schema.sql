CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"idpUserId" text,
	"socialIds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"isAnonymous" boolean DEFAULT false NOT NULL,
	"isAdmin" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"lastLoginAt" timestamp with time zone,
	CONSTRAINT "users_idp_user_id_unique" UNIQUE("idpUserId")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" text PRIMARY KEY NOT NULL,
	"accountId" text NOT NULL,
	"name" text NOT NULL,
	"combatLevel" integer DEFAULT 3 NOT NULL,
	"attackLevel" integer DEFAULT 1 NOT NULL,
	"strengthLevel" integer DEFAULT 1 NOT NULL,
	"defenseLevel" integer DEFAULT 1 NOT NULL,
	"constitutionLevel" integer DEFAULT 10 NOT NULL,
	"rangedLevel" integer DEFAULT 1 NOT NULL,
	"woodcuttingLevel" integer DEFAULT 1 NOT NULL,
	"fishingLevel" integer DEFAULT 1 NOT NULL,
	"firemakingLevel" integer DEFAULT 1 NOT NULL,
	"cookingLevel" integer DEFAULT 1 NOT NULL,
	"health" integer DEFAULT 100 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"positionX" real DEFAULT 0 NOT NULL,
	"positionY" real DEFAULT 10 NOT NULL,
	"positionZ" real DEFAULT 0 NOT NULL,
	"prayerLevel" integer DEFAULT 1 NOT NULL,
	"miningLevel" integer DEFAULT 1 NOT NULL,
	"smithingLevel" integer DEFAULT 1 NOT NULL,
	"attackXp" integer DEFAULT 0 NOT NULL,
	"strengthXp" integer DEFAULT 0 NOT NULL,
	"defenseXp" integer DEFAULT 0 NOT NULL,
	"constitutionXp" integer DEFAULT 1154 NOT NULL,
	"rangedXp" integer DEFAULT 0 NOT NULL,
	"prayerXp" integer DEFAULT 0 NOT NULL,
	"woodcuttingXp" integer DEFAULT 0 NOT NULL,
	"fishingXp" integer DEFAULT 0 NOT NULL,
	"firemakingXp" integer DEFAULT 0 NOT NULL,
	"cookingXp" integer DEFAULT 0 NOT NULL,
	"miningXp" integer DEFAULT 0 NOT NULL,
	"smithingXp" integer DEFAULT 0 NOT NULL,
	"prayerPoints" integer DEFAULT 1 NOT NULL,
	"runEnergy" integer DEFAULT 100 NOT NULL,
	"questPoints" integer DEFAULT 0 NOT NULL,
	"homeTeleportCooldownUntil" timestamp with time zone,
	"lastLoginAt" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_name_not_blank" CHECK (length(trim("characters"."name")) > 0),
	CONSTRAINT "characters_coins_non_negative" CHECK ("characters"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bank" (
	"characterId" text NOT NULL,
	"slot" integer NOT NULL,
	"itemId" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_character_slot_pk" PRIMARY KEY("characterId","slot"),
	CONSTRAINT "bank_slot_range" CHECK ("bank"."slot" >= 0 AND "bank"."slot" < 1000),
	CONSTRAINT "bank_quantity_positive" CHECK ("bank"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"characterId" text NOT NULL,
	"slot" text NOT NULL,
	"itemId" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "equipment_character_slot_pk" PRIMARY KEY("characterId","slot"),
	CONSTRAINT "equipment_quantity_positive" CHECK ("equipment"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"characterId" text NOT NULL,
	"slot" integer NOT NULL,
	"itemId" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "inventory_character_slot_pk" PRIMARY KEY("characterId","slot"),
	CONSTRAINT "inventory_slot_range" CHECK ("inventory"."slot" >= 0 AND "inventory"."slot" < 28),
	CONSTRAINT "inventory_quantity_positive" CHECK ("inventory"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"tradeable" boolean DEFAULT true NOT NULL,
	"equipSlot" text,
	"bonuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "npcKills" (
	"characterId" text NOT NULL,
	"npcId" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "npc_kills_pk" PRIMARY KEY("characterId","npcId")
);
--> statement-breakpoint
CREATE TABLE "playerDeaths" (
	"id" text PRIMARY KEY NOT NULL,
	"characterId" text NOT NULL,
	"positionX" real NOT NULL,
	"positionY" real NOT NULL,
	"positionZ" real NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"resolvedAt" timestamp with time zone,
	CONSTRAINT "player_deaths_status" CHECK ("playerDeaths"."status" IN ('active', 'recovered', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "playerSessions" (
	"id" text PRIMARY KEY NOT NULL,
	"characterId" text NOT NULL,
	"accountId" text NOT NULL,
	"loginAt" timestamp with time zone DEFAULT now() NOT NULL,
	"logoutAt" timestamp with time zone,
	"reason" text,
	"ip" text,
	"transport" text
);
--> statement-breakpoint
CREATE TABLE "friend_requests" (
	"fromCharacterId" text NOT NULL,
	"toCharacterId" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_requests_pk" PRIMARY KEY("fromCharacterId","toCharacterId"),
	CONSTRAINT "friend_requests_not_self" CHECK ("friend_requests"."fromCharacterId" <> "friend_requests"."toCharacterId")
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"characterAId" text NOT NULL,
	"characterBId" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_pk" PRIMARY KEY("characterAId","characterBId"),
	CONSTRAINT "friendships_ordered_pair" CHECK ("friendships"."characterAId" < "friendships"."characterBId")
);
--> statement-breakpoint
CREATE TABLE "ignore_lists" (
	"accountId" text NOT NULL,
	"ignoredCharacterId" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ignore_lists_pk" PRIMARY KEY("accountId","ignoredCharacterId")
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"storeId" text NOT NULL,
	"itemId" text NOT NULL,
	"stock" integer NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_stock_pk" PRIMARY KEY("storeId","itemId"),
	CONSTRAINT "store_stock_non_negative" CHECK ("store_stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "worldChunks" (
	"chunkKey" text PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"agentId" text PRIMARY KEY NOT NULL,
	"accountId" text NOT NULL,
	"characterId" text,
	"name" text NOT NULL,
	"goal" jsonb,
	"goalsPaused" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quest_progress" (
	"characterId" text NOT NULL,
	"questId" text NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_progress_pk" PRIMARY KEY("characterId","questId"),
	CONSTRAINT "quest_progress_status" CHECK ("quest_progress"."status" IN ('not_started', 'in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "trade_log" (
	"id" text PRIMARY KEY NOT NULL,
	"characterAId" text NOT NULL,
	"characterBId" text NOT NULL,
	"itemsFromA" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"itemsFromB" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_accountId_users_id_fk" FOREIGN KEY ("accountId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank" ADD CONSTRAINT "bank_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npcKills" ADD CONSTRAINT "npcKills_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playerDeaths" ADD CONSTRAINT "playerDeaths_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playerSessions" ADD CONSTRAINT "playerSessions_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_fromCharacterId_characters_id_fk" FOREIGN KEY ("fromCharacterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_toCharacterId_characters_id_fk" FOREIGN KEY ("toCharacterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_characterAId_characters_id_fk" FOREIGN KEY ("characterAId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_characterBId_characters_id_fk" FOREIGN KEY ("characterBId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignore_lists" ADD CONSTRAINT "ignore_lists_accountId_users_id_fk" FOREIGN KEY ("accountId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignore_lists" ADD CONSTRAINT "ignore_lists_ignoredCharacterId_characters_id_fk" FOREIGN KEY ("ignoredCharacterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_accountId_users_id_fk" FOREIGN KEY ("accountId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_characterId_characters_id_fk" FOREIGN KEY ("characterId") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_social_ids_gin" ON "users" USING gin ("socialIds" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "characters_name_lower_unique" ON "characters" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "characters_account_idx" ON "characters" USING btree ("accountId");--> statement-breakpoint
CREATE UNIQUE INDEX "player_deaths_one_active" ON "playerDeaths" USING btree ("characterId") WHERE "playerDeaths"."status" = 'active';--> statement-breakpoint
CREATE INDEX "player_sessions_character_idx" ON "playerSessions" USING btree ("characterId","loginAt");--> statement-breakpoint
CREATE INDEX "player_sessions_open_idx" ON "playerSessions" USING btree ("characterId") WHERE "playerSessions"."logoutAt" IS NULL;--> statement-breakpoint
CREATE INDEX "friend_requests_to_idx" ON "friend_requests" USING btree ("toCharacterId");--> statement-breakpoint
CREATE INDEX "friendships_b_idx" ON "friendships" USING btree ("characterBId");--> statement-breakpoint
CREATE INDEX "agents_account_idx" ON "agents" USING btree ("accountId");--> statement-breakpoint
CREATE INDEX "agents_character_idx" ON "agents" USING btree ("characterId");--> statement-breakpoint
CREATE INDEX "trade_log_a_idx" ON "trade_log" USING btree ("characterAId","createdAt");--> statement-breakpoint
CREATE INDEX "trade_log_b_idx" ON "trade_log" USING btree ("characterBId","createdAt");