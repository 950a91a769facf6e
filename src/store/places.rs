//! Where the bot may post, and who wants their turns in their DMs.

use super::{Store, StoreError};

impl Store {
    /// Records whether the bot is a member of a channel's place: a channel
    /// without the bot is kept, one with it is forgotten.
    pub async fn set_bot_member(&self, channel_id: &str, member: bool, at: i64) -> Result<(), StoreError> {
        let query = if member {
            sqlx::query("DELETE FROM channels_without_bot WHERE channel_id = $1").bind(channel_id)
        } else {
            sqlx::query(
                "INSERT INTO channels_without_bot (channel_id, since) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            )
            .bind(channel_id)
            .bind(at)
        };
        query.execute(&self.pool).await?;
        Ok(())
    }

    /// Whether the bot was last seen not to be a member of the channel's place.
    pub async fn is_without_bot(&self, channel_id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT channel_id FROM channels_without_bot WHERE channel_id = $1")
            .bind(channel_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Switches a user's turn alerts on or off; `true` when that changed them.
    pub async fn set_turn_alerts(&self, user_id: &str, on: bool, at: i64) -> Result<bool, StoreError> {
        let query = if on {
            sqlx::query("INSERT INTO turn_alerts (user_id, since) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(user_id)
                .bind(at)
        } else {
            sqlx::query("DELETE FROM turn_alerts WHERE user_id = $1").bind(user_id)
        };
        Ok(query.execute(&self.pool).await?.rows_affected() == 1)
    }

    /// Whether the user has turn alerts on.
    pub async fn turn_alerts(&self, user_id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT user_id FROM turn_alerts WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }
}
