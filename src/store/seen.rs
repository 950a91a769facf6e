//! Interactions already taken (`POST /interactions`), so that a replayed
//! signed request is refused once any replica has taken it.

use super::{Store, StoreError};

impl Store {
    /// Notes interaction `id` at `at`: true the first time, in any process;
    /// false for a request already taken.
    pub async fn first_sight(&self, id: &str, at: i64) -> Result<bool, StoreError> {
        let noted =
            sqlx::query("INSERT INTO seen_interactions (id, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(at)
                .execute(&self.pool)
                .await?;
        Ok(noted.rows_affected() == 1)
    }

    /// Forgets the interactions taken before `before`: older requests are
    /// refused for their timestamp anyway.
    pub async fn forget_seen(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seen_interactions WHERE seen_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How many interactions are noted (for tests: nothing else is stored
    /// for a refused request).
    pub async fn seen_count(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM seen_interactions")
            .fetch_one(&self.pool)
            .await?;
        Ok(sqlx::Row::try_get(&row, "n")?)
    }
}
