CREATE TABLE "mail_scan_connections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"api_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_scan_mailboxes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"provider_mailbox_id" text NOT NULL,
	"name" text NOT NULL,
	"client_id" bigint,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_scan_pieces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_pieces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mailbox_id" bigint NOT NULL,
	"provider_piece_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"inbox_email_id" bigint,
	"sender_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_scan_connections" ADD CONSTRAINT "mail_scan_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_mailboxes" ADD CONSTRAINT "mail_scan_mailboxes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_mailboxes" ADD CONSTRAINT "mail_scan_mailboxes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_mailbox_id_mail_scan_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_scan_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_inbox_email_id_inbox_emails_id_fk" FOREIGN KEY ("inbox_email_id") REFERENCES "public"."inbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_connections_org_key" ON "mail_scan_connections" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_mailboxes_provider_key" ON "mail_scan_mailboxes" USING btree ("organization_id","provider_mailbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_pieces_provider_key" ON "mail_scan_pieces" USING btree ("mailbox_id","provider_piece_id");