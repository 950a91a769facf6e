-- The newest "your move" ping of a game, deleted when the next is sent.
ALTER TABLE games ADD COLUMN ping_message_id TEXT;
