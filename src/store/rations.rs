//! Rationed work per user (the computer's replies, reviews), counted in the
//! store so that every replica sees the same count.

use super::{Store, StoreError};

/// A kind of work, its window and how much of it a window allows.
#[derive(Clone, Copy, Debug)]
pub struct Ration {
    /// The work's name in the store.
    pub work: &'static str,
    pub window_ms: i64,
    pub allowed: i64,
}

impl Store {
    /// Takes one unit of `ration` for `user` at `at` (milliseconds): `Ok`
    /// when the user's window allows it (a window starts at the first unit
    /// taken after the last one ended), else how many milliseconds until a
    /// new window starts. One statement, so two replicas taking the last
    /// unit at once cannot both have it.
    pub async fn take_ration(
        &self,
        user: &str,
        ration: Ration,
        at: i64,
    ) -> Result<Result<(), i64>, StoreError> {
        let taken = sqlx::query(
            "INSERT INTO rations (user_id, work, since_ms, used) VALUES ($1, $2, $3, 1)
             ON CONFLICT (user_id, work) DO UPDATE SET
                 used = CASE WHEN rations.since_ms <= $3 - $4 THEN 1 ELSE rations.used + 1 END,
                 since_ms = CASE WHEN rations.since_ms <= $3 - $4 THEN $3 ELSE rations.since_ms END
             WHERE rations.since_ms <= $3 - $4 OR rations.used < $5
             RETURNING used",
        )
        .bind(user)
        .bind(ration.work)
        .bind(at)
        .bind(ration.window_ms)
        .bind(ration.allowed)
        .fetch_optional(&self.pool)
        .await?;
        if taken.is_some() {
            return Ok(Ok(()));
        }
        let row = sqlx::query("SELECT since_ms FROM rations WHERE user_id = $1 AND work = $2")
            .bind(user)
            .bind(ration.work)
            .fetch_one(&self.pool)
            .await?;
        let since: i64 = sqlx::Row::try_get(&row, "since_ms")?;
        Ok(Err((since + ration.window_ms - at).max(1)))
    }

    /// Forgets the windows that started before `before`.
    pub async fn forget_rations(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM rations WHERE since_ms < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
