-- Daily challenges, their subscriptions and posts, and Army Ants ratings.
-- Portable SQL (SQLite and PostgreSQL); times are milliseconds UTC; days are
-- `YYYY-MM-DD` (UTC), which sort as text.

-- Values this installation keeps forever (the daily secret).
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The deal of each game on each day, fixed when first used. The seed is a
-- u64 in decimal (it does not fit a signed BIGINT).
CREATE TABLE daily_deals (
    day          TEXT NOT NULL,
    game         TEXT NOT NULL,
    seed         TEXT NOT NULL,
    fewest_moves BIGINT,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (day, game)
);

-- A daily attempt is an ordinary patience in `games`; this links it to its day.
CREATE TABLE daily_attempts (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    day        TEXT NOT NULL,
    game       TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    user_name  TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    guild_id   TEXT NOT NULL,
    ranked     BIGINT NOT NULL,
    started_at BIGINT NOT NULL
);

-- Only the first attempt of a game on a day, anywhere, is ranked.
CREATE UNIQUE INDEX one_ranked_attempt ON daily_attempts (day, game, user_id) WHERE ranked = 1;
CREATE INDEX daily_attempts_by_day ON daily_attempts (day, game);
CREATE INDEX daily_attempts_by_user ON daily_attempts (user_id, game, day);

CREATE TABLE daily_subscriptions (
    channel_id TEXT PRIMARY KEY,
    guild_id   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- One row per channel and day posted: inserted before posting, so a post is
-- claimed once across restarts and processes.
CREATE TABLE daily_posts (
    channel_id TEXT NOT NULL,
    day        TEXT NOT NULL,
    posted_at  BIGINT NOT NULL,
    PRIMARY KEY (channel_id, day)
);

-- Army Ants Glicko-2 ratings, per server.
CREATE TABLE ratings (
    guild_id   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    user_name  TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    wins       BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- What each rated game changed; its key makes a game rated at most once.
CREATE TABLE rating_changes (
    game_id      TEXT PRIMARY KEY REFERENCES games (id),
    guild_id     TEXT NOT NULL,
    channel_id   TEXT NOT NULL,
    red_id       TEXT NOT NULL,
    red_before   DOUBLE PRECISION NOT NULL,
    red_after    DOUBLE PRECISION NOT NULL,
    black_id     TEXT NOT NULL,
    black_before DOUBLE PRECISION NOT NULL,
    black_after  DOUBLE PRECISION NOT NULL,
    -- `red`, `black` or `draw`.
    winner       TEXT NOT NULL,
    rated_at     BIGINT NOT NULL
);

CREATE INDEX rating_changes_by_guild ON rating_changes (guild_id, rated_at);
