-- Lines written before 0014 carry no organisation: copy the bill's, so the memo search (which looks only
-- inside the caller's organisation) still finds them. New lines get it from insertBillLines.
UPDATE "bill_lines" SET "organization_id" = b."organization_id"
FROM "bills" b
WHERE b."id" = "bill_lines"."bill_id" AND "bill_lines"."organization_id" IS NULL;
