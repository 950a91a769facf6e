-- Notices sent about a game (such as an idle reminder), one per game version
-- and kind: the unique key is the claim, so whichever process inserts the row
-- sends the notice, once.
CREATE TABLE notices (
    game_id TEXT NOT NULL REFERENCES games (id),
    version BIGINT NOT NULL,
    kind    TEXT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, version, kind)
);

-- Idle games are found by their last change.
CREATE INDEX games_by_status_update ON games (status, updated_at);
