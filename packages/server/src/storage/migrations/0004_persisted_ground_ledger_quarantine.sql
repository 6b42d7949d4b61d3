CREATE TABLE "ground_regions" (
	"regionKey" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_ledger" (
	"itemId" text NOT NULL,
	"reason" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_ledger_pk" PRIMARY KEY("itemId","reason")
);
--> statement-breakpoint
CREATE TABLE "save_commits" (
	"id" text PRIMARY KEY NOT NULL,
	"committedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "save_quarantine" (
	"id" text PRIMARY KEY NOT NULL,
	"characterIds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recordKeys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text NOT NULL,
	"payload" jsonb NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
