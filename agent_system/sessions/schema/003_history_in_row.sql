-- Version 3: the history as JSON lines in the session's own row, appended to in SQL without reading it;
-- the turns in progress, one per session, held in their own table.
ALTER TABLE sessions ADD COLUMN history TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN history_turns INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET
    history = COALESCE((SELECT group_concat(turn || char(10), '')
                        FROM (SELECT turn FROM turns WHERE session_id = sessions.id ORDER BY seq)), ''),
    history_turns = (SELECT count(*) FROM turns WHERE session_id = sessions.id);
DROP TABLE turns;
CREATE TABLE turns_running (id TEXT PRIMARY KEY, since REAL NOT NULL);
