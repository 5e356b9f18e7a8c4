-- Failed identity checks are counted per (CPF, name presented): a stranger's wrong name locks that name
-- only, never the name recorded for the CPF. Rows counted before this version (name_key '') lock nothing.
ALTER TABLE identity_failures ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS identity_failures_by_cpf;
CREATE INDEX identity_failures_by_name ON identity_failures (cpf, name_key, at);
