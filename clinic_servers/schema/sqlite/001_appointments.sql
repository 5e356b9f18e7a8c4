-- The clinic's slots, the names recorded for CPFs, failed identity checks and the outcomes of writes.
-- IF NOT EXISTS throughout: stores made before schema versions existed already hold these tables.
CREATE TABLE IF NOT EXISTS slots (
    doctor       TEXT NOT NULL,
    specialty    TEXT NOT NULL,
    date         TEXT NOT NULL,
    time         TEXT NOT NULL,
    available    INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
    patient_name TEXT,
    cpf          TEXT,
    booked_at    TEXT,
    booking_code TEXT,
    PRIMARY KEY (doctor, date, time),
    CHECK ((available = 1) = (cpf IS NULL)),
    CHECK ((available = 1) = (booking_code IS NULL))
);
CREATE INDEX IF NOT EXISTS slots_by_cpf ON slots (cpf) WHERE cpf IS NOT NULL;
-- A booking code names one booking of the clinic.
CREATE UNIQUE INDEX IF NOT EXISTS slots_by_code ON slots (booking_code) WHERE booking_code IS NOT NULL;

CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- The name recorded with a CPF at its first booking: one per CPF, never overwritten.
CREATE TABLE IF NOT EXISTS patients (
    cpf         TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TRIGGER IF NOT EXISTS patients_name_is_permanent BEFORE UPDATE OF cpf, name, name_key ON patients
BEGIN
    SELECT RAISE(ABORT, 'a recorded name is never overwritten');
END;

CREATE TABLE IF NOT EXISTS identity_failures (cpf TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS identity_failures_by_cpf ON identity_failures (cpf, at);

-- One outcome per idempotency key.
CREATE TABLE IF NOT EXISTS writes (
    idempotency_key TEXT PRIMARY KEY,
    tool            TEXT NOT NULL,
    cpf             TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    at              TEXT NOT NULL DEFAULT (datetime('now'))
);
