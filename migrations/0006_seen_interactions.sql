-- Interactions already taken, by Discord's id: a signed request sent again
-- (within the signature's five minutes) is refused rather than acted on
-- twice, whichever replica it reaches. The sweep deletes rows older than
-- the signature's window. Portable SQL (SQLite and PostgreSQL).
CREATE TABLE seen_interactions (
    id      TEXT PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
CREATE INDEX seen_interactions_by_time ON seen_interactions (seen_at);
