-- The clinic's slots, the names recorded for CPFs, failed identity checks and the outcomes of writes.
-- Dates and times are ISO text compared byte-wise (COLLATE "C"), so listings sort as on SQLite.
CREATE TABLE slots (
    doctor       TEXT COLLATE "C" NOT NULL,
    specialty    TEXT NOT NULL,
    date         TEXT COLLATE "C" NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    time         TEXT COLLATE "C" NOT NULL CHECK (time ~ '^[0-9]{2}:[0-9]{2}$'),
    available    SMALLINT NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
    patient_name TEXT,
    cpf          TEXT CHECK (cpf ~ '^[0-9]{11}$'),
    booked_at    TIMESTAMPTZ,
    booking_code TEXT,
    PRIMARY KEY (doctor, date, time),
    CHECK ((available = 1) = (cpf IS NULL)),
    CHECK ((available = 1) = (booking_code IS NULL))
);
CREATE INDEX slots_by_cpf ON slots (cpf) WHERE cpf IS NOT NULL;
-- A booking code names one booking of the clinic.
CREATE UNIQUE INDEX slots_by_code ON slots (booking_code) WHERE booking_code IS NOT NULL;

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- The name recorded with a CPF at its first booking: one per CPF, never overwritten.
CREATE TABLE patients (
    cpf         TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE FUNCTION patients_name_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a recorded name is never overwritten' USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER patients_name_is_permanent BEFORE UPDATE OF cpf, name, name_key ON patients
    FOR EACH ROW EXECUTE FUNCTION patients_name_is_permanent();

CREATE TABLE identity_failures (cpf TEXT NOT NULL, at TIMESTAMPTZ NOT NULL);
CREATE INDEX identity_failures_by_cpf ON identity_failures (cpf, at);

-- One outcome per idempotency key.
CREATE TABLE writes (
    idempotency_key TEXT PRIMARY KEY,
    tool            TEXT NOT NULL,
    cpf             TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
