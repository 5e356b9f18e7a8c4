-- Version 1: one row per session, the whole conversation (its history included) as one JSON document.
-- IF NOT EXISTS: stores of this layout were made before versions were recorded (user_version 0).
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rate (id TEXT NOT NULL, window INTEGER NOT NULL, hits INTEGER NOT NULL,
                                 PRIMARY KEY (id, window));
