-- Version 2: the state a turn needs apart from the history the page shows, one row per turn.
CREATE TABLE sessions_v2 (id TEXT PRIMARY KEY, state TEXT NOT NULL, touched REAL NOT NULL);
INSERT INTO sessions_v2 (id, state, touched)
    SELECT id, json_remove(data, '$.history'), touched FROM sessions
    WHERE json_valid(data) AND json_type(data, '$.patient') = 'object';
CREATE TABLE turns (session_id TEXT NOT NULL, seq INTEGER NOT NULL, turn TEXT NOT NULL,
                    PRIMARY KEY (session_id, seq)) WITHOUT ROWID;
INSERT INTO turns (session_id, seq, turn)
    SELECT s.id, h.key + 1, h.value FROM sessions AS s, json_each(s.data, '$.history') AS h
    WHERE json_valid(s.data) AND json_type(s.data, '$.patient') = 'object' AND h.type = 'object';
DROP TABLE sessions;
ALTER TABLE sessions_v2 RENAME TO sessions;
CREATE INDEX sessions_touched ON sessions (touched);
