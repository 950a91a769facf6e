//! The service's game cache.

use antics::service::cache::GameCache;
use std::num::NonZeroUsize;

#[test]
fn a_game_is_kept_at_its_version_and_type() {
    let cache = GameCache::default();
    cache.put("g1", 3, String::from("three"));
    assert_eq!(cache.get::<String>("g1", 3).as_deref(), Some("three"));
    assert_eq!(cache.get::<String>("g1", 4), None, "another version");
    assert_eq!(cache.get::<u32>("g1", 3), None, "another type");
    cache.put("g1", 4, String::from("four"));
    assert_eq!(cache.get::<String>("g1", 3), None, "replaced");
    assert_eq!(cache.get::<String>("g1", 4).as_deref(), Some("four"));
}

#[test]
fn a_full_cache_lets_go_of_the_game_used_longest_ago() {
    let cache = GameCache::with_capacity(NonZeroUsize::new(3).unwrap());
    for id in ["a", "b", "c"] {
        cache.put(id, 1, id.to_string());
    }
    // `a` is read, `b` replaced: `c` was used longest ago.
    assert!(cache.get::<String>("a", 1).is_some());
    cache.put("b", 2, "b2".to_string());
    cache.put("d", 1, "d".to_string());
    assert_eq!(cache.get::<String>("c", 1), None);
    for (id, version) in [("a", 1), ("b", 2), ("d", 1)] {
        assert!(cache.get::<String>(id, version).is_some(), "{id} is kept");
    }
    // Never more than its capacity, whatever comes.
    for n in 0..100 {
        cache.put(&format!("n{n}"), 1, n);
    }
    assert_eq!(cache.held(), 3);
}
