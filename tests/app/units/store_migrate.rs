//! The store's migrations.

use antics::store::testing::migrator;
use sqlx::migrate::Migrator;

/// The built-in list is the folder, read as sqlx reads a folder: same
/// versions, names, checksums and transaction mode, in order.
#[tokio::test]
async fn the_built_in_migrations_are_the_folder() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let from_folder = Migrator::new(folder).await.expect("the folder reads");
    let built_in = migrator().await.expect("the built-in list reads");
    let summary = |m: &Migrator| {
        m.iter()
            .map(|m| (m.version, m.description.to_string(), m.checksum.to_vec(), m.no_tx))
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&built_in), summary(&from_folder));
}
