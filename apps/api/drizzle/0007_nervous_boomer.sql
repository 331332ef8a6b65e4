ALTER TABLE "bills" ADD COLUMN "paid_from_institution_id" bigint;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_paid_from_institution_id_client_institutions_id_fk" FOREIGN KEY ("paid_from_institution_id") REFERENCES "public"."client_institutions"("id") ON DELETE set null ON UPDATE no action;