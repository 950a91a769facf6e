-- A daily post is claimed, sent, then confirmed. A claim not confirmed
-- within its lease (the process that claimed it died before sending, or
-- before confirming) may be claimed again by any process; the post goes
-- out with a nonce Discord keeps unique, so a second send of one that did
-- go out returns the first message instead of a new one.
-- Portable SQL (SQLite and PostgreSQL).
ALTER TABLE daily_posts RENAME COLUMN posted_at TO claimed_at;
ALTER TABLE daily_posts ADD COLUMN sent_at BIGINT;
-- Every post claimed so far was sent, or lost for good.
UPDATE daily_posts SET sent_at = claimed_at;
