-- A booking made by someone else (a parent for a child): the slot holds the patient's name and CPF, and the
-- booker's CPF here, so the booker may list, move and cancel it with its code. NULL: the patient booked it.
ALTER TABLE slots ADD COLUMN booked_by_cpf TEXT CHECK (booked_by_cpf ~ '^[0-9]{11}$'),
    ADD CHECK (booked_by_cpf IS NULL OR cpf IS NOT NULL);
CREATE INDEX slots_by_booker ON slots (booked_by_cpf) WHERE booked_by_cpf IS NOT NULL;

-- Patients' requests to be called back by the clinic's staff; closed once someone called.
CREATE TABLE callbacks (
    reference    TEXT PRIMARY KEY,
    cpf          TEXT NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
    patient_name TEXT NOT NULL,
    phone        TEXT NOT NULL CHECK (phone ~ '^[0-9]{10,11}$'),
    reason       TEXT NOT NULL,
    best_time    TEXT,
    requested_at TIMESTAMPTZ NOT NULL,
    closed_at    TIMESTAMPTZ
);
CREATE INDEX callbacks_by_cpf ON callbacks (cpf, requested_at);
