CREATE TABLE "task_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reconciliation_id" bigint NOT NULL,
	"from_step" text NOT NULL,
	"to_step" text NOT NULL,
	"direction" text NOT NULL,
	"reason" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"account_id" bigint,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"step" text DEFAULT 'Open' NOT NULL,
	"assignee_organization_user_id" bigint,
	"preparer_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reminder_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_reminder_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reminder_id" bigint NOT NULL,
	"event" text NOT NULL,
	"period_start" date,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reminder_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_reminder_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reminder_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"outcome" text NOT NULL,
	"task_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"frequency" text NOT NULL,
	"due_business_days" integer NOT NULL,
	"start_date" date NOT NULL,
	"assignee_organization_user_id" bigint,
	"backup_organization_user_id" bigint,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_push" boolean DEFAULT false NOT NULL,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_rule_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_rule_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"task_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint,
	"account_id" bigint,
	"name" text NOT NULL,
	"task_type" text NOT NULL,
	"frequency" text NOT NULL,
	"due_business_days" integer NOT NULL,
	"start_date" date NOT NULL,
	"assignee_organization_user_id" bigint,
	"backup_organization_user_id" bigint,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "backup_organization_user_id" bigint;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_moves" ADD CONSTRAINT "reconciliation_moves_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_moves" ADD CONSTRAINT "reconciliation_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_assignee_organization_user_id_organization_users_id_fk" FOREIGN KEY ("assignee_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_preparer_user_id_users_id_fk" FOREIGN KEY ("preparer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder_events" ADD CONSTRAINT "report_reminder_events_reminder_id_report_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."report_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder_events" ADD CONSTRAINT "report_reminder_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder_periods" ADD CONSTRAINT "report_reminder_periods_reminder_id_report_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."report_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder_periods" ADD CONSTRAINT "report_reminder_periods_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_assignee_organization_user_id_organization_users_id_fk" FOREIGN KEY ("assignee_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_backup_organization_user_id_organization_users_id_fk" FOREIGN KEY ("backup_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rule_periods" ADD CONSTRAINT "task_rule_periods_rule_id_task_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."task_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rule_periods" ADD CONSTRAINT "task_rule_periods_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_assignee_organization_user_id_organization_users_id_fk" FOREIGN KEY ("assignee_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rules" ADD CONSTRAINT "task_rules_backup_organization_user_id_organization_users_id_fk" FOREIGN KEY ("backup_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_comments_guid_key" ON "task_comments" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_moves_rec_idx" ON "reconciliation_moves" USING btree ("reconciliation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_guid_key" ON "reconciliations" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "reconciliations_org_step_due_idx" ON "reconciliations" USING btree ("organization_id","step","due_date");--> statement-breakpoint
CREATE INDEX "reconciliations_client_idx" ON "reconciliations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "report_reminder_events_reminder_idx" ON "report_reminder_events" USING btree ("reminder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_reminder_periods_key" ON "report_reminder_periods" USING btree ("reminder_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "report_reminders_guid_key" ON "report_reminders" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "report_reminders_org_idx" ON "report_reminders" USING btree ("organization_id","archived_at");--> statement-breakpoint
CREATE INDEX "report_reminders_client_idx" ON "report_reminders" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_rule_periods_key" ON "task_rule_periods" USING btree ("rule_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "task_rules_guid_key" ON "task_rules" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "task_rules_client_idx" ON "task_rules" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_backup_organization_user_id_organization_users_id_fk" FOREIGN KEY ("backup_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_org_type_due_idx" ON "tasks" USING btree ("organization_id","type","due_date") WHERE "tasks"."type" IS NOT NULL;