CREATE TABLE "bill_message_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_message_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bill_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"from_user_id" bigint,
	"masked_by_user_id" bigint,
	"body" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"step" text NOT NULL,
	"user_id" bigint,
	"masked_by_user_id" bigint,
	"result" text NOT NULL,
	"verbal" boolean DEFAULT false NOT NULL,
	"confirmed_by_user_id" bigint,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"masked_by_user_id" bigint,
	"from_status" text,
	"to_status" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"division_id" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" bigint NOT NULL,
	"user_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"invoice_number" text,
	"invoice_date" date,
	"payment_method" text NOT NULL,
	"invoice_source" text NOT NULL,
	"ext_bill_id" text,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"under_power_of_attorney" boolean DEFAULT false NOT NULL,
	"vendor_is_new_to_entity" boolean DEFAULT false NOT NULL,
	"sanctions_match" boolean DEFAULT false NOT NULL,
	"sanctions_entry_id" bigint,
	"commitment_id" bigint,
	"expected_amount" bigint,
	"reject_reason" text,
	"reject_other_description" text,
	"revise_reason" text,
	"paid_at" timestamp with time zone,
	"paid_date" date,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"value" text NOT NULL,
	"token_hash" text,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"value" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_preferences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"notification_type" text NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"name_normalized" text NOT NULL,
	"sdn_type" text,
	"program" text,
	"remarks" text,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint,
	"bill_id" bigint,
	"kind" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"step" text,
	"permission" text,
	"assigned_organization_user_id" bigint,
	"completed_at" timestamp with time zone,
	"completed_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "notification_type" text;--> statement-breakpoint
ALTER TABLE "bill_message_receipts" ADD CONSTRAINT "bill_message_receipts_message_id_bill_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."bill_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_message_receipts" ADD CONSTRAINT "bill_message_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_messages" ADD CONSTRAINT "bill_messages_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_messages" ADD CONSTRAINT "bill_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_messages" ADD CONSTRAINT "bill_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_messages" ADD CONSTRAINT "bill_messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_approvals" ADD CONSTRAINT "bill_approvals_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_approvals" ADD CONSTRAINT "bill_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_approvals" ADD CONSTRAINT "bill_approvals_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_events" ADD CONSTRAINT "bill_events_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_events" ADD CONSTRAINT "bill_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_notes" ADD CONSTRAINT "bill_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_notes" ADD CONSTRAINT "bill_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_methods" ADD CONSTRAINT "mfa_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_organization_user_id_organization_users_id_fk" FOREIGN KEY ("assigned_organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_message_receipts_message_user_key" ON "bill_message_receipts" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "bill_message_receipts_unread_idx" ON "bill_message_receipts" USING btree ("user_id","organization_id") WHERE "bill_message_receipts"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_messages_guid_key" ON "bill_messages" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bill_messages_bill_created_idx" ON "bill_messages" USING btree ("bill_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bill_messages_org_created_idx" ON "bill_messages" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bill_messages_client_created_idx" ON "bill_messages" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_approvals_bill_round_step_key" ON "bill_approvals" USING btree ("bill_id","round","step");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_attachments_guid_key" ON "bill_attachments" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bill_attachments_bill_idx" ON "bill_attachments" USING btree ("bill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_events_guid_key" ON "bill_events" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bill_events_bill_created_idx" ON "bill_events" USING btree ("bill_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_guid_key" ON "bill_lines" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_bill_position_key" ON "bill_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_lines_memo_trgm_idx" ON "bill_lines" USING gin ("memo" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bill_notes_guid_key" ON "bill_notes" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bill_notes_bill_created_idx" ON "bill_notes" USING btree ("bill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_guid_key" ON "bills" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bills_org_status_due_idx" ON "bills" USING btree ("organization_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_org_status_created_idx" ON "bills" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_org_status_amount_idx" ON "bills" USING btree ("organization_id","status","amount","id");--> statement-breakpoint
CREATE INDEX "bills_client_status_due_idx" ON "bills" USING btree ("client_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_client_created_idx" ON "bills" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_entity_status_due_idx" ON "bills" USING btree ("entity_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_vendor_idx" ON "bills" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "bills_org_paid_date_idx" ON "bills" USING btree ("organization_id","paid_date","id") WHERE "bills"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "bills_client_paid_date_idx" ON "bills" USING btree ("client_id","paid_date","id") WHERE "bills"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "bills_org_amount_idx" ON "bills" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "bills_org_due_idx" ON "bills" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_invoice_number_trgm_idx" ON "bills" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_commitment_idx" ON "bills" USING btree ("commitment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_guid_key" ON "mfa_challenges" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_token_key" ON "mfa_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_created_idx" ON "mfa_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_methods_user_method_key" ON "mfa_methods" USING btree ("user_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_preferences_user_type_key" ON "notification_preferences" USING btree ("user_id","notification_type");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_token_key" ON "push_devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_entries_uid_key" ON "sanctions_entries" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "sanctions_entries_name_trgm_idx" ON "sanctions_entries" USING gin ("name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sanctions_entries_name_idx" ON "sanctions_entries" USING btree ("name_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_guid_key" ON "tasks" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "tasks_org_status_kind_idx" ON "tasks" USING btree ("organization_id","status","kind","created_at");--> statement-breakpoint
CREATE INDEX "tasks_assignee_status_idx" ON "tasks" USING btree ("assigned_organization_user_id","status");--> statement-breakpoint
CREATE INDEX "tasks_bill_idx" ON "tasks" USING btree ("bill_id") WHERE "tasks"."bill_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");