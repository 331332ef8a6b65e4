-- btree_gin: GIN operator classes for plain columns, so the memo trigram index can lead with the
-- organisation (bill_lines_org_memo_trgm_idx, migration 0014). Trusted since PostgreSQL 13; PGlite loads
-- it as a contrib extension (platform/db.ts). Must run before 0014 (docs/decisions/021-keyset-paging.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;
