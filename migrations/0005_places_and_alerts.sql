-- Channels where the bot is not a member (a user-installed command in a
-- server without the bot, or a group DM): what it would post there later
-- (expiries, reminders, timeouts) goes to the players' DMs instead.
CREATE TABLE channels_without_bot (
    channel_id TEXT PRIMARY KEY,
    since      BIGINT NOT NULL
);

-- Players who asked for a DM when it is their turn in one of their games.
CREATE TABLE turn_alerts (
    user_id TEXT PRIMARY KEY,
    since   BIGINT NOT NULL
);
