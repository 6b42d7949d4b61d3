CREATE TABLE "agent_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agentId" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	CONSTRAINT "agent_activity_kind" CHECK ("agent_activity"."kind" IN ('goal', 'action', 'xp', 'error', 'chat', 'reasoning', 'system'))
);
--> statement-breakpoint
CREATE TABLE "agent_goals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agentId" text NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"setBy" text NOT NULL,
	"startTick" integer NOT NULL,
	"startedAt" timestamp with time zone NOT NULL,
	"endTick" integer,
	"endedAt" timestamp with time zone,
	CONSTRAINT "agent_goals_set_by" CHECK ("agent_goals"."setBy" IN ('agent', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "agent_activity" ADD CONSTRAINT "agent_activity_agentId_agents_agentId_fk" FOREIGN KEY ("agentId") REFERENCES "public"."agents"("agentId") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_goals" ADD CONSTRAINT "agent_goals_agentId_agents_agentId_fk" FOREIGN KEY ("agentId") REFERENCES "public"."agents"("agentId") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_activity_agent_idx" ON "agent_activity" USING btree ("agentId","id");--> statement-breakpoint
CREATE INDEX "agent_goals_agent_idx" ON "agent_goals" USING btree ("agentId","id");