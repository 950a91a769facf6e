-- Games and their action logs. Portable SQL: runs on SQLite and PostgreSQL.
-- Times are milliseconds since the Unix epoch (UTC).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    guild_id    TEXT NOT NULL,
    channel_id  TEXT NOT NULL,
    owner_id    TEXT NOT NULL,
    multiplayer INTEGER NOT NULL,
    status      TEXT NOT NULL,
    setup       TEXT NOT NULL,
    players     TEXT NOT NULL,
    version     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    expires_at  BIGINT,
    result      TEXT,
    message_id  TEXT
);

CREATE INDEX games_by_channel ON games (channel_id, created_at);
CREATE INDEX games_by_expiry ON games (expires_at);

-- One open multiplayer game per channel, one open solitaire per player and channel.
CREATE UNIQUE INDEX one_open_multiplayer_game ON games (channel_id)
    WHERE multiplayer = 1 AND status IN ('pending', 'deploying', 'active');
CREATE UNIQUE INDEX one_open_solitaire ON games (channel_id, owner_id)
    WHERE multiplayer = 0 AND status IN ('pending', 'deploying', 'active');

CREATE TABLE actions (
    game_id   TEXT NOT NULL REFERENCES games (id),
    seq       BIGINT NOT NULL,
    user_id   TEXT NOT NULL,
    notation  TEXT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
