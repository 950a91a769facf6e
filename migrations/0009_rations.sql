-- How much of a rationed kind of work (the computer's replies, the review
-- of a game) each user has had since the start of their current window,
-- shared by every process on the database: a user does not get more by
-- reaching another replica. The sweep deletes rows of windows long over.
-- Portable SQL (SQLite and PostgreSQL).
CREATE TABLE rations (
    user_id  TEXT NOT NULL,
    work     TEXT NOT NULL,
    since_ms BIGINT NOT NULL,
    used     BIGINT NOT NULL,
    PRIMARY KEY (user_id, work)
);
CREATE INDEX rations_by_time ON rations (since_ms);
