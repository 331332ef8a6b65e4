CREATE TABLE "client_inbox_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_inbox_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"local_part" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"envelope_from" text,
	"client_ids" bigint[] NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"parse_state" text DEFAULT 'pending' NOT NULL,
	"parse_error" text,
	"received_at" timestamp with time zone NOT NULL,
	"parsed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_email_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_email_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"convertible" boolean NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"inbound_message_id" bigint,
	"from_address" text,
	"from_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_inbox_addresses" ADD CONSTRAINT "client_inbox_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_email_attachments" ADD CONSTRAINT "inbox_email_attachments_email_id_inbox_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."inbox_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_inbox_addresses_local_part_key" ON "client_inbox_addresses" USING btree ("local_part");--> statement-breakpoint
CREATE UNIQUE INDEX "client_inbox_addresses_live_key" ON "client_inbox_addresses" USING btree ("client_id") WHERE "client_inbox_addresses"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_guid_key" ON "inbound_messages" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "inbound_messages_pending_idx" ON "inbound_messages" USING btree ("id") WHERE "inbound_messages"."parse_state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_email_attachments_guid_key" ON "inbox_email_attachments" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "inbox_email_attachments_email_idx" ON "inbox_email_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_emails_guid_key" ON "inbox_emails" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_emails_message_client_key" ON "inbox_emails" USING btree ("inbound_message_id","client_id");--> statement-breakpoint
CREATE INDEX "inbox_emails_client_received_idx" ON "inbox_emails" USING btree ("client_id","received_at");