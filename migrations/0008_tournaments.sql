-- A server's own tournaments. The event lives in `state` (JSON: its
-- settings, entrants, and each round's pairings with their games and
-- results); the columns beside it are what the store looks up by.
-- `version` guards every change, so that a round is paired once whichever
-- process gets there first. Portable SQL (SQLite and PostgreSQL).
CREATE TABLE tournaments (
    id          TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL,
    channel_id  TEXT NOT NULL,
    status      TEXT NOT NULL,
    state       TEXT NOT NULL,
    version     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    deadline    BIGINT,
    message_id  TEXT
);

CREATE INDEX tournaments_by_channel ON tournaments (channel_id, created_at);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);
CREATE INDEX tournaments_by_deadline ON tournaments (deadline);

-- One tournament open or running per channel.
CREATE UNIQUE INDEX one_live_tournament ON tournaments (channel_id)
    WHERE status IN ('open', 'running');
